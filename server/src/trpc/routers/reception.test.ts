// Reception by scanning (docs/decisions/019-warehouse-intake.md): what a scan finds, receiving it
// once (with its WR, the pre-alert converted and one notification), photos handed to the customer,
// who may call it, and the SQL tracking_key() agreeing with trackingKey() on the examples' table.
// The "sin dueño" queue: reception-unclaimed.test.ts.
import { describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  PACKAGE_MESSAGES,
  RECEPTION_MESSAGES as M,
  TRACKING_MESSAGES,
  TRACKING_NUMBER_EXAMPLES,
  WAREHOUSE_RECEIPT_PATTERN,
  trackingKey,
  type ReceptionReceiveInput,
} from '@casillero/shared';
import { rowsOf } from '../../db/client';
import { parcelIntakes, parcelPhotos, storedFiles, users } from '../../db/schema';
import { trpcError } from '../../test/caller';
import { signedInStaff } from '../../test/factories';
import {
  admin,
  almacen,
  ana,
  beto,
  counts,
  customerCaller,
  db,
  emailsTo,
  intakeRow,
  noticesOf,
  packageRow,
  prealertRow,
  receiveInput,
  staffCaller,
  upsNumber,
  uploadedPhoto,
  useReception,
} from '../../test/reception';

useReception();

describe('tracking_key() in SQL', () => {
  it.each(TRACKING_NUMBER_EXAMPLES)('gives what trackingKey() gives: $note', async ({ raw, key }) => {
    const [row] = rowsOf<{ key: string }>(await db().execute(sql`select tracking_key(${raw}) as key`));
    expect(row.key).toBe(key);
    expect(trackingKey(raw)).toBe(key);
  });
});

describe('reception.lookup', () => {
  it('finds the pre-alert a number belongs to, whatever the variant scanned', async () => {
    const number = upsNumber();
    await customerCaller(ana).prealerts.create({
      trackingNumber: number,
      carrier: 'UPS',
      description: 'Zapatos de correr',
      quantityItems: 1,
    });
    const variant = ` ${number.toLowerCase().slice(0, 6)} ${number.toLowerCase().slice(6)} `;
    const found = await staffCaller().reception.lookup({ code: variant });
    expect(found).toEqual({
      kind: 'expected',
      trackingNumber: number,
      carrier: 'UPS',
      source: 'prealert',
      customer: { id: ana.user.id, name: 'Ana Recepción' },
      mailbox: { id: ana.mailboxId, code: ana.mailboxCode },
      description: 'Zapatos de correr',
    });
  });

  it('finds a tracking registered by the warehouse', async () => {
    const number = upsNumber();
    await admin.trackings.create({
      mailboxId: beto.mailboxId,
      trackingNumber: number,
      carrier: 'UPS',
      description: 'Una chaqueta de invierno',
      senderName: 'Zara',
    });
    const found = await staffCaller().reception.lookup({ code: number });
    expect(found).toMatchObject({
      kind: 'expected',
      source: 'tracking',
      customer: { id: beto.user.id, name: 'Beto Bodega' },
      mailbox: { code: beto.mailboxCode },
    });
  });

  it('finds a package created as pending, and receives that package instead of a new one', async () => {
    const number = upsNumber();
    const { id } = await admin.packages.create({
      userId: ana.user.id,
      mailboxId: ana.mailboxId,
      trackingNumber: number,
      packageDescription: 'Lámpara',
      status: 'pending',
    });
    expect(await staffCaller().reception.lookup({ code: number })).toMatchObject({
      kind: 'expected',
      source: 'package',
      description: 'Lámpara',
    });
    const before = await counts();
    const saved = await staffCaller().reception.receive(receiveInput(number, { weightKg: 4 }));
    expect(saved).toMatchObject({ status: 'claimed', packageId: id, customerNotified: true });
    expect(await packageRow(id)).toMatchObject({
      status: 'received',
      weightKg: 4,
      warehouseReceipt: saved.warehouseReceipt,
    });
    expect((await counts()).packages).toBe(before.packages);
  });

  it('says "unknown" for a number nobody expects, with the carrier its shape suggests', async () => {
    expect(await staffCaller().reception.lookup({ code: '9400 1118 9922 3197 0000 01' })).toEqual({
      kind: 'unknown',
      trackingNumber: '9400111899223197000001',
      carrier: 'USPS',
    });
  });

  it("treats a number pre-alerted by two customers as nobody's", async () => {
    const number = upsNumber();
    await customerCaller(ana).prealerts.create({ trackingNumber: number, description: 'Libro', quantityItems: 1 });
    await customerCaller(beto).prealerts.create({
      trackingNumber: number.toLowerCase(),
      description: 'Libro',
      quantityItems: 1,
    });
    expect(await staffCaller().reception.lookup({ code: number })).toMatchObject({ kind: 'unknown' });
    expect(await staffCaller().reception.receive(receiveInput(number))).toMatchObject({
      status: 'unclaimed',
      packageId: null,
    });
  });

  it('opens the package of a scanned WR label, and says "ya recibido" for a received number', async () => {
    const number = upsNumber();
    await customerCaller(ana).prealerts.create({ trackingNumber: number, description: 'Perfume', quantityItems: 1 });
    const saved = await staffCaller().reception.receive(receiveInput(number));
    expect(await staffCaller().reception.lookup({ code: saved.warehouseReceipt.toLowerCase() })).toEqual({
      kind: 'warehouseReceipt',
      packageId: saved.packageId,
      warehouseReceipt: saved.warehouseReceipt,
    });
    expect(await staffCaller().reception.lookup({ code: number.toLowerCase() })).toMatchObject({
      kind: 'alreadyReceived',
      warehouseReceipt: saved.warehouseReceipt,
      packageId: saved.packageId,
      intakeId: saved.intakeId,
      unclaimed: false,
    });
    const err = await trpcError(staffCaller().reception.lookup({ code: 'WR-2020-99999999' }));
    expect(err).toMatchObject({ code: 'NOT_FOUND', message: M.warehouseReceiptNotFound('WR-2020-99999999') });
  });
});

describe('reception.receive', () => {
  it('receives a pre-alerted parcel: the package with its WR, the pre-alert converted, the customer told once', async () => {
    const number = upsNumber();
    const { id: prealertId } = await customerCaller(ana).prealerts.create({
      trackingNumber: number,
      carrier: 'UPS',
      senderName: 'Nike',
      description: 'Zapatos deportivos',
      quantityItems: 1,
      // The pre-alert's invoice value: the package's declared value (docs/product/insurance.md).
      estimatedValueUsdCents: 129_99,
    });
    const tracking = await admin.trackings.create({
      mailboxId: ana.mailboxId,
      trackingNumber: number,
      carrier: 'UPS',
      description: 'Zapatos deportivos de correr',
      senderName: 'Nike',
    });
    const noticesBefore = (await noticesOf(ana.user.id)).length;
    const emailsBefore = (await emailsTo(ana.email)).length;

    const saved = await staffCaller().reception.receive(receiveInput(number, { weightKg: 2.35 }));
    expect(saved).toMatchObject({
      status: 'claimed',
      customerName: 'Ana Recepción',
      mailboxCode: ana.mailboxCode,
      customerNotified: true,
    });
    expect(saved.warehouseReceipt).toMatch(WAREHOUSE_RECEIPT_PATTERN);

    const pkg = await packageRow(saved.packageId!);
    expect(pkg).toMatchObject({
      userId: ana.user.id,
      mailboxId: ana.mailboxId,
      trackingNumber: number,
      packageDescription: 'Zapatos deportivos',
      senderName: 'Nike',
      weightKg: 2.35,
      dimensionsCm: '30x20x15',
      status: 'received',
      warehouseReceipt: saved.warehouseReceipt,
      trackingId: tracking.id,
      estimatedValueUsdCents: 129_99,
    });
    expect(pkg.receivedDate).not.toBeNull();
    expect(await prealertRow(prealertId)).toMatchObject({ status: 'converted', convertedPackageId: saved.packageId });
    expect(await intakeRow(saved.intakeId)).toMatchObject({
      status: 'claimed',
      packageId: saved.packageId,
      mailboxId: ana.mailboxId,
      trackingKey: number,
      carrier: 'UPS',
      receivedBy: almacen.user.id,
      claimedBy: almacen.user.id,
    });

    const notices = (await noticesOf(ana.user.id)).slice(noticesBefore);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: PACKAGE_MESSAGES.receivedTitle,
      message: PACKAGE_MESSAGES.intakeRecorded(number, saved.warehouseReceipt, 2.35),
      link: '/dashboard/almacen',
    });
    expect((await emailsTo(ana.email)).length).toBe(emailsBefore + 1);
    // The customer sees it in Almacén.
    const mine = await customerCaller(ana).packages.mine({});
    expect(mine.items.map((p: { id: string }) => p.id)).toContain(saved.packageId);
  });

  it('receives by the casillero code read off the label when nobody expects the number', async () => {
    const number = upsNumber();
    const saved = await staffCaller().reception.receive(
      receiveInput(number, { mailboxCode: ` ${beto.mailboxCode.toLowerCase()} `, description: 'Caja mediana' }),
    );
    expect(saved).toMatchObject({
      status: 'claimed',
      customerName: 'Beto Bodega',
      mailboxCode: beto.mailboxCode,
      customerNotified: true,
    });
    expect(await packageRow(saved.packageId!)).toMatchObject({
      userId: beto.user.id,
      mailboxId: beto.mailboxId,
      packageDescription: 'Caja mediana',
    });
    expect((await intakeRow(saved.intakeId)).mailboxCodeRead).toBeNull();
  });

  it('refuses a second scan of the same number, in any variant, and changes nothing', async () => {
    const number = upsNumber();
    await customerCaller(ana).prealerts.create({ trackingNumber: number, description: 'Audífonos', quantityItems: 1 });
    const saved = await staffCaller().reception.receive(receiveInput(number));
    const before = await counts();
    const err = await trpcError(
      staffCaller().reception.receive(receiveInput(` ${number.toLowerCase()} `, { weightKg: 9 })),
    );
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toContain(saved.warehouseReceipt);
    expect(err.message).toContain('ya fue recibido');
    expect(await counts()).toEqual(before);
    expect((await packageRow(saved.packageId!)).weightKg).toBe(2.35);
  });

  it('receives two scans of one number sent at once only once', async () => {
    const number = upsNumber();
    await customerCaller(beto).prealerts.create({ trackingNumber: number, description: 'Camisa', quantityItems: 1 });
    const before = await counts();
    const results = await Promise.allSettled([
      staffCaller().reception.receive(receiveInput(number)),
      staffCaller().reception.receive(receiveInput(number)),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.code).toBe('CONFLICT');
    const after = await counts();
    expect(after.intakes).toBe(before.intakes + 1);
    expect(after.packages).toBe(before.packages + 1);
    expect((await db().select().from(parcelIntakes).where(eq(parcelIntakes.trackingKey, number))).length).toBe(1);
  });

  it("hands the photos to the customer and refuses photos that are not the caller's or already used", async () => {
    const number = upsNumber();
    await customerCaller(ana).prealerts.create({ trackingNumber: number, description: 'Bicicleta', quantityItems: 1 });
    const photos = [await uploadedPhoto(almacen.user.id), await uploadedPhoto(almacen.user.id)];
    const saved = await staffCaller().reception.receive(receiveInput(number, { photos }));
    const rows = await db()
      .select()
      .from(parcelPhotos)
      .where(eq(parcelPhotos.intakeId, saved.intakeId))
      .orderBy(parcelPhotos.position);
    expect(rows.map((r) => [r.position, r.fileId, r.thumbFileId])).toEqual(
      photos.map((p, i) => [i, p.fileId, p.thumbFileId]),
    );
    const ids = photos.flatMap((p) => [p.fileId, p.thumbFileId]);
    const owners = await db()
      .select({ owner: storedFiles.ownerUserId })
      .from(storedFiles)
      .where(inArray(storedFiles.id, ids));
    expect(owners.map((o) => o.owner)).toEqual(ids.map(() => ana.user.id));

    const before = await counts();
    // Used already (and now the customer's).
    let err = await trpcError(staffCaller().reception.receive(receiveInput(upsNumber(), { photos: [photos[0]] })));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: M.photosInvalid });
    // Uploaded by someone else.
    const [adminUser] = await db().select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
    err = await trpcError(
      staffCaller().reception.receive(receiveInput(upsNumber(), { photos: [await uploadedPhoto(adminUser.id)] })),
    );
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: M.photosInvalid });
    expect((await counts()).intakes).toBe(before.intakes);
  });
});

describe('who may receive, and bad input', () => {
  it('refuses customers and the cashier', async () => {
    const caja = await signedInStaff(db(), 'caja');
    for (const caller of [customerCaller(ana), caja.caller]) {
      expect((await trpcError(caller.reception.lookup({ code: '1Z879E930346834440' }))).code).toBe('FORBIDDEN');
      expect((await trpcError(caller.reception.receive(receiveInput(upsNumber())))).code).toBe('FORBIDDEN');
      expect((await trpcError(caller.reception.unclaimed({}))).code).toBe('FORBIDDEN');
      expect(
        (
          await trpcError(
            caller.reception.assign({ intakeId: '00000000-0000-4000-8000-000000000000', mailboxId: ana.mailboxId }),
          )
        ).code,
      ).toBe('FORBIDDEN');
    }
  });

  it.each([
    ['no number', { code: '  ' }, M.codeRequired],
    ['a number without letters or digits', { code: '--- ---' }, M.codeInvalid],
    ['no weight', { weightKg: undefined }, M.weightRequired],
    ['a zero weight', { weightKg: 0 }, M.weightPositive],
    ['too heavy', { weightKg: 1200 }, M.weightMax],
    ['two of three measures', { heightCm: '' }, M.dimensionsIncomplete],
    ['a negative measure', { lengthCm: -3 }, M.dimensionPositive],
    [
      'five photos',
      {
        photos: Array.from({ length: 5 }, (_, i) => ({
          fileId: `00000000-0000-4000-8000-00000000000${i}`,
          thumbFileId: `00000000-0000-4000-8000-00000000001${i}`,
        })),
      },
      M.photosMax,
    ],
  ] as const)('answers %s in Spanish and saves nothing', async (_label, overrides, message) => {
    const before = await counts();
    const err = await trpcError(
      staffCaller().reception.receive({
        ...receiveInput(upsNumber()),
        ...(overrides as object),
      } as ReceptionReceiveInput),
    );
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['a formula', '=1+1ABCDEF', TRACKING_MESSAGES.trackingNumberPattern],
    ['markup', '<img src=x onerror=alert(1)>', TRACKING_MESSAGES.trackingNumberPattern],
    ['a path', '../../etc/passwd', TRACKING_MESSAGES.trackingNumberPattern],
    ['a number over 50 characters', `1Z${'9'.repeat(49)}`, TRACKING_MESSAGES.trackingNumberMax],
  ])('refuses %s as a tracking number, with the rule every number keeps, and saves nothing', async (_label, code, message) => {
    const before = await counts();
    const err = await trpcError(staffCaller().reception.receive(receiveInput(code)));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message });
    expect(await counts()).toEqual(before);
  });

  it('refuses to receive a WR label as a new parcel', async () => {
    const err = await trpcError(staffCaller().reception.receive(receiveInput('WR-2026-1000001')));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: M.isWarehouseLabel });
  });
});
