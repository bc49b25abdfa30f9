// The body of every webhook delivery (docs/product/public-api.md#a-delivery): what a receiver
// parses, described in the OpenAPI document's `webhooks` (server/src/api/openapi.ts), one entry
// per event with its own `data` and an example. The services that enqueue an event are typed by
// these schemas, so what is sent is what is documented.
import { z } from '../zod-es';
import { WEBHOOK_EVENTS, type WebhookEvent } from '../public-api/messages';
import { PAYMENT_TYPES, SHIPMENT_STATUSES } from '../enums';
import { CURRENCIES } from '../billing/money';
import { DEPARTURE_MODES, MILESTONE_KINDS } from '../departures/departures';
import { CLAIM_KINDS, CLAIM_STATUSES } from '../claims/claims';

const isoDateTime = z.iso.datetime({ offset: true });
const isoDate = z.iso.date();

/** Each event's `data`. */
export const WEBHOOK_EVENT_DATA = {
  'package.received': z.object({
    packageId: z.uuid(),
    trackingNumber: z.string().nullable(),
    warehouseReceipt: z.string().nullable().meta({ description: 'El recibo de almacén (WR).' }),
    weightKg: z.number().nullable(),
    receivedAt: isoDateTime,
  }),
  'shipment.status_changed': z.object({
    shipmentId: z.uuid(),
    shipmentCode: z.string(),
    previousStatus: z.enum(SHIPMENT_STATUSES),
    status: z.enum(SHIPMENT_STATUSES),
    changedAt: isoDateTime,
  }),
  'departure.milestone': z.object({
    departureCode: z.string(),
    mode: z.enum(DEPARTURE_MODES),
    milestone: z.enum(MILESTONE_KINDS),
    label: z.string().meta({ description: 'El nombre del hito como lo muestra la app.' }),
    actualOn: isoDate.meta({ description: 'El día en que ocurrió (hora de Caracas).' }),
    estimatedArrivalOn: isoDate.nullable().meta({ description: 'La llegada prometida, tal como queda ahora.' }),
  }),
  'invoice.issued': z.object({
    invoiceId: z.uuid(),
    number: z.string(),
    concept: z.enum(PAYMENT_TYPES),
    description: z.string().nullable(),
    usdCents: z.number().int(),
    vesCentimos: z.number().int().nullable(),
    issueDate: isoDate,
    shipmentId: z.uuid().nullable(),
  }),
  'payment.approved': z.object({
    paymentId: z.uuid(),
    type: z.enum(PAYMENT_TYPES),
    amountUsdCents: z.number().int(),
    currency: z.enum(CURRENCIES),
    amountVesCents: z.number().int().nullable(),
    invoiceId: z.uuid().nullable(),
    invoicePaid: z.boolean(),
    approvedAt: isoDateTime,
  }),
  'claim.updated': z.object({
    claimId: z.uuid(),
    code: z.string(),
    kind: z.enum(CLAIM_KINDS),
    status: z.enum(CLAIM_STATUSES),
    notice: z.string().meta({ description: 'Lo que la app le dijo al cliente, en español.' }),
    updatedAt: isoDateTime,
  }),
} as const satisfies Record<WebhookEvent, z.ZodObject>;

export type WebhookEventData<E extends WebhookEvent> = z.input<(typeof WEBHOOK_EVENT_DATA)[E]>;

/** One believable `data` per event: the document's examples (a test parses each with its schema). */
export const WEBHOOK_EVENT_EXAMPLES: { [E in WebhookEvent]: WebhookEventData<E> } = {
  'package.received': {
    packageId: '6f1c2b8e-3d4a-4e5f-9a7b-1c2d3e4f5a6b',
    trackingNumber: '1Z999AA10123456784',
    warehouseReceipt: 'WR-MIA-0004821',
    weightKg: 1.35,
    receivedAt: '2026-12-04T14:14:00.000Z',
  },
  'shipment.status_changed': {
    shipmentId: '0b5e7c1d-2f3a-4b6c-8d9e-0f1a2b3c4d5e',
    shipmentCode: 'ENV-2026-000318',
    previousStatus: 'preparing',
    status: 'in_transit',
    changedAt: '2026-12-05T22:40:00.000Z',
  },
  'departure.milestone': {
    departureCode: 'AE-2026-049',
    mode: 'aereo',
    milestone: 'departed',
    label: 'Salió de Miami',
    actualOn: '2026-12-05',
    estimatedArrivalOn: '2026-12-09',
  },
  'invoice.issued': {
    invoiceId: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
    number: 'F-2026-000412',
    concept: 'shipping_payment',
    description: 'Envío ENV-2026-000318 (aéreo, 2 paquetes)',
    usdCents: 4250,
    vesCentimos: 1118772,
    issueDate: '2026-12-05',
    shipmentId: '0b5e7c1d-2f3a-4b6c-8d9e-0f1a2b3c4d5e',
  },
  'payment.approved': {
    paymentId: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
    type: 'shipping_payment',
    amountUsdCents: 4250,
    currency: 'USD',
    amountVesCents: null,
    invoiceId: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
    invoicePaid: true,
    approvedAt: '2026-12-05T23:05:00.000Z',
  },
  'claim.updated': {
    claimId: '9d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a',
    code: 'R-000027',
    kind: 'damaged',
    status: 'approved',
    notice: 'Aprobamos tu reclamo R-000027: acreditamos $25,00 a tu saldo.',
    updatedAt: '2026-12-06T13:30:00.000Z',
  },
};

/** The envelope every delivery shares; `data` is the event's own (WEBHOOK_EVENT_DATA). */
export const apiWebhookPayload = z.object({
  type: z.enum(WEBHOOK_EVENTS).meta({ description: 'El evento.' }),
  timestamp: z.iso.datetime({ offset: true }).meta({ description: 'Cuándo ocurrió, en ISO 8601.' }),
  sequence: z.number().int().min(1).meta({
    description:
      'El número del evento en esta suscripción: 1, 2, 3… en el orden en que ocurrieron, sin saltos. Las entregas salen en ese orden (una espera mientras la anterior se reintenta); ordena por él y, si falta un número, una entrega anterior todavía no llega. Un reenvío lleva el número de su evento.',
  }),
  data: z.record(z.string(), z.unknown()).meta({ description: 'Los datos del evento (ver cada evento).' }),
});
