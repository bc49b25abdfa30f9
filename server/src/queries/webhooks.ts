// Webhooks (docs/product/public-api.md#webhooks): the owner's subscriptions and each one's
// deliveries. Own rows only; the signing secret never leaves services/webhooks.ts and the worker.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { webhookDeliveries, webhookSubscriptions } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { WEBHOOK_MESSAGES } from '@casillero/shared';

/** How many of a subscription's latest deliveries the list shows. */
export const WEBHOOK_DELIVERIES_SHOWN = 50;

export async function listOwnWebhooks(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      id: webhookSubscriptions.id,
      url: webhookSubscriptions.url,
      events: webhookSubscriptions.events,
      active: webhookSubscriptions.active,
      createdAt: webhookSubscriptions.createdAt,
      // Until when the secret a rotation replaced still signs; null when none does.
      previousSecretExpiresAt: sql<
        string | null
      >`case when ${webhookSubscriptions.previousSecretExpiresAt} > now() then ${webhookSubscriptions.previousSecretExpiresAt} end`,
    })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.userId, userId))
    .orderBy(desc(webhookSubscriptions.createdAt));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    previousSecretExpiresAt:
      r.previousSecretExpiresAt === null ? null : new Date(r.previousSecretExpiresAt).toISOString(),
  }));
}

/** The subscription's latest deliveries, newest first: event, status, response code, attempts. */
export async function listOwnWebhookDeliveries(db: DbOrTx, userId: string, subscriptionId: string) {
  const [owned] = await db
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.id, subscriptionId), eq(webhookSubscriptions.userId, userId)));
  if (!owned) throw new DomainError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      eventType: webhookDeliveries.eventType,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      responseStatus: webhookDeliveries.responseStatus,
      lastError: webhookDeliveries.lastError,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
      sentAt: webhookDeliveries.sentAt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(WEBHOOK_DELIVERIES_SHOWN);
  return rows.map((r) => ({
    ...r,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}
