// One value, one place (docs/product/product-decisions.md#d8-one-value-one-place). Every screen and the server read these.
import type { CasilleroType, MailboxCountry } from './enums';

/** Mailbox activation cost in USD (docs/product/public-site.md#services). */
/** A mailbox's activation, in integer cents (docs/decisions/005-money-and-numbers.md). */
export const ACTIVATION_COST_USD_CENTS: Record<CasilleroType, number> = { usa: 499, china: 999 };

export const CASILLERO_TYPE_TO_COUNTRY: Record<CasilleroType, Exclude<MailboxCountry, 'OTHER'>> = {
  usa: 'USA',
  china: 'CHINA',
};

/** Delivery times: the FAQ's figures everywhere (docs/product/product-decisions.md#d8-one-value-one-place). */
export const DELIVERY_TIME = {
  usaAereo: '7 días hábiles',
  usaMaritimo: '25 días hábiles',
  chinaMaritimo: '90 días + 15 días',
  /** China by air (FAQ only: no calculator quotes it). */
  chinaAereoRegular: '30 días hábiles',
  chinaAereoExpress: '10 días hábiles',
} as const;

/** Minimum weight of a China air shipment (FAQ). */
export const CHINA_AIR_MIN_KG = { regular: 2, express: 10 } as const;

/**
 * Course prices in USD (docs/product/public-site.md#courses). The in-person workshop's presale price is never
 * defined by the business, so it is not shown anywhere (docs/product/product-decisions.md#d8-one-value-one-place).
 */
export const COURSE_PRICES_USD = { online: 60, consulting: 120, workshop: 120 } as const;

/** Warehouse addresses: what a customer pastes into a store's checkout. */
export const WAREHOUSE_ADDRESSES = {
  USA: {
    location: 'miami',
    addressLine1: '8256 NW 30th Terrace',
    city: 'Miami',
    state: 'FL',
    postalCode: '33166',
    country: 'USA',
  },
  CHINA: {
    location: 'beijing',
    addressLine1: 'No. 8 Dongbeiwang West Road, Haidian District',
    city: 'Beijing',
    state: 'Beijing',
    postalCode: '100193',
    country: 'CHINA',
  },
} as const;

/** Mailbox code formats (docs/product/admin-clients.md#mailbox-codes): MV-19487-00999 and BJS000999. */
export const MAILBOX_CODE_PREFIX = { USA: 'MV-19487-', CHINA: 'BJS' } as const;

// Sessions and accounts
export const SESSION_COOKIE_NAME = 'session';
export const SESSION_DURATION_DAYS = 30;
/** A session is renewed for another 30 days once less than this is left (sliding expiry). */
export const SESSION_RENEW_BEFORE_DAYS = 15;
export const EMAIL_VERIFICATION_TTL_HOURS = 48;
export const PASSWORD_RESET_TTL_MINUTES = 60;
/**
 * A sign-in link by e-mail: one use, 15 minutes. The way in for the owner on a new device while
 * failed attempts from strangers keep new devices out of the account (docs/decisions/007).
 */
export const SIGN_IN_LINK_TTL_MINUTES = 15;
/**
 * Sign-in links sent per account (the typed e-mail): one a minute and `perHour` an hour. A request
 * past them answers the same as any other and sends nothing; the links already sent within the
 * hour work again for SIGN_IN_LINK_TTL_MINUTES, so the owner's mailbox always holds a way in
 * (docs/product/security.md#sign-in-links).
 */
export const SIGN_IN_LINK_LIMIT = { perHour: 3, minIntervalSeconds: 60 } as const;
export const SIGN_IN_LINK_PATH = '/entrar';
/** How long a staff invitation link works. */
export const STAFF_INVITATION_TTL_HOURS = 72;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The rule as the new-password fields show it under themselves (decision 006). */
export const PASSWORD_RULE_HINT = `Mínimo ${PASSWORD_MIN_LENGTH} caracteres, con mayúscula, minúscula, número y símbolo.`;
export const ACTIVE_USER_WINDOW_DAYS = 30;

/** Seconds a 503 (the database cannot be reached) asks the caller to wait, in its Retry-After. */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;
/** Password-reset limits per e-mail (docs/product/sign-up-and-sign-in.md#reset-limits, enforced on the server: docs/product/product-decisions.md#d3-limits-are-enforced-on-the-server). */
export const RESET_LIMIT = { maxPerWindow: 3, windowMinutes: 60, minIntervalSeconds: 60 } as const;
/**
 * Sign-in throttling (docs/decisions/007, "Sign-in without lockout as a weapon"): failed attempts
 * in sliding windows (`max` failures per `minutes`). A device that signed in to the account
 * before counts only against itself; any other attempt counts per IP, per account and IP, and
 * per account. The owner is warned by e-mail at most once per `warnOwnerEveryHours`.
 */
export const SIGNIN_LIMIT = {
  perIp: [{ max: 50, minutes: 15 }],
  perAccountAndIp: [
    { max: 5, minutes: 15 },
    { max: 20, minutes: 24 * 60 },
  ],
  perAccount: [
    { max: 20, minutes: 15 },
    { max: 40, minutes: 60 },
    { max: 100, minutes: 24 * 60 },
  ],
  perKnownDevice: [
    { max: 5, minutes: 15 },
    { max: 20, minutes: 24 * 60 },
  ],
  warnOwnerEveryHours: 24,
} as const;
/**
 * Wrong current passwords while changing it, per account: after `maxFailures` within `minutes`
 * the session that typed them is closed (whoever holds a stolen session cannot keep guessing) and
 * the owner is told by e-mail, at most once per `warnOwnerEveryHours`.
 */
export const PASSWORD_CHANGE_LIMIT = { maxFailures: 5, minutes: 15, warnOwnerEveryHours: 24 } as const;
/** The HttpOnly cookie that marks a browser which signed in to an account before. */
export const KNOWN_DEVICE_COOKIE_NAME = 'device';
export const KNOWN_DEVICE_COOKIE_DAYS = 365;
/** Contact-form messages per IP (the form is public and e-mails the team). */
export const CONTACT_LIMIT = { perIp: 5, windowMinutes: 10, perIpPerDay: 30 } as const;
/** Sign-up attempts per IP (sign-up may say an e-mail is taken, so it is rate limited). */
export const SIGNUP_LIMIT = { perIp: 20, windowMinutes: 60 } as const;

// Profile
export const PROFILE_TEXT_MAX = 255;
export const PHONE_MAX = 20;
export const FULL_NAME_MIN = 2;

// Files
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const SIGNED_LINK_TTL_SECONDS = 3600;

// Lists
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** Logging masks e-mails keeping only the first 3 characters (docs/product/security.md#e-mails-in-logs). */
export const EMAIL_MASK_VISIBLE_CHARS = 3;

/**
 * A ledger adjustment or refund of this many US dollars or more waits for a second staff member's
 * approval (four eyes) unless LEDGER_SECOND_APPROVAL_USD sets another figure.
 */
export const LEDGER_SECOND_APPROVAL_DEFAULT_USD = 200;

/**
 * Calls one tRPC request may batch: the client splits larger batches (lib/trpc.ts), the server
 * answers 413 above it, so one request cannot make the server run hundreds of procedures.
 */
export const TRPC_MAX_BATCH_CALLS = 20;
