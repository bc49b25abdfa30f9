// The customer's channels per kind of event (Configuración). Without a row a kind has the
// defaults: e-mail on unless the customer had turned every e-mail off before (the old
// user_profiles.email_notifications switch), WhatsApp on once a number is verified, push on once a
// browser is subscribed (docs/decisions/037-web-push.md). notify.ts applies the same rule in SQL.
import { eq, sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type ChannelPreference, type NotificationKind } from '@casillero/shared';
import type { Db, DbOrTx } from '../db/client';
import {
  notificationPreferences,
  phoneVerifications,
  pushSubscriptions,
  userProfiles,
  whatsappNumbers,
} from '../db/schema';
import { getUnsubscribeSecret, verifyUnsubscribeToken } from '../messaging/unsubscribe';

export async function getPreferences(db: DbOrTx, userId: string) {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const [profile] = await db
    .select({ email: userProfiles.emailNotifications })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  const [number] = await db
    .select({ phone: whatsappNumbers.phone, verifiedAt: whatsappNumbers.verifiedAt })
    .from(whatsappNumbers)
    .where(eq(whatsappNumbers.userId, userId));
  const [pending] = await db
    .select({ phone: phoneVerifications.phone, expiresAt: phoneVerifications.expiresAt })
    .from(phoneVerifications)
    .where(eq(phoneVerifications.userId, userId));
  const devices = await db
    .select({
      endpoint: pushSubscriptions.endpoint,
      device: pushSubscriptions.device,
      since: pushSubscriptions.createdAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt);
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  const preferences: ChannelPreference[] = NOTIFICATION_KINDS.map((kind) => ({
    kind,
    email: byKind.get(kind)?.email ?? profile?.email ?? true,
    whatsapp: byKind.get(kind)?.whatsapp ?? true,
    push: byKind.get(kind)?.push ?? true,
  }));
  return {
    preferences,
    pushDevices: devices,
    whatsapp: number ?? null,
    pending: pending && pending.expiresAt.getTime() > Date.now() ? pending : null,
  };
}

export async function setPreferences(db: DbOrTx, userId: string, preferences: ChannelPreference[]) {
  if (preferences.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(
      preferences.map((p) => ({
        userId,
        kind: p.kind,
        email: p.email,
        whatsapp: p.whatsapp,
        push: p.push ?? null,
        updatedAt: new Date(),
      })),
    )
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: {
        email: sql`excluded.email`,
        whatsapp: sql`excluded.whatsapp`,
        // Left out of the request: the kind's push choice stays as it was.
        push: sql`coalesce(excluded.push, ${notificationPreferences.push})`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/**
 * The e-mail link: turns e-mail off for the token's kind only, keeping that kind's WhatsApp
 * choice. Returns the kind, or null for a token we did not sign.
 */
export async function disableEmailByToken(db: Db, token: string | undefined): Promise<NotificationKind | null> {
  const target = verifyUnsubscribeToken(await getUnsubscribeSecret(db), token);
  if (!target) return null;
  await db.transaction(async (tx) => {
    const { preferences } = await getPreferences(tx, target.userId);
    const current = preferences.find((p) => p.kind === target.kind)!;
    await setPreferences(tx, target.userId, [{ ...current, email: false }]);
  });
  return target.kind;
}
