// What the Gestión de Pagos tests start from (docs/product/admin-payments-and-billing.md): a database
// with today's rate and the administrator, and the payments those tests report, insert and read.
// A test file calls useAdminPayments() once; the values below are then its own, set before its
// first test.
import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PaymentType } from '@casillero/shared';
import type { Database } from '../db/client';
import { emailOutbox, mailboxes, notifications, paymentTransactions } from '../db/schema';
import { testConfig } from '../env';
import { diskFileStore } from '../files/file-store';
import { storeFile } from '../files/store';
import { callerFor, TEST_APP_URL } from './caller';
import { createTestDatabase } from './db';
import { paymentMethodId, recordRate, signedInAdmin, type signedInCustomer } from './factories';
import { tempStorageDir, tinyPng } from './files';

/** Today's rate (Bs. per USD), frozen in the activation invoices issued at sign-up. */
export const RATE = '36.5';
let database: Database;
let storageDir: string;
export const config = () => testConfig({ appUrl: TEST_APP_URL, storageDir });
export type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
type Admin = Awaited<ReturnType<typeof signedInAdmin>>;
export let admin: Admin;
export let adminCaller: ReturnType<typeof callerFor>;

export const db = () => database.db;
export const as = (c: Customer) => callerFor(db(), c.visitor, config());

let refSerial = 0;
export const reference = () => `REF${Date.now().toString(36).toUpperCase()}X${++refSerial}`;

/**
 * The pending activation payment created at sign-up, reported with a receipt through Zelle (or
 * Pago Móvil, in Bs.) with the amount left empty: what its invoice owes.
 */
export async function reportedActivation(c: Customer, kind: 'zelle' | 'pago_movil' = 'zelle') {
  const [payment] = await db()
    .select({
      id: paymentTransactions.id,
      mailboxId: paymentTransactions.mailboxId,
      amountUsdCents: paymentTransactions.amountUsdCents,
      invoiceId: paymentTransactions.invoiceId,
    })
    .from(paymentTransactions)
    .where(
      and(eq(paymentTransactions.userId, c.user.id), eq(paymentTransactions.transactionType, 'mailbox_activation')),
    );
  const file = await storeFile(db(), diskFileStore(storageDir), {
    ownerUserId: c.user.id,
    kind: 'receipt',
    bytes: tinyPng(c.email),
    contentType: 'image/png',
    originalName: 'comprobante.png',
    uploadedBy: c.user.id,
  });
  const ref = reference();
  await as(c).payments.report({
    paymentId: payment.id,
    methodId: await paymentMethodId(db(), kind),
    paymentReference: ref,
    description: 'Pagué desde la cuenta de mi hermana',
    receiptFileId: file.id,
  });
  return {
    ...payment,
    mailboxId: payment.mailboxId!,
    invoiceId: payment.invoiceId!,
    reference: ref,
    receiptFileId: file.id,
  };
}

export async function insertPayment(
  userId: string,
  values: {
    type: PaymentType;
    amountUsdCents: number;
    status?: 'pending' | 'completed' | 'failed' | 'cancelled';
    createdAt?: Date;
  },
) {
  const [row] = await db()
    .insert(paymentTransactions)
    .values({
      userId,
      transactionType: values.type,
      amountUsdCents: values.amountUsdCents,
      status: values.status ?? 'pending',
      metadata: { origen: 'prueba' },
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning({ id: paymentTransactions.id });
  return row.id;
}

export const notificationsOf = (userId: string) =>
  db()
    .select({
      title: notifications.title,
      message: notifications.message,
      type: notifications.type,
      link: notifications.link,
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'payment_update')));

export const paymentEmailsTo = async (email: string) =>
  (await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'notification-payment_update'))).filter((r) =>
    r.to.includes(email),
  );

export async function paymentRow(id: string) {
  const [row] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
  return row;
}

export async function mailboxStatus(id: string) {
  const [row] = await db().select({ status: mailboxes.status }).from(mailboxes).where(eq(mailboxes.id, id));
  return row.status;
}

export function useAdminPayments() {
  beforeAll(async () => {
    database = await createTestDatabase();
    storageDir = tempStorageDir();
    await recordRate(database.db, RATE);
    admin = await signedInAdmin(database.db);
    adminCaller = callerFor(database.db, admin.visitor, config());
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });
}
