// Reempaques: a customer asks to repack or consolidate packages in the warehouse; an admin
// processes the request with a warehouse receipt (WR) number, then marks it shipped.
import { z } from '../zod-es';
import { optionalText } from './form-fields';
import { SHIPPING_METHODS } from '../enums';
import { normalizeWarehouseReceipt } from './packages';
import { parseDimensionsCm } from '../quote/parcels';

export const REPACK_MESSAGES = {
  packagesRequired: 'Selecciona al menos un paquete.',
  packagesMax: 'Puedes incluir como máximo 50 paquetes por solicitud.',
  packageNotFound: 'Uno de los paquetes no existe.',
  packageNotEligible:
    'Solo puedes incluir paquetes que estén en el almacén, sin envío asignado y sin otra solicitud de reempaque pendiente.',
  methodRequired: 'Selecciona el método de envío.',
  instructionsMax: 'Las instrucciones no pueden exceder 1.000 caracteres.',
  /** docs/product/admin-packages-and-shipments.md#repack-processing. */
  warehouseReceiptRequired: 'Debes ingresar el número de recibo de almacén (WR).',
  warehouseReceiptMax: 'El número de WR no puede exceder 50 caracteres.',
  /** The finished box is priced as one parcel by the ship request (docs/product/last-mile.md#the-ship-request). */
  boxWeightRequired: 'Ingresa el peso de la caja reempacada (kg).',
  boxWeightPositive: 'El peso debe ser mayor a 0.',
  boxWeightMax: 'El peso no puede exceder 1.000 kg.',
  boxDimensionsRequired: 'Ingresa las medidas de la caja como largo x ancho x alto (cm), por ejemplo 50x40x30.',
  notFound: 'Solicitud de reempaque no encontrada.',
  alreadyProcessed: 'Esta solicitud ya fue procesada.',
  notProcessed: 'Primero procesa la solicitud con su número de WR.',
  alreadyShipped: 'Esta solicitud ya fue marcada como enviada.',
  requestedTitle: 'Solicitud de reempaque recibida',
  requestedMessage: (count: number) =>
    `Recibimos tu solicitud de reempaque de ${count} ${count === 1 ? 'paquete' : 'paquetes'}. Te avisaremos cuando sea procesada.`,
  processedTitle: 'Reempaque procesado',
  processedMessage: (wr: string) => `Tu solicitud de reempaque fue procesada. Recibo de almacén (WR): ${wr}.`,
  shippedTitle: 'Reempaque enviado',
  shippedMessage: (wr: string | null) =>
    wr ? `Tu paquete reempacado (WR ${wr}) fue enviado.` : 'Tu paquete reempacado fue enviado.',
} as const;

export const requestRepackSchema = z.object({
  packageIds: z
    .array(z.uuid(REPACK_MESSAGES.packageNotFound), { error: REPACK_MESSAGES.packagesRequired })
    .min(1, REPACK_MESSAGES.packagesRequired)
    .max(50, REPACK_MESSAGES.packagesMax),
  shippingMethod: z.enum(SHIPPING_METHODS, { error: REPACK_MESSAGES.methodRequired }),
  instructions: optionalText(1000, REPACK_MESSAGES.instructionsMax),
});
export type RequestRepackInput = z.input<typeof requestRepackSchema>;

export const processRepackSchema = z.object({
  id: z.uuid(REPACK_MESSAGES.notFound),
  warehouseReceipt: z
    .string({ error: REPACK_MESSAGES.warehouseReceiptRequired })
    .trim()
    .min(1, REPACK_MESSAGES.warehouseReceiptRequired)
    .max(50, REPACK_MESSAGES.warehouseReceiptMax)
    // Stored as package WR numbers are: " wr-9 x " becomes "WR-9 X".
    .transform(normalizeWarehouseReceipt),
  weightKg: z
    .number({ error: REPACK_MESSAGES.boxWeightRequired })
    .gt(0, REPACK_MESSAGES.boxWeightPositive)
    .max(1000, REPACK_MESSAGES.boxWeightMax),
  dimensionsCm: z
    .string({ error: REPACK_MESSAGES.boxDimensionsRequired })
    .trim()
    .max(50, REPACK_MESSAGES.boxDimensionsRequired)
    .refine((s) => parseDimensionsCm(s) !== null, REPACK_MESSAGES.boxDimensionsRequired),
});
export type ProcessRepackInput = z.input<typeof processRepackSchema>;

export const repackIdSchema = z.object({ id: z.uuid(REPACK_MESSAGES.notFound) });
