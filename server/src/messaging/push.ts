// Web push, the fourth channel (docs/decisions/037-web-push.md). The `web-push` package encrypts
// the payload for the browser's keys (RFC 8291) and signs the request with our VAPID key (RFC
// 8292); we send it ourselves with fetch, with a time limit, only to a known push service (the
// server POSTs to a URL a browser gave us). A push service that answers 404 or 410 says the
// browser unsubscribed: the subscription goes, and its pending pushes with it.
import { and, eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { PUSH_MESSAGES, PUSH_SERVICE_HOSTS, type PushPayload, type PushSubscribeInput } from '@casillero/shared';
import type { Db, DbOrTx } from '../db/client';
import { appSettings, pushOutbox, pushSubscriptions } from '../db/schema';
import type { PushSettings } from '../env';
import { DomainError } from '../lib/domain-error';
import { deliverDueRows, startDeliveryLoop } from '../lib/outbox-delivery';
import type { MailLogger } from '../mail/worker';

const VAPID_SETTING = 'web_push_vapid_keys';
/** A push waits at the push service this long for a browser that is offline; a day-old notice is stale. */
const TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

export type VapidKeys = { publicKey: string; privateKey: string };

const generated = new WeakMap<object, VapidKeys>();

/**
 * The VAPID keys: the configured ones, or a pair generated on first use and kept in app_settings
 * (the first writer wins), so every instance signs with the same key and browsers' subscriptions
 * survive a restart.
 */
export async function vapidKeys(db: DbOrTx, settings: PushSettings): Promise<VapidKeys> {
  if (settings.keys) return settings.keys;
  const known = generated.get(db);
  if (known) return known;
  await db
    .insert(appSettings)
    .values({ key: VAPID_SETTING, value: JSON.stringify(webpush.generateVAPIDKeys()) })
    .onConflictDoNothing({ target: appSettings.key });
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, VAPID_SETTING));
  const keys = JSON.parse(row.value) as VapidKeys;
  generated.set(db, keys);
  return keys;
}

/** Whether the server may POST to this endpoint: https to a browser's push service, or an origin the settings add. */
export function isKnownPushService(endpoint: string, settings: Pick<PushSettings, 'extraOrigins'>): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (settings.extraOrigins.includes(url.origin)) return true;
  if (url.protocol !== 'https:' || url.port) return false;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}

/**
 * Keeps this browser's subscription for the customer. The same browser signed in as someone else
 * before belongs to whoever signed in now (its endpoint is unique), so a shared computer does not
 * show the previous person's notices.
 */
export async function subscribePush(
  db: DbOrTx,
  userId: string,
  input: PushSubscribeInput,
  settings: Pick<PushSettings, 'extraOrigins'>,
) {
  if (!isKnownPushService(input.endpoint, settings)) {
    throw new DomainError('BAD_INPUT', PUSH_MESSAGES.endpointRefused);
  }
  await db
    .insert(pushSubscriptions)
    .values({
      userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      device: input.device || 'Navegador',
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        device: input.device || 'Navegador',
        createdAt: sql`now()`,
      },
    });
  return { message: PUSH_MESSAGES.enabled };
}

/** Forgets one of the customer's own browsers; another person's endpoint is not theirs to remove. */
export async function unsubscribePush(db: DbOrTx, userId: string, endpoint: string) {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw new DomainError('NOT_FOUND', PUSH_MESSAGES.notFound);
  return { message: PUSH_MESSAGES.disabled };
}

export type PushOutboxRow = {
  id: string;
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  title: string;
  body: string;
  link: string;
  attempts: number;
};

/** A push service's refusal; `gone` when it says the subscription no longer exists. */
export class PushError extends Error {
  constructor(
    message: string,
    readonly responseStatus: number | null,
    readonly permanent: boolean,
    readonly gone = false,
  ) {
    super(message);
  }
}

export type PushSender = (row: PushOutboxRow) => Promise<{ responseStatus?: number }>;

/** Encrypts and signs with `web-push`, sends with fetch. */
export function webPushSender(db: Db, settings: PushSettings, appUrl: string): PushSender {
  return async (row) => {
    if (!isKnownPushService(row.endpoint, settings)) {
      throw new PushError(PUSH_MESSAGES.endpointRefused, null, true);
    }
    const keys = await vapidKeys(db, settings);
    const payload: PushPayload = { title: row.title, body: row.body, url: `${appUrl}${row.link}`, tag: row.id };
    const request = webpush.generateRequestDetails(
      { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: settings.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      },
    );
    const response = await fetch(request.endpoint, {
      method: 'POST',
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'error',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return { responseStatus: response.status };
    const gone = response.status === 404 || response.status === 410;
    // 429 and 5xx mend with time; any other refusal (a bad key, a payload too large) never does.
    const permanent = gone || (response.status >= 400 && response.status < 500 && response.status !== 429);
    throw new PushError(`El servicio de notificaciones respondió ${response.status}`, response.status, permanent, gone);
  };
}

/** Claims and delivers up to `limit` due pushes; a subscription the push service calls gone is removed. */
export function deliverDuePush(db: Db, send: PushSender, log: MailLogger, limit = 20): Promise<number> {
  return deliverDueRows<PushOutboxRow>(
    db,
    {
      table: pushOutbox,
      returning: sql`id, subscription_id, attempts, title, body, link,
        (select endpoint from push_subscriptions s where s.id = subscription_id) as endpoint,
        (select p256dh from push_subscriptions s where s.id = subscription_id) as p256dh,
        (select auth from push_subscriptions s where s.id = subscription_id) as auth`,
      sameRecipient: sql`earlier.subscription_id = candidate.subscription_id`,
      send: async (row) => {
        try {
          const sent = await send(row);
          await db
            .update(pushSubscriptions)
            .set({ lastSentAt: new Date() })
            .where(eq(pushSubscriptions.id, row.subscription_id));
          return sent;
        } catch (err) {
          if (err instanceof PushError && err.gone) {
            await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.subscription_id));
            log.info({ subscriptionId: row.subscription_id }, 'Suscripción push eliminada: el navegador ya no existe');
          }
          throw err;
        }
      },
      isPermanent: (err) => err instanceof PushError && err.permanent,
      name: 'push',
    },
    log,
    limit,
  );
}

/** Polls the push outbox until stopped. */
export function startPushWorker(db: Db, send: PushSender, log: MailLogger, intervalMs = 2000) {
  return startDeliveryLoop(() => deliverDuePush(db, send, log), log, 'push', intervalMs);
}
