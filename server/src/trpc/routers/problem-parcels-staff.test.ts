// Problem parcels, the staff side (docs/product/problem-parcels.md): the customer is told once when
// the warehouse completes a return or a disposal (in the app and by e-mail, as they chose for
// status changes) and once when a parcel is abandoned; Gestión de Paquetes lists every customer's
// open problems ('Con problema', by who it waits for and by reason) to those who read packages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { PROBLEM_MESSAGES as M, type PackageListInput } from '@casillero/shared';
import type { Database } from '../../db/client';
import { emailOutbox, notifications, packageProblems, packages } from '../../db/schema';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { customerWithActiveMailbox, signedInStaff, type CustomerWithMailbox } from '../../test/factories';
import { testConfig } from '../../env';
import { runProblemAbandonment } from '../../services/problem-parcels';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let almacen: Staff;
let atencion: Staff;
let caja: Staff;
let maria: CustomerWithMailbox;
let pedro: CustomerWithMailbox;
const as = (c: { visitor: CustomerWithMailbox['visitor'] }) => callerFor(db(), c.visitor, config);

beforeAll(async () => {
  database = await createTestDatabase();
  almacen = await signedInStaff(db(), 'almacen');
  atencion = await signedInStaff(db(), 'atencion');
  caja = await signedInStaff(db(), 'caja');
  maria = await customerWithActiveMailbox(db(), { nombre: 'María González' });
  pedro = await customerWithActiveMailbox(db(), { nombre: 'Pedro Rivas' });
});
afterAll(async () => {
  await database.close();
});

let seq = 0;
async function parcel(c: CustomerWithMailbox) {
  const t = `${Date.now().toString(36).toUpperCase()}${++seq}`;
  const [row] = await db()
    .insert(packages)
    .values({
      userId: c.user.id,
      mailboxId: c.mailboxId,
      trackingNumber: `1ZST${t}`,
      packageDescription: `Compra ${t}`,
      status: 'in_warehouse',
      weightKg: 2,
      dimensionsCm: '30x20x15',
      estimatedValueUsdCents: 5000,
      warehouseReceipt: `WR-ST-${t}`,
      receivedDate: new Date(),
    })
    .returning({ id: packages.id, receipt: packages.warehouseReceipt });
  return { id: row!.id, receipt: row!.receipt! };
}

/** Every notice (in the app) and e-mail the customer got with this title. */
async function told(c: CustomerWithMailbox, title: string) {
  const inApp = await db()
    .select({ message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, c.user.id), eq(notifications.title, title)));
  const mails = (await db().select().from(emailOutbox).where(eq(emailOutbox.subject, title))).filter((m) =>
    m.to.includes(c.email),
  );
  return { inApp: inApp.map((n) => n.message), emails: mails.length };
}

describe('the customer is told when the warehouse completes their choice', () => {
  it('returned to the seller: one notice and one e-mail, however often staff press complete', async () => {
    const p = await parcel(maria);
    await almacen.caller.problemParcels.flag({ packageId: p.id, reason: 'prohibited', note: 'Contiene perfume.' });
    await as(maria).problemParcels.choose({ packageId: p.id, choice: 'return_to_seller' });
    const notice = M.completedNotice.return_to_seller;
    expect(await told(maria, notice.title)).toEqual({ inApp: [], emails: 0 });

    await almacen.caller.problemParcels.complete({ packageId: p.id });
    const again = await trpcError(almacen.caller.problemParcels.complete({ packageId: p.id }));
    expect(`${again.code} ${again.message}`).toBe(`CONFLICT ${M.notAwaitingStaff}`);
    expect(await told(maria, notice.title)).toEqual({ inApp: [notice.message(p.receipt)], emails: 1 });
    expect(await told(pedro, notice.title)).toEqual({ inApp: [], emails: 0 });
  });

  it('disposed of: one notice and one e-mail', async () => {
    const p = await parcel(pedro);
    await almacen.caller.problemParcels.flag({ packageId: p.id, reason: 'damaged', note: 'Roto.', extraChargeUsd: 3 });
    await as(pedro).problemParcels.choose({ packageId: p.id, choice: 'dispose' });
    await almacen.caller.problemParcels.complete({ packageId: p.id });
    const notice = M.completedNotice.dispose;
    expect(await told(pedro, notice.title)).toEqual({ inApp: [notice.message(p.receipt)], emails: 1 });
  });

  it('abandoned: one notice and one e-mail, even when the daily job runs twice', async () => {
    const p = await parcel(pedro);
    await almacen.caller.problemParcels.flag({ packageId: p.id, reason: 'prohibited', note: 'Batería suelta.' });
    const [{ abandonOn }] = await db()
      .select({ abandonOn: packageProblems.abandonOn })
      .from(packageProblems)
      .where(eq(packageProblems.packageId, p.id));
    for (let run = 0; run < 2; run++) await db().transaction((tx) => runProblemAbandonment(tx, { today: abandonOn }));
    const got = await told(pedro, M.abandonedTitle);
    expect(got.inApp.filter((m) => m === M.abandonedMessage(p.receipt))).toHaveLength(1);
    expect(got.emails).toBe(got.inApp.length);
  });
});

describe("'Con problema' in Gestión de Paquetes: every customer's open problems", () => {
  it('lists them across customers, by who they wait for and by reason; closed ones are left out', async () => {
    const waiting = await parcel(maria);
    await almacen.caller.problemParcels.flag({
      packageId: waiting.id,
      reason: 'no_invoice',
      note: 'Falta la factura.',
      extraChargeUsd: 5,
    });
    const toComplete = await parcel(pedro);
    await almacen.caller.problemParcels.flag({ packageId: toComplete.id, reason: 'prohibited', note: 'Aerosol.' });
    await as(pedro).problemParcels.choose({ packageId: toComplete.id, choice: 'dispose' });
    const released = await parcel(pedro);
    await almacen.caller.problemParcels.flag({
      packageId: released.id,
      reason: 'refused',
      note: 'Muy grande.',
      extraChargeUsd: 9,
    });
    await as(pedro).problemParcels.choose({ packageId: released.id, choice: 'pay_and_continue' });
    const plain = await parcel(maria);
    const ours = [waiting.id, toComplete.id, released.id, plain.id];

    const ids = async (filters: Partial<PackageListInput>) => {
      const { rows } = await almacen.caller.packages.list({ ...filters, pageSize: 100 });
      return rows.filter((r) => ours.includes(r.id)).map((r) => r.id);
    };
    expect(new Set(await ids({ problema: 'open' }))).toEqual(new Set([waiting.id, toComplete.id]));
    expect(await ids({ problema: 'awaiting_customer' })).toEqual([waiting.id]);
    expect(await ids({ problema: 'awaiting_staff' })).toEqual([toComplete.id]);
    expect(await ids({ motivo: 'prohibited' })).toEqual([toComplete.id]);
    expect(await ids({ problema: 'open', motivo: 'no_invoice' })).toEqual([waiting.id]);
    expect(await ids({ problema: 'open', cliente: maria.user.id })).toEqual([waiting.id]);

    // The row says what the problem is and when the parcel is abandoned.
    const { rows } = await almacen.caller.packages.list({ problema: 'awaiting_customer', pageSize: 100 });
    const row = rows.find((r) => r.id === waiting.id)!;
    const [problem] = await db().select().from(packageProblems).where(eq(packageProblems.packageId, waiting.id));
    expect(row).toMatchObject({
      problemState: 'awaiting_customer',
      problemReason: 'no_invoice',
      problemAbandonOn: problem!.abandonOn,
    });
    // The count line counts the same rows: every open problem in the database.
    const count = await almacen.caller.packages.count({ problema: 'open' });
    const open = await db()
      .select({ id: packageProblems.id })
      .from(packageProblems)
      .where(isNull(packageProblems.resolvedAt));
    expect(count.count).toBe(open.length);

    // Once the warehouse completes the disposal, it leaves the list.
    await almacen.caller.problemParcels.complete({ packageId: toComplete.id });
    expect(await ids({ problema: 'open' })).toEqual([waiting.id]);
  });

  it('customer service reads it too; the cashier and customers cannot', async () => {
    expect((await atencion.caller.packages.list({ problema: 'open' })).rows.length).toBeGreaterThan(0);
    for (const caller of [caja.caller, as(maria)]) {
      const error = await trpcError(caller.packages.list({ problema: 'open' }));
      expect(error.code).toBe('FORBIDDEN');
    }
  });
});
