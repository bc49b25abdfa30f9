// What the compra asistida tests start from (docs/product/compra-asistida.md): a database with the
// desk's staff, two customers with active casilleros and the day's rate, and the steps tests take
// on the way (a request, its quote, a receipt, a payment in bolívares approved). A test file calls
// useComprasDesk() once; the people below are then its own, set before its first test.
import { afterAll, beforeAll } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { invoices, ledgerEntries, notifications, purchaseRequests } from '../db/schema';
import { testConfig } from '../env';
import { diskFileStore } from '../files/file-store';
import { storeFile } from '../files/store';
import { callerFor, TEST_APP_URL, type TestCaller } from './caller';
import { createTestDatabase } from './db';
import {
  customerWithActiveMailbox,
  paymentMethodId,
  recordRate,
  signedInStaff,
  type CustomerWithMailbox,
} from './factories';
import { tempStorageDir, tinyPdf, tinyPng } from './files';

let database: Database;
export const db = () => database.db;
const storageDir = tempStorageDir();
const config = testConfig({ appUrl: TEST_APP_URL, storageDir });
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
export let atencion: Staff;
export let caja: Staff;
export let almacen: Staff;
export let maria: CustomerWithMailbox;
export let carlos: CustomerWithMailbox;
export const as = (p: { visitor: Parameters<typeof callerFor>[1] }): TestCaller => callerFor(db(), p.visitor, config);
export const RATE = '40';
let seq = 0;

export function useComprasDesk() {
  beforeAll(async () => {
    database = await createTestDatabase();
    atencion = await signedInStaff(db(), 'atencion');
    caja = await signedInStaff(db(), 'caja');
    almacen = await signedInStaff(db(), 'almacen');
    maria = await customerWithActiveMailbox(db(), { nombre: 'María Compras' });
    carlos = await customerWithActiveMailbox(db(), { nombre: 'Carlos Compras' });
    await recordRate(db(), RATE);
  });
  afterAll(async () => {
    await database?.close();
  });
}

export const twoItems = () => [
  {
    url: 'https://www.amazon.com/dp/B0TEST0001',
    name: 'Zapatos de correr',
    options: 'Talla 38, azul',
    quantity: 2,
    priceUsdCents: 4_999,
  },
  { url: 'http://www.example-store.com/item/42', name: 'Reloj', quantity: 1, priceUsdCents: 12_000, notes: 'Regalo' },
];

export async function requestOf(customer: CustomerWithMailbox) {
  return as(customer).compras.create({ mailboxId: customer.mailboxId, items: twoItems() });
}

/** Staff quote with the prices confirmed as asked (or `prices`), $10 sales tax and $8 shipping. */
export async function quoted(customer: CustomerWithMailbox, prices?: number[], validHours?: number) {
  const { id } = await requestOf(customer);
  const detail = await as(atencion).compras.adminDetail({ id });
  const result = await as(atencion).compras.quote({
    id,
    items: detail.items.map((i, n) => ({ id: i.id, priceUsdCents: prices?.[n] ?? i.customerPriceUsdCents })),
    salesTaxUsdCents: 1_000,
    shippingUsdCents: 800,
    validHours,
  });
  return { id, result };
}

export async function receiptOf(customer: CustomerWithMailbox, kind: 'invoice' | 'receipt' = 'invoice') {
  seq++;
  return storeFile(db(), diskFileStore(storageDir), {
    ownerUserId: customer.user.id,
    kind,
    bytes: kind === 'invoice' ? tinyPdf() : tinyPng(`pago ${seq}`),
    contentType: kind === 'invoice' ? 'application/pdf' : 'image/png',
    originalName: kind === 'invoice' ? 'recibo-tienda.pdf' : 'pago-movil.png',
    uploadedBy: kind === 'invoice' ? atencion.user.id : customer.user.id,
  });
}

/** María pays the invoice by Pago Móvil in bolívares; the cashier approves. */
export async function payInBolivares(customer: CustomerWithMailbox, invoiceId: string) {
  const [invoice] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
  const receipt = await receiptOf(customer, 'receipt');
  const payment = await as(customer).payments.report({
    invoiceId,
    methodId: await paymentMethodId(db(), 'pago_movil'),
    paymentReference: `PM${Date.now()}${++seq}`,
    amount: invoice!.vesCentimos! / 100,
    receiptFileId: receipt.id,
  });
  await as(caja).payments.review({ id: payment.id, status: 'completed' });
  return payment;
}

export const row = async (id: string) =>
  (await db().select().from(purchaseRequests).where(eq(purchaseRequests.id, id)))[0]!;
/** What the customer owes (negative: in their favour), USD cents. */
export const balanceOf = async (userId: string) =>
  (await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId))).reduce((s, e) => s + e.usdCents, 0);
// In the order they were written (PostgreSQL returns rows in no order of its own).
export const noticesOf = (userId: string) =>
  db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.createdAt));
