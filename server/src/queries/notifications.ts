import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type {
  AdminNotificationFilters,
  AdminNotificationListParams,
  AdminNotificationType,
  NotificationType,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { notifications, userProfiles, users } from '../db/schema';
import { containsPattern, searchTerm } from '../lib/list';
import { foldedLike } from '../lib/search-text';
import { defineList } from '../lib/list-engine';
import { newestFirst, ownNewestFirst } from '../lib/list-sorts';
import { withCustomer } from '../lib/joins';
import { customerArms } from './search-arms';

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return Number(row.n);
}

export type OwnNotificationsParams = { page: number; pageSize: number; unreadOnly: boolean };

const notificationColumns = {
  id: notifications.id,
  title: notifications.title,
  message: notifications.message,
  type: notifications.type,
  read: notifications.read,
  link: notifications.link,
  createdAt: notifications.createdAt,
};

/** The customer's own notifications (the bell and Notificaciones). */
const ownNotificationsList = defineList<{ unreadOnly?: boolean }>()({
  name: 'own_notifications',
  ...ownNewestFirst(notifications),
  filters: { unreadOnly: { literal: (only) => (only ? eq(notifications.read, false) : undefined) } },
  rows: { direct: (db) => db.select(notificationColumns).from(notifications).$dynamic() },
  present: (rows) => rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
});

/** The customer's notifications, newest first, one page at a time, with the total. */
export const listOwnNotifications = (db: DbOrTx, userId: string, params: OwnNotificationsParams) =>
  ownNotificationsList.numberedPage(db, params, userId);

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

// --- Admin: Gestión de Notificaciones (docs/product/admin-notifications.md) --------------------------------------

/** The 'Pago' filter also finds the system's payment updates (shown with their own label). */
const TYPES_OF_FILTER: Record<AdminNotificationType, NotificationType[]> = {
  general: ['general'],
  package: ['package'],
  shipment: ['shipment'],
  payment: ['payment', 'payment_update'],
  system: ['system'],
};

const adminNotificationsList = defineList<AdminNotificationListParams>()({
  name: 'notifications',
  ...newestFirst(notifications),
  // The type is part of the statement's shape (an enum literal, not user text).
  filters: { type: { literal: (type) => inArray(notifications.type, TYPES_OF_FILTER[type]) } },
  search: {
    fenced: true,
    // Title or message (trigram indexes), or the recipient's name or e-mail (as init plans).
    where: (db, p) =>
      or(
        ilike(notifications.title, p('pattern')),
        ilike(notifications.message, p('pattern')),
        ...customerArms(db, notifications.userId, p('pattern')),
      )!,
  },
  rows: {
    pageIds: (db, page) => {
      const columns = {
        ...notificationColumns,
        userId: notifications.userId,
        userName: userProfiles.fullName,
        userEmail: users.email,
      };
      const rows = db.select(columns).from(page).innerJoin(notifications, eq(notifications.id, page.pageId));
      return withCustomer(rows.$dynamic(), notifications.userId);
    },
  },
});

/** A page of every user's notifications, newest first unless asked otherwise. */
export const listAdminNotifications = (db: DbOrTx, input: AdminNotificationListParams) =>
  adminNotificationsList.page(db, input);
export type AdminNotificationRow = Awaited<ReturnType<typeof listAdminNotifications>>['rows'][number];

/** How many match the filters, counted up to the cap ('más de 100.000' past it). */
export const countAdminNotifications = (db: DbOrTx, filters: AdminNotificationFilters) =>
  adminNotificationsList.count(db, filters);

/** 'Nueva Notificación' recipient picker: customers by name or e-mail, at most 50 at a time. */
export async function listNotificationRecipients(db: DbOrTx, q: string | undefined) {
  const term = searchTerm(q);
  const pattern = term === null ? null : containsPattern(term);
  return db
    .select({ id: users.id, email: users.email, fullName: userProfiles.fullName })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(
      and(
        eq(users.role, 'user'),
        pattern === null ? undefined : or(foldedLike(userProfiles.fullName, pattern), ilike(users.email, pattern)),
      ),
    )
    .orderBy(asc(userProfiles.fullName), asc(users.email))
    .limit(50);
}

/** Deletes any user's notification; false when there is none with that id. */
export async function deleteNotification(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(notifications).where(eq(notifications.id, id)).returning({ id: notifications.id });
  return rows.length > 0;
}
