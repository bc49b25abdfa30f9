// Facturas says what each payment is for: a shipping payment lists the tracking numbers it
// pays (payment_trackings), in payments.mine and payments.get, read in the same one query.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { paymentTrackings } from '../../db/schema';
import { testConfig } from '../../env';
import { diskFileStore } from '../../files/file-store';
import { storeFile } from '../../files/store';
import { callerFor, TEST_APP_URL } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import {
  customerWithActiveMailbox,
  paymentMethodId,
  signedInAdmin,
  type CustomerWithMailbox,
} from '../../test/factories';
import { tempStorageDir, tinyPng } from '../../test/files';

let database: Database;
let storageDir: string;
const config = () => testConfig({ appUrl: TEST_APP_URL, storageDir });
type Customer = CustomerWithMailbox;
let adminCaller: ReturnType<typeof callerFor>;

beforeAll(async () => {
  database = await createTestDatabase();
  storageDir = tempStorageDir();
  const admin = await signedInAdmin(database.db);
  adminCaller = callerFor(database.db, admin.visitor, config());
});
afterAll(async () => {
  await database.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const db = () => database.db;
const as = (c: Customer) => callerFor(db(), c.visitor, config());

const customer = (nombre: string) => customerWithActiveMailbox(db(), { nombre });

let serial = 0;
/** A tracking of the customer's, ready to ship, with a number that sorts by `prefix`. */
async function readyTracking(c: Customer, prefix: string) {
  const trackingNumber = `${prefix}${Date.now().toString(36).toUpperCase()}${++serial}`;
  const created = await adminCaller.trackings.create({
    mailboxId: c.mailboxId,
    trackingNumber,
    carrier: 'UPS',
    description: `Audífonos inalámbricos ${serial}`,
    senderName: 'Amazon',
    estimatedWeight: 1.2,
  });
  await adminCaller.trackings.updateStatus({ id: created.id, status: 'ready_to_ship' });
  return { id: created.id, trackingNumber };
}

async function reportShipping(c: Customer, trackingIds: string[]) {
  const file = await storeFile(db(), diskFileStore(storageDir), {
    ownerUserId: c.user.id,
    kind: 'receipt',
    bytes: tinyPng(c.email),
    contentType: 'image/png',
    originalName: 'comprobante.png',
    uploadedBy: c.user.id,
  });
  return as(c).payments.report({
    transactionType: 'shipping_payment',
    amount: 38.5,
    methodId: await paymentMethodId(db(), 'zelle'),
    paymentReference: `FAC-${Date.now().toString(36)}-${++serial}`,
    receiptFileId: file.id,
    trackingIds,
  });
}

describe('Facturas: the trackings a shipping payment pays', () => {
  it('payments.mine and payments.get list the tracking numbers, by number; other payments list none', async () => {
    const eva = await customer('Eva Facturas');
    const b = await readyTracking(eva, 'ZB');
    const a = await readyTracking(eva, 'ZA');
    const { id } = await reportShipping(eva, [b.id, a.id]);

    const mine = await as(eva).payments.mine();
    const shipping = mine.find((p) => p.id === id)!;
    expect(shipping).toMatchObject({
      transactionType: 'shipping_payment',
      trackingNumbers: [a.trackingNumber, b.trackingNumber],
    });
    const activation = mine.find((p) => p.transactionType === 'mailbox_activation')!;
    expect(activation.trackingNumbers).toEqual([]);

    expect((await as(eva).payments.get({ id })).trackingNumbers).toEqual([a.trackingNumber, b.trackingNumber]);
    expect((await as(eva).payments.get({ id: activation.id })).trackingNumbers).toEqual([]);
  });

  it("never names another customer's tracking, even if one were linked to the payment", async () => {
    const fede = await customer('Fede Facturas');
    const otro = await customer('Otro Vecino');
    const own = await readyTracking(fede, 'YA');
    const theirs = await readyTracking(otro, 'YB');
    const { id } = await reportShipping(fede, [own.id]);
    await db().insert(paymentTrackings).values({ paymentId: id, trackingId: theirs.id });

    expect((await as(fede).payments.get({ id })).trackingNumbers).toEqual([own.trackingNumber]);
    expect((await as(fede).payments.mine()).find((p) => p.id === id)!.trackingNumbers).toEqual([own.trackingNumber]);
  });
});
