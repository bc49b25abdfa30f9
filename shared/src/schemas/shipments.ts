// The admin Shipments screen (docs/product/admin-packages-and-shipments.md): 'Crear Envío', 'Editar envío', the inline
// status change and the list's URL state. Client forms and server procedures share them.
import { z } from '../zod-es';
import { SHIPMENT_SORTS } from '../list-params';
import { DELIVERY_METHODS, SHIPMENT_STATUSES, SHIPPING_METHODS } from '../enums';
import { DELIVERY_MESSAGES } from '../last-mile/last-mile';
import { SHIPMENT_MESSAGES as M } from '../packages/messages';
import { SHIPMENT_EDIT_MESSAGES as E } from '../shipments/messages';
import { centsNumber, isoDay } from './form-fields';
import { optionalSearchText, sortedListParams } from './list';

export const SHIPMENT_MAX_PACKAGES = 100;
export const SHIPMENT_CODE_PREFIX = 'SH';
/** 'SH' and the last 8 digits of the timestamp (docs/product/admin-packages-and-shipments.md#shipment-code). */
export const shipmentCodeAt = (ms: number) => `${SHIPMENT_CODE_PREFIX}${String(ms).slice(-8)}`;
/** The first stage of every shipment (docs/product/admin-packages-and-shipments.md#first-stage). */
export const SHIPMENT_FIRST_STAGE = {
  stageNumber: 1,
  stageName: M.firstStageName,
  status: 'active',
  estimatedDays: 2,
} as const;

/**
 * The delivery (docs/product/last-mile.md#delivery): the customer's recipient and how the
 * shipment ends; the server turns it into the destination address, city, state and fee.
 */
export const deliveryChoiceFields = {
  recipientId: z.uuid({ error: DELIVERY_MESSAGES.recipientRequired }),
  deliveryMethod: z.enum(DELIVERY_METHODS, { error: DELIVERY_MESSAGES.methodRequired }),
  /** Required for pickup at an agency, ignored for home delivery. */
  agencyId: z
    .uuid({ error: DELIVERY_MESSAGES.agencyRequired })
    .nullish()
    .transform((s) => s ?? null),
};

/** The delivery, date and cost: the same rules when creating and when correcting. */
const shipmentFields = {
  ...deliveryChoiceFields,
  /** YYYY-MM-DD, optional. */
  estimatedDelivery: z
    .union([isoDay(M.dateInvalid), z.literal('')])
    .nullish()
    .transform((s) => s || null),
  shippingCostUsdCents: centsNumber(M.costMin).min(0, M.costMin).max(10_000_000, M.costMax).default(0),
};

/** An agency picked for pickup must be named (the server checks it exists and is active). */
const agencyWhenPickup = <T extends { deliveryMethod: string; agencyId: string | null }>(value: T) =>
  value.deliveryMethod !== 'agency' || value.agencyId !== null;

export const shipmentCreateInput = z
  .object({
    userId: z.uuid({ error: M.customerRequired }),
    ...shipmentFields,
    /** Air or sea: the departures it may join (docs/product/departures.md). */
    shippingMethod: z.enum(SHIPPING_METHODS, { error: M.methodInvalid }).default('aereo'),
    /** 'Asegurar envío' (docs/product/insurance.md#insuring-a-shipment): the one insurance rule, as the ship request. */
    insured: z.boolean().default(false),
    packageIds: z
      .array(z.uuid(M.packagesRequired), { error: M.packagesRequired })
      .min(1, M.packagesRequired)
      .max(SHIPMENT_MAX_PACKAGES, M.packagesMax),
  })
  .refine(agencyWhenPickup, { message: DELIVERY_MESSAGES.agencyRequired, path: ['agencyId'] });
export type ShipmentCreateInput = z.input<typeof shipmentCreateInput>;

/**
 * 'Editar envío': correct the destination, the estimated date, the cost and the carrier's
 * tracking number (optional; empty clears it) of an existing shipment, in any status.
 */
export const shipmentUpdateInput = z
  .object({
    id: z.uuid(),
    ...shipmentFields,
    trackingNumber: z
      .string()
      .trim()
      .max(100, E.trackingMax)
      .nullish()
      .transform((s) => (s ? s.toUpperCase() : null)),
  })
  .refine(agencyWhenPickup, { message: DELIVERY_MESSAGES.agencyRequired, path: ['agencyId'] });
export type ShipmentUpdateInput = z.input<typeof shipmentUpdateInput>;

export const shipmentStatusInput = z.object({
  id: z.uuid(),
  status: z.enum(SHIPMENT_STATUSES, { error: M.statusInvalid }),
});
export type ShipmentStatusInput = z.input<typeof shipmentStatusInput>;

export const shipmentFilters = z.object({
  q: optionalSearchText,
  status: z.enum(SHIPMENT_STATUSES).optional().catch(undefined),
});
export type ShipmentFilters = Partial<z.output<typeof shipmentFilters>>;

export const shipmentListInput = shipmentFilters.extend(sortedListParams(SHIPMENT_SORTS));
export type ShipmentListInput = z.input<typeof shipmentListInput>;
export type ShipmentListParams = Partial<z.output<typeof shipmentListInput>>;
