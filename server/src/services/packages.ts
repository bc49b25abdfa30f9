// The admin's changes to packages (admin spec §4, §5): create, edit, inline status, warehouse
// intake and delete. Each runs in one transaction that locks the package row, so a package
// cannot change under a shipment being created from it; the customer's notification (and
// e-mail) of a receipt is written in the same transaction.
import { TRPCError } from '@trpc/server';
import { and, eq, sql } from 'drizzle-orm';
import {
  PACKAGE_MESSAGES as M,
  packageCreateInput,
  packageIntakeInput,
  packageStatusInput,
  packageUpdateInput,
  type PackageStatus,
  type z,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../db/client';
import type { Config } from '../env';
import { packages, repackRequestItems, repackRequests, shipments, storedFiles } from '../db/schema';
import { findCustomer, isCustomerMailbox } from '../queries/packages';
import { notifyUser } from './notify';

type AppConfig = Pick<Config, 'appUrl'>;
const CUSTOMER_LINK = '/dashboard/almacen';

/** The statuses a package may be received into the warehouse from (or have its intake corrected in). */
const INTAKE_STATUSES: readonly PackageStatus[] = ['pending', 'received', 'in_warehouse'];

/** Locks the package and tells whether (and in which shipment) it travels. */
async function lockPackage(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: packages.id,
      userId: packages.userId,
      status: packages.status,
      trackingNumber: packages.trackingNumber,
      packageDescription: packages.packageDescription,
      shipmentCode: sql<string | null>`(select s.shipment_code from shipment_packages sp join shipments s on s.id = sp.shipment_id where sp.package_id = "packages"."id")`,
    })
    .from(packages)
    .where(eq(packages.id, id))
    .for('update');
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: M.notFound });
  return row;
}

const labelOf = (p: { trackingNumber: string | null; packageDescription: string }) =>
  p.trackingNumber ? p.trackingNumber : `«${p.packageDescription}»`;

async function notifyReceived(tx: DbOrTx, config: AppConfig, userId: string, p: { trackingNumber: string | null; packageDescription: string }, wr: string | null) {
  await notifyUser(
    tx,
    userId,
    { title: M.receivedTitle, message: M.received(labelOf(p), wr), type: 'package', link: CUSTOMER_LINK },
    { email: 'default', appUrl: config.appUrl },
  );
}

export async function createPackage(db: Db, config: AppConfig, input: z.output<typeof packageCreateInput>) {
  return db.transaction(async (tx) => {
    const customer = await findCustomer(tx, input.userId);
    if (!customer) throw new TRPCError({ code: 'BAD_REQUEST', message: M.customerNotFound });
    if (!(await isCustomerMailbox(tx, input.userId, input.mailboxId))) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: M.mailboxNotOwned });
    }
    const isReceived = input.status === 'received';
    const [row] = await tx
      .insert(packages)
      .values({
        userId: input.userId,
        mailboxId: input.mailboxId,
        trackingNumber: input.trackingNumber,
        packageDescription: input.packageDescription,
        senderName: input.senderName,
        weightKg: input.weightKg,
        dimensionsCm: input.dimensionsCm,
        estimatedValueUsd: input.estimatedValueUsd,
        status: input.status,
        notes: input.notes,
        receivedDate: isReceived ? new Date() : null,
      })
      .returning({ id: packages.id, status: packages.status });
    if (isReceived) await notifyReceived(tx, config, input.userId, input, null);
    return row;
  });
}

export async function updatePackage(db: Db, input: z.output<typeof packageUpdateInput>) {
  return db.transaction(async (tx) => {
    const current = await lockPackage(tx, input.id);
    if (!(await isCustomerMailbox(tx, current.userId, input.mailboxId))) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: M.mailboxNotOwned });
    }
    const { id, ...fields } = input;
    await tx.update(packages).set(fields).where(eq(packages.id, id));
    // A corrected weight changes the total of the shipment it travels in.
    if (current.shipmentCode) {
      await tx
        .update(shipments)
        .set({
          totalWeightKg: sql`(select coalesce(sum(p.weight_kg), 0) from shipment_packages sp join packages p on p.id = sp.package_id where sp.shipment_id = "shipments"."id")`,
        })
        .where(eq(shipments.shipmentCode, current.shipmentCode));
    }
    return { id };
  });
}

/** The inline dropdown: one of the four; received records received_date now and tells the customer. */
export async function changePackageStatus(db: Db, config: AppConfig, input: z.output<typeof packageStatusInput>) {
  return db.transaction(async (tx) => {
    const current = await lockPackage(tx, input.id);
    if (current.shipmentCode) throw new TRPCError({ code: 'CONFLICT', message: M.inShipment(current.shipmentCode) });
    const isNewlyReceived = input.status === 'received' && current.status !== 'received';
    const [row] = await tx
      .update(packages)
      .set({ status: input.status, ...(input.status === 'received' ? { receivedDate: new Date() } : {}) })
      .where(eq(packages.id, input.id))
      .returning({ id: packages.id, status: packages.status, receivedDate: packages.receivedDate, warehouseReceipt: packages.warehouseReceipt });
    if (isNewlyReceived) await notifyReceived(tx, config, current.userId, current, row.warehouseReceipt);
    return { id: row.id, status: row.status, receivedDate: row.receivedDate?.toISOString() ?? null };
  });
}

/**
 * Warehouse intake: the WR number, weight, dimensions, shelf and photo. A pending package
 * becomes received (received_date now) and the customer is told; a package already in the
 * warehouse only has its data corrected.
 */
export async function receivePackage(db: Db, config: AppConfig, input: z.output<typeof packageIntakeInput>) {
  return db.transaction(async (tx) => {
    const current = await lockPackage(tx, input.id);
    if (current.shipmentCode) throw new TRPCError({ code: 'CONFLICT', message: M.inShipment(current.shipmentCode) });
    if (!INTAKE_STATUSES.includes(current.status)) throw new TRPCError({ code: 'CONFLICT', message: M.intakeNotAllowed });
    if (input.photoFileId) {
      const [photo] = await tx
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(
          and(eq(storedFiles.id, input.photoFileId), eq(storedFiles.ownerUserId, current.userId), eq(storedFiles.kind, 'package_photo')),
        );
      if (!photo) throw new TRPCError({ code: 'BAD_REQUEST', message: M.photoNotOwned });
    }
    const isNewlyReceived = current.status === 'pending';
    await tx
      .update(packages)
      .set({
        warehouseReceipt: input.warehouseReceipt,
        weightKg: input.weightKg,
        ...(input.dimensionsCm ? { dimensionsCm: input.dimensionsCm } : {}),
        ...(input.warehouseLocation ? { warehouseLocation: input.warehouseLocation } : {}),
        ...(input.photoFileId ? { photoFileId: input.photoFileId } : {}),
        ...(isNewlyReceived ? { status: 'received' as const, receivedDate: new Date() } : {}),
      })
      .where(eq(packages.id, input.id));
    if (isNewlyReceived) await notifyReceived(tx, config, current.userId, current, input.warehouseReceipt);
    return { id: input.id, isNewlyReceived, warehouseReceipt: input.warehouseReceipt };
  });
}

/** Deleting is refused while the package travels in a shipment. */
export async function deletePackage(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const current = await lockPackage(tx, id);
    if (current.shipmentCode) throw new TRPCError({ code: 'CONFLICT', message: M.deleteInShipment(current.shipmentCode) });
    const [inRepack] = await tx
      .select({ one: sql`1` })
      .from(repackRequestItems)
      .innerJoin(repackRequests, eq(repackRequests.id, repackRequestItems.repackRequestId))
      .where(and(eq(repackRequestItems.packageId, id), eq(repackRequests.status, 'pending')))
      .limit(1);
    if (inRepack) throw new TRPCError({ code: 'CONFLICT', message: M.deleteInRepack });
    await tx.delete(packages).where(eq(packages.id, id));
    return { id };
  });
}
