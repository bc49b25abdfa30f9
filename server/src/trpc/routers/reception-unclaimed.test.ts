// The "sin dueño" queue (docs/decisions/019-warehouse-intake.md): parcels received without an owner,
// matched by a later pre-alert or assigned by hand, once.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { RECEPTION_MESSAGES as M } from '@casillero/shared';
import { mailboxes, storedFiles } from '../../db/schema';
import { trpcError } from '../../test/caller';
import {
  almacen,
  ana,
  beto,
  customerCaller,
  db,
  intakeRow,
  nextSerial,
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

describe('unclaimed parcels', () => {
  it('receives a number nobody expects "sin dueño", then gives it to the customer who pre-alerts it', async () => {
    const number = `TBA${String(Date.now()).slice(-9)}${String(nextSerial()).padStart(3, '0')}`;
    const photo = await uploadedPhoto(almacen.user.id);
    const saved = await staffCaller().reception.receive(
      receiveInput(number, { mailboxCode: 'XX-NADIE-1', description: 'Caja pequeña', photos: [photo] }),
    );
    expect(saved).toEqual({
      status: 'unclaimed',
      intakeId: saved.intakeId,
      packageId: null,
      warehouseReceipt: saved.warehouseReceipt,
      customerName: null,
      mailboxCode: null,
      customerNotified: false,
    });
    expect(await intakeRow(saved.intakeId)).toMatchObject({
      status: 'unclaimed',
      mailboxCodeRead: 'XX-NADIE-1',
      carrier: 'Amazon',
      packageId: null,
    });
    const queue = await staffCaller().reception.unclaimed({ q: number.slice(0, 10) });
    expect(queue.rows).toEqual([
      expect.objectContaining({
        id: saved.intakeId,
        trackingNumber: number,
        warehouseReceipt: saved.warehouseReceipt,
        mailboxCodeRead: 'XX-NADIE-1',
        photoCount: 1,
      }),
    ]);
    // The photo waits with the staff member until someone claims the parcel.
    const [stillStaff] = await db()
      .select({ owner: storedFiles.ownerUserId })
      .from(storedFiles)
      .where(eq(storedFiles.id, photo.fileId));
    expect(stillStaff.owner).toBe(almacen.user.id);

    const noticesBefore = (await noticesOf(beto.user.id)).length;
    const created = await customerCaller(beto).prealerts.create({
      trackingNumber: number.toLowerCase(),
      description: 'Cables',
      quantityItems: 2,
    });
    expect(created).toMatchObject({ message: M.prealertMatchedToast, warehouseReceipt: saved.warehouseReceipt });

    const intake = await intakeRow(saved.intakeId);
    expect(intake).toMatchObject({ status: 'claimed', mailboxId: beto.mailboxId, claimedBy: null });
    expect(await packageRow(intake.packageId!)).toMatchObject({
      userId: beto.user.id,
      status: 'received',
      warehouseReceipt: saved.warehouseReceipt,
      packageDescription: 'Caja pequeña',
    });
    expect(await prealertRow(created.id)).toMatchObject({ status: 'converted', convertedPackageId: intake.packageId });
    const notices = (await noticesOf(beto.user.id)).slice(noticesBefore);
    expect(notices).toEqual([expect.objectContaining({ title: M.prealertMatchedTitle, link: '/dashboard/almacen' })]);
    expect(notices[0].message).toContain(saved.warehouseReceipt);
    const [nowCustomer] = await db()
      .select({ owner: storedFiles.ownerUserId })
      .from(storedFiles)
      .where(eq(storedFiles.id, photo.fileId));
    expect(nowCustomer.owner).toBe(beto.user.id);
    expect((await staffCaller().reception.unclaimed({ q: number.slice(0, 10) })).rows).toEqual([]);
    // Scanning it now says it was received.
    expect(await staffCaller().reception.lookup({ code: number })).toMatchObject({
      kind: 'alreadyReceived',
      packageId: intake.packageId,
      unclaimed: false,
    });
  });

  it('also matches a pre-alert that gets its number later, when edited', async () => {
    const number = upsNumber();
    const saved = await staffCaller().reception.receive(receiveInput(number));
    const { id } = await customerCaller(ana).prealerts.create({
      description: 'Pedido sin número aún',
      quantityItems: 1,
    });
    const edited = await customerCaller(ana).prealerts.update({
      id,
      trackingNumber: number,
      description: 'Pedido sin número aún',
      quantityItems: 1,
    });
    expect(edited).toMatchObject({ message: M.prealertMatchedTitle, warehouseReceipt: saved.warehouseReceipt });
    const intake = await intakeRow(saved.intakeId);
    expect(intake).toMatchObject({ status: 'claimed', mailboxId: ana.mailboxId });
    expect(await prealertRow(id)).toMatchObject({ status: 'converted', convertedPackageId: intake.packageId });
  });

  it('assigns an unclaimed parcel to a casillero by hand, once', async () => {
    const number = upsNumber();
    const saved = await staffCaller().reception.receive(receiveInput(number));
    expect(await staffCaller().reception.lookup({ code: number })).toMatchObject({
      kind: 'alreadyReceived',
      unclaimed: true,
      packageId: null,
    });
    const noticesBefore = (await noticesOf(ana.user.id)).length;

    const picked = await staffCaller().reception.mailboxes({ q: 'Ana Recep' });
    expect(picked).toContainEqual(
      expect.objectContaining({ id: ana.mailboxId, code: ana.mailboxCode, customerName: 'Ana Recepción' }),
    );
    const assigned = await staffCaller().reception.assign({ intakeId: saved.intakeId, mailboxId: ana.mailboxId });
    expect(assigned).toMatchObject({
      warehouseReceipt: saved.warehouseReceipt,
      customerName: 'Ana Recepción',
      mailboxCode: ana.mailboxCode,
    });
    expect(await packageRow(assigned.packageId)).toMatchObject({
      userId: ana.user.id,
      mailboxId: ana.mailboxId,
      packageDescription: 'Paquete UPS',
      weightKg: 2.35,
    });
    expect(await intakeRow(saved.intakeId)).toMatchObject({
      status: 'claimed',
      claimedBy: almacen.user.id,
      packageId: assigned.packageId,
    });
    expect((await noticesOf(ana.user.id)).length).toBe(noticesBefore + 1);

    const again = await trpcError(
      staffCaller().reception.assign({ intakeId: saved.intakeId, mailboxId: beto.mailboxId }),
    );
    expect(again).toMatchObject({ code: 'CONFLICT', message: M.intakeAlreadyClaimed });
    expect((await noticesOf(ana.user.id)).length).toBe(noticesBefore + 1);
  });

  it('refuses an inactive casillero and an unknown parcel', async () => {
    const saved = await staffCaller().reception.receive(receiveInput(upsNumber()));
    await db().update(mailboxes).set({ status: 'inactive' }).where(eq(mailboxes.id, beto.mailboxId));
    try {
      const err = await trpcError(
        staffCaller().reception.assign({ intakeId: saved.intakeId, mailboxId: beto.mailboxId }),
      );
      expect(err).toMatchObject({ code: 'BAD_REQUEST', message: M.mailboxNotActive });
      expect((await intakeRow(saved.intakeId)).status).toBe('unclaimed');
    } finally {
      await db().update(mailboxes).set({ status: 'active' }).where(eq(mailboxes.id, beto.mailboxId));
    }
    const err = await trpcError(
      staffCaller().reception.assign({ intakeId: '00000000-0000-4000-8000-000000000000', mailboxId: ana.mailboxId }),
    );
    expect(err).toMatchObject({ code: 'NOT_FOUND', message: M.intakeNotFound });
  });
});
