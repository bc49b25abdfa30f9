// Claims (docs/product/claims.md): the kinds a customer opens on a package or a shipment, each
// with its window, the payout limits and the claims desk's clock. The same rules on the server
// (which enforces them) and in the screens (which show them).

export const CLAIMS_PATH = '/dashboard/reclamos';
export const CLAIMS_ADMIN_PATH = '/admin/reclamos';
/** POST: one photo of the customer's claim, through the photo pipeline. */
export const CLAIM_PHOTOS_PATH = '/api/claims/photos';

/**
 * The screens' paths and title, apart from their texts (messages.ts): the routes and the
 * menus read them up front, and the texts stay out of the first page's JavaScript.
 */
export const CLAIMS_TITLE = 'Reclamos';

export const CLAIM_KINDS = ['lost', 'damaged', 'missing_items', 'not_in_mailbox', 'weight_dispute'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

export const CLAIM_KIND_LABELS: Record<ClaimKind, string> = {
  lost: 'Paquete perdido',
  damaged: 'Paquete dañado',
  missing_items: 'Faltan artículos',
  not_in_mailbox: 'La tienda dice entregado pero no está en mi casillero',
  weight_dispute: 'Peso o medidas en disputa',
};

/** What a claim is opened on. */
export type ClaimSubject = 'package' | 'shipment';

/** Where each kind may be opened from. */
export const CLAIM_KIND_SUBJECTS: Record<ClaimKind, readonly ClaimSubject[]> = {
  lost: ['package', 'shipment'],
  damaged: ['package', 'shipment'],
  missing_items: ['package', 'shipment'],
  not_in_mailbox: ['package'],
  weight_dispute: ['package'],
};

export const CLAIM_STATUSES = ['open', 'waiting_customer', 'approved', 'partially_approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** A claim in these states still waits for a decision (one of a kind per parcel at a time). */
export const CLAIM_STATUSES_OPEN = ['open', 'waiting_customer'] as const;

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  open: 'En revisión',
  waiting_customer: 'Esperando tu respuesta',
  approved: 'Aprobado',
  partially_approved: 'Aprobado en parte',
  rejected: 'Rechazado',
};

/** The same states as the claims desk reads them: the customer is waiting for, not "you". */
export const CLAIM_STATUS_STAFF_LABELS: Record<ClaimStatus, string> = {
  ...CLAIM_STATUS_LABELS,
  waiting_customer: 'Esperando al cliente',
};

/** The desk's queue sorts (kept apart from the zod schemas: the admin route's URL reads them). */
export const CLAIM_LIST_SORTS = ['answerBy', 'createdAt'] as const;

export const CLAIM_DECISIONS = ['approve', 'partial', 'reject'] as const;
export type ClaimDecision = (typeof CLAIM_DECISIONS)[number];

/** Up to this many photos from the customer on a claim (opening and answering together). */
export const CLAIM_MAX_PHOTOS = 6;
export const CLAIM_TEXT_MAX = 2000;
export const CLAIM_TEXT_MIN = 10;
/** 'not_in_mailbox' opens only once the carrier's delivered date is this many hours old. */
export const CLAIM_NOT_IN_MAILBOX_WAIT_HOURS = 72;

/** The desk's settings (the administrator's): the window per kind, the answer-by time, the uninsured share. */
export type ClaimSettings = {
  /** Days the customer has to open each kind, counted from the kind's starting date. */
  windowDays: Record<ClaimKind, number>;
  /** Business days the desk has to answer, counted while the claim waits for staff. */
  answerBusinessDays: number;
  /** Percent of the declared value an uninsured parcel can be paid at most. */
  uninsuredSharePercent: number;
};

export const CLAIM_DEFAULT_SETTINGS: ClaimSettings = {
  windowDays: { lost: 60, damaged: 7, missing_items: 7, not_in_mailbox: 30, weight_dispute: 15 },
  answerBusinessDays: 2,
  uninsuredSharePercent: 50,
};

/** From when each kind's window counts (shown to the customer and written in docs/product/claims.md). */
export const CLAIM_WINDOW_START_LABELS: Record<ClaimKind, string> = {
  lost: 'desde la fecha en que se creó el envío (o se recibió el paquete)',
  damaged: 'desde la entrega del envío (o la recepción del paquete en el almacén)',
  missing_items: 'desde la entrega del envío (o la recepción del paquete en el almacén)',
  not_in_mailbox: 'desde 72 horas después de la fecha de entrega del transportista',
  weight_dispute: 'desde la recepción del paquete en el almacén',
};

const DAY_MS = 24 * 3600 * 1000;

export type ClaimWindowCheck = 'ok' | 'too_early' | 'closed' | 'not_yet';

/**
 * Whether a claim of this kind may be opened now. `start` is the kind's starting date (null
 * when it has not happened: a shipment not delivered yet, a parcel not received); for
 * 'not_in_mailbox' it is the carrier's delivered date and the window opens 72 hours later.
 */
export function claimWindow(kind: ClaimKind, start: Date | null, now: Date, settings: ClaimSettings): ClaimWindowCheck {
  if (!start) return 'not_yet';
  const opensAt =
    kind === 'not_in_mailbox' ? start.getTime() + CLAIM_NOT_IN_MAILBOX_WAIT_HOURS * 3600 * 1000 : start.getTime();
  if (now.getTime() < opensAt) return 'too_early';
  if (now.getTime() > opensAt + settings.windowDays[kind] * DAY_MS) return 'closed';
  return 'ok';
}

/**
 * A parcel's share of its shipment's insured value, in USD cents: insured × the parcel's declared
 * value ÷ the shipment's declared values added up, in integers, rounded half away from zero once
 * (docs/decisions/005-money-and-numbers.md). 0 when the shipment declares nothing.
 */
export function insuredShareUsdCents(
  insuredUsdCents: number,
  parcelUsdCents: number,
  shipmentUsdCents: number,
): number {
  if (shipmentUsdCents <= 0 || parcelUsdCents <= 0) return 0;
  if (parcelUsdCents >= shipmentUsdCents) return insuredUsdCents;
  const n = BigInt(insuredUsdCents) * BigInt(parcelUsdCents);
  const d = BigInt(shipmentUsdCents);
  return Number((n * 2n + d) / (2n * d));
}

/**
 * The most a claim may pay, in USD cents. Insured: the shipment's insured value for a claim on the
 * whole shipment, or the parcel's share of it for a claim on one parcel (`shipmentDeclaredUsdCents`
 * given: the declared values of every parcel in the shipment). Not insured: the allowed share of
 * the declared value (0 without one).
 */
export function claimPayoutLimit(
  values: { insuredUsdCents: number | null; declaredUsdCents: number | null; shipmentDeclaredUsdCents?: number | null },
  settings: ClaimSettings,
): number {
  if (values.insuredUsdCents != null) {
    if (values.shipmentDeclaredUsdCents == null) return values.insuredUsdCents;
    return insuredShareUsdCents(values.insuredUsdCents, values.declaredUsdCents ?? 0, values.shipmentDeclaredUsdCents);
  }
  return Math.floor(((values.declaredUsdCents ?? 0) * settings.uninsuredSharePercent) / 100);
}

/** A claim in these states has paid its payout (counted against the parcel's and the shipment's cap). */
export const CLAIM_STATUSES_PAID = ['approved', 'partially_approved'] as const;
/**
 * The kinds that compensate the goods, paid within the cap. A weight dispute upheld corrects what
 * the freight cost (the difference of two prices), not the goods' value: it is not counted.
 */
export const CLAIM_KINDS_CAPPED = [
  'lost',
  'damaged',
  'missing_items',
  'not_in_mailbox',
] as const satisfies readonly ClaimKind[];
export const isCappedClaimKind = (kind: ClaimKind) => (CLAIM_KINDS_CAPPED as readonly ClaimKind[]).includes(kind);

/**
 * What one more claim may still pay, USD cents (docs/product/claims.md#the-cap-across-claims): the
 * subject's limit less what its approved claims already paid, and, for a parcel that travels in a
 * shipment, never more than what is left of the shipment's own limit (every claim on the shipment
 * and on its parcels added up). Never below 0.
 */
export function claimPayoutLeft(
  subject: { limitUsdCents: number; paidUsdCents: number },
  shipment?: { limitUsdCents: number; paidUsdCents: number } | null,
): number {
  const ofSubject = subject.limitUsdCents - subject.paidUsdCents;
  const ofShipment = shipment ? shipment.limitUsdCents - shipment.paidUsdCents : ofSubject;
  return Math.max(0, Math.min(ofSubject, ofShipment));
}

/** 'R-000123'. */
export const claimCode = (number: number) => `R-${String(number).padStart(6, '0')}`;
