// The inputs of Compra asistida (docs/product/compra-asistida.md): the customer's request and
// choices, the staff's quote, purchase and trackings, the settings. Money is integer USD cents.
import { z } from '../zod-es';
import { optionalSearchText, sortedListParams } from '../schemas/list';
import {
  COMPRA_LIST_SORTS,
  COMPRA_MAX_ITEMS,
  COMPRA_PRICE_MAX_CENTS,
  COMPRA_QUANTITY_MAX,
  COMPRA_STATUSES,
  COMPRA_VALID_HOURS_MAX,
} from './rules';
import { COMPRA_ITEM_CHOICES, COMPRA_ITEM_ISSUES } from './store-failures';
import { COMPRA_MESSAGES as M } from './messages';

const cents = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(COMPRA_PRICE_MAX_CENTS, message);
const positiveCents = (message: string) => cents(message).min(1, message);

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => v || null);

/** A product link: http or https only. */
export const compraLink = z
  .string({ error: M.linkRequired })
  .trim()
  .min(1, M.linkRequired)
  .max(2000, M.linkInvalid)
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, M.linkInvalid);

export const compraItemInput = z.object({
  url: compraLink,
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(200, M.nameMax),
  options: optionalText(200, M.optionsMax),
  quantity: z
    .number({ error: M.quantityInvalid })
    .int(M.quantityInvalid)
    .min(1, M.quantityInvalid)
    .max(COMPRA_QUANTITY_MAX, M.quantityInvalid),
  priceUsdCents: positiveCents(M.priceInvalid),
  notes: optionalText(1000, M.notesMax),
});
export type CompraItemInput = z.input<typeof compraItemInput>;

export const compraCreateInput = z.object({
  mailboxId: z.uuid({ error: M.mailboxRequired }),
  items: z.array(compraItemInput).min(1, M.itemsRequired).max(COMPRA_MAX_ITEMS, M.itemsMax),
  notes: optionalText(1000, M.notesMax),
});

export const compraIdInput = z.object({ id: z.uuid({ error: M.notFound }) });
/** 'Aceptar y pagar' with the total the customer saw, taxes included: the invoice must charge exactly it. */
export const compraAcceptInput = compraIdInput.extend({
  confirmedTotalUsdCents: z.number().int().nonnegative().nullish(),
});

const validHours = z
  .number({ error: M.validHoursInvalid })
  .int(M.validHoursInvalid)
  .min(1, M.validHoursInvalid)
  .max(COMPRA_VALID_HOURS_MAX, M.validHoursInvalid);

export const compraQuoteInput = z.object({
  id: z.uuid({ error: M.notFound }),
  items: z
    .array(z.object({ id: z.uuid({ error: M.quoteItemsMismatch }), priceUsdCents: positiveCents(M.priceInvalid) }))
    .min(1, M.quoteItemsMismatch)
    .max(COMPRA_MAX_ITEMS, M.quoteItemsMismatch),
  salesTaxUsdCents: cents(M.priceInvalid),
  shippingUsdCents: cents(M.priceInvalid),
  validHours: validHours.optional(),
});

export const compraRenewInput = z.object({ id: z.uuid({ error: M.notFound }), validHours: validHours.optional() });

export const compraPurchaseInput = z.object({
  id: z.uuid({ error: M.notFound }),
  storeOrderNumber: z
    .string({ error: M.orderNumberRequired })
    .trim()
    .min(1, M.orderNumberRequired)
    .max(100, M.orderNumberRequired),
  /** What the store finally charged: items, sales tax and shipping. */
  finalUsdCents: positiveCents(M.finalAmountInvalid),
  receiptFileId: z.uuid({ error: M.receiptRequired }),
});

export const compraTrackingsInput = z.object({
  id: z.uuid({ error: M.notFound }),
  carrier: optionalText(60, M.trackingInvalid),
  trackingNumbers: z
    .array(
      z
        .string({ error: M.trackingInvalid })
        .trim()
        .min(4, M.trackingInvalid)
        .max(60, M.trackingInvalid)
        .regex(/^[A-Za-z0-9-]+$/, M.trackingInvalid),
    )
    .min(1, M.trackingRequired)
    .max(10, M.trackingInvalid),
});

/** Staff mark an item of a paid request: out of stock, or a new price (cents, over 0); a note for the customer. */
export const compraItemIssueInput = z
  .object({
    id: z.uuid({ error: M.notFound }),
    itemId: z.uuid({ error: M.itemNotFound }),
    issue: z.enum(COMPRA_ITEM_ISSUES, { error: M.issueRequired }),
    newPriceUsdCents: positiveCents(M.newPriceInvalid).nullish(),
    note: z.string({ error: M.issueNoteRequired }).trim().min(1, M.issueNoteRequired).max(500, M.issueNoteRequired),
  })
  .superRefine((v, ctx) => {
    if (v.issue === 'price_changed' && v.newPriceUsdCents == null)
      ctx.addIssue({ code: 'custom', path: ['newPriceUsdCents'], message: M.newPriceInvalid });
  });
export type CompraItemIssueInput = z.input<typeof compraItemIssueInput>;

/** The customer's choice on a marked item: cancel it or accept its new price. */
export const compraItemChoiceInput = z.object({
  id: z.uuid({ error: M.notFound }),
  itemId: z.uuid({ error: M.itemNotFound }),
  choice: z.enum(COMPRA_ITEM_CHOICES, { error: M.choiceRequired }),
});

export const compraListInput = z.object({
  ...sortedListParams(COMPRA_LIST_SORTS),
  q: optionalSearchText,
  status: z.enum(COMPRA_STATUSES).optional().catch(undefined),
});
export type CompraListParams = Partial<z.output<typeof compraListInput>>;
export type CompraListInput = z.input<typeof compraListInput>;

export const compraSettingsInput = z.object({
  feeBasisPoints: z
    .number({ error: M.feePercentInvalid })
    .int(M.feePercentInvalid)
    .min(0, M.feePercentInvalid)
    .max(5_000, M.feePercentInvalid),
  feeMinimumUsdCents: z
    .number({ error: M.feeMinimumInvalid })
    .int(M.feeMinimumInvalid)
    .min(0, M.feeMinimumInvalid)
    .max(100_000, M.feeMinimumInvalid),
  validHours,
});
