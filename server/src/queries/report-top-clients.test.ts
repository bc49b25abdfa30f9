// The reports' top clients (docs/decisions/010, "Top clients"): the whole days counted once per
// customer (report_top_clients) plus the partial days at the window's edges give the same ten
// clients, with the same packages, as grouping the window's packages; and a package of a
// counted day that is added, removed, re-dated or handed to another customer leaves the count
// unread until it is counted again, while today's packages change nothing counted.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { REPORT_PERIODS, REPORT_TOP_CLIENTS, reportWindows, type ReportPeriod } from '@casillero/shared';
import { rowsOf, type Database } from '../db/client';
import { mailboxes, packages, reportTopClientWindows, reportTopClientsGeneration, users } from '../db/schema';
import { createTestDatabase } from '../test/db';
import { getPeriodReport } from './reports';

const NOW = new Date('2026-03-10T02:30:00.000Z'); // 22:30 on March 9 in Caracas
const HOUR = 60 * 60 * 1000;
const CUSTOMERS = 14;

let database: Database;
const db = () => database.db;
const customers: { id: string; mailboxId: string }[] = [];

/** The window's ten clients grouped straight from the packages, as the report orders them. */
async function groupedFromPackages(period: ReportPeriod) {
  const { start, end } = reportWindows(period, NOW);
  return rowsOf<{ userId: string; packages: number }>(
    await db().execute(sql`
      select user_id as "userId", count(*)::int as packages from packages
      where created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz
      group by user_id order by count(*) desc, max(created_at) desc, user_id limit ${REPORT_TOP_CLIENTS}`),
  );
}

async function expectSameAsGrouped(period: ReportPeriod) {
  const report = await getPeriodReport(db(), period, NOW);
  const grouped = await groupedFromPackages(period);
  expect(grouped.length, period).toBeGreaterThan(0);
  expect(
    report.topClients.map((c) => ({ userId: c.userId, packages: c.packages })),
    period,
  ).toEqual(grouped);
}

const generation = async () => (await db().select().from(reportTopClientsGeneration))[0]?.n;

beforeAll(async () => {
  database = await createTestDatabase();
  for (let c = 0; c < CUSTOMERS; c++) {
    const [u] = await db()
      .insert(users)
      .values({ email: `top${c}@reportes.test`, passwordHash: 'x', role: 'user' })
      .returning({ id: users.id });
    const [m] = await db()
      .insert(mailboxes)
      .values({
        userId: u.id,
        mailboxCode: `MV-19487-8${String(c).padStart(4, '0')}`,
        location: 'miami',
        addressLine1: 'Calle 1',
        city: 'Miami',
        postalCode: '33166',
        country: 'USA',
      })
      .returning({ id: mailboxes.id });
    customers.push({ id: u.id, mailboxId: m.id });
  }
  // Customer c has a package every (c + 1) × 19 hours back over a year and a half, at every
  // hour of the day, and a few beside every window's edges: ties and near-ties at the cut.
  const rows: (typeof packages.$inferInsert)[] = [];
  customers.forEach(({ id, mailboxId }, c) => {
    for (let t = NOW.getTime() - 2 * HOUR; t > NOW.getTime() - 540 * 24 * HOUR; t -= (c + 1) * 19 * HOUR)
      rows.push({ userId: id, mailboxId, packageDescription: `Paquete ${c}`, createdAt: new Date(t) });
    for (const period of REPORT_PERIODS) {
      const { start } = reportWindows(period, NOW);
      for (const h of [-0.5, 0.5 + c / 10])
        rows.push({
          userId: id,
          mailboxId,
          packageDescription: 'Borde',
          createdAt: new Date(start.getTime() + h * HOUR),
        });
    }
  });
  await db().insert(packages).values(rows);
});

afterAll(async () => {
  await database?.close();
});

describe('the top clients of a report', () => {
  it.each(
    REPORT_PERIODS,
  )('%s: the counted days and the edges give the clients grouped from the packages', async (period) => {
    // The first report groups the packages and counts the whole days behind it.
    await expectSameAsGrouped(period);
    await vi.waitFor(async () => {
      const [window] = await db()
        .select()
        .from(reportTopClientWindows)
        .where(eq(reportTopClientWindows.period, period));
      expect(window?.generation).toBe(await generation());
    });
    // The next report reads what was counted.
    await expectSameAsGrouped(period);
    const counted = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from report_top_clients where period = ${period}`),
    );
    expect(counted[0]?.n).toBeGreaterThan(0);
  });

  it('counts again after a past package is added, removed, re-dated or handed to another customer', async () => {
    const [last, second] = [customers[CUSTOMERS - 1]!, customers[CUSTOMERS - 2]!];
    const changes: (() => Promise<unknown>)[] = [
      // Five back-dated packages lift the least busy customer.
      () =>
        db()
          .insert(packages)
          .values(
            Array.from({ length: 5 }, (_, i) => ({
              userId: last.id,
              mailboxId: last.mailboxId,
              packageDescription: 'Atrasado',
              createdAt: new Date(NOW.getTime() - (40 + i) * 24 * HOUR),
            })),
          ),
      // A customer's packages of last month handed to another (a parcel sin dueño assigned).
      async () => {
        const ids = await db()
          .select({ id: packages.id })
          .from(packages)
          .where(
            sql`${packages.userId} = ${customers[0]!.id} and ${packages.createdAt} < ${new Date(NOW.getTime() - 3 * 24 * HOUR).toISOString()}::timestamptz and ${packages.createdAt} > ${new Date(NOW.getTime() - 60 * 24 * HOUR).toISOString()}::timestamptz`,
          );
        return db()
          .update(packages)
          .set({ userId: second.id })
          .where(
            inArray(
              packages.id,
              ids.map((r) => r.id),
            ),
          );
      },
      // Packages removed.
      () => db().delete(packages).where(eq(packages.userId, customers[1]!.id)),
      // A package moved to another day.
      async () => {
        const [one] = await db()
          .select({ id: packages.id })
          .from(packages)
          .where(eq(packages.userId, customers[2]!.id))
          .limit(1);
        return db()
          .update(packages)
          .set({ createdAt: new Date(NOW.getTime() - 2 * 24 * HOUR) })
          .where(eq(packages.id, one!.id));
      },
    ];
    for (const change of changes) {
      const before = await generation();
      await change();
      expect(await generation()).toBeGreaterThan(before!);
      // The stale count is not read: the report groups, and counts again behind it.
      for (const period of REPORT_PERIODS) await expectSameAsGrouped(period);
      await vi.waitFor(async () => {
        const windows = await db().select().from(reportTopClientWindows);
        expect(windows.filter((w) => w.generation === before! + 1).length).toBe(REPORT_PERIODS.length);
      });
      for (const period of REPORT_PERIODS) await expectSameAsGrouped(period);
    }
  });

  it('changes nothing counted for a package received today or a status change', async () => {
    const before = await generation();
    const customer = customers[3]!;
    await db()
      .insert(packages)
      .values({ userId: customer.id, mailboxId: customer.mailboxId, packageDescription: 'Hoy', createdAt: new Date() });
    await db().update(packages).set({ status: 'in_warehouse' }).where(eq(packages.userId, customer.id));
    expect(await generation()).toBe(before);
  });
});
