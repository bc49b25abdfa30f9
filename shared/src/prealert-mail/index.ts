// Pre-alerts from a forwarded store e-mail (docs/product/prealerts-from-email.md): the limits of
// what the inbound pipeline accepts, the customer's schemas and the Spanish texts.
import { z } from '../zod-es';
import { STALE_DRAFT_DAYS } from '../prealerts/messages';

// The customer's texts (PREALERT_MAIL_MESSAGES, EMAIL_FIELD_LABELS) are in customer/messages.ts, beside
// PREALERT_MESSAGES: the client loads them with the pre-alerts screen's own texts.

export const INBOUND_MAIL_LIMITS = {
  /** A message over this size is refused while it streams in (SMTP) or before it is parsed (webhook). */
  maxMessageBytes: 25 * 1024 * 1024,
  /** Attachments kept per message: more are dropped (logged). */
  maxAttachments: 5,
  /** One attachment's size; a larger one is dropped. */
  maxAttachmentBytes: 10 * 1024 * 1024,
  /** The attachments kept: an invoice is a PDF or a photo. Archives (zip bombs) never are. */
  attachmentTypes: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const,
  /** MIME parts nested deeper than this are malformed (or hostile): refused. */
  maxNestingDepth: 20,
  maxHeadersBytes: 256 * 1024,
  /** Messages a sender may send an hour; more are dropped (logged). */
  perSenderPerHour: 30,
  /** Messages a customer's address may receive an hour. */
  perCustomerPerHour: 60,
  /** Replies with instructions to one unknown sender: at most one a day. */
  repliesPerSenderPerDay: 1,
  /** Sender addresses a customer may register. */
  maxSenders: 10,
  /** A draft older than this is shown to staff as not confirmed in time. */
  staleDraftDays: STALE_DRAFT_DAYS,
} as const;

/** The local part before "+<token>" of every customer's address. */
export const INBOUND_MAIL_LOCAL_PART = 'prealertas';

export const mailSenderInput = z.object({ email: z.email().max(254) });
export const mailSenderRemoveInput = z.object({ id: z.uuid() });

/** The fields of a pre-alert that an e-mail can fill in, as the draft records them. */
export const EMAIL_FIELDS = [
  'trackingNumber',
  'carrier',
  'senderName',
  'description',
  'quantityItems',
  'amountSpentUsdCents',
  'invoiceFileId',
  'orderNumber',
] as const;
export type EmailField = (typeof EMAIL_FIELDS)[number];
