// Shipment broadcasts (docs/product/messages-and-notifications.md#shipment-news): 'Publicar novedad' on a shipment. Delayed and new estimated
// date need the new date (it becomes the shipment's estimated delivery); the other kinds carry none.
import { z } from '../zod-es';
import { SHIPMENT_NEWS_KINDS } from '../messaging/messaging';
import { SHIPMENT_NEWS_KINDS_WITH_DATE, SHIPMENT_NEWS_MESSAGES as M } from '../messaging/shipment-news';
import { isoDay } from './form-fields';
import { fitsCharacters } from '../text';

export const SHIPMENT_NEWS_MESSAGE_MAX = 500;

export const shipmentNewsInput = z
  .object({
    shipmentId: z.uuid({ error: M.notFound }),
    kind: z.enum(SHIPMENT_NEWS_KINDS, { error: M.kindRequired }),
    message: z
      .string({ error: M.messageMin })
      .trim()
      .min(10, M.messageMin)
      .refine(fitsCharacters(SHIPMENT_NEWS_MESSAGE_MAX), M.messageMax),
    /** YYYY-MM-DD; required for 'delayed' and 'new_eta', ignored for the others. */
    estimatedDelivery: z
      .union([isoDay(M.dateInvalid), z.literal('')], { error: M.dateInvalid })
      .nullish()
      .transform((s) => s || null),
  })
  .superRefine((v, ctx) => {
    if (SHIPMENT_NEWS_KINDS_WITH_DATE.includes(v.kind) && !v.estimatedDelivery) {
      ctx.addIssue({ code: 'custom', path: ['estimatedDelivery'], message: M.dateRequired });
    }
  })
  .transform((v) => ({
    ...v,
    estimatedDelivery: SHIPMENT_NEWS_KINDS_WITH_DATE.includes(v.kind) ? v.estimatedDelivery : null,
  }));
export type ShipmentNewsInput = z.input<typeof shipmentNewsInput>;
