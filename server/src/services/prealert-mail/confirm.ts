// The customer confirms (or corrects, then confirms) a draft made from an e-mail, or discards it
// (docs/product/prealerts-from-email.md#recepción). A confirmed draft is a normal pre-alert: its
// number is followed (first mile) and matched against a parcel already waiting "sin dueño".
import { and, eq } from 'drizzle-orm';
import {
  GENERIC_MESSAGES,
  PREALERT_MAIL_MESSAGES as M,
  PREALERT_MESSAGES,
  RECEPTION_MESSAGES,
  type PrealertCarrier,
  type prealertUpdateInput,
  type z,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { Config } from '../../env';
import { prealerts } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { hasOwnPrealertWithTracking } from '../../queries/client-prealerts';
import { followNumber, prealertCarrier } from '../carrier-tracking/follow';
import { checkOwnReferences, editableFields, refuseDuplicateTracking, savedPrealert } from '../client-prealerts';

type Input = z.output<typeof prealertUpdateInput>;

async function ownDraft(tx: DbOrTx, userId: string, id: string) {
  const [row] = await tx
    .select({ id: prealerts.id, status: prealerts.status, mailboxId: prealerts.mailboxId })
    .from(prealerts)
    .where(and(eq(prealerts.id, id), eq(prealerts.userId, userId)))
    .for('update');
  if (!row) throw new DomainError('NOT_FOUND', GENERIC_MESSAGES.notFound);
  if (row.status !== 'draft') throw new DomainError('CONFLICT', M.notDraft);
  return row;
}

export async function confirmOwnDraft(db: Db, userId: string, input: Input, config: Pick<Config, 'appUrl'>) {
  return refuseDuplicateTracking(
    db.transaction(async (tx) => {
      const current = await ownDraft(tx, userId, input.id);
      if (input.trackingNumber && (await hasOwnPrealertWithTracking(tx, userId, input.trackingNumber, input.id))) {
        throw new DomainError('CONFLICT', PREALERT_MESSAGES.duplicateTracking);
      }
      await checkOwnReferences(tx, userId, input, current.mailboxId);
      const carrier = prealertCarrier(input.carrier, input.trackingNumber);
      const updated = await tx
        .update(prealerts)
        .set({
          trackingNumber: input.trackingNumber,
          mailboxId: input.mailboxId,
          ...editableFields(input),
          carrier,
          status: 'pending',
          draftConfirmedAt: new Date(),
        })
        .where(and(eq(prealerts.id, input.id), eq(prealerts.userId, userId), eq(prealerts.status, 'draft')))
        .returning({ id: prealerts.id, mailboxId: prealerts.mailboxId });
      if (updated.length === 0) throw new DomainError('CONFLICT', M.notDraft);
      await followNumber(tx, input.trackingNumber, carrier as PrealertCarrier | null);
      const saved = await savedPrealert(
        tx,
        config,
        userId,
        input,
        { id: input.id, trackingNumber: input.trackingNumber, mailboxId: updated[0].mailboxId },
        { matched: RECEPTION_MESSAGES.prealertMatchedToast, saved: M.confirmed },
      );
      return saved;
    }),
  );
}

/** A draft the customer does not want: removed (a confirmed pre-alert is not, here). */
export async function discardOwnDraft(db: Db, userId: string, id: string) {
  return db.transaction(async (tx) => {
    await ownDraft(tx, userId, id);
    await tx.delete(prealerts).where(and(eq(prealerts.id, id), eq(prealerts.status, 'draft')));
    return { ok: true as const };
  });
}
