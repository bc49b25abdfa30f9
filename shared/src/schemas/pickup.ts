// Inputs of the agency counter and of proofs of delivery (docs/product/last-mile.md#agency-counters-and-proof-of-delivery).
import { z } from '../zod-es';
import { normalizeIdDocument } from '../id-document';
import { COUNTER_TABS, PICKUP_CODE_LENGTH, PICKUP_MESSAGES as M } from '../pickup/pickup';

const shipmentId = z.uuid('Envío no válido.');
const uuid = z.uuid('Identificador no válido.');

export const counterListInput = z.object({ tab: z.enum(COUNTER_TABS).catch('ready') });
export const counterScanInput = z.object({ code: z.string().trim().min(1, M.codeInvalid).max(64, M.codeInvalid) });

const photo = z.object({ fileId: uuid, thumbFileId: uuid }, { error: M.photoRequired });
const receivedBy = z.string().trim().min(2, M.receivedByRequired).max(120, M.receivedByRequired);
const idDocument = z
  .string()
  .trim()
  .max(30, M.idDocumentInvalid)
  .transform((v, ctx) => {
    const normal = normalizeIdDocument(v);
    if (!normal) {
      ctx.addIssue({ code: 'custom', message: M.idDocumentInvalid });
      return z.NEVER;
    }
    return normal;
  });

/** Delivery at the counter with the code or with the cédula of who collects. */
export const counterDeliverInput = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('code'),
    shipmentId,
    code: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${PICKUP_CODE_LENGTH}}$`), M.codeFormat),
    receivedBy,
    photo,
  }),
  z.object({ method: z.literal('id_document'), shipmentId, idDocument, receivedBy, photo }),
]);
export type CounterDeliverInput = z.input<typeof counterDeliverInput>;

/** Staff's proof of a home delivery. */
export const homeDeliveryInput = z.object({ shipmentId, receivedBy, idDocument, photo });
export type HomeDeliveryInput = z.input<typeof homeDeliveryInput>;

export const pickupShipmentInput = z.object({ shipmentId });

export const pickupSettingsInput = z.object({
  reminderDays: z
    .number({ message: 'Indica los días antes del recordatorio.' })
    .int('Los días deben ser un número entero.')
    .min(1, 'Los días deben ser al menos 1.')
    .max(90, 'Los días no pueden pasar de 90.'),
});
