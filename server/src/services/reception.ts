// Reception by scanning and the "sin dueño" queue (docs/decisions/019-warehouse-intake.md). Every parcel that
// comes through the door is one parcel_intakes row whose tracking_key is unique, so nothing is
// received twice: the intake is inserted first, and a second scan of the same number (even one
// sent at the same moment) fails on that index and is answered "ya recibido" with nothing
// changed. An intake whose owner is known becomes the customer's package in the same
// transaction (the ownership rules in queries/reception.ts); one without waits "sin dueño" until
// the customer pre-alerts its number (createOwnPrealert → claimIntakeForPrealert) or an
// operator assigns it to a casillero. Either way the customer is told exactly once, when the
// package is made.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  PACKAGE_MESSAGES,
  RECEPTION_MESSAGES as M,
  cleanTrackingNumber,
  trackingNumberProblem,
  detectCarrier,
  dimensionsText,
  formatDate,
  isWarehouseReceiptCode,
  trackingKey,
  type receptionAssignInput,
  type receptionReceiveInput,
  type z,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { DomainError } from '../lib/domain-error';
import { countOwnUploads } from './owned-uploads';
import { packages, parcelIntakes, parcelPhotos, prealerts, storedFiles } from '../db/schema';
import type { Config } from '../env';
import {
  OPEN_PREALERT_STATUSES,
  activeMailboxById,
  findAlreadyReceived,
  findByWarehouseReceipt,
  findOwner,
  ownerOf,
  type AlreadyReceived,
  type Owner,
} from '../queries/reception';
import { isUniqueViolation } from './auth';
import { stopFollowing } from './carrier-tracking/follow';
import { enqueueWebhookEvent } from './webhooks';
import { notifyUser } from './notify';
import { CUSTOMER_WAREHOUSE_PATH } from './prealerts';
import { nextWarehouseReceipt } from './warehouse-receipt';
import { closeSearchesOnReceipt } from './parcel-searches/close';

type MailConfig = Pick<Config, 'appUrl'>;
type ReceiveInput = z.output<typeof receptionReceiveInput>;
type AssignInput = z.output<typeof receptionAssignInput>;

const INTAKE_KEY_CONSTRAINT = 'parcel_intakes_tracking_key_key';

const badCode = () => new DomainError('BAD_INPUT', M.codeInvalid);

function alreadyReceivedError(r: Pick<AlreadyReceived, 'warehouseReceipt' | 'receivedAt'>) {
  return new DomainError('CONFLICT', M.alreadyReceived(r.warehouseReceipt, formatDate(r.receivedAt)));
}

const presentAlreadyReceived = (r: AlreadyReceived) => ({
  kind: 'alreadyReceived' as const,
  ...r,
  receivedAt: r.receivedAt.toISOString(),
});

/** What a scanned code is, for the screen to show before the measures are typed (nothing changes). */
export async function lookupCode(db: DbOrTx, code: string) {
  if (isWarehouseReceiptCode(code)) {
    const found = await findByWarehouseReceipt(db, code);
    if (!found) throw new DomainError('NOT_FOUND', M.warehouseReceiptNotFound(code.trim().toUpperCase()));
    if (found.kind === 'package') {
      return {
        kind: 'warehouseReceipt' as const,
        packageId: found.packageId,
        warehouseReceipt: found.warehouseReceipt,
      };
    }
    const { intake } = found;
    return presentAlreadyReceived({
      trackingNumber: intake.trackingNumber,
      warehouseReceipt: found.warehouseReceipt,
      receivedAt: intake.receivedAt,
      packageId: intake.packageId,
      intakeId: intake.id,
      unclaimed: intake.status === 'unclaimed',
    });
  }
  const key = trackingKey(code);
  if (!key) throw badCode();
  const trackingNumber = cleanTrackingNumber(code);
  const received = await findAlreadyReceived(db, key);
  if (received) return presentAlreadyReceived(received);
  const owner = await findOwner(db, key, null);
  if (!owner || owner.source === 'mailboxCode') {
    return { kind: 'unknown' as const, trackingNumber, carrier: detectCarrier(code) };
  }
  return {
    kind: 'expected' as const,
    trackingNumber,
    carrier: owner.carrier ?? detectCarrier(code),
    source: owner.source,
    customer: owner.customer,
    mailbox: owner.mailbox,
    description: owner.description,
  };
}

/**
 * The staff member's own photos of this parcel, uploaded and not used yet: their ids must be
 * package photos the caller uploaded (and still owns), not in another intake or package.
 */
async function checkPhotos(tx: DbOrTx, staffUserId: string, photos: ReceiveInput['photos']) {
  if (photos.length === 0) return;
  const ids = photos.flatMap((p) => [p.fileId, p.thumbFileId]);
  const usable = await countOwnUploads(tx, {
    ids,
    kind: 'package_photo',
    userId: staffUserId,
    taken: [
      sql`exists (select 1 from ${parcelPhotos} where ${parcelPhotos.fileId} = ${storedFiles.id} or ${parcelPhotos.thumbFileId} = ${storedFiles.id})`,
      sql`exists (select 1 from ${packages} where ${packages.photoFileId} = ${storedFiles.id})`,
    ],
    lock: true,
  });
  if (usable !== ids.length) throw new DomainError('BAD_INPUT', M.photosInvalid);
}

/** The intake's photos now belong to the customer (only they and staff may open them, by signed link). */
export async function claimIntakePhotos(tx: DbOrTx, intakeId: string, customerUserId: string) {
  await tx
    .update(storedFiles)
    .set({ ownerUserId: customerUserId })
    .where(
      sql`${storedFiles.id} in (select ${parcelPhotos.fileId} from ${parcelPhotos} where ${parcelPhotos.intakeId} = ${intakeId}
        union all select ${parcelPhotos.thumbFileId} from ${parcelPhotos} where ${parcelPhotos.intakeId} = ${intakeId})`,
    );
}

type IntakeForClaim = {
  id: string;
  trackingNumber: string;
  carrier: string | null;
  warehouseReceipt: string;
  description: string | null;
  weightKg: number;
  dimensionsCm: string | null;
};

/**
 * Makes an intake the owner's package: receives their pending package or creates one (status
 * 'received', the intake's WR, weight and measures), converts their open pre-alerts of that
 * number to it, marks the intake claimed, hands the photos over and tells the customer once.
 */
async function claimIntake(
  tx: DbOrTx,
  config: MailConfig,
  intake: IntakeForClaim,
  owner: Owner,
  opts: { claimedBy: string | null; notice: 'received' | 'prealertMatched' },
) {
  const now = new Date();
  let packageId: string;
  if (owner.packageId) {
    const [updated] = await tx
      .update(packages)
      .set({
        status: 'received',
        receivedDate: now,
        warehouseReceipt: intake.warehouseReceipt,
        weightKg: intake.weightKg,
        ...(intake.dimensionsCm ? { dimensionsCm: intake.dimensionsCm } : {}),
        ...(owner.trackingId ? { trackingId: owner.trackingId } : {}),
      })
      .where(and(eq(packages.id, owner.packageId), isNull(packages.receivedDate)))
      .returning({ id: packages.id });
    if (!updated) throw alreadyReceivedError({ warehouseReceipt: intake.warehouseReceipt, receivedAt: now });
    packageId = updated.id;
  } else {
    const carrier = intake.carrier && intake.carrier !== 'Otro' ? intake.carrier : null;
    const [created] = await tx
      .insert(packages)
      .values({
        userId: owner.customer.id,
        mailboxId: owner.mailbox.id,
        trackingNumber: intake.trackingNumber,
        packageDescription: intake.description ?? owner.description ?? (carrier ? `Paquete ${carrier}` : 'Paquete'),
        senderName: owner.senderName,
        weightKg: intake.weightKg,
        dimensionsCm: intake.dimensionsCm,
        status: 'received',
        receivedDate: now,
        warehouseReceipt: intake.warehouseReceipt,
        trackingId: owner.trackingId,
      })
      .returning({ id: packages.id });
    packageId = created.id;
  }

  if (owner.prealertIds.length > 0) {
    // The pre-alert's invoice value becomes the parcel's declared value (docs/product/insurance.md)
    // unless it already has one; without it the customer confirms one in Acción requerida.
    const [declared] = await tx
      .select({ usdCents: prealerts.estimatedValueUsdCents })
      .from(prealerts)
      .where(and(inArray(prealerts.id, owner.prealertIds), sql`${prealerts.estimatedValueUsdCents} > 0`))
      .orderBy(asc(prealerts.createdAt), asc(prealerts.id))
      .limit(1);
    if (declared?.usdCents != null) {
      await tx
        .update(packages)
        .set({ estimatedValueUsdCents: declared.usdCents })
        .where(and(eq(packages.id, packageId), isNull(packages.estimatedValueUsdCents)));
    }
    await tx
      .update(prealerts)
      .set({ status: 'converted', convertedAt: now, convertedPackageId: packageId, updatedAt: now })
      .where(and(inArray(prealerts.id, owner.prealertIds), inArray(prealerts.status, [...OPEN_PREALERT_STATUSES])));
  }

  // In the warehouse: the carrier's leg is over (docs/product/first-mile.md).
  await stopFollowing(tx, intake.trackingNumber, now);
  await tx
    .update(parcelIntakes)
    .set({
      status: 'claimed',
      packageId,
      mailboxId: owner.mailbox.id,
      description: intake.description ?? owner.description,
      claimedBy: opts.claimedBy,
      claimedAt: now,
    })
    .where(eq(parcelIntakes.id, intake.id));
  await claimIntakePhotos(tx, intake.id, owner.customer.id);

  const label = intake.trackingNumber;
  await notifyUser(
    tx,
    owner.customer.id,
    opts.notice === 'received'
      ? {
          title: PACKAGE_MESSAGES.receivedTitle,
          message: PACKAGE_MESSAGES.intakeRecorded(label, intake.warehouseReceipt, intake.weightKg),
          type: 'package',
          link: CUSTOMER_WAREHOUSE_PATH,
        }
      : {
          title: M.prealertMatchedTitle,
          message: M.prealertMatched(`«${label}»`, intake.warehouseReceipt, intake.weightKg),
          type: 'package',
          link: CUSTOMER_WAREHOUSE_PATH,
        },
    { kind: 'package_received', email: 'default', appUrl: config.appUrl },
  );
  await enqueueWebhookEvent(tx, 'package.received', [
    {
      userId: owner.customer.id,
      data: {
        packageId,
        trackingNumber: intake.trackingNumber,
        warehouseReceipt: intake.warehouseReceipt,
        weightKg: intake.weightKg,
        receivedAt: now.toISOString(),
      },
    },
  ]);
  return packageId;
}

/**
 * Inserts the intake in a savepoint: a concurrent scan of the same number that committed first
 * makes the unique index refuse it, answered "ya recibido" with that scan's WR and date.
 */
async function insertIntake(tx: DbOrTx, values: typeof parcelIntakes.$inferInsert) {
  try {
    return await tx.transaction(async (sp) => {
      const [row] = await sp
        .insert(parcelIntakes)
        .values(values)
        .returning({ id: parcelIntakes.id, receivedAt: parcelIntakes.receivedAt });
      return row;
    });
  } catch (err) {
    if (!isUniqueViolation(err, INTAKE_KEY_CONSTRAINT)) throw err;
    const existing = await findAlreadyReceived(tx, values.trackingKey);
    throw existing
      ? alreadyReceivedError(existing)
      : new DomainError('CONFLICT', M.alreadyReceived(null, formatDate(new Date())), { cause: err });
  }
}

/** Saves a scanned parcel: its intake with a new WR, and the customer's package when the owner is known. */
export async function receiveParcel(db: DbOrTx, config: MailConfig, staffUserId: string, input: ReceiveInput) {
  if (isWarehouseReceiptCode(input.code)) throw new DomainError('BAD_INPUT', M.isWarehouseLabel);
  const key = trackingKey(input.code);
  if (!key) throw badCode();
  const numberProblem = trackingNumberProblem(cleanTrackingNumber(input.code));
  if (numberProblem) throw new DomainError('BAD_INPUT', numberProblem);
  return db.transaction(async (tx) => {
    const received = await findAlreadyReceived(tx, key);
    if (received) throw alreadyReceivedError(received);
    await checkPhotos(tx, staffUserId, input.photos);
    const owner = await findOwner(tx, key, input.mailboxCode);
    const trackingNumber = cleanTrackingNumber(input.code);
    const warehouseReceipt = await nextWarehouseReceipt(tx);
    const intake = {
      trackingNumber,
      carrier: input.carrier ?? owner?.carrier ?? detectCarrier(trackingNumber),
      warehouseReceipt,
      description: input.description,
      weightKg: input.weightKg,
      dimensionsCm: dimensionsText(input),
    };
    const row = await insertIntake(tx, {
      ...intake,
      trackingKey: key,
      status: 'unclaimed',
      // What the operator read is kept only when it named nobody (the queue shows it).
      mailboxCodeRead: owner ? null : input.mailboxCode,
      receivedBy: staffUserId,
    });
    if (input.photos.length > 0) {
      await tx.insert(parcelPhotos).values(
        input.photos.map((p, position) => ({
          intakeId: row.id,
          position,
          fileId: p.fileId,
          thumbFileId: p.thumbFileId,
        })),
      );
    }
    // A search of this number (the carrier said delivered) ends here: found.
    await closeSearchesOnReceipt(
      tx,
      key,
      { staffUserId, trackingId: owner?.trackingId ?? null, warehouseReceipt },
      { appUrl: config.appUrl },
    );
    if (!owner) {
      return {
        status: 'unclaimed' as const,
        intakeId: row.id,
        packageId: null,
        warehouseReceipt,
        customerName: null,
        mailboxCode: null,
        customerNotified: false,
      };
    }
    const packageId = await claimIntake(tx, config, { id: row.id, ...intake }, owner, {
      claimedBy: staffUserId,
      notice: 'received',
    });
    return {
      status: 'claimed' as const,
      intakeId: row.id,
      packageId,
      warehouseReceipt,
      customerName: owner.customer.name,
      mailboxCode: owner.mailbox.code,
      customerNotified: true,
    };
  });
}

/** Locks an unclaimed intake; null when it does not exist or is no longer unclaimed. */
async function lockUnclaimed(tx: DbOrTx, where: ReturnType<typeof eq>) {
  const [row] = await tx
    .select({
      id: parcelIntakes.id,
      trackingNumber: parcelIntakes.trackingNumber,
      trackingKey: parcelIntakes.trackingKey,
      carrier: parcelIntakes.carrier,
      warehouseReceipt: parcelIntakes.warehouseReceipt,
      description: parcelIntakes.description,
      weightKg: parcelIntakes.weightKg,
      dimensionsCm: parcelIntakes.dimensionsCm,
    })
    .from(parcelIntakes)
    .where(and(where, eq(parcelIntakes.status, 'unclaimed')))
    .for('update');
  return row ? { ...row, weightKg: Number(row.weightKg) } : null;
}

/** An operator gives an unclaimed parcel to a casillero: it becomes that customer's package. */
export async function assignIntake(db: DbOrTx, config: MailConfig, staffUserId: string, input: AssignInput) {
  return db.transaction(async (tx) => {
    const intake = await lockUnclaimed(tx, eq(parcelIntakes.id, input.intakeId));
    if (!intake) {
      const [exists] = await tx
        .select({ id: parcelIntakes.id })
        .from(parcelIntakes)
        .where(eq(parcelIntakes.id, input.intakeId));
      throw exists
        ? new DomainError('CONFLICT', M.intakeAlreadyClaimed)
        : new DomainError('NOT_FOUND', M.intakeNotFound);
    }
    const box = await activeMailboxById(tx, input.mailboxId);
    if (!box) throw new DomainError('BAD_INPUT', M.mailboxNotActive);
    const owner = await ownerOf(tx, intake.trackingKey, box.userId, box.id, 'mailboxCode', {
      description: null,
      senderName: null,
      carrier: null,
    });
    if (!owner) throw new DomainError('BAD_INPUT', M.mailboxNotActive);
    const packageId = await claimIntake(tx, config, intake, owner, { claimedBy: staffUserId, notice: 'received' });
    return {
      intakeId: intake.id,
      packageId,
      warehouseReceipt: intake.warehouseReceipt,
      customerName: owner.customer.name,
      mailboxCode: owner.mailbox.code,
    };
  });
}

/**
 * A customer's new pre-alert whose number waits "sin dueño": in the pre-alert's transaction the
 * parcel becomes their package, the pre-alert is converted to it and they are told it was
 * already in the warehouse. Returns the WR, or null when no unclaimed parcel has that number.
 * claimed_by stays empty: nobody on the staff claimed it, the pre-alert did.
 */
export async function claimIntakeForPrealert(
  tx: DbOrTx,
  config: MailConfig,
  userId: string,
  prealert: { id: string; trackingNumber: string; mailboxId: string | null },
) {
  const key = trackingKey(prealert.trackingNumber);
  if (!key) return null;
  const intake = await lockUnclaimed(tx, eq(parcelIntakes.trackingKey, key));
  if (!intake) return null;
  const [found] = await tx
    .select({ description: prealerts.description, senderName: prealerts.senderName, carrier: prealerts.carrier })
    .from(prealerts)
    .where(eq(prealerts.id, prealert.id));
  const owner = await ownerOf(tx, key, userId, prealert.mailboxId, 'prealert', found);
  if (!owner) return null;
  await claimIntake(tx, config, intake, owner, { claimedBy: null, notice: 'prealertMatched' });
  return { warehouseReceipt: intake.warehouseReceipt };
}
