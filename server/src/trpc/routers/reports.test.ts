// Reportes y Analíticas: every figure checked against values computed by hand on a small fixed
// data set (not the demo seed), at a fixed "now": 2026-06-15 12:00 UTC (08:00 in Caracas).
//
// Windows at that moment (rolling, docs/product/admin-reports.md#periods):
//   week    [06-08 12:00, now)  previous [06-01 12:00, 06-08 12:00)
//   month   [05-16 12:00, now)  previous [04-16 12:00, 05-16 12:00)
//   quarter [03-17 12:00, now)  previous [2025-12-17 12:00, 03-17 12:00)
//   year    [2025-06-15, now)   previous [2024-06-15, 2025-06-15)
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dollarsToCents } from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  mailboxes,
  packages,
  paymentTransactions,
  shipmentPackages,
  shipments,
  trackings,
  userProfiles,
  users,
} from '../../db/schema';
import { getPeriodReport, getReportTrend, getStatusDistribution } from '../../queries/reports';
import { callerFor, trpcError, type TestCaller } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { signedInAdmin, signedInCustomer } from '../../test/factories';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

let database: Database;
let admin: TestCaller;
const ids: Record<string, string> = {};

/**
 * Four customers (created 400, 100, 20 and 3 days ago), their packages, shipments, payments and
 * three trackings. Rows dated after NOW exist too: no report may count them.
 */
async function seedFixture(db: Database['db']) {
  const people = [
    { key: 'A', name: 'Ana Álvarez', days: 400 },
    { key: 'B', name: 'Beto Blanco', days: 100 },
    { key: 'C', name: 'Carla Castro', days: 20 },
    { key: 'D', name: 'Diego Díaz', days: 3 },
  ];
  for (const [i, p] of people.entries()) {
    const [u] = await db
      .insert(users)
      .values({
        email: `${p.key.toLowerCase()}@reportes.test`,
        passwordHash: 'x',
        role: 'user',
        createdAt: ago(p.days),
      })
      .returning({ id: users.id });
    ids[p.key] = u.id;
    await db.insert(userProfiles).values({ userId: u.id, fullName: p.name });
    const [m] = await db
      .insert(mailboxes)
      .values({
        userId: u.id,
        mailboxCode: `MV-19487-9000${i}`,
        location: 'miami',
        addressLine1: '8256 NW 30th Terrace',
        city: 'Miami',
        postalCode: '33166',
        country: 'USA',
        status: 'active',
      })
      .returning({ id: mailboxes.id });
    ids[`mb${p.key}`] = m.id;
  }

  const pkg = async (key: string, when: Date, label: string) => {
    const [row] = await db
      .insert(packages)
      .values({ userId: ids[key], mailboxId: ids[`mb${key}`], packageDescription: `Paquete ${label}`, createdAt: when })
      .returning({ id: packages.id });
    ids[label] = row.id;
  };
  await pkg('A', ago(1), 'A1');
  await pkg('A', ago(2), 'A2');
  await pkg('A', ago(10), 'A10');
  await pkg('A', ago(40), 'A40');
  await pkg('A', ago(200), 'A200');
  await pkg('A', ago(-1), 'Afuture');
  await pkg('B', ago(5), 'B5');
  await pkg('B', ago(6), 'B6');
  await pkg('B', ago(35), 'B35');
  await pkg('B', ago(95), 'B95');
  await pkg('C', ago(4), 'C4');
  // 23:00 on May 31 in Caracas (already June 1 in UTC): the trend counts it in May.
  await pkg('C', new Date('2026-06-01T03:00:00.000Z'), 'C15');
  await pkg('C', ago(45), 'C45');
  await pkg('D', ago(0.5), 'D0');

  const ship = async (
    key: string,
    days: number,
    cost: number,
    status: 'preparing' | 'in_transit' | 'delivered',
    carried: string[],
  ) => {
    const [row] = await db
      .insert(shipments)
      .values({
        userId: ids[key],
        shipmentCode: `SH${String(days).padStart(8, '0')}`,
        deliveryAddress: 'Av. Principal',
        deliveryCity: 'Caracas',
        deliveryState: 'Distrito Capital',
        shippingCostUsdCents: dollarsToCents(cost),
        status,
        createdAt: ago(days),
      })
      .returning({ id: shipments.id });
    if (carried.length)
      await db
        .insert(shipmentPackages)
        .values(carried.map((p) => ({ shipmentId: row.id, packageId: ids[p], createdAt: ago(days) })));
  };
  await ship('A', 3, 30, 'in_transit', ['A10', 'A40']);
  await ship('B', 2, 20, 'preparing', []); // no packages yet
  await ship('B', 20, 45, 'delivered', ['B35', 'B95']);
  await ship('C', 40, 25, 'delivered', ['C45']);
  await ship('A', 150, 60, 'delivered', ['A200']);

  const pay = async (key: string, days: number, amount: number, status: 'completed' | 'pending' | 'failed') => {
    await db.insert(paymentTransactions).values({
      userId: ids[key],
      transactionType: 'shipping_payment',
      amountUsdCents: dollarsToCents(amount),
      status,
      createdAt: ago(days),
    });
  };
  await pay('A', 1, 100, 'completed');
  await pay('B', 10, 50, 'completed');
  await pay('C', 20, 25.5, 'completed');
  await pay('D', 2, 999, 'pending');
  await pay('A', 45, 50, 'completed');
  await pay('B', 100, 60, 'completed');
  await pay('A', 400, 10, 'completed');
  await pay('C', 5, 70, 'failed');
  await pay('A', -2, 500, 'completed');

  for (const [n, status] of (['created', 'created', 'delivered'] as const).entries()) {
    await db.insert(trackings).values({
      trackingNumber: `REPORTE${n}0001`,
      userId: ids.A,
      mailboxId: ids.mbA,
      description: 'Tracking de reporte',
      carrier: 'UPS',
      senderName: 'Tienda',
      status,
    });
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedFixture(database.db);
  // The procedures read the clock: freeze it at NOW (only Date; timers keep running).
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  admin = (await signedInAdmin(database.db)).caller;
});

afterAll(async () => {
  vi.useRealTimers();
  await database?.close();
});

describe('reports.period', () => {
  it('week: KPI cards, comparison, metrics and top clients', async () => {
    const r = await getPeriodReport(database.db, 'week', NOW);
    expect(r.start).toBe('2026-06-08T12:00:00.000Z');
    expect(r.previousStart).toBe('2026-06-01T12:00:00.000Z');
    // Completed payments only, nothing dated after now: 100 + 50 + 25.50 + 50 + 60 + 10.
    expect(r.totalRevenue).toBe(295.5);
    expect(r.revenue).toEqual({ current: 100, previous: 50, change: 100 });
    // The admin is not a user of the business.
    expect(r.totalUsers).toBe(4);
    expect(r.newUsers).toEqual({ current: 1, previous: 0, change: null });
    expect(r.packages).toEqual({ current: 6, previous: 1, change: 500 });
    expect(r.shipments).toEqual({ current: 2, previous: 0, change: null });
    expect(r.averageShippingCost).toEqual({ current: 25, previous: 0, change: null });
    // 30 + 20 USD over the 2 packages shipped in the week.
    expect(r.averageShippingCostPerPackage).toEqual({ current: 25, previous: 0, change: null });
    // 6 packages / 4 users; previous 1 package / 3 users registered before the window.
    expect(r.packagesPerUser).toEqual({ current: 1.5, previous: 0.3, change: 400 });
    // 2 shipments / 6 packages.
    expect(r.conversionRate).toEqual({ current: 33.3, previous: 0, change: null });
    // Ties on packages: the client with the most recent package first. 80 % × 25 × packages.
    expect(r.topClients.map((c) => [c.name, c.packages, c.estimatedRevenue])).toEqual([
      ['Ana Álvarez', 2, 40],
      ['Beto Blanco', 2, 40],
      ['Diego Díaz', 1, 20],
      ['Carla Castro', 1, 20],
    ]);
    expect(r.topClients[0]).toMatchObject({ userId: ids.A, email: 'a@reportes.test' });
  });

  it('month (the default period)', async () => {
    const r = await getPeriodReport(database.db, 'month', NOW);
    expect(r.start).toBe('2026-05-16T12:00:00.000Z');
    expect(r.revenue).toEqual({ current: 175.5, previous: 50, change: 251 });
    expect(r.newUsers).toEqual({ current: 2, previous: 0, change: null });
    expect(r.packages).toEqual({ current: 8, previous: 3, change: 166.7 });
    expect(r.shipments).toEqual({ current: 3, previous: 1, change: 200 });
    expect(r.averageShippingCost).toEqual({ current: 31.67, previous: 25, change: 26.7 });
    // (30 + 20 + 45) / (2 + 2) against 25 / 1.
    expect(r.averageShippingCostPerPackage).toEqual({ current: 23.75, previous: 25, change: -5 });
    expect(r.packagesPerUser).toEqual({ current: 2, previous: 1.5, change: 33.3 });
    expect(r.conversionRate).toEqual({ current: 37.5, previous: 33.3, change: 12.6 });
    expect(r.topClients.map((c) => [c.name, c.packages, c.estimatedRevenue])).toEqual([
      ['Ana Álvarez', 3, 57],
      ['Carla Castro', 2, 38],
      ['Beto Blanco', 2, 38],
      ['Diego Díaz', 1, 19],
    ]);
  });

  it('quarter', async () => {
    const r = await getPeriodReport(database.db, 'quarter', NOW);
    expect(r.revenue).toEqual({ current: 225.5, previous: 60, change: 275.8 });
    expect(r.newUsers).toEqual({ current: 2, previous: 1, change: 100 });
    expect(r.packages).toEqual({ current: 11, previous: 1, change: 1000 });
    expect(r.shipments).toEqual({ current: 4, previous: 1, change: 300 });
    expect(r.averageShippingCost).toEqual({ current: 30, previous: 60, change: -50 });
    expect(r.averageShippingCostPerPackage).toEqual({ current: 24, previous: 60, change: -60 });
    expect(r.packagesPerUser).toEqual({ current: 2.8, previous: 0.5, change: 460 });
    expect(r.conversionRate).toEqual({ current: 36.4, previous: 100, change: -63.6 });
    expect(r.topClients.map((c) => [c.name, c.packages])).toEqual([
      ['Ana Álvarez', 4],
      ['Carla Castro', 3],
      ['Beto Blanco', 3],
      ['Diego Díaz', 1],
    ]);
  });

  it('year', async () => {
    const r = await getPeriodReport(database.db, 'year', NOW);
    expect(r.revenue).toEqual({ current: 285.5, previous: 10, change: 2755 });
    expect(r.newUsers).toEqual({ current: 3, previous: 1, change: 200 });
    expect(r.packages).toEqual({ current: 13, previous: 0, change: null });
    expect(r.shipments).toEqual({ current: 5, previous: 0, change: null });
    expect(r.averageShippingCost.current).toBe(36);
    // (30 + 20 + 45 + 25 + 60) / 6 packages shipped = 30; 80 % of it is 24 per package.
    expect(r.averageShippingCostPerPackage.current).toBe(30);
    expect(r.packagesPerUser).toEqual({ current: 3.3, previous: 0, change: null });
    expect(r.conversionRate.current).toBe(38.5);
    expect(r.topClients.map((c) => [c.name, c.packages, c.estimatedRevenue])).toEqual([
      ['Ana Álvarez', 5, 120],
      ['Beto Blanco', 4, 96],
      ['Carla Castro', 3, 72],
      ['Diego Díaz', 1, 24],
    ]);
  });
});

describe('reports.trend', () => {
  it('the last six calendar months in Caracas, with Spanish short labels', async () => {
    expect(await getReportTrend(database.db, NOW)).toEqual([
      { month: '2026-01', label: 'ene 2026', packages: 0, shipments: 1, revenue: 0 },
      { month: '2026-02', label: 'feb 2026', packages: 0, shipments: 0, revenue: 0 },
      { month: '2026-03', label: 'mar 2026', packages: 1, shipments: 0, revenue: 60 },
      { month: '2026-04', label: 'abr 2026', packages: 0, shipments: 0, revenue: 0 },
      { month: '2026-05', label: 'may 2026', packages: 4, shipments: 2, revenue: 75.5 },
      { month: '2026-06', label: 'jun 2026', packages: 7, shipments: 2, revenue: 150 },
    ]);
  });
});

describe('reports.statusDistribution', () => {
  it('counts trackings and shipments per status, every status listed', async () => {
    const d = await getStatusDistribution(database.db);
    expect(d.trackings).toHaveLength(10);
    expect(d.trackings.find((t) => t.status === 'created')?.count).toBe(2);
    expect(d.trackings.find((t) => t.status === 'delivered')?.count).toBe(1);
    expect(d.trackings.filter((t) => t.count > 0)).toHaveLength(2);
    expect(d.shipments).toEqual([
      { status: 'preparing', count: 1 },
      { status: 'in_transit', count: 1 },
      { status: 'arrived', count: 0 },
      { status: 'customs', count: 0 },
      { status: 'out_for_delivery', count: 0 },
      { status: 'delivered', count: 3 },
      { status: 'delayed', count: 0 },
      { status: 'ready_for_pickup', count: 0 },
    ]);
  });
});

describe('the procedures', () => {
  it('answer the same figures through tRPC, month by default', async () => {
    const month = await admin.reports.period({});
    expect(month.period).toBe('month');
    expect(month.packages).toEqual({ current: 8, previous: 3, change: 166.7 });
    expect((await admin.reports.period({ period: 'week' })).packages.current).toBe(6);
    expect((await admin.reports.trend()).map((m) => m.packages)).toEqual([0, 0, 1, 0, 4, 7]);
    expect((await admin.reports.statusDistribution()).shipments.find((s) => s.status === 'delivered')).toEqual({
      status: 'delivered',
      count: 3,
    });
  });

  it('rejects an unknown period', async () => {
    const err = await trpcError(admin.reports.period({ period: 'decade' as never }));
    expect(err.code).toBe('BAD_REQUEST');
  });

  it('exports the period as CSV: BOM, sections, Spanish headers', async () => {
    const file = await admin.reports.exportCsv({ period: 'quarter' });
    expect(file.filename).toBe('reporte_trimestral_2026-06-15.csv');
    expect(file.csv.charCodeAt(0)).toBe(0xfeff);
    const blocks = file.csv
      .slice(1)
      .trimEnd()
      .split('\r\n\r\n')
      .map((b) => b.split('\r\n'));
    expect(blocks).toHaveLength(5);
    expect(blocks[0][0]).toBe('"Reporte","Periodo","Desde","Hasta","Comparado con"');
    expect(blocks[0][1]).toContain('"Trimestre (últimos 90 días)"');
    expect(blocks[1][0]).toBe(
      '"Indicador","Periodo actual (punto decimal)","Periodo anterior (punto decimal)","Variación (%, punto decimal)"',
    );
    expect(blocks[1]).toContain('"Ingresos Totales (USD)","295.50","",""');
    expect(blocks[1]).toContain('"Ingresos del periodo (USD)","225.50","60.00","275.8"');
    expect(blocks[1]).toContain('"Paquetes Procesados","11","1","1000.0"');
    expect(blocks[1]).toContain('"Tasa de conversión de envíos (%)","36.4","100.0","-63.6"');
    expect(blocks[2][0]).toBe('"Posición","Cliente","Email","Paquetes","Ingreso estimado (USD, punto decimal)"');
    expect(blocks[2][1]).toBe('"1","Ana Álvarez","a@reportes.test","4","76.80"');
    expect(blocks[3][0]).toBe('"Mes","Paquetes","Envíos","Ingresos (USD, punto decimal)"');
    expect(blocks[3].slice(1)).toEqual([
      '"ene 2026","0","1","0.00"',
      '"feb 2026","0","0","0.00"',
      '"mar 2026","1","0","60.00"',
      '"abr 2026","0","0","0.00"',
      '"may 2026","4","2","75.50"',
      '"jun 2026","7","2","150.00"',
    ]);
    expect(blocks[4]).toContain('"Envío","Entregado","3"');
  });

  it('are for admins only', async () => {
    const customer = await signedInCustomer(database.db);
    expect((await trpcError(customer.caller.reports.period({}))).code).toBe('FORBIDDEN');
    expect((await trpcError(callerFor(database.db).reports.exportCsv({}))).code).toBe('UNAUTHORIZED');
  });
});

describe('top 10', () => {
  it('keeps the ten clients with most packages', async () => {
    const later = new Date('2027-01-10T12:00:00.000Z');
    // Twelve more clients with 1..12 packages in the week before `later`.
    for (let n = 1; n <= 12; n++) {
      const [u] = await database.db
        .insert(users)
        .values({ email: `top${n}@reportes.test`, passwordHash: 'x', createdAt: ago(10) })
        .returning({ id: users.id });
      const [m] = await database.db
        .insert(mailboxes)
        .values({
          userId: u.id,
          mailboxCode: `MV-19487-8${String(n).padStart(4, '0')}`,
          location: 'miami',
          addressLine1: 'x',
          city: 'Miami',
          postalCode: '33166',
          country: 'USA',
        })
        .returning({ id: mailboxes.id });
      await database.db.insert(packages).values(
        Array.from({ length: n }, (_, i) => ({
          userId: u.id,
          mailboxId: m.id,
          packageDescription: 'Paquete',
          createdAt: new Date(later.getTime() - (i + 1) * 60 * 60 * 1000),
        })),
      );
    }
    const r = await getPeriodReport(database.db, 'week', later);
    expect(r.topClients.map((c) => c.packages)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    // No profile: the e-mail stands for the name.
    expect(r.topClients[0].name).toBe('top12@reportes.test');
  });
});
