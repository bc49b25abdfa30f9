import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  PACKAGE_MESSAGES as M,
  packageIntakeInput,
  packageUpdateInput,
  PREALERT_NOTIFICATIONS,
  type PackageCreateInput,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  emailOutbox,
  mailboxes,
  notifications,
  packages,
  prealerts,
  repackRequestItems,
  shipmentPackages,
  shipments,
  storedFiles,
} from '../../db/schema';
import { testConfig } from '../../env';
import { createTestDatabase } from '../../test/db';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { signedInAdmin, signedInCustomer, homeDeliveryTo } from '../../test/factories';

const config = testConfig({ appUrl: TEST_APP_URL });

let database: Database;
let adminCaller: ReturnType<typeof callerFor>;
type Customer = Awaited<ReturnType<typeof customerWithMailbox>>;
let ana: Customer;
let beto: Customer;

const db = () => database.db;

async function customerWithMailbox(nombre: string) {
  const customer = await signedInCustomer(db(), { nombre });
  const [mailbox] = await db()
    .select({ id: mailboxes.id, mailboxCode: mailboxes.mailboxCode })
    .from(mailboxes)
    .where(eq(mailboxes.userId, customer.user.id));
  return { ...customer, mailbox };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const admin = await signedInAdmin(database.db);
  adminCaller = callerFor(database.db, admin.visitor, config);
  ana = await customerWithMailbox('Ana Almacén');
  beto = await customerWithMailbox('Beto Bodega');
});
afterAll(async () => {
  await database.close();
});

let serial = 0;
function form(c: Customer, overrides: Partial<PackageCreateInput> = {}): PackageCreateInput {
  serial++;
  return {
    userId: c.user.id,
    mailboxId: c.mailbox.id,
    trackingNumber: `pkg${Date.now().toString(36)}${serial}`,
    packageDescription: `Audífonos inalámbricos ${serial}`,
    senderName: 'Amazon',
    weightKg: 1.5,
    dimensionsCm: '20x15x10',
    estimatedValueUsdCents: 4999,
    status: 'pending',
    notes: '',
    ...overrides,
  };
}

const notificationsOf = (userId: string) => db().select().from(notifications).where(eq(notifications.userId, userId));
const packageRow = async (id: string) => (await db().select().from(packages).where(eq(packages.id, id)))[0];
const prealertRow = async (id: string) => (await db().select().from(prealerts).where(eq(prealerts.id, id)))[0];
const receivedNotices = async (userId: string) =>
  (await notificationsOf(userId)).filter((n) => n.title === M.receivedTitle);

/** The customer pre-alerts a purchase; the admin confirms it and converts it into a package. */
async function convertedPackage(c: Customer) {
  const { id: prealertId } = await c.caller.prealerts.create({
    trackingNumber: `PRE${Date.now().toString(36)}${++serial}`.toUpperCase(),
    carrier: 'Amazon',
    senderName: 'Amazon',
    description: 'Zapatos deportivos',
    quantityItems: 1,
    amountSpentUsdCents: 5990,
    estimatedWeight: 1.1,
    estimatedValueUsdCents: 5990,
  });
  await adminCaller.prealerts.confirm({ id: prealertId });
  const { packageId } = await adminCaller.prealerts.convert({ id: prealertId });
  return { prealertId, packageId };
}

async function putInShipment(c: Customer, packageId: string) {
  const [s] = await db()
    .insert(shipments)
    .values({
      userId: c.user.id,
      shipmentCode: `SHT${++serial}${Date.now()}`.slice(0, 20),
      deliveryAddress: 'Av. Principal de Prueba 123',
      deliveryCity: 'Caracas',
      deliveryState: 'Distrito Capital',
    })
    .returning({ id: shipments.id, code: shipments.shipmentCode });
  await db().insert(shipmentPackages).values({ shipmentId: s.id, packageId });
  await db().update(packages).set({ status: 'in_shipment' }).where(eq(packages.id, packageId));
  return s.code;
}

describe('packages.create', () => {
  it('answers the spec messages for each rule', async () => {
    const cases: [Partial<PackageCreateInput>, string][] = [
      [{ userId: '' }, M.customerRequired],
      [{ mailboxId: '' }, M.mailboxRequired],
      [{ packageDescription: '   ' }, M.descriptionRequired],
      [{ weightKg: 0 }, M.weightPositive],
      [{ weightKg: -2 }, M.weightPositive],
      [{ estimatedValueUsdCents: 0 }, M.valuePositive],
      [{ status: 'in_shipment' as never }, M.statusInvalid],
    ];
    for (const [override, message] of cases) {
      const error = await trpcError(adminCaller.packages.create(form(ana, override)));
      expect(`${JSON.stringify(override)} ${error.code} ${error.message}`).toBe(
        `${JSON.stringify(override)} BAD_REQUEST ${message}`,
      );
    }
  });

  it('stores empty optionals as null and a pending package without received date or notification', async () => {
    const before = (await notificationsOf(ana.user.id)).length;
    const { id } = await adminCaller.packages.create(
      form(ana, {
        trackingNumber: '',
        senderName: '',
        weightKg: '',
        dimensionsCm: '',
        estimatedValueUsdCents: '',
        notes: '',
      }),
    );
    const row = await packageRow(id);
    expect(row).toMatchObject({
      trackingNumber: null,
      senderName: null,
      weightKg: null,
      dimensionsCm: null,
      estimatedValueUsdCents: null,
      notes: null,
      status: 'pending',
      receivedDate: null,
    });
    expect((await notificationsOf(ana.user.id)).length).toBe(before);
  });

  it('refuses a mailbox of another customer, checked on the server', async () => {
    const error = await trpcError(adminCaller.packages.create(form(ana, { mailboxId: beto.mailbox.id })));
    expect(error.message).toBe(M.mailboxNotOwned);
    const unknown = await trpcError(adminCaller.packages.create(form(ana, { userId: randomUUID() })));
    expect(unknown.message).toBe(M.customerRequired);
  });

  it('a package created as received records the date and notifies the customer with an e-mail', async () => {
    const input = form(ana, { status: 'received' });
    const { id } = await adminCaller.packages.create(input);
    const row = await packageRow(id);
    expect(row.status).toBe('received');
    expect(row.receivedDate).toBeInstanceOf(Date);
    const mine = await notificationsOf(ana.user.id);
    expect(
      mine.some((n) => n.title === M.receivedTitle && n.message.includes(input.trackingNumber!.toUpperCase())),
    ).toBe(true);
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.subject, M.receivedTitle));
    expect(mails.some((m) => m.to.includes(ana.email))).toBe(true);
  });

  it('is for admins only', async () => {
    const error = await trpcError(callerFor(db(), ana.visitor, config).packages.create(form(ana)));
    expect(error.code).toBe('FORBIDDEN');
  });
});

describe('packages.list and count', () => {
  it('searches by tracking, description, customer name and mailbox code; filters by status and customer', async () => {
    const a = await adminCaller.packages.create(
      form(ana, { packageDescription: 'Teclado mecánico Keychron', trackingNumber: 'ZZLIST0001' }),
    );
    const b = await adminCaller.packages.create(
      form(beto, { packageDescription: 'Cafetera italiana Bialetti', status: 'received' }),
    );

    const ids = async (input: Parameters<typeof adminCaller.packages.list>[0]) =>
      (await adminCaller.packages.list(input)).rows.map((r) => r.id);
    expect(await ids({ q: 'zzlist0001' })).toEqual([a.id]);
    expect(await ids({ q: 'Keychron' })).toEqual([a.id]);
    expect(await ids({ q: 'Bodega' })).toContain(b.id);
    expect(await ids({ q: 'Bodega' })).not.toContain(a.id);
    expect(await ids({ q: beto.mailbox.mailboxCode })).toContain(b.id);
    expect(await ids({ status: 'received', cliente: beto.user.id })).toEqual([b.id]);
    expect(await ids({ cliente: ana.user.id })).not.toContain(b.id);

    const page = await adminCaller.packages.list({ cliente: beto.user.id });
    expect(page.rows[0]).toMatchObject({
      customerName: 'Beto Bodega',
      mailboxCode: beto.mailbox.mailboxCode,
      mailboxCountry: 'USA',
      shipmentCode: null,
    });
    const count = await adminCaller.packages.count({ cliente: beto.user.id });
    expect(count).toMatchObject({ count: page.rows.length, isCapped: false });
    expect(count.total).toBeGreaterThanOrEqual(page.rows.length);
  });

  it('pages newest first', async () => {
    for (let i = 0; i < 3; i++) await adminCaller.packages.create(form(beto));
    const first = await adminCaller.packages.list({ cliente: beto.user.id, pageSize: 10 });
    const times = first.rows.map((r) => +new Date(r.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
  });
});

describe('packages.updateStatus', () => {
  it('received sets the received date now and notifies; other statuses do not', async () => {
    const { id } = await adminCaller.packages.create(form(ana));
    const before = (await notificationsOf(ana.user.id)).length;
    await adminCaller.packages.updateStatus({ id, status: 'processed' });
    expect((await notificationsOf(ana.user.id)).length).toBe(before);
    const result = await adminCaller.packages.updateStatus({ id, status: 'received' });
    expect(result.status).toBe('received');
    expect(Date.now() - +new Date(result.receivedDate!)).toBeLessThan(60_000);
    expect((await notificationsOf(ana.user.id)).length).toBe(before + 1);
  });

  it('accepts only the four statuses and refuses a package in a shipment', async () => {
    const { id } = await adminCaller.packages.create(form(ana, { status: 'received' }));
    expect((await trpcError(adminCaller.packages.updateStatus({ id, status: 'in_warehouse' as never }))).message).toBe(
      M.statusInvalid,
    );
    const code = await putInShipment(ana, id);
    const error = await trpcError(adminCaller.packages.updateStatus({ id, status: 'pending' }));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(M.inShipment(code));
    expect((await trpcError(adminCaller.packages.updateStatus({ id: randomUUID(), status: 'pending' }))).code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('packages.receive (warehouse intake)', () => {
  it('requires the WR number and a weight', async () => {
    const { id } = await adminCaller.packages.create(form(ana));
    expect((await trpcError(adminCaller.packages.receive({ id, warehouseReceipt: '  ', weightKg: 1 }))).message).toBe(
      M.warehouseReceiptRequired,
    );
    expect((await trpcError(adminCaller.packages.receive({ id, warehouseReceipt: 'WR-1', weightKg: 0 }))).message).toBe(
      M.weightPositive,
    );
  });

  it('receives a pending package with WR, weight, dimensions, shelf and photo, and notifies once', async () => {
    const { id } = await adminCaller.packages.create(form(ana, { weightKg: '' }));
    const [photo] = await db()
      .insert(storedFiles)
      .values({
        ownerUserId: ana.user.id,
        kind: 'package_photo',
        storageKey: `test/${randomUUID()}.png`,
        contentType: 'image/png',
        sizeBytes: 10,
      })
      .returning({ id: storedFiles.id });
    const before = (await notificationsOf(ana.user.id)).length;
    const result = await adminCaller.packages.receive({
      id,
      warehouseReceipt: 'wr-2026-0001',
      weightKg: 2.35,
      dimensionsCm: '30x20x10',
      warehouseLocation: 'A-1-05',
      photoFileId: photo.id,
    });
    expect(result).toMatchObject({ isNewlyReceived: true, warehouseReceipt: 'WR-2026-0001' });
    const row = await packageRow(id);
    expect(row).toMatchObject({
      status: 'received',
      warehouseReceipt: 'WR-2026-0001',
      weightKg: 2.35,
      dimensionsCm: '30x20x10',
      warehouseLocation: 'A-1-05',
      photoFileId: photo.id,
    });
    expect(row.receivedDate).toBeInstanceOf(Date);
    const mine = await notificationsOf(ana.user.id);
    expect(mine.length).toBe(before + 1);
    const label = (await packageRow(id)).trackingNumber!;
    expect(
      mine.filter(
        (n) => n.message === M.intakeRecorded(label, 'WR-2026-0001', 2.35) && n.link === '/dashboard/almacen',
      ),
    ).toHaveLength(1);
    expect(M.intakeRecorded(label, 'WR-2026-0001', 2.35)).toContain('2,35 kg');

    // Correcting the intake later does not notify again.
    const corrected = await adminCaller.packages.receive({ id, warehouseReceipt: 'WR-2026-0001', weightKg: 2.4 });
    expect(corrected).toMatchObject({ isNewlyReceived: false, customerNotified: false });
    expect((await notificationsOf(ana.user.id)).length).toBe(before + 1);
    expect((await packageRow(id)).receivedDate).toEqual(row.receivedDate);
    expect((await packageRow(id)).weightKg).toBe(2.4);

    const detail = await adminCaller.packages.detail({ id });
    expect(detail).toMatchObject({ photoFileId: photo.id, warehouseLocation: 'A-1-05', customerName: 'Ana Almacén' });
    const link = await adminCaller.files.link({ id: photo.id });
    expect(link.url).toContain(photo.id);
  });

  it('refuses a photo of another customer and packages past the warehouse', async () => {
    const { id } = await adminCaller.packages.create(form(ana));
    const [foreign] = await db()
      .insert(storedFiles)
      .values({
        ownerUserId: beto.user.id,
        kind: 'package_photo',
        storageKey: `test/${randomUUID()}.png`,
        contentType: 'image/png',
        sizeBytes: 10,
      })
      .returning({ id: storedFiles.id });
    expect(
      (
        await trpcError(
          adminCaller.packages.receive({ id, warehouseReceipt: 'WR-9', weightKg: 1, photoFileId: foreign.id }),
        )
      ).message,
    ).toBe(M.photoNotOwned);
    const shipped = await adminCaller.packages.create(form(ana, { status: 'shipped' }));
    expect(
      (await trpcError(adminCaller.packages.receive({ id: shipped.id, warehouseReceipt: 'WR-9', weightKg: 1 })))
        .message,
    ).toBe(M.intakeNotAllowed);
  });
});

describe('packages.update and delete', () => {
  it('edits the fields, keeping the mailbox among the customer’s own', async () => {
    const { id } = await adminCaller.packages.create(form(ana));
    await adminCaller.packages.update({
      id,
      mailboxId: ana.mailbox.id,
      trackingNumber: 'edit-001',
      packageDescription: 'Descripción corregida',
      senderName: '',
      weightKg: 3,
      dimensionsCm: '',
      estimatedValueUsdCents: 1000,
      notes: 'Caja húmeda',
      warehouseReceipt: 'wr-77',
      warehouseLocation: 'B-2',
    });
    expect(await packageRow(id)).toMatchObject({
      trackingNumber: 'EDIT-001',
      packageDescription: 'Descripción corregida',
      senderName: null,
      weightKg: 3,
      notes: 'Caja húmeda',
      warehouseReceipt: 'WR-77',
      warehouseLocation: 'B-2',
    });
    const error = await trpcError(
      adminCaller.packages.update({ id, mailboxId: beto.mailbox.id, packageDescription: 'x' }),
    );
    expect(error.message).toBe(M.mailboxNotOwned);
  });

  it('deletes a package, but not one in a shipment', async () => {
    const { id } = await adminCaller.packages.create(form(ana));
    await adminCaller.packages.delete({ id });
    expect(await packageRow(id)).toBeUndefined();
    const other = await adminCaller.packages.create(form(ana, { status: 'received' }));
    const code = await putInShipment(ana, other.id);
    const error = await trpcError(adminCaller.packages.delete({ id: other.id }));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(M.deleteInShipment(code));
    expect(await packageRow(other.id)).toBeDefined();
  });

  it('refuses deleting a package in a pending repack request', async () => {
    const { id } = await adminCaller.packages.create(form(ana, { status: 'received' }));
    await callerFor(db(), ana.visitor, config).repacks.request({ packageIds: [id], shippingMethod: 'aereo' });
    const error = await trpcError(adminCaller.packages.delete({ id }));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(M.deleteInRepack);
  });

  it('a corrected weight updates the total of the shipment it travels in', async () => {
    const a = await adminCaller.packages.create(form(beto, { status: 'received', weightKg: 1 }));
    const b = await adminCaller.packages.create(form(beto, { status: 'received', weightKg: 2 }));
    const shipment = await adminCaller.shipments.create({
      userId: beto.user.id,
      ...(await homeDeliveryTo(db(), beto.user.id, {
        address: 'Calle 10 con carrera 5, Barquisimeto',
        city: 'Barquisimeto',
        state: 'Lara',
      })),
      packageIds: [a.id, b.id],
    });
    const row = await packageRow(a.id);
    await adminCaller.packages.update({
      id: a.id,
      mailboxId: row.mailboxId,
      packageDescription: row.packageDescription,
      weightKg: 1.5,
    });
    const [s] = await db()
      .select({ total: shipments.totalWeightKg })
      .from(shipments)
      .where(eq(shipments.id, shipment.id));
    expect(s.total).toBe(3.5);
  });
});

describe('the received notification is sent once', () => {
  it('in_warehouse → received, or received sent again, keeps the received date and does not notify again', async () => {
    const { id } = await adminCaller.packages.create(form(ana));
    const before = (await receivedNotices(ana.user.id)).length;
    const first = await adminCaller.packages.updateStatus({ id, status: 'received' });
    expect((await receivedNotices(ana.user.id)).length).toBe(before + 1);
    const receivedDate = (await packageRow(id)).receivedDate;
    expect(receivedDate).toBeInstanceOf(Date);

    const again = await adminCaller.packages.updateStatus({ id, status: 'received' });
    expect(again.receivedDate).toBe(first.receivedDate);
    await db().update(packages).set({ status: 'in_warehouse' }).where(eq(packages.id, id));
    await adminCaller.packages.updateStatus({ id, status: 'received' });
    await adminCaller.packages.updateStatus({ id, status: 'pending' });
    const back = await adminCaller.packages.updateStatus({ id, status: 'received' });
    expect(back.receivedDate).toBe(first.receivedDate);
    expect((await packageRow(id)).receivedDate).toEqual(receivedDate);
    expect((await receivedNotices(ana.user.id)).length).toBe(before + 1);
  });

  it('a package created as received is told once; its first intake tells the WR and weight once', async () => {
    const { id } = await adminCaller.packages.create(form(beto, { status: 'received' }));
    const before = (await notificationsOf(beto.user.id)).length;
    const receivedDate = (await packageRow(id)).receivedDate;
    const result = await adminCaller.packages.receive({ id, warehouseReceipt: `wr-rcv-${serial}`, weightKg: 4.2 });
    expect(result).toMatchObject({ isNewlyReceived: false, customerNotified: true });
    const row = await packageRow(id);
    expect(row.receivedDate).toEqual(receivedDate);
    const mine = await notificationsOf(beto.user.id);
    expect(mine.length).toBe(before + 1);
    expect(
      mine.filter((n) => n.message === M.intakeRecorded(row.trackingNumber!, result.warehouseReceipt, 4.2)),
    ).toHaveLength(1);
    await adminCaller.packages.receive({ id, warehouseReceipt: result.warehouseReceipt, weightKg: 4.3 });
    expect((await notificationsOf(beto.user.id)).length).toBe(before + 1);
  });

  it('a package converted from a pre-alert: the intake tells the customer the WR and weight, once', async () => {
    const { packageId } = await convertedPackage(ana);
    const converted = await packageRow(packageId);
    expect(converted).toMatchObject({ status: 'received', warehouseReceipt: null });
    const mine = await notificationsOf(ana.user.id);
    expect(mine.filter((n) => n.title === PREALERT_NOTIFICATIONS.convertedTitle).length).toBeGreaterThan(0);
    const before = mine.length;

    const wr = `WR-CONV-${serial}`;
    const result = await adminCaller.packages.receive({
      id: packageId,
      warehouseReceipt: wr,
      weightKg: 1.25,
      warehouseLocation: 'C-3',
    });
    expect(result).toMatchObject({ customerNotified: true, warehouseReceipt: wr });
    const after = await notificationsOf(ana.user.id);
    expect(after.length).toBe(before + 1);
    const notice = after.find((n) => n.message === M.intakeRecorded(converted.trackingNumber!, wr, 1.25));
    expect(notice).toMatchObject({ title: M.receivedTitle, link: '/dashboard/almacen' });
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.subject, M.receivedTitle));
    expect(mails.filter((m) => m.to.includes(ana.email) && m.text.includes(wr))).toHaveLength(1);
    expect((await packageRow(packageId)).receivedDate).toEqual(converted.receivedDate);

    await adminCaller.packages.receive({ id: packageId, warehouseReceipt: wr, weightKg: 1.3 });
    await adminCaller.packages.updateStatus({ id: packageId, status: 'received' });
    expect((await notificationsOf(ana.user.id)).length).toBe(before + 1);
  });
});

describe('warehouse receipt (WR) numbers are unique', () => {
  it('the shared schema trims, collapses spaces and upper-cases the WR; an empty edit clears it', () => {
    const id = randomUUID();
    expect(packageIntakeInput.parse({ id, warehouseReceipt: '  wr  2026-7 ', weightKg: 1 }).warehouseReceipt).toBe(
      'WR 2026-7',
    );
    const edit = (warehouseReceipt: string | null) =>
      packageUpdateInput.parse({ id, mailboxId: ana.mailbox.id, packageDescription: 'x', warehouseReceipt })
        .warehouseReceipt;
    expect(edit(' wr-9 ')).toBe('WR-9');
    expect(edit('   ')).toBeNull();
    expect(edit(null)).toBeNull();
  });

  it('refuses a second intake with the same WR (other case and spaces) and changes nothing', async () => {
    const first = await adminCaller.packages.create(form(ana));
    const second = await adminCaller.packages.create(form(beto));
    const wr = `WR-DUP-${serial}`;
    await adminCaller.packages.receive({ id: first.id, warehouseReceipt: wr, weightKg: 1.2 });
    const firstBefore = await packageRow(first.id);
    const secondBefore = await packageRow(second.id);
    const betoNotices = (await notificationsOf(beto.user.id)).length;

    const error = await trpcError(
      adminCaller.packages.receive({ id: second.id, warehouseReceipt: `  ${wr.toLowerCase()}  `, weightKg: 3 }),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(M.warehouseReceiptTaken);
    expect(await packageRow(second.id)).toEqual(secondBefore);
    expect(secondBefore).toMatchObject({ status: 'pending', warehouseReceipt: null, receivedDate: null });
    expect(await packageRow(first.id)).toEqual(firstBefore);
    expect((await notificationsOf(beto.user.id)).length).toBe(betoNotices);
  });

  it('refuses the same WR through edit; a package keeps its own WR and a cleared WR is free again', async () => {
    const first = await adminCaller.packages.create(form(ana));
    const wr = `WR-EDIT-${serial}`;
    await adminCaller.packages.receive({ id: first.id, warehouseReceipt: wr, weightKg: 2 });
    const other = await adminCaller.packages.create(form(ana, { status: 'received' }));
    const otherBefore = await packageRow(other.id);
    const firstBefore = await packageRow(first.id);

    const error = await trpcError(
      adminCaller.packages.update({
        id: other.id,
        mailboxId: ana.mailbox.id,
        packageDescription: 'Cambio que no debe guardarse',
        warehouseReceipt: ` ${wr.toLowerCase()} `,
      }),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(M.warehouseReceiptTaken);
    expect(await packageRow(other.id)).toEqual(otherBefore);
    expect(await packageRow(first.id)).toEqual(firstBefore);

    // Saving the first package with its own WR is fine; clearing it frees the number.
    await adminCaller.packages.update({
      id: first.id,
      mailboxId: ana.mailbox.id,
      packageDescription: 'Con su propio WR',
      warehouseReceipt: wr.toLowerCase(),
    });
    expect((await packageRow(first.id)).warehouseReceipt).toBe(wr);
    await adminCaller.packages.update({
      id: first.id,
      mailboxId: ana.mailbox.id,
      packageDescription: 'Sin WR',
      warehouseReceipt: '',
    });
    expect((await packageRow(first.id)).warehouseReceipt).toBeNull();
    await adminCaller.packages.update({
      id: other.id,
      mailboxId: ana.mailbox.id,
      packageDescription: 'Ahora sí',
      warehouseReceipt: wr,
    });
    expect(await packageRow(other.id)).toMatchObject({ warehouseReceipt: wr, packageDescription: 'Ahora sí' });
  });
});

describe('deleting a package keeps history', () => {
  it('refuses a package in a repack request that was already processed', async () => {
    const { id } = await adminCaller.packages.create(form(beto, { status: 'received' }));
    const request = await callerFor(db(), beto.visitor, config).repacks.request({
      packageIds: [id],
      shippingMethod: 'aereo',
    });
    await adminCaller.repacks.process({
      id: request.id,
      warehouseReceipt: `WR-RPK-${serial}`,
      weightKg: 8,
      dimensionsCm: '50x40x30',
    });
    const error = await trpcError(adminCaller.packages.delete({ id }));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(M.deleteInRepack);
    expect(await packageRow(id)).toBeDefined();
    expect(await db().select().from(repackRequestItems).where(eq(repackRequestItems.packageId, id))).toHaveLength(1);
  });

  it('deleting a package converted from a pre-alert gives the pre-alert back as confirmed, ready to convert again', async () => {
    const { prealertId, packageId } = await convertedPackage(beto);
    expect(await prealertRow(prealertId)).toMatchObject({ status: 'converted', convertedPackageId: packageId });

    const result = await adminCaller.packages.delete({ id: packageId });
    expect(result).toEqual({ id: packageId, restoredPrealertId: prealertId });
    expect(await packageRow(packageId)).toBeUndefined();
    expect(await prealertRow(prealertId)).toMatchObject({
      status: 'confirmed',
      convertedAt: null,
      convertedPackageId: null,
    });

    const again = await adminCaller.prealerts.convert({ id: prealertId });
    expect(again.packageId).not.toBe(packageId);
    expect(await prealertRow(prealertId)).toMatchObject({ status: 'converted', convertedPackageId: again.packageId });
  });

  it('a refused delete leaves a converted pre-alert converted', async () => {
    const { prealertId, packageId } = await convertedPackage(beto);
    const code = await putInShipment(beto, packageId);
    expect((await trpcError(adminCaller.packages.delete({ id: packageId }))).message).toBe(M.deleteInShipment(code));
    expect(await prealertRow(prealertId)).toMatchObject({ status: 'converted', convertedPackageId: packageId });
  });

  it('an ordinary package deletes without touching any pre-alert', async () => {
    const { id } = await adminCaller.packages.create(form(beto));
    expect(await adminCaller.packages.delete({ id })).toEqual({ id, restoredPrealertId: null });
  });
});

describe('the form choices', () => {
  it('lists customers by name, e-mail or mailbox code, and only the chosen customer’s mailboxes', async () => {
    const byName = await adminCaller.packages.customers({ q: 'Bodega' });
    expect(byName.map((c) => c.userId)).toEqual([beto.user.id]);
    const byCode = await adminCaller.packages.customers({ q: ana.mailbox.mailboxCode });
    expect(byCode.map((c) => c.userId)).toEqual([ana.user.id]);
    const one = await adminCaller.packages.customers({ id: ana.user.id });
    expect(one[0]).toMatchObject({ fullName: 'Ana Almacén', email: ana.email });
    const boxes = await adminCaller.packages.customerMailboxes({ userId: ana.user.id });
    expect(boxes.map((b) => b.id)).toEqual([ana.mailbox.id]);
    const rows = await db()
      .select({ id: mailboxes.id })
      .from(mailboxes)
      .where(and(eq(mailboxes.userId, beto.user.id)));
    expect(boxes.map((b) => b.id)).not.toContain(rows[0].id);
  });
});
