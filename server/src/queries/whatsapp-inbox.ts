// What the WhatsApp desk's inbox reads (docs/product/whatsapp-desk.md#the-inbox): the open
// conversations with their waits, one conversation's thread (what the customer wrote, what the
// desk and the staff answered, and how far each answer got), the customer's context beside it,
// which reply the 24-hour window allows, and the count waiting for the dashboard.
import { aliasedTable, and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { can, SERVICE_WINDOW_MS, STAFF_ROLES, type ConversationFilter, type ReplyWindow } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import {
  mailboxes,
  storedFiles,
  userProfiles,
  users,
  whatsappConversations as conversations,
  whatsappDeskReplies as replies,
  whatsappInboundMessages as inbound,
  whatsappOutbox as outbox,
} from '../db/schema';
import { customerName } from '../lib/joins';
import { WHATSAPP_TEMPLATES } from '../messaging/whatsapp-templates';
import { listCustomerInvoices } from './billing';
import { listMyClaims } from './claims';
import { openShipmentsOf, parcelsOnTheShelfOf } from './whatsapp-desk';

/** The roles whose people answer the inbox (and may be assigned a conversation). */
export const INBOX_ROLES = STAFF_ROLES.filter((r) => can(r, 'conversations.manage'));

/** How many messages of each side a thread shows (the latest). */
const THREAD_LIMIT = 200;

const assignee = aliasedTable(userProfiles, 'assignee_profile');
const assigneeUser = aliasedTable(users, 'assignee_user');

/** The last thing the customer wrote, for the list. */
const lastText = sql<string | null>`(
  select coalesce(m.text, case m.kind when 'image' then '🖼️' when 'document' then '📎' else null end)
  from ${inbound} m where m.from_phone = ${conversations.phone}
  order by m.sent_at desc, m.position desc limit 1)`;

/** Every conversation waiting for a person: those nobody has answered first, the longest wait first. */
export async function listOpenConversations(db: DbOrTx, staffId: string, filter: ConversationFilter) {
  const where: SQL[] = [isNotNull(conversations.needsAgentSince)];
  if (filter === 'mine') where.push(eq(conversations.assignedTo, staffId));
  if (filter === 'unassigned') where.push(isNull(conversations.assignedTo));
  const rows = await db
    .select({
      phone: conversations.phone,
      profileName: conversations.profileName,
      userId: conversations.userId,
      customerName: sql<string | null>`case when ${users.id} is null then null else ${customerName} end`,
      assignedTo: conversations.assignedTo,
      assignedName: sql<string | null>`coalesce(${assignee.fullName}, ${assigneeUser.email})`,
      needsAgentSince: conversations.needsAgentSince,
      firstResponseAt: conversations.firstResponseAt,
      lastInboundAt: conversations.lastInboundAt,
      lastText,
    })
    .from(conversations)
    .leftJoin(users, eq(users.id, conversations.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(assigneeUser, eq(assigneeUser.id, conversations.assignedTo))
    .leftJoin(assignee, eq(assignee.userId, conversations.assignedTo))
    .where(and(...where))
    .orderBy(sql`${conversations.firstResponseAt} is not null`, asc(conversations.needsAgentSince))
    .limit(500);
  return rows.map((r) => ({
    ...r,
    needsAgentSince: r.needsAgentSince!.toISOString(),
    firstResponseAt: r.firstResponseAt?.toISOString() ?? null,
    lastInboundAt: r.lastInboundAt.toISOString(),
  }));
}

/** Which reply the window allows now: free-form until 24 hours after the customer's last message. */
export function replyWindow(lastInboundAt: Date, now: Date): ReplyWindow {
  const closes = new Date(lastInboundAt.getTime() + SERVICE_WINDOW_MS);
  return closes.getTime() > now.getTime()
    ? { open: true, closesAt: closes.toISOString() }
    : { open: false, closedAt: closes.toISOString() };
}

export type ThreadMessage = {
  id: string;
  at: string;
  from: 'customer' | 'desk' | 'staff';
  text: string;
  /** A customer's file (its kind) or a staff's attachment; `fileId` once it is kept (a customer's, downloaded by the desk). */
  file: { kind: 'image' | 'document'; name: string | null; fileId: string | null } | null;
  /** An answer's delivery: pending, sent or failed (the outbox's). */
  status: string | null;
  /** Who of the staff sent it; the template when it went as one. */
  staffName: string | null;
  template: string | null;
};

/** One conversation: its state, the thread oldest first, the window, and the customer's parcels, invoices and claims. */
export async function conversationDetail(db: DbOrTx, phone: string, now: Date) {
  const [c] = await db
    .select({
      phone: conversations.phone,
      profileName: conversations.profileName,
      userId: conversations.userId,
      customerName: sql<string | null>`case when ${users.id} is null then null else ${customerName} end`,
      customerEmail: users.email,
      mailboxCodes: sql<
        string | null
      >`(select string_agg(${mailboxes.mailboxCode}, ', ' order by ${mailboxes.createdAt}) from ${mailboxes} where ${mailboxes.userId} = ${conversations.userId})`,
      assignedTo: conversations.assignedTo,
      needsAgentSince: conversations.needsAgentSince,
      firstResponseAt: conversations.firstResponseAt,
      lastInboundAt: conversations.lastInboundAt,
      closedAt: conversations.closedAt,
    })
    .from(conversations)
    .leftJoin(users, eq(users.id, conversations.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(conversations.phone, phone));
  if (!c) return null;
  const [thread, context] = await Promise.all([threadOf(db, phone), c.userId ? contextOf(db, c.userId) : null]);
  return {
    ...c,
    needsAgentSince: c.needsAgentSince?.toISOString() ?? null,
    firstResponseAt: c.firstResponseAt?.toISOString() ?? null,
    lastInboundAt: c.lastInboundAt.toISOString(),
    closedAt: c.closedAt?.toISOString() ?? null,
    window: replyWindow(c.lastInboundAt, now),
    thread,
    context,
  };
}

/** What the customer wrote and what went back to them, in order (the verification code left out). */
async function threadOf(db: DbOrTx, phone: string): Promise<ThreadMessage[]> {
  const staff = aliasedTable(userProfiles, 'staff_profile');
  const staffUser = aliasedTable(users, 'staff_user');
  const [written, answered] = await Promise.all([
    db
      .select()
      .from(inbound)
      .where(eq(inbound.fromPhone, phone))
      .orderBy(desc(inbound.sentAt), desc(inbound.position))
      .limit(THREAD_LIMIT),
    db
      .select({
        id: outbox.id,
        createdAt: outbox.createdAt,
        body: outbox.body,
        template: outbox.template,
        status: outbox.status,
        queuePosition: outbox.queuePosition,
        payload: outbox.payload,
        replyId: replies.id,
        staffName: sql<string | null>`coalesce(${staff.fullName}, ${staffUser.email})`,
        fileName: storedFiles.originalName,
        fileId: storedFiles.id,
      })
      .from(outbox)
      .leftJoin(replies, eq(replies.outboxId, outbox.id))
      .leftJoin(staffUser, eq(staffUser.id, replies.staffId))
      .leftJoin(staff, eq(staff.userId, replies.staffId))
      .leftJoin(storedFiles, eq(storedFiles.id, replies.fileId))
      .where(and(eq(outbox.toPhone, phone), ne(outbox.template, WHATSAPP_TEMPLATES.verification.name)))
      .orderBy(desc(outbox.queuePosition))
      .limit(THREAD_LIMIT),
  ]);
  const messages: (ThreadMessage & { order: number })[] = [
    ...written.map((m) => ({
      id: m.id,
      at: m.sentAt.toISOString(),
      // WhatsApp's times are whole seconds: within one, the order they were stored in.
      order: m.position,
      from: 'customer' as const,
      text: m.text ?? '',
      file:
        m.kind === 'image' || m.kind === 'document'
          ? { kind: m.kind, name: m.media?.filename ?? null, fileId: m.fileId }
          : null,
      status: null,
      staffName: null,
      template: null,
    })),
    ...answered.map((m) => {
      const kind = m.payload?.type === 'image' || m.payload?.type === 'document' ? m.payload.type : null;
      return {
        id: m.id,
        at: m.createdAt.toISOString(),
        order: m.queuePosition,
        from: m.replyId ? ('staff' as const) : ('desk' as const),
        text: m.body,
        file: kind ? { kind, name: m.fileName, fileId: m.fileId } : null,
        status: m.status,
        staffName: m.staffName,
        template: m.template || null,
      };
    }),
  ];
  // The customer's messages by time, ours in the order they go out (the queue's: two people
  // replying at once may stamp their transactions' times the other way round), merged by time.
  const theirs = messages
    .filter((m) => m.from === 'customer')
    .sort((a, b) => a.at.localeCompare(b.at) || a.order - b.order);
  const ours = messages.filter((m) => m.from !== 'customer').sort((a, b) => a.order - b.order);
  const merged: typeof messages = [];
  while (theirs.length || ours.length) {
    const next = !ours.length || (theirs.length && theirs[0]!.at <= ours[0]!.at) ? theirs.shift()! : ours.shift()!;
    merged.push(next);
  }
  return merged.map(({ order: _order, ...m }) => m);
}

/** Beside the thread: the customer's open parcels and shipments, open invoices and claims. */
async function contextOf(db: DbOrTx, userId: string) {
  const [shipments, parcels, invoices, claims] = await Promise.all([
    openShipmentsOf(db, userId),
    parcelsOnTheShelfOf(db, userId),
    listCustomerInvoices(db, userId),
    listMyClaims(db, userId),
  ]);
  const open = invoices.filter((i) => i.status === 'pending' || i.status === 'partial');
  return {
    shipments,
    parcels,
    invoices: {
      total: open.length,
      owedUsdCents: open.reduce((sum, i) => sum + i.remainingUsdCents, 0),
      rows: open.slice(0, 10).map((i) => ({
        id: i.id,
        number: i.number,
        issueDate: i.issueDate,
        status: i.status,
        remainingUsdCents: i.remainingUsdCents,
      })),
    },
    claims: claims.slice(0, 10).map((k) => ({ id: k.id, code: k.code, status: k.status, subject: k.subject })),
  };
}

/** Who a conversation can be assigned to: the active people of customer service and the administrators. */
export function inboxPeople(db: DbOrTx) {
  return db
    .select({ id: users.id, name: customerName })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(inArray(users.role, INBOX_ROLES), isNull(users.deactivatedAt)))
    .orderBy(users.email);
}

/**
 * For the dashboard: how many conversations are open, how many still wait for their first reply,
 * and since when the longest of those has waited (null: nobody waits).
 */
export async function conversationsWaiting(db: DbOrTx) {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      unanswered: sql<number>`count(*) filter (where ${conversations.firstResponseAt} is null)::int`,
      oldest: sql<
        string | null
      >`min(${conversations.needsAgentSince}) filter (where ${conversations.firstResponseAt} is null)`,
    })
    .from(conversations)
    .where(isNotNull(conversations.needsAgentSince));
  return {
    waiting: Number(row?.waiting ?? 0),
    unanswered: Number(row?.unanswered ?? 0),
    oldestSince: row?.oldest ? new Date(row.oldest).toISOString() : null,
  };
}
