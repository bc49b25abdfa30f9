// A customer's payments (Facturas), with what each pays for and a signed link to its receipt.
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { Config } from '../env';
import { mailboxes, paymentTransactions, shipments } from '../db/schema';
import { signedLinkFor } from '../files/links';

const paymentColumns = {
  id: paymentTransactions.id,
  transactionType: paymentTransactions.transactionType,
  amountUsd: paymentTransactions.amountUsd,
  amountVes: paymentTransactions.amountVes,
  paymentMethod: paymentTransactions.paymentMethod,
  paymentReference: paymentTransactions.paymentReference,
  description: paymentTransactions.description,
  status: paymentTransactions.status,
  metadata: paymentTransactions.metadata,
  receiptFileId: paymentTransactions.receiptFileId,
  mailboxCode: mailboxes.mailboxCode,
  shipmentCode: shipments.shipmentCode,
  reportedAt: paymentTransactions.reportedAt,
  processedAt: paymentTransactions.processedAt,
  createdAt: paymentTransactions.createdAt,
};

/** The customer's payments; with an id, only that one. The ownership filter is always applied. */
function selectOwnPayments(db: DbOrTx, userId: string, id?: string) {
  return db
    .select(paymentColumns)
    .from(paymentTransactions)
    .leftJoin(mailboxes, eq(mailboxes.id, paymentTransactions.mailboxId))
    .leftJoin(shipments, eq(shipments.id, paymentTransactions.shipmentId))
    .where(and(eq(paymentTransactions.userId, userId), id ? eq(paymentTransactions.id, id) : undefined));
}

/** What the customer sees of a payment: admin notes and their own note, not the raw metadata. */
async function present(db: DbOrTx, config: Pick<Config, 'appSecret'>, row: Awaited<ReturnType<typeof selectOwnPayments>>[number]) {
  const { metadata, ...rest } = row;
  const note = (key: string) => (typeof metadata?.[key] === 'string' ? (metadata[key] as string) : null);
  const receipt = row.receiptFileId ? await signedLinkFor(db, config, row.receiptFileId) : null;
  return {
    ...rest,
    adminNotes: note('admin_notes'),
    customerNote: note('customer_note'),
    receiptUrl: receipt?.url ?? null,
    /** A pending payment not yet reported, or a rejected one, can be (re)reported. */
    canReport: (row.status === 'pending' && !row.reportedAt) || row.status === 'failed',
  };
}
export type OwnPayment = Awaited<ReturnType<typeof present>>;

/** The signed-in customer's payments, newest first. */
export async function listOwnPayments(db: DbOrTx, config: Pick<Config, 'appSecret'>, userId: string) {
  const rows = await selectOwnPayments(db, userId).orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id));
  return Promise.all(rows.map((row) => present(db, config, row)));
}

/** One payment of the customer's, or null when it is not theirs. */
export async function findOwnPayment(db: DbOrTx, config: Pick<Config, 'appSecret'>, userId: string, id: string) {
  const [row] = await selectOwnPayments(db, userId, id);
  return row ? present(db, config, row) : null;
}
