import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailboxes, packages, paymentTransactions, shipments, users } from '../../db/schema';
import { getDashboardStats } from '../../queries/dashboard';
import { getReportTrend } from '../../queries/reports';
import { createTestDatabase } from '../../test/db';
import { signedInAdmin, signedInCustomer } from '../../test/factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

describe('admin dashboard (reports.dashboardStats, reports.recentActivity)', () => {
  it('shows the empty state data on an empty database', async () => {
    const { caller } = await signedInAdmin(db());
    expect(await caller.reports.recentActivity()).toEqual([]);
  });

  it('computes the four cards in SQL: active users are those seen in the last 30 days', async () => {
    const { caller } = await signedInAdmin(db());
    const seen = await signedInCustomer(db());
    const away = await signedInCustomer(db());
    await db()
      .update(users)
      .set({ lastActiveAt: daysAgo(45) })
      .where(eq(users.id, away.user.id));
    const [box] = await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.userId, seen.user.id));

    await db()
      .insert(packages)
      .values([
        { userId: seen.user.id, mailboxId: box.id, packageDescription: 'Libros', status: 'pending' },
        { userId: seen.user.id, mailboxId: box.id, packageDescription: 'Ropa', status: 'received' },
      ]);
    const shipment = {
      userId: seen.user.id,
      deliveryAddress: 'Av. Principal 123',
      deliveryCity: 'Caracas',
      deliveryState: 'Distrito Capital',
    };
    await db()
      .insert(shipments)
      .values([
        { ...shipment, shipmentCode: 'SH00000001', status: 'preparing' },
        { ...shipment, shipmentCode: 'SH00000002', status: 'in_transit' },
        { ...shipment, shipmentCode: 'SH00000003', status: 'delivered' },
      ]);
    await db()
      .insert(paymentTransactions)
      .values([
        { userId: seen.user.id, transactionType: 'shipping_payment', amountUsdCents: 1010, status: 'completed' },
        {
          userId: seen.user.id,
          transactionType: 'shipping_payment',
          amountUsdCents: 2020,
          status: 'completed',
          createdAt: daysAgo(70),
        },
        { userId: seen.user.id, transactionType: 'shipping_payment', amountUsdCents: 9900, status: 'pending' },
      ]);
    const stats = await caller.reports.dashboardStats();
    expect(stats).toEqual({
      totalUsers: 2,
      activeUsers: 1,
      totalPackages: 2,
      pendingPackages: 1,
      activeShipments: 2,
      completedShipments: 1,
      totalRevenue: 30.3,
      monthlyRevenue: 10.1,
    });
  });

  it('counts a customer as active after one authenticated request, writing last_active_at at most once a day', async () => {
    const { caller } = await signedInAdmin(db());
    const customer = await signedInCustomer(db());
    const lastActiveOf = async () =>
      (await db().select({ at: users.lastActiveAt }).from(users).where(eq(users.id, customer.user.id)))[0].at;
    const activeNow = (await caller.reports.dashboardStats()).activeUsers;

    // Seen 45 days ago on a session that is far from renewal: out of the count...
    await db()
      .update(users)
      .set({ lastActiveAt: daysAgo(45) })
      .where(eq(users.id, customer.user.id));
    expect((await caller.reports.dashboardStats()).activeUsers).toBe(activeNow - 1);
    // ...until the next authenticated request.
    const before = Date.now();
    expect(await customer.caller.mailboxes.mine()).toHaveLength(1);
    expect((await lastActiveOf())!.getTime()).toBeGreaterThanOrEqual(before);
    expect((await caller.reports.dashboardStats()).activeUsers).toBe(activeNow);

    // Never seen (null) counts as stale too.
    await db().update(users).set({ lastActiveAt: null }).where(eq(users.id, customer.user.id));
    await customer.caller.auth.me();
    expect((await lastActiveOf())!.getTime()).toBeGreaterThanOrEqual(before);

    // Seen less than a day ago: requests leave it as it is.
    const fresh = new Date(Date.now() - 3 * 60 * 60 * 1000);
    await db().update(users).set({ lastActiveAt: fresh }).where(eq(users.id, customer.user.id));
    await customer.caller.auth.me();
    await customer.caller.mailboxes.mine();
    expect(await lastActiveOf()).toEqual(fresh);
  });

  it("'Ingresos Mes' is the calendar month in Caracas (UTC-4), like the reports' trend", async () => {
    const customer = await signedInCustomer(db());
    // 01:00 on 1 March 2020 in Caracas.
    const at = new Date('2020-03-01T05:00:00Z');
    const paid = (amountUsdCents: number, createdAt: string) => ({
      userId: customer.user.id,
      transactionType: 'shipping_payment' as const,
      amountUsdCents,
      status: 'completed' as const,
      createdAt: new Date(createdAt),
    });
    await db()
      .insert(paymentTransactions)
      .values([
        paid(300, '2020-02-29T23:00:00Z'), // 19:00 on 29 February in Caracas
        paid(700, '2020-03-01T02:00:00Z'), // 22:00 on 29 February in Caracas: March in UTC, February here
        paid(1100, '2020-03-01T04:30:00Z'), // 00:30 on 1 March in Caracas
        paid(1300, '2020-04-01T04:00:00Z'), // 00:00 on 1 April in Caracas: the next month
        { ...paid(1700, '2020-03-01T04:45:00Z'), status: 'pending' as const },
      ]);
    const stats = await getDashboardStats(db(), at);
    expect(stats.monthlyRevenue).toBe(11);
    const trend = await getReportTrend(db(), at);
    expect(trend.at(-1)).toMatchObject({ month: '2020-03', revenue: stats.monthlyRevenue });
    expect(trend.at(-2)).toMatchObject({ month: '2020-02', revenue: 10 });
  });

  it('merges the last 5 packages and the last 5 shipments, newest first, at most 10', async () => {
    const { caller } = await signedInAdmin(db());
    const customer = await signedInCustomer(db());
    const [box] = await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.userId, customer.user.id));
    await db().execute(sql`delete from shipments`);
    await db().execute(sql`delete from packages`);
    for (let i = 0; i < 7; i++) {
      await db()
        .insert(packages)
        .values({
          userId: customer.user.id,
          mailboxId: box.id,
          packageDescription: `Paquete ${i}`,
          createdAt: daysAgo(i * 2),
        });
      await db()
        .insert(shipments)
        .values({
          userId: customer.user.id,
          shipmentCode: `SHX${i}`,
          deliveryAddress: 'Av. Bolívar 45',
          deliveryCity: 'Maracaibo',
          deliveryState: 'Zulia',
          updatedAt: daysAgo(i * 2 + 1),
        });
    }
    const activity = await caller.reports.recentActivity();
    expect(activity).toHaveLength(10);
    expect(activity.map((a) => a.title)).toEqual([
      'Paquete 0',
      'SHX0',
      'Paquete 1',
      'SHX1',
      'Paquete 2',
      'SHX2',
      'Paquete 3',
      'SHX3',
      'Paquete 4',
      'SHX4',
    ]);
    expect(activity[1]).toMatchObject({ type: 'shipment', status: 'preparing', detail: 'Maracaibo, Zulia' });
    expect(activity[0]).toMatchObject({ type: 'package', status: 'pending' });
  });
});
