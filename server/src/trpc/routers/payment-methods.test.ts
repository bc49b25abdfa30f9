// The payment methods (docs/product/admin-payments-and-billing.md#payment-methods): the
// administrator adds and deactivates them, customers see only the active ones with their details,
// and a payment in bolívares needs a recorded rate.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, PAYMENT_METHOD_MESSAGES } from '@casillero/shared';
import type { Database } from '../../db/client';
import { testConfig } from '../../env';
import { diskFileStore } from '../../files/file-store';
import { storeFile } from '../../files/store';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { paymentMethodId, signedInAdmin, signedInCustomer, signedInStaff } from '../../test/factories';
import { tempStorageDir, tinyPng } from '../../test/files';

let database: Database;
let storageDir: string;
const config = () => testConfig({ appUrl: TEST_APP_URL, storageDir });
type Person = { visitor: Parameters<typeof callerFor>[1]; user: { id: string }; email: string };
let admin: Person;
let caja: Person;

beforeAll(async () => {
  database = await createTestDatabase();
  storageDir = tempStorageDir();
  admin = await signedInAdmin(database.db);
  caja = await signedInStaff(database.db, 'caja');
});
afterAll(async () => {
  await database.close();
  fs.rmSync(storageDir, { recursive: true, force: true });
});
const db = () => database.db;
const as = (p: Person) => callerFor(db(), p.visitor, config());

let refSerial = 0;
const reference = () => `BILL${Date.now().toString(36).toUpperCase()}${++refSerial}`;

async function receipt(p: Person) {
  const file = await storeFile(db(), diskFileStore(storageDir), {
    ownerUserId: p.user.id,
    kind: 'receipt',
    bytes: tinyPng(p.email),
    contentType: 'image/png',
    originalName: 'comprobante.png',
    uploadedBy: p.user.id,
  });
  return file.id;
}

async function activationInvoice(c: Person) {
  const { invoices: mine } = await as(c).billing.mine();
  return mine.find((i) => i.concept === 'mailbox_activation')!;
}

describe('payment methods', () => {
  it('the administrator adds and deactivates a method; customers see only active ones with their details', async () => {
    const c = await signedInCustomer(db(), { nombre: 'Métodos' });
    const { method } = await as(admin).paymentMethods.create({
      kind: 'pago_movil',
      name: 'Pago Móvil Mercantil',
      currency: 'VES',
      details: { bank: 'Mercantil (0105)', phone: '0412-5550000', idNumber: 'J-12345678-9', extra: 'ignorado' },
      instructions: null,
      active: true,
    });
    expect(method.details).toEqual({ bank: 'Mercantil (0105)', phone: '0412-5550000', idNumber: 'J-12345678-9' });
    expect((await as(c).paymentMethods.active()).map((m) => m.name)).toContain('Pago Móvil Mercantil');

    const input = {
      kind: 'pago_movil' as const,
      name: 'Pago Móvil Mercantil',
      currency: 'VES' as const,
      details: method.details as Record<string, string>,
      instructions: null,
      active: false,
    };
    await as(admin).paymentMethods.update({ id: method.id, ...input });
    expect((await as(c).paymentMethods.active()).map((m) => m.name)).not.toContain('Pago Móvil Mercantil');
    const invoice = await activationInvoice(c);
    const err = await trpcError(
      as(c).payments.report({
        paymentId: invoice.openPaymentId,
        methodId: method.id,
        paymentReference: reference(),
        receiptFileId: await receipt(c),
      }),
    );
    expect(err.message).toBe(PAYMENT_METHOD_MESSAGES.inactive);
  });

  it('refuses a method without its details, a taken name, and a cashier changing methods', async () => {
    const missing = await trpcError(
      as(admin).paymentMethods.create({
        kind: 'zelle',
        name: 'Zelle 2',
        currency: 'USD',
        details: { holder: 'X' },
        instructions: null,
        active: true,
      }),
    );
    expect(missing.message).toBe(PAYMENT_METHOD_MESSAGES.detailRequired('Correo Zelle'));
    const zelle = {
      kind: 'zelle' as const,
      name: 'Zelle Único',
      currency: 'USD' as const,
      details: { email: 'a@b.test', holder: 'X' },
      instructions: null,
      active: true,
    };
    await as(admin).paymentMethods.create(zelle);
    expect((await trpcError(as(admin).paymentMethods.create({ ...zelle, name: 'zelle único' }))).message).toBe(
      PAYMENT_METHOD_MESSAGES.nameTaken,
    );
    expect((await trpcError(as(caja).paymentMethods.create({ ...zelle, name: 'Zelle Caja' }))).code).toBe('FORBIDDEN');
  });

  it('a payment in bolívares needs a recorded rate', async () => {
    const fresh = await createTestDatabase();
    try {
      const c = await signedInCustomer(fresh.db, { nombre: 'Sin Tasa Bs' });
      const [invoice] = (await callerFor(fresh.db, c.visitor, config()).billing.mine()).invoices;
      const file = await storeFile(fresh.db, diskFileStore(storageDir), {
        ownerUserId: c.user.id,
        kind: 'receipt',
        bytes: tinyPng(c.email),
        contentType: 'image/png',
        originalName: 'r.png',
        uploadedBy: c.user.id,
      });
      const err = await trpcError(
        callerFor(fresh.db, c.visitor, config()).payments.report({
          paymentId: invoice.openPaymentId,
          methodId: await paymentMethodId(fresh.db, 'pago_movil'),
          paymentReference: reference(),
          receiptFileId: file.id,
        }),
      );
      expect(err.message).toBe(PAYMENT_MESSAGES.noRateForVes);
    } finally {
      await fresh.close();
    }
  });
});
