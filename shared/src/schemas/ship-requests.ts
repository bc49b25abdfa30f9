// The customer's ship request (docs/product/last-mile.md#the-ship-request): the parcels ticked in
// Almacén (or finished repacks, one box each), the mode, the recipient and the delivery.
import { z } from '../zod-es';
import { DELIVERY_METHODS, SHIPPING_METHODS } from '../enums';
import { DELIVERY_MESSAGES } from '../last-mile/last-mile';
import { SHIP_REQUEST_MESSAGES as M } from '../ship-requests/messages';

export const SHIP_REQUEST_MAX_PACKAGES = 50;

/** Something ticked: a parcel or a finished repack (travelling as one box). */
const somethingTicked = (r: { packageIds: string[]; repackIds: string[] }) =>
  r.packageIds.length + r.repackIds.length > 0;

const shipRequestFields = z.object({
  packageIds: z
    .array(z.uuid({ error: M.packageNotFound }), { error: M.packagesRequired })
    .max(SHIP_REQUEST_MAX_PACKAGES, M.packagesTooMany)
    .default([]),
  /** Finished repacks: each is priced once with its box's weight and measures. */
  repackIds: z
    .array(z.uuid({ error: M.repackNotFound }), { error: M.packagesRequired })
    .max(SHIP_REQUEST_MAX_PACKAGES, M.packagesTooMany)
    .default([]),
  shippingMethod: z.enum(SHIPPING_METHODS, { error: M.methodRequired }),
  recipientId: z.uuid({ error: DELIVERY_MESSAGES.recipientNotFound }),
  deliveryMethod: z.enum(DELIVERY_METHODS, { error: DELIVERY_MESSAGES.agencyRequired }),
  agencyId: z.uuid({ error: DELIVERY_MESSAGES.agencyNotFound }).nullish(),
  /** 'Asegurar envío' (docs/product/insurance.md): off unless the customer turns it on. */
  insured: z.boolean().default(false),
  /** The signed quote the customer saw: its prices are honoured for the set days (docs/product/price-lists.md). */
  quoteToken: z.string().max(300).nullish(),
});

export const shipRequestInput = shipRequestFields
  .extend({
    /**
     * The total the customer saw and confirms, taxes included (docs/product/fiscal-invoices.md#taxes):
     * the invoice must charge exactly it, or nothing is issued and the new price is to be reviewed.
     */
    confirmedTotalUsdCents: z.number().int().nonnegative().nullish(),
  })
  .refine(somethingTicked, {
    error: M.packagesRequired,
    path: ['packageIds'],
  });
export type ShipRequestInput = z.input<typeof shipRequestInput>;

/** The price while the dialog is filled: the recipient and the delivery may still be missing. */
export const shipRequestQuoteInput = shipRequestFields
  .extend({
    recipientId: z.uuid({ error: DELIVERY_MESSAGES.recipientNotFound }).nullish(),
    deliveryMethod: z.enum(DELIVERY_METHODS).nullish(),
  })
  .refine(somethingTicked, { error: M.packagesRequired, path: ['packageIds'] });
export type ShipRequestQuoteInput = z.input<typeof shipRequestQuoteInput>;
