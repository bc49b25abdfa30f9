// A click that changes nothing tells nobody: each staff procedure that notifies a customer does
// so only when the state really changed. Each row makes one real change, then repeats it (the
// same status, the same reason) and checks that no notification and no e-mail was added.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrayContains, count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { emailOutbox, notifications } from '../db/schema';
import { testConfig } from '../env';
import { diskFileStore } from '../files/file-store';
import { storeFile } from '../files/store';
import { callerFor, TEST_APP_URL, trpcError, type TestCaller } from '../test/caller';
import { createTestDatabase } from '../test/db';
import {
  customerWithActiveMailbox,
  paymentMethodId,
  signedInAdmin,
  type CustomerWithMailbox,
  homeDeliveryTo,
} from '../test/factories';
import { tempStorageDir, tinyPng } from '../test/files';

let database: Database;
const db = () => database.db;
const storageDir = tempStorageDir();
const config = testConfig({ appUrl: TEST_APP_URL, storageDir });
let admin: TestCaller;
let serial = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++serial}`;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = (await signedInAdmin(db())).caller;
});
afterAll(async () => {
  await database.close();
});

/** What the customer has been told so far: notifications and e-mails to their address. */
async function told(customer: CustomerWithMailbox) {
  const [n] = await db().select({ n: count() }).from(notifications).where(eq(notifications.userId, customer.user.id));
  const [e] = await db()
    .select({ n: count() })
    .from(emailOutbox)
    .where(arrayContains(emailOutbox.to, [customer.email]));
  return { notifications: n!.n, emails: e!.n };
}

async function tracking(customer: CustomerWithMailbox) {
  return admin.trackings.create({
    mailboxId: customer.mailboxId,
    trackingNumber: unique('NOCHG'),
    carrier: 'UPS',
    description: 'Zapatos deportivos talla 38',
    senderName: 'Nike',
  });
}

async function receivedPackage(customer: CustomerWithMailbox) {
  const { id } = await admin.packages.create({
    userId: customer.user.id,
    mailboxId: customer.mailboxId,
    trackingNumber: unique('NOCHGP'),
    packageDescription: 'Audífonos',
    status: 'pending',
  });
  await admin.packages.receive({ id, warehouseReceipt: unique('WR-NOCHG-'), weightKg: 1.5 });
  return id;
}

/** One real change, then the same call again: it must succeed or be refused, and tell nobody. */
type Row = { name: string; change: (customer: CustomerWithMailbox) => Promise<() => Promise<unknown>> };

const rows: Row[] = [
  {
    name: 'a payment kept pending again (the customer was told once it is being reviewed)',
    change: async (customer) => {
      const caller = callerFor(db(), customer.visitor, config);
      const file = await storeFile(db(), diskFileStore(storageDir), {
        ownerUserId: customer.user.id,
        kind: 'receipt',
        bytes: tinyPng(unique('recibo')),
        contentType: 'image/png',
        originalName: 'comprobante.png',
        uploadedBy: customer.user.id,
      });
      const t = await tracking(customer);
      await admin.trackings.updateStatus({ id: t.id, status: 'ready_to_ship' });
      const payment = await caller.payments.report({
        transactionType: 'shipping_payment',
        amount: 20,
        methodId: await paymentMethodId(db(), 'zelle'),
        paymentReference: unique('REF-'),
        receiptFileId: file.id,
        trackingIds: [t.id],
      });
      await admin.payments.review({ id: payment.id, status: 'pending', adminNotes: 'Revisando' });
      return () => admin.payments.review({ id: payment.id, status: 'pending', adminNotes: 'Sigue en revisión' });
    },
  },
  {
    name: 'a tracking set again to its status',
    change: async (customer) => {
      const t = await tracking(customer);
      await admin.trackings.updateStatus({ id: t.id, status: 'in_warehouse' });
      return () => admin.trackings.updateStatus({ id: t.id, status: 'in_warehouse' });
    },
  },
  {
    name: 'a repack asked again for the same reason',
    change: async (customer) => {
      const t = await tracking(customer);
      await admin.trackings.requestRepack({ id: t.id, reason: 'La caja llegó rota' });
      return () => admin.trackings.requestRepack({ id: t.id, reason: 'La caja llegó rota' });
    },
  },
  {
    name: 'a package marked received again',
    change: async (customer) => {
      const id = await receivedPackage(customer);
      return () => admin.packages.updateStatus({ id, status: 'received' });
    },
  },
  {
    name: 'a shipment set again to its status',
    change: async (customer) => {
      const packageId = await receivedPackage(customer);
      const s = await admin.shipments.create({
        userId: customer.user.id,
        ...(await homeDeliveryTo(db(), customer.user.id, {
          address: 'Av. Francisco de Miranda, Torre Parque Cristal, piso 4',
          city: 'Caracas',
          state: 'Distrito Capital',
        })),
        estimatedDelivery: '',
        shippingCostUsdCents: 3550,
        packageIds: [packageId],
      });
      await admin.shipments.updateStatus({ id: s.id, status: 'in_transit' });
      return () => admin.shipments.updateStatus({ id: s.id, status: 'in_transit' });
    },
  },
  {
    name: 'a casillero switched again to its status',
    change: async (customer) => {
      await admin.mailboxes.setStatus({ id: customer.mailboxId, status: 'inactive' });
      return () => admin.mailboxes.setStatus({ id: customer.mailboxId, status: 'inactive' });
    },
  },
  {
    name: 'a pre-alert confirmed again',
    change: async (customer) => {
      const caller = callerFor(db(), customer.visitor, config);
      const { id } = await caller.prealerts.create({
        trackingNumber: unique('NOCHGPA'),
        description: 'Libros de cocina',
        quantityItems: 2,
      });
      await admin.prealerts.confirm({ id });
      return () => admin.prealerts.confirm({ id });
    },
  },
];

describe('a change that changes nothing tells nobody', () => {
  it.each(rows.map((r) => [r.name, r] as const))('%s', async (_name, row) => {
    const customer = await customerWithActiveMailbox(db());
    const repeat = await row.change(customer);
    const afterChange = await told(customer);
    expect(afterChange.notifications).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) await repeat().catch((err) => trpcError(Promise.reject(err)));
    expect(await told(customer)).toEqual(afterChange);
  });
});
