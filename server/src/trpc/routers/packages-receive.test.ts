// Receiving a package in the warehouse (docs/decisions/019-warehouse-intake.md): its WR, weight,
// measures, shelf and photo; the customer told once; WR numbers unique however they are typed.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  PACKAGE_MESSAGES as M,
  packageIntakeInput,
  packageUpdateInput,
  PREALERT_NOTIFICATIONS,
} from '@casillero/shared';
import { emailOutbox, packages, storedFiles } from '../../db/schema';
import { trpcError } from '../../test/caller';
import { describe, expect, it } from 'vitest';
import {
  usePackages,
  adminCaller,
  ana,
  beto,
  db,
  serial,
  form,
  notificationsOf,
  packageRow,
  receivedNotices,
  convertedPackage,
} from '../../test/packages';

usePackages();

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
