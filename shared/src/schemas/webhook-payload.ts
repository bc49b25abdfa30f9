// The body of every webhook delivery (docs/product/public-api.md#a-delivery): what a receiver
// parses, described in the OpenAPI document's `webhooks` (server/src/api/openapi.ts).
import { z } from '../zod-es';
import { WEBHOOK_EVENTS } from '../public-api/messages';

export const apiWebhookPayload = z.object({
  type: z.enum(WEBHOOK_EVENTS).meta({ description: 'El evento.' }),
  timestamp: z.iso.datetime({ offset: true }).meta({ description: 'Cuándo ocurrió, en ISO 8601.' }),
  sequence: z.number().int().min(1).meta({
    description:
      'El número del evento en esta suscripción: 1, 2, 3… en el orden en que ocurrieron, sin saltos. Las entregas salen en ese orden (una espera mientras la anterior se reintenta); ordena por él y, si falta un número, una entrega anterior todavía no llega. Un reenvío lleva el número de su evento.',
  }),
  data: z.record(z.string(), z.unknown()).meta({ description: 'Los datos del evento (ver la lista de eventos).' }),
});
