// The admin's changes to packages (docs/product/admin-packages-and-shipments.md): create, edit, inline status, warehouse
// intake and delete. Each runs in one transaction that locks the package row, so a package
// cannot change under a shipment being created from it; the customer's notification (and
// e-mail) of a receipt is written in the same transaction.
//
// A package is received once: received_date is set (and the customer told) only by the
// conditional UPDATE … WHERE received_date IS NULL, so re-sending 'received' or moving a
// package back and forth never notifies twice. Its WR number is unique
// (packages_warehouse_receipt_key); a taken one is refused with a CONFLICT and nothing changes.
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  PROBLEM_END_STATUSES,
  PROBLEM_MESSAGES,
  PACKAGE_MESSAGES as M,
  type packageCreateInput,
  type packageIntakeInput,
  type packageStatusInput,
  type packageUpdateInput,
  type PackageStatus,
  type z,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../db/client';
import { DomainError } from '../lib/domain-error';
import type { Config } from '../env';
import { packages, prealerts, repackRequestItems, shipments, storedFiles } from '../db/schema';
import { findClient } from '../queries/clients';
import { isCustomerMailbox } from '../queries/packages';
import { openProblemsOf } from '../queries/problem-parcels';
import { isUniqueViolation } from './auth';
import { notifyUser } from './notify';

type AppConfig = Pick<Config, 'appUrl'>;
const CUSTOMER_LINK = '/dashboard/almacen';

/** The statuses a package may be received into the warehouse from (or have its intake corrected in). */
const INTAKE_STATUSES: readonly PackageStatus[] = ['pending', 'received', 'in_warehouse'];

const WR_CONSTRAINT = 'packages_warehouse_receipt_key';

/** A WR number already given to another package: refused (the transaction rolled back). */
function refuseTakenWarehouseReceipt(err: unknown): never {
  if (isUniqueViolation(err, WR_CONSTRAINT)) {
    throw new DomainError('CONFLICT', M.warehouseReceiptTaken, { cause: err });
  }
  throw err;
}

/** Records received_date now unless the package was ever received; true when it is the first receipt. */
async function markFirstReceipt(tx: DbOrTx, id: string) {
  const [row] = await tx
    .update(packages)
    .set({ receivedDate: new Date() })
    .where(and(eq(packages.id, id), isNull(packages.receivedDate)))
    .returning({ receivedDate: packages.receivedDate });
  return row ?? null;
}

/** Locks the package and tells whether (and in which shipment) it travels. */
async function lockPackage(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: packages.id,
      userId: packages.userId,
      status: packages.status,
      trackingNumber: packages.trackingNumber,
      packageDescription: packages.packageDescription,
      shipmentCode: sql<
        string | null
      >`(select s.shipment_code from shipment_packages sp join shipments s on s.id = sp.shipment_id where sp.package_id = "packages"."id")`,
    })
    .from(packages)
    .where(eq(packages.id, id))
    .for('update');
  if (!row) throw new DomainError('NOT_FOUND', M.notFound);
  return row;
}

const labelOf = (p: { trackingNumber: string | null; packageDescription: string }) =>
  p.trackingNumber ? p.trackingNumber : `«${p.packageDescription}»`;

async function notifyReceived(tx: DbOrTx, config: AppConfig, userId: string, message: string) {
  await notifyUser(
    tx,
    userId,
    { title: M.receivedTitle, message, type: 'package', link: CUSTOMER_LINK },
    { kind: 'package_received', email: 'default', appUrl: config.appUrl },
  );
}

export async function createPackage(db: Db, config: AppConfig, input: z.output<typeof packageCreateInput>) {
  return db.transaction(async (tx) => {
    const customer = await findClient(tx, input.userId);
    if (!customer) throw new DomainError('BAD_INPUT', M.customerNotFound);
    if (!(await isCustomerMailbox(tx, input.userId, input.mailboxId))) {
      throw new DomainError('BAD_INPUT', M.mailboxNotOwned);
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
        estimatedValueUsdCents: input.estimatedValueUsdCents,
        status: input.status,
        notes: input.notes,
        receivedDate: isReceived ? new Date() : null,
      })
      .returning({ id: packages.id, status: packages.status });
    if (isReceived) await notifyReceived(tx, config, input.userId, M.received(labelOf(input), null));
    return row;
  });
}

export async function updatePackage(db: Db, input: z.output<typeof packageUpdateInput>) {
  return db
    .transaction(async (tx) => {
      const current = await lockPackage(tx, input.id);
      if (!(await isCustomerMailbox(tx, current.userId, input.mailboxId))) {
        throw new DomainError('BAD_INPUT', M.mailboxNotOwned);
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
    })
    .catch(refuseTakenWarehouseReceipt);
}

/**
 * The inline dropdown: one of the four. 'received' records received_date and tells the customer
 * only the first time the package is received; a package that already was keeps its date.
 */
export async function changePackageStatus(db: Db, config: AppConfig, input: z.output<typeof packageStatusInput>) {
  return db.transaction(async (tx) => {
    const current = await lockPackage(tx, input.id);
    if (current.shipmentCode) throw new DomainError('CONFLICT', M.inShipment(current.shipmentCode));
    // A problem parcel's status follows its problem (docs/product/problem-parcels.md), not a hand change.
    if (
      (PROBLEM_END_STATUSES as readonly string[]).includes(current.status) ||
      (await openProblemsOf(tx, [input.id])).length
    )
      throw new DomainError('CONFLICT', PROBLEM_MESSAGES.statusFollowsProblem);
    const [row] = await tx.update(packages).set({ status: input.status }).where(eq(packages.id, input.id)).returning({
      id: packages.id,
      status: packages.status,
      receivedDate: packages.receivedDate,
      warehouseReceipt: packages.warehouseReceipt,
    });
    let receivedDate = row.receivedDate;
    if (input.status === 'received') {
      const first = await markFirstReceipt(tx, input.id);
      if (first) {
        receivedDate = first.receivedDate;
        await notifyReceived(tx, config, current.userId, M.received(labelOf(current), row.warehouseReceipt));
      }
    }
    return { id: row.id, status: row.status, receivedDate: receivedDate?.toISOString() ?? null };
  });
}

/**
 * Warehouse intake: the WR number, weight, dimensions, shelf and photo. A pending package
 * becomes received (received_date set if it never was). The customer is told once, with the WR
 * and the weight, when the intake is first recorded (the package had no WR yet, e.g. one just
 * converted from a pre-alert) or when it is the package's first receipt; later intakes only
 * correct the data.
 */
export async function receivePackage(db: Db, config: AppConfig, input: z.output<typeof packageIntakeInput>) {
  return db
    .transaction(async (tx) => {
      const current = await lockPackage(tx, input.id);
      if (current.shipmentCode) throw new DomainError('CONFLICT', M.inShipment(current.shipmentCode));
      if (!INTAKE_STATUSES.includes(current.status)) throw new DomainError('CONFLICT', M.intakeNotAllowed);
      if (input.photoFileId) {
        const [photo] = await tx
          .select({ id: storedFiles.id })
          .from(storedFiles)
          .where(
            and(
              eq(storedFiles.id, input.photoFileId),
              eq(storedFiles.ownerUserId, current.userId),
              eq(storedFiles.kind, 'package_photo'),
            ),
          );
        if (!photo) throw new DomainError('BAD_INPUT', M.photoNotOwned);
      }
      const isNewlyReceived = current.status === 'pending';
      // The first intake claims the WR slot: only a package without a WR matches.
      const [firstIntake] = await tx
        .update(packages)
        .set({ warehouseReceipt: input.warehouseReceipt })
        .where(and(eq(packages.id, input.id), isNull(packages.warehouseReceipt)))
        .returning({ id: packages.id });
      await tx
        .update(packages)
        .set({
          warehouseReceipt: input.warehouseReceipt,
          weightKg: input.weightKg,
          ...(input.dimensionsCm ? { dimensionsCm: input.dimensionsCm } : {}),
          ...(input.warehouseLocation ? { warehouseLocation: input.warehouseLocation } : {}),
          ...(input.photoFileId ? { photoFileId: input.photoFileId } : {}),
          ...(isNewlyReceived ? { status: 'received' as const } : {}),
        })
        .where(eq(packages.id, input.id));
      const firstReceipt = await markFirstReceipt(tx, input.id);
      const customerNotified = Boolean(firstIntake || firstReceipt);
      if (customerNotified) {
        await notifyReceived(
          tx,
          config,
          current.userId,
          M.intakeRecorded(labelOf(current), input.warehouseReceipt, input.weightKg),
        );
      }
      return { id: input.id, isNewlyReceived, customerNotified, warehouseReceipt: input.warehouseReceipt };
    })
    .catch(refuseTakenWarehouseReceipt);
}

/**
 * Deleting never rewrites history: it is refused while the package is in a shipment or in any
 * repack request (whatever its status; deleting would cascade the request's items away). A
 * package made by converting a pre-alert gives that pre-alert back as 'confirmed' (conversion
 * undone, in the same transaction) so the admin can convert it again.
 */
export async function deletePackage(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const current = await lockPackage(tx, id);
    if (current.shipmentCode) throw new DomainError('CONFLICT', M.deleteInShipment(current.shipmentCode));
    const [inRepack] = await tx
      .select({ one: sql`1` })
      .from(repackRequestItems)
      .where(eq(repackRequestItems.packageId, id))
      .limit(1);
    if (inRepack) throw new DomainError('CONFLICT', M.deleteInRepack);
    const restored = await tx
      .update(prealerts)
      .set({ status: 'confirmed', convertedAt: null, convertedPackageId: null, updatedAt: new Date() })
      .where(eq(prealerts.convertedPackageId, id))
      .returning({ id: prealerts.id });
    await tx.delete(packages).where(eq(packages.id, id));
    return { id, restoredPrealertId: restored[0]?.id ?? null };
  });
}
