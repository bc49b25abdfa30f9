// What every part of the demo shares: the one transaction it is written in, the moment its story
// is told from, the settings the services need, and the people who act in it.
//
// The demo is built through the services, as staff and customers would build it, so it obeys
// the same rules and leaves the same audit entries. The services stamp what they write with the
// current time; the demo's story spreads over months, so each part then moves the timestamps of
// what it created into the past with direct UPDATEs (after endStaffWork: never audited ones).
import { sql } from 'drizzle-orm';
import type { StaffRole } from '@casillero/shared';
import { setAuditContext } from '../audit/audit-context';
import type { Db, Tx } from '../db/client';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { mailboxes, paymentTransactions } from '../db/schema';
import type { Config } from '../env';
import type { FileStore } from '../files/file-store';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The settings the services read: links in the messages they queue, and who else to tell. */
export type DemoConfig = Pick<Config, 'appUrl' | 'adminNotifyEmails'>;

export type DemoContext = {
  tx: Tx;
  /** The same transaction as the services take it (see `asOneTransaction`). */
  db: Db;
  now: Date;
  config: DemoConfig;
  fileStore: FileStore;
  /** Storage keys written so far, removed again when the seed fails. */
  written: string[];
};

export type StaffMember = { id: string; role: StaffRole };
export type DemoStaff = { admin: StaffMember; almacen: StaffMember; caja: StaffMember; atencion: StaffMember };

type MailboxRow = typeof mailboxes.$inferSelect;
type PaymentRow = typeof paymentTransactions.$inferSelect;
export type MailboxEntry = { mailbox: MailboxRow; payment: PaymentRow };
export type DemoCustomer = { id: string; email: string; fullName: string; usa?: MailboxEntry; china?: MailboxEntry };
export type CustomerKey = 'maria' | 'carlos' | 'jose' | 'ana' | 'luis' | 'daniela' | 'rafael';
export type DemoCustomers = Record<CustomerKey, DemoCustomer>;

/** Everyone in the story, for the parts after the accounts. */
export type DemoCast = { staff: DemoStaff; customers: DemoCustomers };

/**
 * The demo's transaction, handed to the services as their database. A service opens its own
 * transaction for its step; inside the demo's that would be a savepoint, two more statements for
 * each of the demo's steps that buy nothing: whatever fails rolls the whole demo back. Here a
 * service's transaction is the demo's itself, so it runs the same statements but those two.
 * What a service nests inside its transaction (a savepoint it retries from) stays a savepoint.
 */
export function asOneTransaction(tx: Tx): Tx {
  return new Proxy(tx, {
    get(target, key) {
      if (key === 'transaction') return <T>(step: (inner: Tx) => Promise<T>) => step(target);
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Raised inside the transaction when another process seeded first; rolls everything back. */
export class AlreadySeeded extends Error {}

/**
 * A moment `daysAgo` days (and `hoursAgo` hours) before now, a few minutes earlier still so
 * that not every row shares the same time of day. The shift (under 48 minutes) depends only
 * on the arguments, so equal arguments give equal moments and the order of events holds.
 */
export function at(ctx: Pick<DemoContext, 'now'>, daysAgo: number, hoursAgo = 0): Date {
  const shift = Math.round(Math.abs(Math.sin(daysAgo * 12.9898 + hoursAgo * 78.233)) * 47 * 60_000);
  return new Date(ctx.now.getTime() - daysAgo * DAY - hoursAgo * HOUR - shift);
}

/** `days` whole days from now (negative: before), for dates without a time. */
export const daysFrom = (ctx: Pick<DemoContext, 'now'>, days: number) => new Date(ctx.now.getTime() + days * DAY);

export const dateOnly = (d: Date) => d.toISOString().slice(0, 10);

/** Warehouse receipt numbers carry the year they were issued. */
export const wr = (when: Date, n: number) => `WR-${when.getUTCFullYear()}-${String(n).padStart(5, '0')}`;

export const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Runs a step as a staff member does it through the app: the audit settings of a staff request
 * are set first, and the database then writes an entry per row the step changes. They stay set
 * for the staff steps that follow; `endStaffWork` clears them before the demo's own corrections
 * of timestamps (which must leave no entry) or a customer's step.
 */
export async function asStaff<T>(
  ctx: DemoContext,
  who: StaffMember,
  action: string,
  step: () => Promise<T>,
): Promise<T> {
  // Each step its own request id, as each click is.
  await setAuditContext(ctx.tx, { userId: who.id, role: who.role, action, ip: null, userAgent: null });
  return step();
}

export async function endStaffWork(ctx: DemoContext): Promise<void> {
  await ctx.tx.execute(sql`select set_config('app.audit_actor', '', true)`);
}

/**
 * Moves many rows' timestamps in one statement: each row names its key and the moments of the
 * columns to set (the same columns in every row; a null empties one). One UPDATE per table, not
 * one per row (docs/decisions/027-demo-start-up-speed.md).
 */
export async function redate<T extends PgTable>(
  ctx: DemoContext,
  table: T,
  key: PgColumn,
  rows: { key: string; dates: Partial<Record<keyof T['$inferSelect'] & string, Date | null>> }[],
): Promise<void> {
  if (rows.length === 0) return;
  const fields = Object.keys(rows[0].dates);
  const columns = fields.map((field) => (table as unknown as Record<string, PgColumn>)[field]);
  const records = rows.map((row) => {
    const dates = row.dates as Record<string, Date | null>;
    return Object.fromEntries([
      ['k', row.key],
      ...fields.map((field, i) => [`c${i}`, dates[field]?.toISOString() ?? null]),
    ]);
  });
  const shape = sql.raw(['k uuid', ...fields.map((_, i) => `c${i} timestamptz`)].join(', '));
  const assignments = sql.join(
    columns.map((column, i) => sql`${sql.identifier(column.name)} = v.${sql.raw(`c${i}`)}`),
    sql`, `,
  );
  await ctx.tx.execute(sql`
    update ${table} set ${assignments}
    from json_to_recordset(${JSON.stringify(records)}::json) as v(${shape})
    where ${key} = v.k`);
}
