// A customer's own pre-alerts: create, and edit while pending or confirmed.
import { isUniqueViolation } from './auth';
import { DomainError } from '../lib/domain-error';
import { and, eq, ne } from 'drizzle-orm';
import {
  FILE_MESSAGES,
  GENERIC_MESSAGES,
  PREALERT_MESSAGES,
  RECEPTION_MESSAGES,
  type z,
  type prealertCreateInput,
  type prealertUpdateInput,
  type PrealertCarrier,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../db/client';
import type { Config } from '../env';
import { mailboxes, prealerts } from '../db/schema';
import { findOwnFile } from '../files/store';
import { findOwnPrealert, hasOwnPrealertWithTracking } from '../queries/client-prealerts';
import { claimIntakeForPrealert } from './reception';
import { prealertCheckInput, travelChecker } from '../queries/travel-rules';
import { followNumber, prealertCarrier } from './carrier-tracking/follow';

type CreateInput = z.output<typeof prealertCreateInput>;
type UpdateInput = z.output<typeof prealertUpdateInput>;

/** The fields the customer fills in, as stored (creating and editing alike). */
export const editableFields = (input: CreateInput) => ({
  carrier: input.carrier,
  senderName: input.senderName,
  description: input.description,
  quantityItems: input.quantityItems,
  amountSpentUsdCents: input.amountSpentUsdCents,
  estimatedWeight: input.estimatedWeight,
  estimatedValueUsdCents: input.estimatedValueUsdCents,
  estadoTracking: input.estadoTracking,
  notes: input.notes,
  invoiceFileId: input.invoiceFileId,
});

/** What the travel rules in effect say of what the customer declared (docs/product/travel-rules.md). */
const travelFlagsOf = async (tx: DbOrTx, input: CreateInput) =>
  (await travelChecker(tx))(prealertCheckInput(editableFields(input)));

/**
 * The answer once a pre-alert is saved. A tracking number (`saved.trackingNumber`, null when
 * there is none to match) that waits "sin dueño" makes that parcel the customer's in the same
 * transaction (claimIntakeForPrealert); `warehouseReceipt` then names it.
 */
export async function savedPrealert(
  tx: DbOrTx,
  config: Pick<Config, 'appUrl'>,
  userId: string,
  input: CreateInput,
  saved: { id: string; trackingNumber: string | null; mailboxId: string | null },
  messages: { matched: string; saved: string },
) {
  const { trackingNumber } = saved;
  const matched = trackingNumber
    ? await claimIntakeForPrealert(tx, config, userId, { ...saved, trackingNumber })
    : null;
  const travelFlags = await travelFlagsOf(tx, input);
  return {
    id: saved.id,
    message: matched ? messages.matched : messages.saved,
    warehouseReceipt: (matched?.warehouseReceipt ?? null) as string | null,
    travelFlags,
  };
}

const notFound = () => new DomainError('NOT_FOUND', GENERIC_MESSAGES.notFound);

/**
 * The mailbox and invoice named in the input must be the customer's own (foreign ids: NOT_FOUND),
 * and a mailbox the pre-alert goes into (`movingFrom` is where it already is) must be active: no
 * parcel is expected at a casillero that is not open yet or was closed.
 */
export async function checkOwnReferences(
  tx: DbOrTx,
  userId: string,
  input: { mailboxId: string | null; invoiceFileId: string | null },
  movingFrom: string | null = null,
) {
  if (input.mailboxId) {
    const [box] = await tx
      .select({ id: mailboxes.id, status: mailboxes.status })
      .from(mailboxes)
      .where(and(eq(mailboxes.id, input.mailboxId), eq(mailboxes.userId, userId)));
    if (!box) throw new DomainError('NOT_FOUND', PREALERT_MESSAGES.mailboxInvalid);
    if (box.status !== 'active' && box.id !== movingFrom)
      throw new DomainError('BAD_INPUT', PREALERT_MESSAGES.mailboxInactive);
  }
  if (input.invoiceFileId && !(await findOwnFile(tx, input.invoiceFileId, userId, 'invoice'))) {
    throw new DomainError('NOT_FOUND', FILE_MESSAGES.linkInvalid);
  }
}

/** The mailbox a pre-alert goes to when the customer did not choose: their only active one, if just one. */
async function defaultMailbox(tx: DbOrTx, userId: string) {
  const boxes = await tx
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .where(and(eq(mailboxes.userId, userId), eq(mailboxes.status, 'active')))
    .limit(2);
  return boxes.length === 1 ? boxes[0].id : null;
}

/** The pre-check above answers nicely; the unique index settles two submits at once. */
export async function refuseDuplicateTracking<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isUniqueViolation(err, 'prealerts_user_id_tracking_number_key')) {
      throw new DomainError('CONFLICT', PREALERT_MESSAGES.duplicateTracking);
    }
    throw err;
  }
}

/**
 * Creates the customer's pre-alert. When its number already waits "sin dueño" in the warehouse
 * (docs/decisions/019-warehouse-intake.md), the same transaction makes that parcel their package, converts the pre-alert and
 * tells them (claimIntakeForPrealert); `warehouseReceipt` then names it.
 */
export async function createOwnPrealert(db: Db, userId: string, input: CreateInput, config: Pick<Config, 'appUrl'>) {
  return refuseDuplicateTracking(
    db.transaction(async (tx) => {
      await checkOwnReferences(tx, userId, input);
      if (input.trackingNumber && (await hasOwnPrealertWithTracking(tx, userId, input.trackingNumber))) {
        throw new DomainError('CONFLICT', PREALERT_MESSAGES.duplicateTracking);
      }
      const carrier = prealertCarrier(input.carrier, input.trackingNumber);
      const [row] = await tx
        .insert(prealerts)
        .values({
          userId,
          mailboxId: input.mailboxId ?? (await defaultMailbox(tx, userId)),
          trackingNumber: input.trackingNumber,
          ...editableFields(input),
          carrier,
          status: 'pending',
        })
        .returning({ id: prealerts.id, mailboxId: prealerts.mailboxId });
      // Before the match below: a parcel already waiting in the warehouse is followed no more.
      await followNumber(tx, input.trackingNumber, carrier);
      return savedPrealert(
        tx,
        config,
        userId,
        input,
        { id: row.id, trackingNumber: input.trackingNumber, mailboxId: row.mailboxId },
        { matched: RECEPTION_MESSAGES.prealertMatchedToast, saved: PREALERT_MESSAGES.created },
      );
    }),
  );
}

/**
 * Edits an own pre-alert while it is pending or confirmed. The tracking number, once given,
 * stays (docs/product/customer-area.md#prealertas); the update itself re-checks the status, so a conversion that
 * happens meanwhile wins. A number given now for the first time is matched like a new
 * pre-alert's against the parcels waiting "sin dueño".
 */
export async function updateOwnPrealert(db: Db, userId: string, input: UpdateInput, config: Pick<Config, 'appUrl'>) {
  return refuseDuplicateTracking(
    db.transaction(async (tx) => {
      const current = await findOwnPrealert(tx, userId, input.id);
      if (!current) throw notFound();
      if (current.status === 'converted') throw new DomainError('CONFLICT', PREALERT_MESSAGES.notEditable);
      let trackingNumber = current.trackingNumber;
      if (current.trackingNumber) {
        if (input.trackingNumber && input.trackingNumber.toUpperCase() !== current.trackingNumber.toUpperCase()) {
          throw new DomainError('BAD_INPUT', PREALERT_MESSAGES.trackingNumberFixed);
        }
      } else if (input.trackingNumber) {
        if (await hasOwnPrealertWithTracking(tx, userId, input.trackingNumber, input.id)) {
          throw new DomainError('CONFLICT', PREALERT_MESSAGES.duplicateTracking);
        }
        trackingNumber = input.trackingNumber;
      }
      await checkOwnReferences(tx, userId, input, current.mailboxId);
      const updated = await tx
        .update(prealerts)
        .set({
          trackingNumber,
          mailboxId: input.mailboxId,
          ...editableFields(input),
          carrier: prealertCarrier(input.carrier, trackingNumber),
        })
        .where(and(eq(prealerts.id, input.id), eq(prealerts.userId, userId), ne(prealerts.status, 'converted')))
        .returning({ id: prealerts.id, mailboxId: prealerts.mailboxId, carrier: prealerts.carrier });
      if (updated.length === 0) throw new DomainError('CONFLICT', PREALERT_MESSAGES.notEditable);
      await followNumber(tx, trackingNumber, updated[0].carrier as PrealertCarrier | null);
      // Only a number given now for the first time (it cannot change later) is matched.
      return savedPrealert(
        tx,
        config,
        userId,
        input,
        {
          id: input.id,
          trackingNumber: current.trackingNumber ? null : trackingNumber,
          mailboxId: updated[0].mailboxId,
        },
        { matched: RECEPTION_MESSAGES.prealertMatchedTitle, saved: PREALERT_MESSAGES.updated },
      );
    }),
  );
}
