import { ACTIVATION_COST_USD_CENTS, type CasilleroType } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { paymentTransactions, userProfiles, users } from '../db/schema';
import { insertMailbox, warehouseAddressFor } from './mailbox-code';
import { issueInvoice } from './billing/invoices';
import { applyCredit } from './billing/ledger';
import { mailboxPrefixOf } from '../queries/allies';

/**
 * Opens a mailbox of the given type for a user: inactive, with its pending activation
 * payment (docs/product/product-decisions.md#d9-customers-own-flows-are-real). Approving that payment activates the mailbox.
 */
export async function openMailboxWithActivation(tx: DbOrTx, userId: string, type: CasilleroType, now?: Date) {
  const address = warehouseAddressFor(type);
  const mailbox = await insertMailbox(
    tx,
    { userId, ...address, status: 'inactive' },
    await mailboxPrefixOf(tx, userId),
  );
  if (!mailbox) throw new Error('No se pudo generar un código de casillero único.');
  const payment = await chargeActivation(tx, userId, mailbox, ACTIVATION_COST_USD_CENTS[type], null, now);
  return { mailbox, payment };
}

/**
 * The activation fee of a new mailbox: its invoice (docs/decisions/021-billing-in-bolivares.md: number, frozen rate, ledger charge)
 * and the pending payment the customer reports against it. Paying the invoice activates it.
 */
export async function chargeActivation(
  tx: DbOrTx,
  userId: string,
  mailbox: { id: string; mailboxCode: string },
  amountUsdCents: number,
  createdBy: string | null,
  now?: Date,
) {
  const description = `Activación de casillero ${mailbox.mailboxCode}`;
  const invoice = await issueInvoice(tx, {
    userId,
    concept: 'mailbox_activation',
    description,
    lines: [{ description, usdCents: amountUsdCents, kind: 'activation' }],
    mailboxId: mailbox.id,
    createdBy,
    now,
    deferCredit: true,
  });
  const [payment] = await tx
    .insert(paymentTransactions)
    .values({
      userId,
      transactionType: 'mailbox_activation',
      amountUsdCents,
      status: 'pending',
      mailboxId: mailbox.id,
      invoiceId: invoice.id,
      description,
    })
    .returning();
  // Credit in the customer's favour pays it at once (and closes this payment, then not owed).
  await applyCredit(tx, userId, createdBy, now);
  return payment;
}

/** Creates a customer: user, profile and the first mailbox with its activation payment. */
export async function createCustomerAccount(
  tx: DbOrTx,
  input: { email: string; passwordHash: string; fullName: string; type: CasilleroType; verified?: boolean; now?: Date },
) {
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      passwordHash: input.passwordHash,
      role: 'user',
      emailVerifiedAt: input.verified ? new Date() : null,
    })
    .returning({ id: users.id, email: users.email, role: users.role });
  await tx.insert(userProfiles).values({ userId: user.id, fullName: input.fullName });
  const { mailbox, payment } = await openMailboxWithActivation(tx, user.id, input.type, input.now);
  return { user, mailbox, payment };
}
