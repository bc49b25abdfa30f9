import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { mailboxes, paymentTransactions } from '../db/schema';

export const mailboxColumns = {
  id: mailboxes.id,
  mailboxCode: mailboxes.mailboxCode,
  location: mailboxes.location,
  addressLine1: mailboxes.addressLine1,
  addressLine2: mailboxes.addressLine2,
  city: mailboxes.city,
  state: mailboxes.state,
  postalCode: mailboxes.postalCode,
  country: mailboxes.country,
  status: mailboxes.status,
  createdAt: mailboxes.createdAt,
};

/** The signed-in customer's own mailboxes. */
export function listOwnMailboxes(db: DbOrTx, userId: string) {
  return db
    .select(mailboxColumns)
    .from(mailboxes)
    .where(eq(mailboxes.userId, userId))
    .orderBy(asc(mailboxes.createdAt));
}

const activationColumns = {
  id: paymentTransactions.id,
  mailboxId: paymentTransactions.mailboxId,
  amountUsdCents: paymentTransactions.amountUsdCents,
  status: paymentTransactions.status,
  paymentMethod: paymentTransactions.paymentMethod,
  paymentReference: paymentTransactions.paymentReference,
  reportedAt: paymentTransactions.reportedAt,
  createdAt: paymentTransactions.createdAt,
};

/**
 * Mis Casilleros: each own mailbox with its latest activation payment (what an inactive one
 * still owes, and whether the customer already reported paying it).
 */
export async function listOwnMailboxesWithActivation(db: DbOrTx, userId: string) {
  const boxes = await listOwnMailboxes(db, userId);
  if (boxes.length === 0) return [];
  const payments = await db
    .select(activationColumns)
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.userId, userId),
        eq(paymentTransactions.transactionType, 'mailbox_activation'),
        inArray(
          paymentTransactions.mailboxId,
          boxes.map((b) => b.id),
        ),
      ),
    )
    .orderBy(desc(paymentTransactions.createdAt));
  return boxes.map((box) => {
    const activation = payments.find((p) => p.mailboxId === box.id) ?? null;
    return {
      ...box,
      createdAt: box.createdAt.toISOString(),
      activation: activation && {
        id: activation.id,
        amountUsdCents: activation.amountUsdCents,
        status: activation.status,
        paymentMethod: activation.paymentMethod,
        paymentReference: activation.paymentReference,
        reportedAt: activation.reportedAt?.toISOString() ?? null,
        createdAt: activation.createdAt.toISOString(),
      },
    };
  });
}
