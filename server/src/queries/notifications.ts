import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { notifications } from '../db/schema';

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return Number(row.n);
}

export type OwnNotificationsParams = { page: number; pageSize: number; unreadOnly: boolean };

/** The customer's notifications, newest first, one page at a time, with the total. */
export async function listOwnNotifications(db: DbOrTx, userId: string, params: OwnNotificationsParams) {
  const where = and(eq(notifications.userId, userId), params.unreadOnly ? eq(notifications.read, false) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        title: notifications.title,
        message: notifications.message,
        type: notifications.type,
        read: notifications.read,
        link: notifications.link,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(params.pageSize)
      .offset((params.page - 1) * params.pageSize),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: Number(total.n),
    page: params.page,
    pageSize: params.pageSize,
  };
}

/** Marks one own notification read; false when no such notification is the customer's. */
export async function markOwnNotificationRead(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Marks every own unread notification read; returns how many changed. */
export async function markAllOwnNotificationsRead(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  return rows.length;
}
