// Signing of webhook deliveries by the Standard Webhooks convention (docs/product/public-api.md#webhooks):
// a secret `whsec_<base64>` shown once, and for each delivery the headers webhook-id,
// webhook-timestamp (seconds) and webhook-signature `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`.
// Receivers verify it with any Standard Webhooks library. After a rotation the header carries
// one signature per secret still in use, space-separated (`v1,<new> v1,<previous>`): the
// convention's receivers accept a message when any of them matches their secret.
import { createHmac, randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 24 random bytes, base64, with the convention's prefix. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** The `v1,` signature of one delivery. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers a delivery carries, signed with each of `secrets` (the current one first). */
export function webhookHeaders(secrets: string | readonly string[], id: string, body: string, at: Date = new Date()) {
  const timestamp = Math.floor(at.getTime() / 1000);
  const keys = typeof secrets === 'string' ? [secrets] : secrets;
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': keys.map((secret) => signWebhook(secret, id, timestamp, body)).join(' '),
  };
}
