// The admin Shipments screen (docs/product/admin-packages-and-shipments.md): 'Crear Envío', 'Editar envío', the inline
// status change and the list's URL state. Client forms and server procedures share them.
import { z } from '../zod-es';
import { SHIPMENT_SORTS } from '../list-params';
import { SHIPMENT_STATUSES, SHIPPING_METHODS, VENEZUELAN_STATES } from '../enums';
import { SHIPMENT_MESSAGES as M } from '../messages-packages';
import { SHIPMENT_EDIT_MESSAGES as E } from '../messages-shipments';
import { isoDay } from './form-fields';
import { optionalSearchText, sortedListParams } from './list';
import { fitsCharacters } from '../text';

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

/** The destination, date and cost: the same rules when creating and when correcting. */
const shipmentFields = {
  deliveryAddress: z
    .string({ error: M.addressMin })
    .trim()
    .min(10, M.addressMin)
    .refine(fitsCharacters(500), M.addressMax),
  deliveryCity: z
    .string({ error: M.cityRequired })
    .trim()
    .min(2, M.cityRequired)
    .refine(fitsCharacters(100), M.cityMax),
  deliveryState: z.enum(VENEZUELAN_STATES, { error: M.stateRequired }),
  /** YYYY-MM-DD, optional. */
  estimatedDelivery: z
    .union([isoDay(M.dateInvalid), z.literal('')])
    .nullish()
    .transform((s) => s || null),
  shippingCostUsd: z.number({ error: M.costMin }).min(0, M.costMin).max(100_000, M.costMax).default(0),
};

export const shipmentCreateInput = z.object({
  userId: z.uuid({ error: M.customerRequired }),
  ...shipmentFields,
  /** Air or sea: the departures it may join (docs/product/departures.md). */
  shippingMethod: z.enum(SHIPPING_METHODS, { error: M.methodInvalid }).default('aereo'),
  packageIds: z
    .array(z.uuid(M.packagesRequired), { error: M.packagesRequired })
    .min(1, M.packagesRequired)
    .max(SHIPMENT_MAX_PACKAGES, M.packagesMax),
});
export type ShipmentCreateInput = z.input<typeof shipmentCreateInput>;

/**
 * 'Editar envío': correct the destination, the estimated date, the cost and the carrier's
 * tracking number (optional; empty clears it) of an existing shipment, in any status.
 */
export const shipmentUpdateInput = z.object({
  id: z.uuid(),
  ...shipmentFields,
  trackingNumber: z
    .string()
    .trim()
    .max(100, E.trackingMax)
    .nullish()
    .transform((s) => (s ? s.toUpperCase() : null)),
});
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
