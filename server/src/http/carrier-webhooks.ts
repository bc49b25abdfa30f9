// The tracking providers' webhooks (docs/product/first-mile.md#webhooks):
//   POST /webhooks/carriers/:provider
// The body is read as it came (the signature is over its bytes) and handed with the headers to
// the provider's readWebhook: forged or stale → 401, not its shape → 400, a delivery already
// received → 409, otherwise its events stored and applied once → 200.
import type { FastifyInstance } from 'fastify';
import { FIRST_MILE_MESSAGES as M } from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import type { TrackingProvider } from '../services/carrier-tracking/providers/provider';
import { receiveWebhookDelivery } from '../services/carrier-tracking/updates';
import { sendError } from './errors';

export const CARRIER_WEBHOOK_PATH = '/webhooks/carriers/:provider';

export function registerCarrierWebhookRoutes(
  app: FastifyInstance,
  options: { db: Db; config: Config; providers: readonly TrackingProvider[] },
) {
  const byName = new Map<string, TrackingProvider>(options.providers.map((p) => [p.name, p]));
  return app.register(async (scope) => {
    // Every body as its raw text, whatever its content type: the provider checks its signature.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    scope.post<{ Params: { provider: string } }>(CARRIER_WEBHOOK_PATH, async (req, reply) => {
      const provider = byName.get(req.params.provider);
      if (!provider) return sendError(reply, 404, M.webhookUnknownProvider);
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        headers[name.toLowerCase()] = Array.isArray(value) ? value.join(' ') : value;
      }
      const raw = typeof req.body === 'string' ? req.body : '';
      const verdict = provider.readWebhook(headers, raw, new Date());
      if (!verdict.ok) {
        req.log.warn({ provider: provider.name, reason: verdict.reason }, 'Webhook de seguimiento rechazado');
        return sendError(reply, verdict.reason === 'malformed' ? 400 : 401, M.webhookRefused);
      }
      const outcome = await receiveWebhookDelivery(options.db, provider.name, verdict, {
        appUrl: options.config.appUrl,
      });
      if (outcome.repeated) return sendError(reply, 409, M.webhookRepeated);
      return reply.status(200).send({ ok: true, inserted: outcome.inserted });
    });
  });
}
