// Mailgun's inbound route for a business that does not receive its own mail
// (docs/product/prealerts-from-email.md#recepción): a route whose action forwards to
// `<APP_URL>/webhooks/inbound-mail/mime` posts the whole message as `body-mime`, with `recipient`,
// `sender`, and its signature: `timestamp`, `token` and `signature`, the HMAC-SHA256 of
// timestamp+token with the webhook signing key (MAILGUN_WEBHOOK_SIGNING_KEY).
//   forged or stale signature → 401, nothing stored; no body-mime → 400; else the pipeline → 200.
// A message the pipeline refuses is answered 200 too (logged): Mailgun must not retry it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { INBOUND_MAIL_LIMITS, PREALERT_MAIL_MESSAGES as M } from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { createFileStore, type FileStore } from '../files/file-store';
import { authenticateMail } from '../services/prealert-mail/authenticate';
import { receiveInboundMail } from '../services/prealert-mail/pipeline';
import { sendError } from './errors';

export const INBOUND_MAIL_WEBHOOK_PATH = '/webhooks/inbound-mail/mime';
/** A signature older (or newer) than this is refused: a captured delivery cannot be replayed later. */
const MAX_SKEW_SECONDS = 15 * 60;

export function mailgunSignatureValid(
  key: string,
  fields: { timestamp: string; token: string; signature: string },
  nowSeconds = Date.now() / 1000,
): boolean {
  const ts = Number(fields.timestamp);
  if (!Number.isFinite(ts) || Math.abs(nowSeconds - ts) > MAX_SKEW_SECONDS) return false;
  const expected = createHmac('sha256', key)
    .update(fields.timestamp + fields.token)
    .digest('hex');
  const given = Buffer.from(fields.signature, 'utf8');
  const wanted = Buffer.from(expected, 'utf8');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export function registerInboundMailWebhook(
  app: FastifyInstance,
  options: { db: Db; config: Config; fileStore?: FileStore },
) {
  const { config, db } = options;
  const fileStore = options.fileStore ?? createFileStore(config);
  if (!options.fileStore) app.addHook('onClose', async () => fileStore.close());
  return app.register(async (scope) => {
    // The form as its bytes, read with the platform's form parser; room for 25 MB plus the form's overhead.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: INBOUND_MAIL_LIMITS.maxMessageBytes + 2 * 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post(INBOUND_MAIL_WEBHOOK_PATH, async (req, reply) => {
      const key = config.inboundMail.mailgunSigningKey;
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      let form: FormData;
      try {
        form = await new Response(new Uint8Array(raw), {
          headers: { 'content-type': req.headers['content-type'] ?? '' },
        }).formData();
      } catch {
        return sendError(reply, 400, M.webhookMalformed);
      }
      const text = (name: string) => {
        const v = form.get(name);
        return typeof v === 'string' ? v : '';
      };
      const fields = { timestamp: text('timestamp'), token: text('token'), signature: text('signature') };
      if (!key || !mailgunSignatureValid(key, fields)) {
        req.log.warn('Webhook de correo entrante rechazado: firma inválida');
        return sendError(reply, 401, M.webhookRefused);
      }
      const mime = form.get('body-mime');
      if (!mime) return sendError(reply, 400, M.webhookMalformed);
      const bytes = typeof mime === 'string' ? Buffer.from(mime, 'utf8') : Buffer.from(await mime.arrayBuffer());
      const envelope = {
        mailFrom: text('sender') || null,
        rcptTo: text('recipient')
          .split(',')
          .map((r) => r.trim())
          .filter(Boolean),
        clientIp: null,
        helo: null,
      };
      const auth = await authenticateMail(bytes, envelope, {
        resolver: config.inboundMail.resolver,
        mta: config.inboundMail.domain ?? undefined,
      });
      const result = await receiveInboundMail(
        { db, fileStore, appUrl: config.appUrl, domain: config.inboundMail.domain, log: req.log },
        { raw: bytes, envelope, auth, via: 'webhook' },
      );
      return reply.status(200).send({ ok: true, outcome: result.outcome });
    });
  });
}
