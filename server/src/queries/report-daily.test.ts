// report_daily (migration 0009) against the tables it summarises: after inserts, updates and
// deletes at awkward times of day, the daily rows equal a rebuild from scratch, and every
// period report equals the same figures counted straight from the tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { REPORT_PERIODS, reportWindows } from '@casillero/shared';
import { rowsOf, type Database } from '../db/client';
import { mailboxes, packages, paymentTransactions, shipmentPackages, shipments, users } from '../db/schema';
import { createTestDatabase } from '../test/db';
import { getPeriodReport, getReportTrend } from './reports';

const NOW = new Date('2026-03-10T02:30:00.000Z'); // 22:30 on March 9 in Caracas
const HOUR = 60 * 60 * 1000;
/** Spread over two and a half years, at every hour of the day (a fixed, repeatable walk). */
const when = (i: number) => new Date(NOW.getTime() - ((i * 7919) % (900 * 24)) * HOUR - (i % 60) * 60_000 + 2 * HOUR);

let database: Database;

async function dailyRows(db: Database['db']) {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`select day::text, packages::int, shipments::int, shipping_cost_usd_cents::text as cost,
                                carried_packages::int as carried, revenue_usd_cents::text as revenue
                         from report_daily
                         where packages <> 0 or shipments <> 0 or shipping_cost_usd_cents <> 0 or carried_packages <> 0 or revenue_usd_cents <> 0
                         order by day`),
  );
}

/** The period's figures counted from the tables, as the reports define them. */
async function countedFromTables(db: Database['db'], start: Date, end: Date) {
  const [s, e] = [start.toISOString(), end.toISOString()];
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select
      (select count(*)::int from packages where created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz) as packages,
      (select count(*)::int from shipments where created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz) as shipments,
      (select (coalesce(sum(amount_usd_cents), 0) / 100.0)::float from payment_transactions
        where status = 'completed' and created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz) as revenue,
      (select (coalesce(sum(shipping_cost_usd_cents), 0) / 100.0)::float from shipments where created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz) as cost,
      (select count(*)::int from shipment_packages where created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz) as carried`),
  );
  return row as { packages: number; shipments: number; revenue: number; cost: number; carried: number };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const [u] = await db
    .insert(users)
    .values({ email: 'diario@reportes.test', passwordHash: 'x', role: 'user' })
    .returning({ id: users.id });
  const [m] = await db
    .insert(mailboxes)
    .values({
      userId: u.id,
      mailboxCode: 'MV-19487-77777',
      location: 'miami',
      addressLine1: 'Calle 1',
      city: 'Miami',
      postalCode: '33166',
      country: 'USA',
    })
    .returning({ id: mailboxes.id });

  // One statement for many rows (the triggers work per statement), then single rows.
  const pkgs = await db
    .insert(packages)
    .values(
      Array.from({ length: 300 }, (_, i) => ({
        userId: u.id,
        mailboxId: m.id,
        packageDescription: `Paquete ${i}`,
        createdAt: when(i),
      })),
    )
    .returning({ id: packages.id, createdAt: packages.createdAt });
  for (let i = 300; i < 330; i++) {
    await db
      .insert(packages)
      .values({ userId: u.id, mailboxId: m.id, packageDescription: `Suelto ${i}`, createdAt: when(i) });
  }
  // Rows on both sides of every window's edges, where whole days and partial days meet.
  const edges = REPORT_PERIODS.flatMap((period) => {
    const w = reportWindows(period, NOW);
    return [w.start, w.previousStart];
  }).concat(NOW);
  const nearEdges = edges.flatMap((t) => [-5, -1, -0.25, 0.25, 1, 5].map((h) => new Date(t.getTime() + h * HOUR)));
  await db
    .insert(packages)
    .values(
      nearEdges.map((createdAt, i) => ({ userId: u.id, mailboxId: m.id, packageDescription: `Borde ${i}`, createdAt })),
    );
  await db.insert(paymentTransactions).values(
    nearEdges.map((createdAt, i) => ({
      userId: u.id,
      transactionType: 'course_purchase' as const,
      amountUsdCents: 2000 + i,
      paymentMethod: 'PayPal',
      paymentReference: `BORDE-${i}`,
      status: 'completed' as const,
      createdAt,
    })),
  );
  // A package dated after NOW: no report counts it.
  await db.insert(packages).values({
    userId: u.id,
    mailboxId: m.id,
    packageDescription: 'Futuro',
    createdAt: new Date(NOW.getTime() + 5 * HOUR),
  });

  const ships = await db
    .insert(shipments)
    .values(
      Array.from({ length: 60 }, (_, i) => ({
        userId: u.id,
        shipmentCode: `BSH-DIARIO-${i}`,
        deliveryAddress: 'Av. Principal, casa 1',
        deliveryCity: 'Caracas',
        deliveryState: 'Distrito Capital' as const,
        shippingCostUsdCents: 1000 + (i % 7) * 225,
        // Every third one near a window edge.
        createdAt:
          i % 3 === 0 ? new Date(edges[i % edges.length].getTime() + ((i % 2) * 2 - 1) * HOUR) : when(i * 5 + 1),
      })),
    )
    .returning({ id: shipments.id, createdAt: shipments.createdAt });
  await db
    .insert(shipmentPackages)
    .values(
      ships.flatMap((s, i) =>
        [pkgs[i * 2], pkgs[i * 2 + 1]].map((p) => ({ shipmentId: s.id, packageId: p.id, createdAt: s.createdAt })),
      ),
    );

  const pays = await db
    .insert(paymentTransactions)
    .values(
      Array.from({ length: 120 }, (_, i) => ({
        userId: u.id,
        transactionType: 'shipping_payment' as const,
        amountUsdCents: 500 + (i % 13) * 137,
        paymentMethod: 'Zelle',
        paymentReference: `DIARIO-${i}`,
        status: (['completed', 'pending', 'failed'] as const)[i % 3],
        createdAt: when(i * 3 + 2),
      })),
    )
    .returning({ id: paymentTransactions.id, status: paymentTransactions.status });

  // Changes after the fact: approvals and a reversal, a corrected cost, a moved date, deletions.
  const pending = pays.filter((p) => p.status === 'pending').map((p) => p.id);
  await db
    .update(paymentTransactions)
    .set({ status: 'completed' })
    .where(inArray(paymentTransactions.id, pending.slice(0, 15)));
  await db.update(paymentTransactions).set({ status: 'cancelled' }).where(eq(paymentTransactions.id, pays[0].id));
  await db.update(paymentTransactions).set({ amountUsdCents: 9999 }).where(eq(paymentTransactions.id, pays[3].id));
  await db.update(shipments).set({ shippingCostUsdCents: 12345 }).where(eq(shipments.id, ships[4].id));
  await db
    .update(shipments)
    .set({ status: 'delivered' })
    .where(
      inArray(
        shipments.id,
        ships.slice(0, 20).map((s) => s.id),
      ),
    );
  await db
    .update(packages)
    .set({ createdAt: new Date(NOW.getTime() - 3 * HOUR) })
    .where(eq(packages.id, pkgs[250].id));
  await db
    .update(packages)
    .set({ status: 'received' })
    .where(
      inArray(
        packages.id,
        pkgs.slice(100, 200).map((p) => p.id),
      ),
    );
  await db.delete(shipmentPackages).where(eq(shipmentPackages.shipmentId, ships[59].id));
  await db.delete(shipments).where(eq(shipments.id, ships[59].id));
  await db.delete(packages).where(
    inArray(
      packages.id,
      pkgs.slice(280, 290).map((p) => p.id),
    ),
  );
  await db.delete(paymentTransactions).where(eq(paymentTransactions.id, pays[6].id));
});

afterAll(async () => {
  await database?.close();
});

describe('report_daily', () => {
  it('equals a rebuild from the tables after inserts, updates and deletes', async () => {
    const kept = await dailyRows(database.db);
    expect(kept.length).toBeGreaterThan(100);
    await database.db.execute(sql`select report_daily_rebuild()`);
    expect(await dailyRows(database.db)).toEqual(kept);
  });

  it.each(
    REPORT_PERIODS,
  )('gives the %s report the figures counted from the tables, in both windows', async (period) => {
    const report = await getPeriodReport(database.db, period, NOW);
    const { start, end, previousStart } = reportWindows(period, NOW);
    const current = await countedFromTables(database.db, start, end);
    const previous = await countedFromTables(database.db, previousStart, start);
    expect(current.packages + previous.packages).toBeGreaterThan(0);

    expect(report.packages).toMatchObject({ current: current.packages, previous: previous.packages });
    expect(report.shipments).toMatchObject({ current: current.shipments, previous: previous.shipments });
    expect(report.revenue.current).toBeCloseTo(current.revenue, 2);
    expect(report.revenue.previous).toBeCloseTo(previous.revenue, 2);
    const perPackage = (cost: number, n: number) => (n === 0 ? 0 : Math.round((cost / n) * 100) / 100);
    expect(report.averageShippingCostPerPackage.current).toBeCloseTo(perPackage(current.cost, current.carried), 2);
    expect(report.averageShippingCostPerPackage.previous).toBeCloseTo(perPackage(previous.cost, previous.carried), 2);

    const [{ total }] = rowsOf<{ total: number }>(
      await database.db.execute(
        sql`select (coalesce(sum(amount_usd_cents), 0) / 100.0)::float as total from payment_transactions where status = 'completed' and created_at < ${NOW.toISOString()}::timestamptz`,
      ),
    );
    expect(report.totalRevenue).toBeCloseTo(total, 2);
  });

  it('gives the trend the months counted from the tables (Caracas calendar months)', async () => {
    const trend = await getReportTrend(database.db, NOW);
    const months = rowsOf<{ month: string; packages: number; revenue: number }>(
      await database.db.execute(sql`
        select to_char(date_trunc('month', created_at at time zone 'America/Caracas'), 'YYYY-MM') as month, count(*)::int as packages, 0 as revenue
        from packages where created_at < ${NOW.toISOString()}::timestamptz group by 1`),
    );
    const byMonth = new Map(months.map((m) => [m.month, m.packages]));
    expect(trend.map((t) => t.month)).toEqual(['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    for (const t of trend) expect(t.packages).toBe(byMonth.get(t.month) ?? 0);
  });
});
