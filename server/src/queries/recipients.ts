// A customer's recipients (docs/product/last-mile.md#recipients). Every query filters by the
// customer: another customer's recipient is a missing one.
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { isRecipientComplete, type RecipientValues } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { recipients } from '../db/schema';

const recipientColumns = {
  id: recipients.id,
  fullName: recipients.fullName,
  idDocument: recipients.idDocument,
  phone: recipients.phone,
  state: recipients.state,
  municipality: recipients.municipality,
  city: recipients.city,
  address: recipients.address,
  reference: recipients.reference,
  isAccountHolder: recipients.isAccountHolder,
  isAuthorized: recipients.isAuthorized,
};

type RecipientRow = { [K in keyof typeof recipientColumns]: (typeof recipients.$inferSelect)[K] };

/** A recipient as the screens show it, with whether a shipment can name it as it is. */
const withComplete = (row: RecipientRow) => ({
  ...row,
  /** Has what a shipment needs: cédula, phone, state, city and address (rows migrated from free text may lack some). */
  complete: isRecipientComplete(row),
});
export type RecipientItem = ReturnType<typeof withComplete>;

/** The customer's address book (archived ones left out): the account holder first, then by name. */
export async function listRecipientsOf(db: DbOrTx, userId: string): Promise<RecipientItem[]> {
  const rows = await db
    .select(recipientColumns)
    .from(recipients)
    .where(and(eq(recipients.userId, userId), isNull(recipients.archivedAt)))
    .orderBy(desc(recipients.isAccountHolder), asc(recipients.fullName), asc(recipients.createdAt));
  return rows.map(withComplete);
}

/** One recipient of the customer still in the address book, or null. */
export async function getOwnRecipient(db: DbOrTx, userId: string, id: string): Promise<RecipientItem | null> {
  const [row] = await db
    .select(recipientColumns)
    .from(recipients)
    .where(and(eq(recipients.id, id), eq(recipients.userId, userId), isNull(recipients.archivedAt)));
  return row ? withComplete(row) : null;
}

/** Whether the customer already has their own entry (archived or not). */
export async function hasAccountHolderRecipient(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: recipients.id })
    .from(recipients)
    .where(and(eq(recipients.userId, userId), eq(recipients.isAccountHolder, true)));
  return Boolean(row);
}

export async function insertRecipient(
  db: DbOrTx,
  userId: string,
  values: Omit<RecipientValues, 'idDocument' | 'phone' | 'state'> & {
    idDocument: string | null;
    phone: string | null;
    state: string;
    isAccountHolder?: boolean;
  },
): Promise<string | null> {
  const [row] = await db
    .insert(recipients)
    .values({ userId, ...values })
    .onConflictDoNothing()
    .returning({ id: recipients.id });
  return row?.id ?? null;
}

/** Changes a recipient of the customer still in the address book; false when there is none. */
export async function updateOwnRecipient(
  db: DbOrTx,
  userId: string,
  id: string,
  values: RecipientValues,
): Promise<boolean> {
  const rows = await db
    .update(recipients)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(recipients.id, id), eq(recipients.userId, userId), isNull(recipients.archivedAt)))
    .returning({ id: recipients.id });
  return rows.length > 0;
}

/** Archives a recipient of the customer (never the account holder's); false when there is none. */
export async function archiveOwnRecipient(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(recipients)
    .set({ archivedAt: now, updatedAt: now })
    .where(
      and(
        eq(recipients.id, id),
        eq(recipients.userId, userId),
        eq(recipients.isAccountHolder, false),
        isNull(recipients.archivedAt),
      ),
    )
    .returning({ id: recipients.id });
  return rows.length > 0;
}
