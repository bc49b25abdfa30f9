// The WhatsApp desk's webhook (docs/product/whatsapp-desk.md#the-webhook), the address given to
// Meta in the app's WhatsApp settings:
//   GET  /webhooks/whatsapp  Meta's check when subscribing: hub.mode=subscribe and hub.verify_token
//                            equal to WHATSAPP_VERIFY_TOKEN → hub.challenge echoed; else 403.
//   POST /webhooks/whatsapp  a delivery: X-Hub-Signature-256 checked against the body's bytes with
//                            WHATSAPP_APP_SECRET (forged → 401, nothing stored), then each message
//                            stored once (services/whatsapp-desk/receive.ts: two inserts) → 200.
// The answers are the desk's worker's (services/whatsapp-desk/worker.ts), woken here when a message
// is stored: the server's `whatsappDesk`, started by start.ts.
// Meta retries a delivery until it gets a 200 and may send one message twice: both are normal,
// and a message already stored is answered 200 with nothing done again.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { WHATSAPP_DESK_MESSAGES as M } from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { readWhatsappWebhook, whatsappSignatureValid } from '../messaging/whatsapp-webhook';
import { createFileStore, type FileStore } from '../files/file-store';
import { storeWhatsappMessages } from '../services/whatsapp-desk/receive';
import { createDeskWorker, type DeskWorker } from '../services/whatsapp-desk/worker';
import { sendError } from './errors';

export const WHATSAPP_WEBHOOK_PATH = '/webhooks/whatsapp';

function sameText(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The routes, and the desk's worker that answers what they store (not started: start.ts starts it). */
export async function registerWhatsappWebhookRoutes(
  app: FastifyInstance,
  options: { db: Db; config: Config; fileStore?: FileStore },
): Promise<DeskWorker> {
  const { verifyToken, appSecret } = options.config.whatsappWebhook;
  // Payment receipts and files sent on the desk go where uploaded ones go.
  const fileStore = options.fileStore ?? createFileStore(options.config);
  const desk = createDeskWorker({ db: options.db, config: options.config, fileStore, log: app.log });
  app.addHook('onClose', async () => {
    await desk.stop();
    if (!options.fileStore) fileStore.close();
  });
  await app.register(async (scope) => {
    // Every body as its bytes, whatever its content type: the signature is over them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    scope.get<{ Querystring: Record<string, string | undefined> }>(WHATSAPP_WEBHOOK_PATH, async (req, reply) => {
      const q = req.query;
      const token = q['hub.verify_token'];
      const challenge = q['hub.challenge'];
      if (!verifyToken || q['hub.mode'] !== 'subscribe' || !token || !sameText(token, verifyToken) || !challenge) {
        return sendError(reply, 403, M.verifyRefused);
      }
      return reply.status(200).type('text/plain; charset=utf-8').send(challenge);
    });

    scope.post(WHATSAPP_WEBHOOK_PATH, async (req, reply) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const header = req.headers['x-hub-signature-256'];
      if (!appSecret || !whatsappSignatureValid(appSecret, raw, Array.isArray(header) ? header[0] : header)) {
        req.log.warn('Webhook de WhatsApp rechazado: firma inválida');
        return sendError(reply, 401, M.webhookRefused);
      }
      const messages = readWhatsappWebhook(raw.toString('utf8'));
      if (!messages) return sendError(reply, 400, M.webhookMalformed);
      // Stored in the order WhatsApp lists them; answered by the worker.
      const stored = await storeWhatsappMessages(options.db, messages);
      if (stored > 0) desk.wake();
      return reply.status(200).send({ ok: true, received: messages.length, stored });
    });
  });
  return desk;
}
