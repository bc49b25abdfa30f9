// Migration 0025 (docs/decisions/005): every money column becomes integer cents. Applied here on
// a database migrated up to 0024 that holds amounts in dollars; each row and each table's sum
// must come out exactly ×100, and the daily report totals must keep following the tables.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type Row, useDatabaseMigratedUpTo } from '../test/migrations';

const migrated = useDatabaseMigratedUpTo('0024_claims');
const { query } = migrated;

/** Dollars as the old columns hold them, typed as text so nothing passes through a float. */
const AMOUNTS = ['0.10', '0.20', '19.99', '1234567.89', '0.00', '7.05'];
/** The same amounts in cents, computed by hand. */
const CENTS = [10, 20, 1999, 123456789, 0, 705];
const VES_AMOUNTS = ['0.10', '0.20', '19.99', '98765432109.87', '0.00', '7.05'];
const VES_CENTS = [10, 20, 1999, 9876543210987, 0, 705];

/** Each converted column: its table, old and new name, and the amounts put in it. */
const COLUMNS = [
  { table: 'packages', from: 'estimated_value_usd', to: 'estimated_value_usd_cents', amounts: AMOUNTS, cents: CENTS },
  { table: 'prealerts', from: 'amount_spent', to: 'amount_spent_usd_cents', amounts: AMOUNTS, cents: CENTS },
  { table: 'prealerts', from: 'estimated_value', to: 'estimated_value_usd_cents', amounts: AMOUNTS, cents: CENTS },
  { table: 'trackings', from: 'estimated_value', to: 'estimated_value_usd_cents', amounts: AMOUNTS, cents: CENTS },
  { table: 'shipments', from: 'shipping_cost_usd', to: 'shipping_cost_usd_cents', amounts: AMOUNTS, cents: CENTS },
  { table: 'payment_transactions', from: 'amount_usd', to: 'amount_usd_cents', amounts: AMOUNTS, cents: CENTS },
  { table: 'payment_transactions', from: 'amount_ves', to: 'amount_ves_cents', amounts: VES_AMOUNTS, cents: VES_CENTS },
] as const;

const ids: Record<string, string[]> = {};
const sumsBefore: Record<string, string> = {};
let reportBefore: Row[] = [];

describe('migration 0025: money in integer cents', () => {
  it('converts every amount of every money column exactly, and each table’s sum', async () => {
    const [user] = await query(
      sql`insert into users (email, password_hash) values ('dinero@ejemplo.com', 'x') returning id`,
    );
    const [mailbox] =
      await query(sql`insert into mailboxes (user_id, mailbox_code, location, address_line_1, city, postal_code, country)
      values (${user.id}, 'MIA-CENTS', 'miami', '1 Main St', 'Miami', '33101', 'USA') returning id`);
    for (const [i, usd] of AMOUNTS.entries()) {
      const ves = VES_AMOUNTS[i];
      // Two days, so the daily report holds more than one row.
      const at = i % 2 ? '2026-03-01T15:00:00Z' : '2026-03-02T15:00:00Z';
      const rows = [
        await query(sql`insert into packages (user_id, mailbox_id, package_description, estimated_value_usd, created_at)
          values (${user.id}, ${mailbox.id}, 'Caja', ${usd}::numeric, ${at}) returning id`),
        await query(sql`insert into prealerts (user_id, description, amount_spent, estimated_value)
          values (${user.id}, 'Compra', ${usd}::numeric, ${usd}::numeric) returning id`),
        await query(sql`insert into trackings (tracking_number, user_id, mailbox_id, description, carrier, sender_name, estimated_value)
          values (${`1Z-CENTS-${i}`}, ${user.id}, ${mailbox.id}, 'Caja', 'UPS', 'Tienda', ${usd}::numeric) returning id`),
        await query(sql`insert into shipments (user_id, shipment_code, delivery_address, delivery_city, delivery_state, shipping_cost_usd, created_at)
          values (${user.id}, ${`SHCENTS${i}`}, 'Av. 1', 'Caracas', 'Distrito Capital', ${usd}::numeric, ${at}) returning id`),
        await query(sql`insert into payment_transactions (user_id, transaction_type, amount_usd, amount_ves, status, created_at)
          values (${user.id}, 'shipping_payment', ${usd}::numeric, ${ves}::numeric, 'completed', ${at}) returning id`),
      ];
      for (const [n, table] of ['packages', 'prealerts', 'trackings', 'shipments', 'payment_transactions'].entries()) {
        ids[table] ??= [];
        ids[table].push(rows[n][0].id as string);
      }
    }
    // A row without the optional amounts stays without them.
    await query(sql`insert into packages (user_id, mailbox_id, package_description, created_at)
      values (${user.id}, ${mailbox.id}, 'Sin valor', '2026-03-02T15:00:00Z')`);
    for (const c of COLUMNS) {
      const [row] = await query(sql.raw(`select sum("${c.from}")::text as total from "${c.table}"`));
      sumsBefore[`${c.table}.${c.from}`] = row.total as string;
    }
    reportBefore = await query(
      sql`select day::text, shipping_cost_usd::text as cost, revenue_usd::text as revenue from report_daily order by day`,
    );
    expect(reportBefore.length).toBe(2);

    await migrated.database().migrate();

    for (const c of COLUMNS) {
      const rows = await query(
        sql.raw(`select id, "${c.to}" as amount from "${c.table}" where id = any('{${ids[c.table].join(',')}}')`),
      );
      const byId = new Map(rows.map((r) => [r.id, r.amount]));
      expect(
        ids[c.table].map((id) => Number(byId.get(id))),
        `${c.table}.${c.to}`,
      ).toEqual(c.cents);
      const [sum] = await query(sql.raw(`select sum("${c.to}")::text as total from "${c.table}"`));
      // The sum in cents is the old sum in dollars × 100, computed exactly in the database.
      const [expected] = await query(
        sql`select round(${sumsBefore[`${c.table}.${c.from}`]}::numeric * 100)::text as total`,
      );
      expect(sum.total, `sum of ${c.table}.${c.to}`).toBe(expected.total);
      expect(Number(sum.total)).toBe(c.cents.reduce((a, b) => a + b, 0));
      const [type] = await query(sql`select data_type from information_schema.columns
        where table_name = ${c.table} and column_name = ${c.to}`);
      expect(type.data_type).toBe('bigint');
    }
    const [empty] = await query(
      sql`select estimated_value_usd_cents from packages where package_description = 'Sin valor'`,
    );
    expect(empty.estimated_value_usd_cents).toBeNull();
  });

  it('carries the daily report totals over in cents, and its triggers keep counting in cents', async () => {
    const report = await query(
      sql`select day::text, shipping_cost_usd_cents::text as cost, revenue_usd_cents::text as revenue from report_daily order by day`,
    );
    const [expected] = await query(sql`select json_agg(json_build_object(
        'day', r.day, 'cost', round(r.cost::numeric * 100)::text, 'revenue', round(r.revenue::numeric * 100)::text) order by r.day) as rows
      from json_to_recordset(${JSON.stringify(reportBefore)}::json) as r(day text, cost text, revenue text)`);
    expect(report).toEqual(expected.rows);

    // A new shipment and an approval on an existing day add their cents to that day.
    const [user] = await query(sql`select id from users where email = 'dinero@ejemplo.com'`);
    await query(sql`insert into shipments (user_id, shipment_code, delivery_address, delivery_city, delivery_state, shipping_cost_usd_cents, created_at)
      values (${user.id}, 'SHCENTSNEW', 'Av. 1', 'Caracas', 'Distrito Capital', 1999, '2026-03-01T15:00:00Z')`);
    await query(sql`insert into payment_transactions (user_id, transaction_type, amount_usd_cents, status, created_at)
      values (${user.id}, 'shipping_payment', 1, 'pending', '2026-03-01T15:00:00Z')`);
    await query(sql`update payment_transactions set status = 'completed' where amount_usd_cents = 1`);
    const [day] = await query(
      sql`select shipping_cost_usd_cents as cost, revenue_usd_cents as revenue from report_daily where day = '2026-03-01'`,
    );
    const before = reportBefore.find((r) => r.day === '2026-03-01') as Row;
    expect(Number(day.cost)).toBe(Math.round(Number(before.cost) * 100) + 1999);
    expect(Number(day.revenue)).toBe(Math.round(Number(before.revenue) * 100) + 1);

    // Rebuilding from the tables gives the same totals the triggers kept.
    const kept = await query(sql`select * from report_daily order by day`);
    await query(sql`select report_daily_rebuild()`);
    expect(await query(sql`select * from report_daily order by day`)).toEqual(kept);
  });
});
