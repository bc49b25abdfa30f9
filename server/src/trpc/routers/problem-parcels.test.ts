// Problem parcels (docs/product/problem-parcels.md): staff flag a parcel, the customer chooses what
// the flag allows (an invoice when it costs), staff complete a return or a disposal, a held parcel
// cannot be shipped, and parcels nobody decides on are abandoned with a notice 5 days before and
// one on the day, once each however many runs there are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  PROBLEM_CHOICE_LABELS,
  PROBLEM_DEFAULTS,
  PROBLEM_MESSAGES as M,
  PROBLEM_REASON_LABELS,
  abandonDay,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import { auditLog, invoices, notifications, packageProblems, packages } from '../../db/schema';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import {
  customerWithActiveMailbox,
  recipientFor,
  signedInAdmin,
  signedInStaff,
  type CustomerWithMailbox,
} from '../../test/factories';
import { testConfig } from '../../env';
import { businessToday } from '../../lib/business-clock';
import { runProblemAbandonment } from '../../services/problem-parcels';
import { createScheduler } from '../../jobs/scheduler';
import { problemAbandonmentJob } from '../../jobs/problem-abandonment';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let almacen: Awaited<ReturnType<typeof signedInStaff>>;
let maria: CustomerWithMailbox;
let pedro: CustomerWithMailbox;
const as = (c: { visitor: CustomerWithMailbox['visitor'] }) => callerFor(db(), c.visitor, config);

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInAdmin(db());
  almacen = await signedInStaff(db(), 'almacen');
  maria = await customerWithActiveMailbox(db(), { nombre: 'María González' });
  pedro = await customerWithActiveMailbox(db(), { nombre: 'Pedro Rivas' });
});
afterAll(async () => {
  await database.close();
});

let seq = 0;
async function parcel(c: CustomerWithMailbox, status: 'in_warehouse' | 'received' | 'pending' = 'in_warehouse') {
  const t = `${Date.now().toString(36).toUpperCase()}${++seq}`;
  const [row] = await db()
    .insert(packages)
    .values({
      userId: c.user.id,
      mailboxId: c.mailboxId,
      trackingNumber: `1Z${t}`,
      packageDescription: `Compra ${t}`,
      status,
      weightKg: 2,
      dimensionsCm: '30x20x15',
      estimatedValueUsdCents: 5000,
      warehouseReceipt: `WR-PB-${t}`,
      receivedDate: new Date(),
    })
    .returning({ id: packages.id, receipt: packages.warehouseReceipt });
  return { id: row.id, receipt: row.receipt! };
}

const problemOf = async (packageId: string) =>
  (await db().select().from(packageProblems).where(eq(packageProblems.packageId, packageId)))[0];
const statusOf = async (packageId: string) =>
  (await db().select({ status: packages.status }).from(packages).where(eq(packages.id, packageId)))[0].status;
const invoicesOf = (userId: string) => db().select().from(invoices).where(eq(invoices.userId, userId));
const noticesOf = (userId: string, titles: string[]) =>
  db()
    .select({ title: notifications.title, message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.title, titles)));

describe('flagging', () => {
  it('staff of the warehouse flag a parcel on the shelf; the customer sees it in Acción requerida and is told', async () => {
    const p = await parcel(maria);
    const result = await almacen.caller.problemParcels.flag({
      packageId: p.id,
      reason: 'no_invoice',
      note: 'La aduana pide la factura de compra.',
      extraChargeUsd: 12.5,
    });
    expect(result.message).toBe(M.flagged(p.receipt));
    const mine = await as(maria).problemParcels.mine();
    const item = mine.find((m) => m.packageId === p.id)!;
    expect(item).toMatchObject({
      reason: 'no_invoice',
      note: 'La aduana pide la factura de compra.',
      extraChargeUsdCents: 1250,
      choices: ['return_to_seller', 'dispose', 'pay_and_continue'],
      returnFeeUsdCents: PROBLEM_DEFAULTS.returnFeeUsdCents,
      abandonOn: abandonDay(businessToday(), PROBLEM_DEFAULTS.abandonDays),
    });
    expect(await as(pedro).problemParcels.mine()).toEqual([]);
    expect((await noticesOf(maria.user.id, [M.flaggedTitle])).some((n) => n.message.includes(p.receipt))).toBe(true);
    const [audited] = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'package_problems'), eq(auditLog.entityId, p.id)));
    expect(audited.action).toBe('problemParcels.flag');
  });

  it('refuses in Spanish, with nothing changed: no charge where one is needed, a charge on a prohibited article, twice, off the shelf', async () => {
    const p = await parcel(maria);
    const cases: [Parameters<typeof almacen.caller.problemParcels.flag>[0], string, string][] = [
      [
        { packageId: p.id, reason: 'refused', note: 'Excede el tamaño.' },
        'BAD_REQUEST',
        M.chargeRequired(PROBLEM_REASON_LABELS.refused),
      ],
      [
        { packageId: p.id, reason: 'prohibited', note: 'Contiene baterías sueltas.', extraChargeUsd: 5 },
        'BAD_REQUEST',
        M.chargeNotAllowed,
      ],
      [
        { packageId: '00000000-0000-4000-8000-000000000000', reason: 'prohibited', note: 'Nota.' },
        'NOT_FOUND',
        M.notFound,
      ],
    ];
    for (const [input, code, message] of cases) {
      const error = await trpcError(almacen.caller.problemParcels.flag(input));
      expect(`${error.code} ${error.message}`).toBe(`${code} ${message}`);
    }
    expect(await problemOf(p.id)).toBeUndefined();

    await almacen.caller.problemParcels.flag({ packageId: p.id, reason: 'prohibited', note: 'Baterías sueltas.' });
    const twice = await trpcError(
      almacen.caller.problemParcels.flag({ packageId: p.id, reason: 'damaged', note: 'Otra vez.', extraChargeUsd: 3 }),
    );
    expect(`${twice.code} ${twice.message}`).toBe(`CONFLICT ${M.alreadyFlagged}`);

    const notArrived = await parcel(maria, 'pending');
    const off = await trpcError(
      almacen.caller.problemParcels.flag({ packageId: notArrived.id, reason: 'prohibited', note: 'Nota.' }),
    );
    expect(`${off.code} ${off.message}`).toBe(`CONFLICT ${M.notOnShelf}`);
  });

  it('cashiers and customer service cannot flag; customers cannot flag', async () => {
    const p = await parcel(maria);
    const caja = await signedInStaff(db(), 'caja');
    for (const caller of [caja.caller, as(maria)]) {
      const error = await trpcError(
        caller.problemParcels.flag({ packageId: p.id, reason: 'prohibited', note: 'Nota.' }),
      );
      expect(error.code).toBe('FORBIDDEN');
    }
    expect(await problemOf(p.id)).toBeUndefined();
  });
});

describe('a held parcel cannot be shipped', () => {
  it('the customer’s ship request and staff’s new shipment refuse it in Spanish until it is resolved', async () => {
    const p = await parcel(maria);
    await almacen.caller.problemParcels.flag({
      packageId: p.id,
      reason: 'damaged',
      note: 'Caja rota.',
      extraChargeUsd: 4,
    });
    // Almacén does not offer it for a ship request; the server refuses it if asked anyway.
    const { items } = await as(maria).packages.mine({});
    expect(items.find((x) => x.id === p.id)?.onHold).toBe(true);
    const request = await trpcError(as(maria).shipRequests.quote({ packageIds: [p.id], shippingMethod: 'aereo' }));
    expect(`${request.code} ${request.message}`).toBe(`CONFLICT ${M.shipBlocked(p.receipt)}`);
    const recipientId = await recipientFor(db(), maria.user.id);
    const staff = await trpcError(
      admin.caller.shipments.create({
        userId: maria.user.id,
        recipientId,
        deliveryMethod: 'home',
        estimatedDelivery: '',
        shippingCostUsdCents: 1000,
        packageIds: [p.id],
      }),
    );
    expect(`${staff.code} ${staff.message}`).toBe(`CONFLICT ${M.shipBlocked(p.receipt)}`);
    // Nor marked shipped by hand.
    const byHand = await trpcError(admin.caller.packages.updateStatus({ id: p.id, status: 'shipped' }));
    expect(`${byHand.code} ${byHand.message}`).toBe(`CONFLICT ${M.statusFollowsProblem}`);
    expect(await statusOf(p.id)).toBe('in_warehouse');

    // Paid and continued: the parcel may travel again.
    await as(maria).problemParcels.choose({ packageId: p.id, choice: 'pay_and_continue' });
    const quote = await as(maria).shipRequests.quote({ packageIds: [p.id], shippingMethod: 'aereo' });
    expect(quote.parcels.map((x) => x.id)).toEqual([p.id]);
  });
});

describe('the customer’s choice', () => {
  it('"Pagar el cargo y continuar" issues an invoice for the charge staff set and releases the parcel', async () => {
    const p = await parcel(maria);
    await almacen.caller.problemParcels.flag({
      packageId: p.id,
      reason: 'no_invoice',
      note: 'Falta la factura.',
      extraChargeUsd: 7.25,
    });
    const before = (await invoicesOf(maria.user.id)).length;
    const { message } = await as(maria).problemParcels.choose({ packageId: p.id, choice: 'pay_and_continue' });
    expect(message).toBe(M.decided.pay_and_continue);
    const all = await invoicesOf(maria.user.id);
    expect(all).toHaveLength(before + 1);
    const problem = await problemOf(p.id);
    const invoice = all.find((i) => i.id === problem.invoiceId)!;
    expect(invoice.usdCents).toBe(725);
    expect(invoice.lines).toEqual([
      { description: M.chargeLine(PROBLEM_REASON_LABELS.no_invoice, p.receipt), usdCents: 725 },
    ]);
    expect(problem.resolvedAt).not.toBeNull();
    expect((await as(maria).problemParcels.mine()).some((m) => m.packageId === p.id)).toBe(false);
    expect(await statusOf(p.id)).toBe('in_warehouse');
  });

  it('"Devolver al vendedor" charges the return fee (a setting); staff complete it and the parcel is returned, audited', async () => {
    await admin.caller.problemParcels.updateSettings({ abandonDays: 30, returnFeeUsd: 18 });
    const p = await parcel(maria);
    await almacen.caller.problemParcels.flag({ packageId: p.id, reason: 'prohibited', note: 'Contiene perfume.' });
    await as(maria).problemParcels.choose({ packageId: p.id, choice: 'return_to_seller' });
    const problem = await problemOf(p.id);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, problem.invoiceId!));
    expect(invoice.lines).toEqual([{ description: M.returnLine(p.receipt), usdCents: 1800 }]);
    expect(problem.resolvedAt).toBeNull();
    const [seen] = await admin.caller.problemParcels.ofPackage({ packageId: p.id });
    expect(seen).toMatchObject({ choice: 'return_to_seller', state: 'awaiting_staff', invoiceNumber: invoice.number });

    const done = await almacen.caller.problemParcels.complete({ packageId: p.id });
    expect(done.message).toBe(M.completed(p.receipt, 'Devuelto al vendedor'));
    expect(await statusOf(p.id)).toBe('returned_to_seller');
    expect((await admin.caller.problemParcels.ofPackage({ packageId: p.id }))[0].state).toBe('resolved');
    const again = await trpcError(almacen.caller.problemParcels.complete({ packageId: p.id }));
    expect(`${again.code} ${again.message}`).toBe(`CONFLICT ${M.notAwaitingStaff}`);
    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'package_problems'), eq(auditLog.entityId, p.id)));
    expect(actions.map((a) => a.action)).toContain('problemParcels.complete');
    await admin.caller.problemParcels.updateSettings({
      abandonDays: PROBLEM_DEFAULTS.abandonDays,
      returnFeeUsd: PROBLEM_DEFAULTS.returnFeeUsdCents / 100,
    });
  });

  it('"Desechar" costs nothing; staff complete it and the parcel is disposed of, its record kept', async () => {
    const p = await parcel(maria);
    await almacen.caller.problemParcels.flag({ packageId: p.id, reason: 'damaged', note: 'Roto.', extraChargeUsd: 3 });
    const before = (await invoicesOf(maria.user.id)).length;
    await as(maria).problemParcels.choose({ packageId: p.id, choice: 'dispose' });
    expect(await invoicesOf(maria.user.id)).toHaveLength(before);
    await almacen.caller.problemParcels.complete({ packageId: p.id });
    expect(await statusOf(p.id)).toBe('disposed');
    expect((await problemOf(p.id)).choice).toBe('dispose');
  });

  it('refuses another customer’s parcel (as missing), a choice the flag does not give, and a second choice; nothing changes', async () => {
    const p = await parcel(maria);
    await almacen.caller.problemParcels.flag({ packageId: p.id, reason: 'prohibited', note: 'Arma blanca.' });
    const before = (await invoicesOf(maria.user.id)).length;

    const foreign = await trpcError(as(pedro).problemParcels.choose({ packageId: p.id, choice: 'dispose' }));
    expect(`${foreign.code} ${foreign.message}`).toBe(`NOT_FOUND ${M.notFound}`);
    const notAllowed = await trpcError(
      as(maria).problemParcels.choose({ packageId: p.id, choice: 'pay_and_continue' }),
    );
    expect(`${notAllowed.code} ${notAllowed.message}`).toBe(
      `BAD_REQUEST ${M.choiceNotAllowed(PROBLEM_CHOICE_LABELS.pay_and_continue, PROBLEM_REASON_LABELS.prohibited)}`,
    );
    expect((await problemOf(p.id)).choice).toBeNull();

    // Two taps at once decide once.
    const both = await Promise.allSettled([
      as(maria).problemParcels.choose({ packageId: p.id, choice: 'return_to_seller' }),
      as(maria).problemParcels.choose({ packageId: p.id, choice: 'return_to_seller' }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const twice = await trpcError(as(maria).problemParcels.choose({ packageId: p.id, choice: 'dispose' }));
    expect(`${twice.code} ${twice.message}`).toBe(`CONFLICT ${M.alreadyDecided}`);
    expect((await problemOf(p.id)).choice).toBe('return_to_seller');
    expect(await invoicesOf(maria.user.id)).toHaveLength(before + 1);

    const noProblem = await parcel(maria);
    const missing = await trpcError(as(maria).problemParcels.choose({ packageId: noProblem.id, choice: 'dispose' }));
    expect(`${missing.code} ${missing.message}`).toBe(`NOT_FOUND ${M.notFound}`);
  });
});

describe('abandonment', () => {
  it('a notice 5 days before and one on the day, once each even with two runs at once; then abandonado, record kept', async () => {
    const p = await parcel(pedro);
    await almacen.caller.problemParcels.flag({
      packageId: p.id,
      reason: 'refused',
      note: 'Mide 2 m.',
      extraChargeUsd: 40,
    });
    const { abandonOn } = await problemOf(p.id);
    const dayBefore = (n: number) => abandonDay(abandonOn, -n);
    const titles = [M.soonTitle, M.abandonedTitle];
    const runTwiceAtOnce = (today: string) =>
      Promise.all([1, 2].map(() => db().transaction((tx) => runProblemAbandonment(tx, { today }))));

    await runTwiceAtOnce(dayBefore(6));
    expect(await noticesOf(pedro.user.id, titles)).toEqual([]);

    const five = await runTwiceAtOnce(dayBefore(5));
    // Whichever run came second found every notice already claimed by the first.
    expect(Math.min(...five.map((r) => r.notices))).toBe(0);
    expect(Math.max(...five.map((r) => r.notices))).toBeGreaterThan(0);
    await runTwiceAtOnce(dayBefore(4));
    expect(await noticesOf(pedro.user.id, titles)).toEqual([
      { title: M.soonTitle, message: M.soonMessage(p.receipt, 5, abandonOn.split('-').reverse().join('/')) },
    ]);
    expect(await statusOf(p.id)).toBe('in_warehouse');

    const onTheDay = await runTwiceAtOnce(abandonOn);
    expect(Math.min(...onTheDay.map((r) => r.abandoned))).toBe(0);
    expect(Math.max(...onTheDay.map((r) => r.abandoned))).toBeGreaterThan(0);
    await runTwiceAtOnce(dayBefore(-1));
    expect((await noticesOf(pedro.user.id, [M.abandonedTitle])).map((n) => n.message)).toEqual([
      M.abandonedMessage(p.receipt),
    ]);
    expect(await statusOf(p.id)).toBe('abandoned');
    const problem = await problemOf(p.id);
    expect(problem.abandonedAt).not.toBeNull();
    expect((await admin.caller.problemParcels.ofPackage({ packageId: p.id }))[0].state).toBe('abandoned');

    const late = await trpcError(as(pedro).problemParcels.choose({ packageId: p.id, choice: 'pay_and_continue' }));
    expect(`${late.code} ${late.message}`).toBe(`CONFLICT ${M.abandonedAlready}`);
    const ship = await trpcError(as(pedro).shipRequests.quote({ packageIds: [p.id], shippingMethod: 'aereo' }));
    expect(ship.code).toBe('CONFLICT');
    const byHand = await trpcError(admin.caller.packages.updateStatus({ id: p.id, status: 'received' }));
    expect(`${byHand.code} ${byHand.message}`).toBe(`CONFLICT ${M.statusFollowsProblem}`);
    expect(await statusOf(p.id)).toBe('abandoned');
  });

  it('a parcel decided on in time is not abandoned; the scheduled job runs once across instances', async () => {
    const p = await parcel(pedro);
    await almacen.caller.problemParcels.flag({ packageId: p.id, reason: 'prohibited', note: 'Líquido inflamable.' });
    await as(pedro).problemParcels.choose({ packageId: p.id, choice: 'dispose' });
    const { abandonOn } = await problemOf(p.id);
    await db().transaction((tx) => runProblemAbandonment(tx, { today: abandonOn }));
    expect(await statusOf(p.id)).toBe('in_warehouse');

    const quiet = { info: () => {}, warn: () => {} };
    const instances = [1, 2].map(() => createScheduler(db(), [problemAbandonmentJob(config)], quiet));
    const results = (await Promise.all(instances.map((i) => i.tick()))).flat();
    expect(results.filter((r) => r.outcome === 'ran')).toHaveLength(1);
  });

  it('the administrator sets the days and the return fee (audited); others cannot; bad input changes nothing', async () => {
    const saved = await admin.caller.problemParcels.updateSettings({ abandonDays: 45, returnFeeUsd: 9.99 });
    expect(saved).toEqual({ settings: { abandonDays: 45, returnFeeUsdCents: 999 }, message: M.settingsSaved });
    expect(await admin.caller.problemParcels.settings()).toEqual({ abandonDays: 45, returnFeeUsdCents: 999 });
    const forbidden = await trpcError(
      almacen.caller.problemParcels.updateSettings({ abandonDays: 10, returnFeeUsd: 1 }),
    );
    expect(forbidden.code).toBe('FORBIDDEN');
    const bad = await trpcError(admin.caller.problemParcels.updateSettings({ abandonDays: 3, returnFeeUsd: 1 }));
    expect(bad.message).toBe('Los días para abandono deben ser al menos 6.');
    expect(await admin.caller.problemParcels.settings()).toEqual({ abandonDays: 45, returnFeeUsdCents: 999 });
    const [entry] = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'app_settings'), eq(auditLog.entityId, 'problem_parcels')));
    expect(entry.action).toBe('problemParcels.updateSettings');
    await admin.caller.problemParcels.updateSettings({
      abandonDays: PROBLEM_DEFAULTS.abandonDays,
      returnFeeUsd: PROBLEM_DEFAULTS.returnFeeUsdCents / 100,
    });
  });
});
