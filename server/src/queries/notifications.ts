import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  LIST_COUNT_CAP,
  type AdminNotificationFilters,
  type AdminNotificationListParams,
  type AdminNotificationType,
  type NotificationType,
  type SortDirection,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { notifications, userProfiles, users } from '../db/schema';
import { capCount, containsPattern, pageWindow, preparedCache, searchTerm, toListPage, type BoundedCount, type ListPage } from '../lib/list';

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

// --- Admin: Gestión de Notificaciones (admin spec §2, §7) --------------------------------------
// The admin list pattern (docs/decisions/008): ids first, bounded counts, prepared per shape.

const ph = sql.placeholder;

/** The 'Pago' filter also finds the system's payment updates (shown with their own label). */
const TYPES_OF_FILTER: Record<AdminNotificationType, NotificationType[]> = {
  general: ['general'],
  package: ['package'],
  shipment: ['shipment'],
  payment: ['payment', 'payment_update'],
  system: ['system'],
};

type NotificationShape = { q: boolean; type: AdminNotificationType | null };

function notificationShape(filters: AdminNotificationFilters) {
  const term = searchTerm(filters.q);
  return {
    shape: { q: term !== null, type: filters.type ?? null } satisfies NotificationShape,
    values: { pattern: term === null ? undefined : containsPattern(term) },
  };
}

const notificationShapeKey = (s: NotificationShape) => `${+s.q}_${s.type ?? 'all'}`;

/** Title or message (trigram indexes), or the recipient's name or e-mail (as init plans). */
function notificationWhere(db: DbOrTx, shape: NotificationShape): SQL | undefined {
  const conditions: SQL[] = [];
  if (shape.q) {
    const pattern = ph('pattern');
    const byName = db.select({ id: userProfiles.userId }).from(userProfiles).where(ilike(userProfiles.fullName, pattern));
    const byEmail = db.select({ id: users.id }).from(users).where(ilike(users.email, pattern));
    conditions.push(
      or(
        ilike(notifications.title, pattern),
        ilike(notifications.message, pattern),
        sql`${notifications.userId} = any(array(${byName}))`,
        sql`${notifications.userId} = any(array(${byEmail}))`,
      )!,
    );
  }
  // The type is part of the statement's shape (an enum literal, not user text).
  if (shape.type) conditions.push(inArray(notifications.type, TYPES_OF_FILTER[shape.type]));
  return conditions.length ? and(...conditions) : undefined;
}

/** Spelled like the (created_at DESC NULLS LAST) indexes, read forwards or backwards. */
const notificationOrder = (c: { createdAt: SQLWrapper; id: SQLWrapper }, dir: SortDirection) =>
  dir === 'asc'
    ? [sql`${c.createdAt} asc nulls first`, sql`${c.id} asc`]
    : [sql`${c.createdAt} desc nulls last`, sql`${c.id} desc`];

function buildNotificationRowsQuery(db: DbOrTx, shape: NotificationShape, dir: SortDirection) {
  const where = notificationWhere(db, shape);
  const ids = shape.q
    ? (() => {
        const matches = db
          .select({ id: notifications.id, createdAt: notifications.createdAt })
          .from(notifications)
          .where(where)
          .offset(ph('fence'))
          .as('matches');
        return db.select({ pageId: matches.id }).from(matches).orderBy(...notificationOrder(matches, dir));
      })()
    : db.select({ pageId: notifications.id }).from(notifications).where(where).orderBy(...notificationOrder(notifications, dir));
  const page = ids.limit(ph('limit')).offset(ph('offset')).as('page');
  return db
    .select({
      id: notifications.id,
      title: notifications.title,
      message: notifications.message,
      type: notifications.type,
      read: notifications.read,
      link: notifications.link,
      createdAt: notifications.createdAt,
      userId: notifications.userId,
      userName: userProfiles.fullName,
      userEmail: users.email,
    })
    .from(page)
    .innerJoin(notifications, eq(notifications.id, page.pageId))
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, notifications.userId))
    .orderBy(...notificationOrder(notifications, dir));
}

const notificationRowsStatements = preparedCache<ReturnType<ReturnType<typeof buildNotificationRowsQuery>['prepare']>>();
export type AdminNotificationRow = Awaited<ReturnType<typeof buildNotificationRowsQuery>>[number];

/** A page of every user's notifications, newest first unless asked otherwise. */
export async function listAdminNotifications(db: DbOrTx, input: AdminNotificationListParams): Promise<ListPage<AdminNotificationRow>> {
  const { shape, values } = notificationShape(input);
  const dir = input.dir ?? 'desc';
  const window = pageWindow(input);
  const statement = notificationRowsStatements(db, `notifications_list_${notificationShapeKey(shape)}_${dir}`, (name) =>
    buildNotificationRowsQuery(db, shape, dir).prepare(name),
  );
  const rows = await statement.execute({ ...values, fence: 0, limit: window.limit + 1, offset: window.offset });
  return toListPage(rows, window);
}

function buildNotificationCountQuery(db: DbOrTx, shape: NotificationShape) {
  const bounded = db.select({ one: sql`1` }).from(notifications).where(notificationWhere(db, shape)).limit(ph('cap')).as('bounded');
  return db.select({ n: sql<number>`count(*)::int` }).from(bounded);
}
const notificationCountStatements = preparedCache<ReturnType<ReturnType<typeof buildNotificationCountQuery>['prepare']>>();

/** How many match the filters, counted up to the cap ('más de 100.000' past it). */
export async function countAdminNotifications(db: DbOrTx, filters: AdminNotificationFilters): Promise<BoundedCount> {
  const { shape, values } = notificationShape(filters);
  const statement = notificationCountStatements(db, `notifications_count_${notificationShapeKey(shape)}`, (name) =>
    buildNotificationCountQuery(db, shape).prepare(name),
  );
  const [row] = await statement.execute({ ...values, cap: LIST_COUNT_CAP + 1 });
  return capCount(Number(row?.n ?? 0));
}

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
        pattern === null ? undefined : or(ilike(userProfiles.fullName, pattern), ilike(users.email, pattern)),
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
