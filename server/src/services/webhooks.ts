// Webhooks of the public API (docs/product/public-api.md#webhooks): a customer subscribes an https
// URL to events, gets the signing secret once, rotates it, pauses or deletes the subscription and
// resends a delivery. The events are enqueued by the services that make the change, in their
// transaction: one outbox row per active subscription that wants the event. Every change of a
// subscription is audited by hand inside the procedure's audited transaction, the secret left out.
import { and, count, eq, sql } from 'drizzle-orm';
import {
  isStaffRole,
  WEBHOOK_MAX_SUBSCRIPTIONS,
  WEBHOOK_MESSAGES,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  type UserRole,
  type WebhookEvent,
  type WebhookEventData,
  type webhookCreateInput,
  type z,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { webhookDeliveries, webhookSubscriptions, type WebhookPayload } from '../db/schema';
import { writeAuditEntry } from '../audit/audit-context';
import { DomainError } from '../lib/domain-error';
import { checkWebhookUrl, type Lookup } from '../lib/ssrf-guard';
import { newWebhookSecret } from '../lib/webhook-signing';
import { pgTextArray } from './notify';

type CreateInput = z.output<typeof webhookCreateInput>;

export async function createWebhook(
  db: DbOrTx,
  user: { id: string; role: UserRole },
  input: CreateInput,
  lookup?: Lookup,
) {
  if (isStaffRole(user.role)) throw new DomainError('FORBIDDEN', WEBHOOK_MESSAGES.staffNoWebhooks);
  const [held] = await db
    .select({ n: count() })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.userId, user.id));
  if (Number(held.n) >= WEBHOOK_MAX_SUBSCRIPTIONS) throw new DomainError('CONFLICT', WEBHOOK_MESSAGES.tooMany);
  const { url } = await checkWebhookUrl(input.url, lookup);
  const secret = newWebhookSecret();
  const [row] = await db
    .insert(webhookSubscriptions)
    .values({ userId: user.id, url: url.href, events: input.events, secret })
    .returning({ id: webhookSubscriptions.id, url: webhookSubscriptions.url, events: webhookSubscriptions.events });
  await writeAuditEntry(db, {
    entity: 'webhook_subscriptions',
    entityId: row.id,
    operation: 'insert',
    before: null,
    after: { receiver_url: row.url, events: row.events, active: true },
  });
  return { id: row.id, secret, message: WEBHOOK_MESSAGES.created };
}

/**
 * A new secret; the one it replaces keeps signing beside it for WEBHOOK_PREVIOUS_SECRET_HOURS
 * (Standard Webhooks carries several signatures), so the receiver has a day to change its own.
 * Rotating again within that day keeps only the secret just replaced, with a new day.
 */
export async function rotateWebhookSecret(db: DbOrTx, userId: string, id: string) {
  const secret = newWebhookSecret();
  const [row] = await db
    .update(webhookSubscriptions)
    .set({
      secret,
      previousSecret: sql`${webhookSubscriptions.secret}`,
      previousSecretExpiresAt: sql`now() + make_interval(hours => ${WEBHOOK_PREVIOUS_SECRET_HOURS})`,
      updatedAt: new Date(),
    })
    .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.userId, userId)))
    .returning({
      id: webhookSubscriptions.id,
      updatedAt: webhookSubscriptions.updatedAt,
      previousSecretExpiresAt: webhookSubscriptions.previousSecretExpiresAt,
    });
  if (!row) throw new DomainError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
  const previousSecretExpiresAt = row.previousSecretExpiresAt!.toISOString();
  await writeAuditEntry(db, {
    entity: 'webhook_subscriptions',
    entityId: row.id,
    operation: 'update',
    before: null,
    after: { secret_rotated_at: row.updatedAt.toISOString(), previous_secret_expires_at: previousSecretExpiresAt },
  });
  return { secret, previousSecretExpiresAt, message: WEBHOOK_MESSAGES.rotated };
}

export async function setWebhookActive(db: DbOrTx, userId: string, id: string, active: boolean) {
  const [row] = await db
    .update(webhookSubscriptions)
    .set({ active, updatedAt: new Date() })
    .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.userId, userId)))
    .returning({ id: webhookSubscriptions.id });
  if (!row) throw new DomainError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
  await writeAuditEntry(db, {
    entity: 'webhook_subscriptions',
    entityId: row.id,
    operation: 'update',
    before: { active: !active },
    after: { active },
  });
  return { message: active ? WEBHOOK_MESSAGES.enabled : WEBHOOK_MESSAGES.disabled };
}

/** Deletes the subscription and its deliveries (pending ones are never sent). */
export async function deleteWebhook(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .delete(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.userId, userId)))
    .returning({ id: webhookSubscriptions.id, url: webhookSubscriptions.url, events: webhookSubscriptions.events });
  if (!row) throw new DomainError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
  await writeAuditEntry(db, {
    entity: 'webhook_subscriptions',
    entityId: row.id,
    operation: 'delete',
    before: { receiver_url: row.url, events: row.events },
    after: null,
  });
  return { message: WEBHOOK_MESSAGES.deleted };
}

/**
 * A copy of one of the person's deliveries, due now, with a new webhook-id (the receiver sees a
 * new message carrying the same event, its `sequence` included). The original stays as it was in
 * the list. The copy queues behind the subscription's deliveries still pending.
 */
export async function resendWebhookDelivery(db: DbOrTx, userId: string, deliveryId: string) {
  const [original] = await db
    .select({
      subscriptionId: webhookDeliveries.subscriptionId,
      eventType: webhookDeliveries.eventType,
      sequence: webhookDeliveries.sequence,
      payload: webhookDeliveries.payload,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookSubscriptions.userId, userId)));
  if (!original) throw new DomainError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
  const [copy] = await db.insert(webhookDeliveries).values(original).returning({ id: webhookDeliveries.id });
  await writeAuditEntry(db, {
    entity: 'webhook_deliveries',
    entityId: copy.id,
    operation: 'insert',
    before: null,
    after: { resent_from: deliveryId, event_type: original.eventType },
  });
  return { id: copy.id, message: WEBHOOK_MESSAGES.resent };
}

/**
 * Enqueues an event for the customers' active subscriptions that want it: one delivery each, in
 * the caller's transaction, in one statement whatever the number of customers (a departure's
 * milestone reaches thousands). `data` is one object for all, or one per customer. Each delivery
 * takes its subscription's next `sequence`: the counter's row stays locked until the transaction
 * ends, so numbers follow the order in which events commit, and a rollback returns its number.
 */
export async function enqueueWebhookEvent<E extends WebhookEvent>(
  tx: DbOrTx,
  type: E,
  recipients: { userId: string; data: WebhookEventData<E> }[],
): Promise<void> {
  if (recipients.length === 0) return;
  const timestamp = new Date().toISOString();
  // The sequence is added per subscription by the statement below.
  const payloads = recipients.map((r): Omit<WebhookPayload, 'sequence'> => ({ type, timestamp, data: r.data }));
  await tx.execute(sql`
    with r as (
      select user_id, payload, ord
      from unnest(${pgTextArray(recipients.map((r) => r.userId))}::uuid[], ${pgTextArray(payloads.map((p) => JSON.stringify(p)))}::text[])
        with ordinality as r(user_id, payload, ord)
    ),
    wanted as (
      select s.id as subscription_id, r.payload::jsonb as payload,
             row_number() over (partition by s.id order by r.ord) as nth,
             count(*) over (partition by s.id) as how_many
      from r join webhook_subscriptions s on s.user_id = r.user_id and s.active and ${type} = any(s.events)
    ),
    numbered as (
      update webhook_subscriptions s set last_sequence = s.last_sequence + w.how_many
      from (select distinct subscription_id, how_many from wanted) w
      where s.id = w.subscription_id
      returning s.id, s.last_sequence
    )
    insert into webhook_deliveries (subscription_id, event_type, sequence, payload)
    select w.subscription_id, ${type}, n.last_sequence - w.how_many + w.nth,
           w.payload || jsonb_build_object('sequence', n.last_sequence - w.how_many + w.nth)
    from wanted w join numbered n on n.id = w.subscription_id
    order by w.subscription_id, w.nth`);
}

/** The same event data for many customers (a departure's milestone). */
export function enqueueWebhookEventForAll<E extends WebhookEvent>(
  tx: DbOrTx,
  type: E,
  userIds: string[],
  data: WebhookEventData<E>,
): Promise<void> {
  return enqueueWebhookEvent(
    tx,
    type,
    [...new Set(userIds)].map((userId) => ({ userId, data })),
  );
}
