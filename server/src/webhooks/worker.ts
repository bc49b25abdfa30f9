// Delivers the webhook outbox (docs/product/public-api.md#webhooks) through lib/outbox-delivery.ts:
// each due row is POSTed as JSON to its subscription's URL with the Standard Webhooks headers,
// after the SSRF guard resolved the host and found every address public, and the connection goes
// to the address checked (the name is never resolved again). A 2xx answer is a delivery; any
// other answer, a timeout or a network error is retried with backoff until 24 hours after the
// event, then the row is failed. A URL the guard refuses fails at once. A subscription's
// deliveries go out in the order of their events: a later one waits while an earlier one retries.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { WEBHOOK_MESSAGES, WEBHOOK_RETRY_HOURS } from '@casillero/shared';
import type { Db } from '../db/client';
import { webhookDeliveries, webhookSubscriptions } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { deliverDueRows, startDeliveryLoop, type DeliveryLogger } from '../lib/outbox-delivery';
import { checkWebhookUrl, type Lookup } from '../lib/ssrf-guard';
import { webhookHeaders } from '../lib/webhook-signing';

export const WEBHOOK_TIMEOUT_MS = 10_000;
const RETRY_WINDOW_MS = WEBHOOK_RETRY_HOURS * 60 * 60 * 1000;

export type WebhookSenderOptions = {
  /** How the URL's host is resolved; the system's DNS when unset. */
  lookup?: Lookup;
  timeoutMs?: number;
  /**
   * Tests only, never set by main.ts nor by any setting: lets a receiver on this machine take
   * deliveries — addresses the guard lets through although private, and plain HTTP instead of TLS.
   */
  testOnly?: { allowAddress: (address: string) => boolean; plainHttp: boolean };
};

type DeliveryRow = { id: string; subscription_id: string; payload: string; attempts: number; age_ms: number };

/** A failed attempt, with the receiver's status when it answered. */
class DeliveryError extends Error {
  constructor(
    message: string,
    readonly responseStatus: number | null = null,
  ) {
    super(message);
  }
}

/** POSTs `body` to `url`, connected to `address`; resolves with the status, rejects on timeout or network error. */
function post(url: URL, address: string, headers: Record<string, string>, body: string, opts: WebhookSenderOptions) {
  const plain = opts.testOnly?.plainHttp ?? false;
  const family = net.isIP(address);
  const timeoutMs = opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise<number>((resolve, reject) => {
    const request = (plain ? http : https).request(
      {
        method: 'POST',
        host: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || (plain ? 80 : 443),
        path: `${url.pathname}${url.search}`,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Casillero-Webhooks/1',
        },
        // Connect to the address the guard checked, never to a second resolution of the name.
        lookup: (_hostname, options, callback) => {
          if ((options as { all?: boolean }).all)
            (callback as (e: null, a: object[]) => void)(null, [{ address, family }]);
          else callback(null, address, family);
        },
        ...(plain ? {} : { servername: net.isIP(url.hostname) ? undefined : url.hostname }),
        signal: AbortSignal.timeout(timeoutMs),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    // The list shows the reason in Spanish, with the system's code (ECONNREFUSED, ENOTFOUND…).
    request.on('error', (err: NodeJS.ErrnoException) =>
      reject(
        new DeliveryError(
          err.name === 'AbortError' || err.name === 'TimeoutError'
            ? WEBHOOK_MESSAGES.timeout
            : WEBHOOK_MESSAGES.connectionFailed(err.code ?? err.name),
        ),
      ),
    );
    request.end(body);
  });
}

/** Sends one delivery: the subscription's URL and secret, the guard, the signed POST. */
function sendWith(db: Db, opts: WebhookSenderOptions) {
  return async (row: DeliveryRow) => {
    const [subscription] = await db
      .select({
        url: webhookSubscriptions.url,
        secret: webhookSubscriptions.secret,
        // The secret a rotation replaced, only while its day lasts (the database's clock, which set it).
        previousSecret: sql<
          string | null
        >`case when ${webhookSubscriptions.previousSecretExpiresAt} > now() then ${webhookSubscriptions.previousSecret} end`,
        active: webhookSubscriptions.active,
      })
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, row.subscription_id));
    if (!subscription) throw new DomainError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
    // Paused after the event: not sent (the customer may resend it once reactivated).
    if (!subscription.active) throw new DomainError('CONFLICT', WEBHOOK_MESSAGES.paused);
    const { url, addresses } = await checkWebhookUrl(subscription.url, opts.lookup, opts.testOnly?.allowAddress);
    const body = row.payload;
    const secrets = [subscription.secret, ...(subscription.previousSecret ? [subscription.previousSecret] : [])];
    const headers = webhookHeaders(secrets, row.id, body);
    const status = await post(url, addresses[0]!, headers, body, opts);
    if (status < 200 || status > 299) throw new DeliveryError(WEBHOOK_MESSAGES.badStatus(status), status);
    return { responseStatus: status };
  };
}

/**
 * The guard's refusals (a URL that now points inside) and a paused subscription are not retried;
 * anything else is (a name that does not resolve may resolve later).
 */
function isPermanent(err: unknown) {
  return (
    err instanceof DomainError &&
    (err.code === 'NOT_FOUND' ||
      err.code === 'CONFLICT' ||
      (err.code === 'BAD_INPUT' && err.message !== WEBHOOK_MESSAGES.unresolvable))
  );
}

/**
 * Claims and delivers up to `limit` due webhook deliveries; returns how many were delivered. Five
 * at most a round: five receivers timing out take 50 s, within the claim's 60 s lease.
 */
export async function deliverDueWebhooks(db: Db, log: DeliveryLogger, opts: WebhookSenderOptions = {}, limit = 5) {
  await dropExpiredPreviousSecrets(db);
  return deliverDueRows<DeliveryRow>(
    db,
    {
      table: webhookDeliveries,
      returning: sql`id, subscription_id, payload::text as payload, attempts, (extract(epoch from now() - created_at) * 1000)::float8 as age_ms`,
      // Each subscription gets its events in the order they happened (and numbered: `sequence`).
      sameRecipient: sql`earlier.subscription_id = candidate.subscription_id`,
      send: sendWith(db, opts),
      isPermanent,
      // Retried while the next attempt still falls within 24 hours of the event.
      giveUp: (row, nextDelayMs) => row.age_ms + nextDelayMs >= RETRY_WINDOW_MS,
      recordsResponseStatus: true,
      name: 'webhook',
    },
    log,
    limit,
  );
}

/**
 * Forgets the secrets whose day after a rotation has passed: they sign nothing more, and a secret
 * nobody uses is not kept. Each round, through a partial index that holds only those rows.
 */
export async function dropExpiredPreviousSecrets(db: Db): Promise<void> {
  await db
    .update(webhookSubscriptions)
    .set({ previousSecret: null, previousSecretExpiresAt: null })
    .where(
      sql`${webhookSubscriptions.previousSecretExpiresAt} is not null and ${webhookSubscriptions.previousSecretExpiresAt} <= now()`,
    );
}

/** Polls the webhook outbox until stopped. */
export function startWebhookWorker(db: Db, log: DeliveryLogger, opts: WebhookSenderOptions = {}, intervalMs = 2000) {
  return startDeliveryLoop(() => deliverDueWebhooks(db, log, opts), log, 'webhooks', intervalMs);
}
