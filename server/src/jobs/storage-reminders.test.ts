// docs/product/storage.md: the storage clock, its reminders run from the database once per business
// day whatever the number of servers, the fee shown in Almacén and charged with the shipment.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { SHIPMENT_MESSAGES, STORAGE_MESSAGES, storageClock, type PackageStatus } from '@casillero/shared';
import type { Database } from '../db/client';
import { auditLog, notifications, packages, scheduledJobRuns, shipments, storageReminders } from '../db/schema';
import { businessToday } from '../lib/business-clock';
import { trpcError } from '../test/caller';
import { createTestDatabase } from '../test/db';
import {
  customerWithActiveMailbox,
  signedInAdmin,
  signedInStaff,
  type CustomerWithMailbox,
  homeDeliveryTo,
} from '../test/factories';
import { createScheduler } from './scheduler';
import { STORAGE_REMINDERS_JOB, storageRemindersJob } from './storage-reminders';

let database: Database;
const db = () => database.db;
const quiet = { info: () => {}, warn: () => {} };
const config = { appUrl: 'http://localhost:3000' };

const DAY = 24 * 60 * 60 * 1000;
const today = () => businessToday();
/** `n` days before today in Caracas, at noon there. */
const daysAgo = (n: number) => new Date(Date.parse(`${today()}T12:00:00-04:00`) - n * DAY);

let ana: CustomerWithMailbox;
let luis: CustomerWithMailbox;
beforeAll(async () => {
  database = await createTestDatabase();
  ana = await customerWithActiveMailbox(db(), { nombre: 'Ana Storage' });
  luis = await customerWithActiveMailbox(db(), { nombre: 'Luis Storage' });
});
afterAll(async () => {
  await database.close();
});

let serial = 0;
async function stored(owner: CustomerWithMailbox, received: number | null, status: PackageStatus = 'in_warehouse') {
  const [row] = await db()
    .insert(packages)
    .values({
      userId: owner.user.id,
      mailboxId: owner.mailboxId,
      trackingNumber: `STO${Date.now().toString(36).toUpperCase()}${++serial}`,
      packageDescription: 'Zapatos',
      warehouseReceipt: `WR-STO-${serial}-${Date.now().toString(36)}`,
      weightKg: 1,
      status,
      receivedDate: received === null ? null : daysAgo(received),
    })
    .returning({ id: packages.id, warehouseReceipt: packages.warehouseReceipt });
  return row;
}

/** The storage reminders (in-app) a customer has. */
async function remindersOf(userId: string) {
  return db()
    .select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.title, [STORAGE_MESSAGES.reminderSoonTitle, STORAGE_MESSAGES.reminderTodayTitle]),
      ),
    );
}

async function clean() {
  await db().delete(scheduledJobRuns);
  await db().delete(storageReminders);
  await db().delete(notifications);
  await db().execute(sql`delete from shipment_packages`);
  await db().delete(shipments);
  await db().delete(packages);
}
beforeEach(clean);

describe('the storage clock', () => {
  it('counts calendar days, free days left, days over and the fee', () => {
    const s = { freeDays: 30, feePerDayUsdCents: 50 };
    expect(storageClock('2026-11-01', '2026-11-01', s)).toMatchObject({
      daysStored: 0,
      freeDaysLeft: 30,
      daysOver: 0,
      feeUsdCents: 0,
      freeUntil: '2026-12-01',
    });
    expect(storageClock('2026-11-01', '2026-12-01', s)).toMatchObject({
      daysStored: 30,
      freeDaysLeft: 0,
      daysOver: 0,
      feeUsdCents: 0,
    });
    expect(storageClock('2026-11-01', '2026-12-04', s)).toMatchObject({
      daysStored: 33,
      daysOver: 3,
      feeUsdCents: 1_50,
    });
    expect(storageClock('2026-11-01', '2026-12-04', { freeDays: 30, feePerDayUsdCents: 35 })).toMatchObject({
      daysOver: 3,
      feeUsdCents: 1_05,
    });
  });

  it('shows in Almacén the free days left, or days over × fee = amount; nothing once shipped', async () => {
    const fresh = await stored(ana, 10);
    const over = await stored(ana, 33);
    const left = await stored(ana, 40, 'in_shipment');
    const { items } = await ana.caller.packages.mine({});
    const byId = new Map(items.map((p) => [p.id, p]));
    expect(byId.get(fresh.id)!.storage).toMatchObject({ freeDaysLeft: 20, daysOver: 0, feeUsdCents: 0 });
    expect(byId.get(over.id)!.storage).toMatchObject({
      daysStored: 33,
      daysOver: 3,
      feePerDayUsdCents: 50,
      feeUsdCents: 1_50,
    });
    expect(byId.get(left.id)!.storage).toBeNull();
    const o = byId.get(over.id)!.storage!;
    expect(STORAGE_MESSAGES.feeLine(o.daysOver, o.feePerDayUsdCents, o.feeUsdCents)).toBe(
      'Almacenaje: 3 días × $0,50 = $1,50',
    );
    expect(STORAGE_MESSAGES.freeLeft(20)).toBe('Almacenaje gratis: quedan 20 días');
  });

  it('follows the settings the administrator changes (audited); others cannot, bad input changes nothing', async () => {
    const admin = await signedInAdmin(db());
    const over = await stored(ana, 33);
    expect(await admin.caller.storage.settings()).toEqual({ freeDays: 30, feePerDayUsdCents: 50 });

    const warehouse = await signedInStaff(db(), 'almacen');
    expect((await trpcError(warehouse.caller.storage.updateSettings({ freeDays: 5 }))).code).toBe('FORBIDDEN');
    expect((await trpcError(ana.caller.storage.settings())).code).toBe('FORBIDDEN');
    const bad = await trpcError(admin.caller.storage.updateSettings({ freeDays: -1 }));
    expect(bad.code).toBe('BAD_REQUEST');
    expect(await admin.caller.storage.settings()).toEqual({ freeDays: 30, feePerDayUsdCents: 50 });

    // The fee per day is the price list's (docs/product/price-lists.md): version 1's $0.50.
    await admin.caller.storage.updateSettings({ freeDays: 20 });
    const { items } = await ana.caller.packages.mine({});
    expect(items.find((p) => p.id === over.id)!.storage).toMatchObject({
      daysOver: 13,
      feePerDayUsdCents: 50,
      feeUsdCents: 6_50,
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'app_settings'), eq(auditLog.action, 'storage.updateSettings')));
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      entityId: 'storage',
      operation: 'insert',
      before: null,
      after: { key: 'storage', value: { freeDays: 20 } },
    });
    await admin.caller.storage.updateSettings({ freeDays: 30 });
    const [changed] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'app_settings'),
          eq(auditLog.action, 'storage.updateSettings'),
          eq(auditLog.operation, 'update'),
        ),
      );
    expect(changed).toMatchObject({
      before: { value: { freeDays: 20 } },
      after: { value: { freeDays: 30 } },
    });
  });
});

describe('the reminder job', () => {
  it('reminds a parcel 5 days before its free storage ends and on the day, once, however often it runs', async () => {
    const soon = await stored(ana, 25);
    const endsToday = await stored(luis, 30);
    await stored(ana, 10); // far from the end
    await stored(ana, 31); // already over: past both reminders
    await stored(luis, 25, 'in_shipment'); // no longer stored
    await stored(luis, null, 'pending'); // not received

    const scheduler = createScheduler(db(), [storageRemindersJob(config)], quiet);
    const [first] = await scheduler.tick();
    expect(first).toMatchObject({
      job: STORAGE_REMINDERS_JOB,
      runKey: today(),
      outcome: 'ran',
      result: { reminders: 2 },
    });
    const [second] = await scheduler.tick();
    expect(second.outcome).toBe('skipped');

    expect(
      await db().select({ packageId: storageReminders.packageId, kind: storageReminders.kind }).from(storageReminders),
    ).toEqual(
      expect.arrayContaining([
        { packageId: soon.id, kind: 'ending_soon' },
        { packageId: endsToday.id, kind: 'ends_today' },
      ]),
    );
    expect(await db().select().from(storageReminders)).toHaveLength(2);
    const anas = await remindersOf(ana.user.id);
    expect(anas).toEqual([
      {
        title: STORAGE_MESSAGES.reminderSoonTitle,
        message: expect.stringContaining(`${soon.warehouseReceipt} tiene 5 días más`),
      },
    ]);
    expect(await remindersOf(luis.user.id)).toEqual([
      { title: STORAGE_MESSAGES.reminderTodayTitle, message: expect.stringContaining(endsToday.warehouseReceipt!) },
    ]);

    // Each message carries its once-only key (a second guard beside storage_reminders).
    const keys = await db()
      .select({ key: notifications.dedupeKey })
      .from(notifications)
      .where(like(notifications.dedupeKey, 'storage:%'));
    expect(keys.map((k) => k.key).sort()).toEqual(
      [`storage:${endsToday.id}:ends_today`, `storage:${soon.id}:ending_soon`].sort(),
    );

    // The run is recorded as finished, with its result.
    const [run] = await db().select().from(scheduledJobRuns);
    expect(run).toMatchObject({ job: STORAGE_REMINDERS_JOB, runKey: today(), result: { reminders: 2, notified: 2 } });
    expect(run.finishedAt).not.toBeNull();

    // A run of the same day repeated by hand (or a retry that overtook a slow run) sends nothing new.
    await db().delete(scheduledJobRuns);
    const [again] = await scheduler.tick();
    expect(again).toMatchObject({ outcome: 'ran', result: { reminders: 0, notified: 0 } });
    expect(await remindersOf(ana.user.id)).toHaveLength(1);
    expect(await remindersOf(luis.user.id)).toHaveLength(1);
  });

  it('two instances ticking at once: one runs, the other skips, one reminder', async () => {
    await stored(ana, 25);
    const instances = [1, 2, 3].map(() => createScheduler(db(), [storageRemindersJob(config)], quiet));
    const results = (await Promise.all(instances.map((i) => i.tick()))).flat();
    expect(results).toHaveLength(3);
    expect(results.filter((r) => r.outcome === 'ran')).toHaveLength(1);
    expect(await remindersOf(ana.user.id)).toHaveLength(1);
    expect(await db().select().from(storageReminders)).toHaveLength(1);
  });

  it('a crashed or failed run is retried after a while; a fresh unfinished one is left alone', async () => {
    await stored(ana, 25);
    // Another instance claimed today's run a minute ago and has not finished: not ours to take.
    await db()
      .insert(scheduledJobRuns)
      .values({ job: STORAGE_REMINDERS_JOB, runKey: today(), startedAt: new Date(Date.now() - 60_000) });
    const scheduler = createScheduler(db(), [storageRemindersJob(config)], quiet);
    expect((await scheduler.tick())[0].outcome).toBe('skipped');
    // It crashed: eleven minutes later (past the retry delay) any instance takes it over.
    await db()
      .update(scheduledJobRuns)
      .set({ startedAt: new Date(Date.now() - 11 * 60_000) });
    expect((await scheduler.tick())[0]).toMatchObject({ outcome: 'ran', result: { reminders: 1 } });
    expect(await remindersOf(ana.user.id)).toHaveLength(1);

    // A job that throws leaves its run unfinished, with the error, and nothing of its work.
    let fail = true;
    const other = await stored(luis, 1);
    const flaky = createScheduler(
      db(),
      [
        {
          name: 'flaky',
          run: async (tx) => {
            await tx.insert(storageReminders).values({ packageId: other.id, kind: 'ending_soon' });
            if (fail) throw new Error('proveedor caído');
            return { ok: true };
          },
        },
      ],
      quiet,
      { retryAfterMs: 0 },
    );
    expect((await flaky.tick())[0]).toMatchObject({ outcome: 'failed', error: 'proveedor caído' });
    const [failed] = await db().select().from(scheduledJobRuns).where(eq(scheduledJobRuns.job, 'flaky'));
    expect(failed).toMatchObject({ finishedAt: null, result: { error: 'proveedor caído' } });
    expect(await db().select().from(storageReminders).where(eq(storageReminders.packageId, other.id))).toHaveLength(0);
    fail = false;
    await new Promise((r) => setTimeout(r, 5));
    expect((await flaky.tick())[0]).toMatchObject({ outcome: 'ran', result: { ok: true } });
  });
});

describe('the fee charged when the parcel is invoiced', () => {
  it('a new shipment adds its parcels’ accrued storage fee to its cost, frozen then', async () => {
    const admin = await signedInAdmin(db());
    const over = await stored(ana, 34, 'received'); // 4 days over: 2.00
    const fresh = await stored(ana, 3);
    const created = await admin.caller.shipments.create({
      userId: ana.user.id,
      packageIds: [over.id, fresh.id],
      ...(await homeDeliveryTo(db(), ana.user.id, {
        address: 'Av. Francisco de Miranda, edificio 3',
        city: 'Caracas',
        state: 'Miranda',
      })),
      shippingCostUsdCents: 2000,
    });
    expect(created.storageFeeUsdCents).toBe(2_00);
    const [row] = await db()
      .select({ cost: shipments.shippingCostUsdCents })
      .from(shipments)
      .where(eq(shipments.id, created.id));
    expect(row.cost).toBe(2200);
    // The customer is told why the cost is higher.
    const [notice] = await db()
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, ana.user.id), eq(notifications.title, SHIPMENT_MESSAGES.createdTitle)));
    expect(notice.message).toContain('Su costo incluye $2,00 de almacenaje');
    // In the shipment the clock stops: Almacén no longer shows a fee for them.
    const { items } = await ana.caller.packages.mine({});
    expect(items.filter((p) => p.storage)).toHaveLength(0);
    // Not reminded either.
    await stored(ana, 25, 'in_shipment');
    const [run] = await createScheduler(db(), [storageRemindersJob(config)], quiet).tick();
    expect(run.result).toMatchObject({ reminders: 0 });
  });
});

describe('Almacenaje por vencer: the staff list and the reminder sent now', () => {
  it('lists the parcels whose free storage ends within 7 days, nearest first, with their last reminder', async () => {
    const warehouse = await signedInStaff(db(), 'almacen');
    const lastDay = await stored(ana, 30);
    const inFive = await stored(luis, 25);
    const inSeven = await stored(ana, 23);
    await stored(ana, 22); // 8 days left: not yet
    await stored(ana, 31); // past its free days: its fee already runs
    await stored(luis, 29, 'in_shipment'); // not on the shelf

    const list = await warehouse.caller.storage.endingSoon();
    expect(list.map((r) => [r.label, r.daysLeft])).toEqual([
      [lastDay.warehouseReceipt, 0],
      [inFive.warehouseReceipt, 5],
      [inSeven.warehouseReceipt, 7],
    ]);
    expect(list[1]).toMatchObject({ customerName: 'Luis Storage', lastRemindedAt: null });

    // The daily job's reminder shows as the last one.
    await createScheduler(db(), [storageRemindersJob(config)], quiet).tick();
    const after = await warehouse.caller.storage.endingSoon();
    expect(after.find((r) => r.packageId === inFive.id)!.lastRemindedAt).toBeInstanceOf(Date);
    // Customers cannot read it.
    expect((await trpcError(ana.caller.storage.endingSoon())).code).toBe('FORBIDDEN');
  });

  it('"Enviar recordatorio ahora" tells the customer once a day, on the channels for reminders; refusals change nothing', async () => {
    const warehouse = await signedInStaff(db(), 'almacen');
    const parcel = await stored(luis, 26);

    const sent = await warehouse.caller.storage.remindNow({ packageId: parcel.id });
    expect(sent.message).toBe(STORAGE_MESSAGES.reminderSent('Luis Storage'));
    const told = await remindersOf(luis.user.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: STORAGE_MESSAGES.reminderSoonTitle });
    expect(told[0]!.message).toContain(parcel.warehouseReceipt!);
    expect(told[0]!.message).toContain('4 días');

    // A second tap the same day: refused, the customer is not told twice.
    const again = await trpcError(warehouse.caller.storage.remindNow({ packageId: parcel.id }));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe(STORAGE_MESSAGES.reminderAlreadyToday);
    expect(await remindersOf(luis.user.id)).toHaveLength(1);

    // A parcel no longer on the shelf, or one whose fee already runs: refused, nobody told.
    const shipped = await stored(ana, 26, 'in_shipment');
    const notOnShelf = await trpcError(warehouse.caller.storage.remindNow({ packageId: shipped.id }));
    expect([notOnShelf.code, notOnShelf.message]).toEqual(['BAD_REQUEST', STORAGE_MESSAGES.notOnShelf]);
    expect(await remindersOf(ana.user.id)).toHaveLength(0);

    // Only staff who may change parcels send it; a customer cannot.
    const cashier = await signedInStaff(db(), 'caja');
    expect((await trpcError(cashier.caller.storage.remindNow({ packageId: parcel.id }))).code).toBe('FORBIDDEN');
    expect((await trpcError(luis.caller.storage.remindNow({ packageId: parcel.id }))).code).toBe('FORBIDDEN');
  });
});
