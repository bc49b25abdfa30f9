// Editing and deleting a package (docs/decisions/019-warehouse-intake.md): the fields kept among the
// customer's own, a corrected weight in its shipment's total, and a delete that keeps history.

import { eq } from 'drizzle-orm';
import { PACKAGE_MESSAGES as M } from '@casillero/shared';
import { repackRequestItems, shipments } from '../../db/schema';
import { callerFor, trpcError } from '../../test/caller';
import { homeDeliveryTo } from '../../test/factories';
import { describe, expect, it } from 'vitest';
import {
  usePackages,
  config,
  adminCaller,
  ana,
  beto,
  db,
  serial,
  form,
  packageRow,
  prealertRow,
  convertedPackage,
  putInShipment,
} from '../../test/packages';

usePackages();

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
