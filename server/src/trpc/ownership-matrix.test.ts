// docs/product/security.md#only-your-own: customer A can neither read, change nor download anything of customer B's.
// Walks every customer procedure of the app router whose input names an id (a key `id`, or
// ending in `Id` or `Ids`), calls it as A with B's ids from the table below, and expects
// NOT_FOUND, as if B's resource did not exist; then reads B's data as B to see nothing moved.
// A customer procedure (or a field) added later with an id input fails here until the table
// says which of B's ids it is called with.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import { MAX_PAGE_SIZE, SESSION_COOKIE_NAME } from '@casillero/shared';
import type { Database } from '../db/client';
import { testConfig } from '../env';
import { createServer } from '../server';
import { mailboxes, recipients, storedFiles, webhookDeliveries } from '../db/schema';
import { callerFor, TEST_APP_URL, trpcError, type TestCaller } from '../test/caller';
import { createTestDatabase } from '../test/db';
import {
  paymentMethodId,
  recordRate,
  signedInAdmin,
  signedInAlly,
  signedInCustomer,
  homeDeliveryTo,
} from '../test/factories';
import { tempStorageDir, tinyPdf, tinyPng, uploadFile } from '../test/files';
import type { Meta } from './init';
import { appRouter } from './router';

// --- The walk ---------------------------------------------------------------------------------

/** `id`, `paymentId`, `packageIds`…: a key that names one of somebody's rows. */
const ID_KEY = /^id$|Ids?$/;

type ZodDef = { type: string } & Record<string, unknown>;
const defOf = (schema: unknown): ZodDef | undefined => (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;

/** The id-like keys of a zod 4 input, as dotted paths, looking through wrappers, pipes, arrays and unions. */
function idFields(schema: unknown, prefix = ''): string[] {
  const def = defOf(schema);
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, field]) => {
        const path = prefix ? `${prefix}.${key}` : key;
        return [...(ID_KEY.test(key) ? [path] : []), ...idFields(field, path)];
      });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return idFields(def.innerType, prefix);
    case 'pipe':
      return [...idFields(def.in, prefix), ...idFields(def.out, prefix)];
    case 'array':
      return idFields(def.element, prefix);
    case 'union':
      return (def.options as unknown[]).flatMap((o) => idFields(o, prefix));
    case 'intersection':
      return [...idFields(def.left, prefix), ...idFields(def.right, prefix)];
    case 'lazy':
      return idFields((def.getter as () => unknown)(), prefix);
    default:
      return [];
  }
}

/**
 * Id fields that name the business's own rows, which every customer uses, never a customer's:
 * there is no B's to try. payments.report's methodId is one of the payment methods the
 * administrator keeps (docs/decisions/021-billing-in-bolivares.md).
 */
const SHARED_ID_FIELDS: Record<string, string[]> = {
  'payments.report': ['methodId'],
  // The agencies catalogue is the business's (docs/product/last-mile.md#agencies).
  'shipRequests.quote': ['agencyId'],
  'shipRequests.create': ['agencyId'],
};

type AnyProcedure = { _def: { meta?: Meta; type: string; inputs: unknown[] } };
const allProcedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>).map(
  ([path, p]) => ({
    path,
    access: p._def.meta?.access,
    type: p._def.type,
    idFields: [...new Set(p._def.inputs.flatMap((input) => idFields(input)))]
      .filter((f) => !SHARED_ID_FIELDS[path]?.includes(f))
      .sort(),
  }),
);

/** Every customer procedure that takes an id, with the id-like fields of its input. */
const customerIdProcedures = allProcedures.filter((p) => p.access === 'user' && p.idFields.length > 0);

// --- B's data (and a little of A's, for inputs that mix an own id with a foreign one) ----------

type Fixture = {
  a: {
    mailboxId: string;
    prealertId: string;
    receiptFileId: string;
    invoiceFileId: string;
    trackingId: string;
    packageId: string;
    /** An active payment method (the business's: anyone pays with it). */
    methodId: string;
    recipientId: string;
    claimPhoto: { fileId: string; thumbFileId: string };
  };
  b: {
    userId: string;
    email: string;
    mailboxId: string;
    sessionId: string;
    /** A key of the public API B holds (docs/product/public-api.md#keys). */
    apiKeyId: string;
    /** B's webhook subscription and one of its deliveries (docs/product/public-api.md#webhooks). */
    webhookId: string;
    webhookDeliveryId: string;
    prealertId: string;
    /** The pending mailbox activation, not reported yet: what a stray report would change. */
    activationPaymentId: string;
    /** A payment B reported with the receipt below. */
    reportedPaymentId: string;
    /** The invoice of B's mailbox activation, issued at sign-up and still owed. */
    activationInvoiceId: string;
    /** The invoice of B's shipment, issued when it was created. */
    shipmentInvoiceId: string;
    receiptFileId: string;
    invoiceFileId: string;
    trackingId: string;
    /** Received, in no shipment and no repack request. */
    packageId: string;
    shippedPackageId: string;
    /** A finished (processed) repack of B's, its box ready to send. */
    repackId: string;
    /** Flagged as a problem parcel, waiting for B's choice. */
    problemPackageId: string;
    shipmentId: string;
    notificationId: string;
    /** A recipient of B's address book, named by B's shipment. */
    recipientId: string;
    /** B's damaged-parcel claim, waiting for B's answer. */
    claimId: string;
    /** A claim photo B uploaded and has not attached yet. */
    claimPhoto: { fileId: string; thumbFileId: string };
    /** B's assisted purchase, quoted and not accepted yet (docs/product/compra-asistida.md). */
    compraId: string;
    /** An item of B's assisted purchase. */
    compraItemId: string;
  };
};

let reference = 0;
const newReference = () => `OWN-${Date.now().toString(36)}-${++reference}`;

const prealertForm = {
  carrier: 'UPS',
  senderName: 'Tienda de A',
  description: 'Cambiado por otro cliente',
  quantityItems: 9,
  amountSpentUsdCents: 100,
  estimatedWeight: 1,
  estimatedValueUsdCents: 100,
  notes: 'no debería guardarse',
};

/**
 * For each customer procedure with an id input, keyed by the id field each call points at
 * customer B (a key may add a note after a space, for a second call on the same field): the
 * input A sends. Everything else in the input is valid, and A's own where A needs one, so the
 * foreign id is the only reason to refuse.
 */
const FOREIGN_INPUTS: Record<string, Record<string, (f: Fixture) => unknown>> = {
  'account.signOutSession': {
    id: (f) => ({ id: f.b.sessionId }),
  },
  'account.revokeApiKey': {
    id: (f) => ({ id: f.b.apiKeyId }),
  },
  'account.webhookDeliveries': {
    subscriptionId: (f) => ({ subscriptionId: f.b.webhookId }),
  },
  'account.rotateWebhookSecret': {
    id: (f) => ({ id: f.b.webhookId }),
  },
  'account.setWebhookActive': {
    id: (f) => ({ id: f.b.webhookId, active: false }),
  },
  'account.deleteWebhook': {
    id: (f) => ({ id: f.b.webhookId }),
  },
  'account.resendWebhookDelivery': {
    deliveryId: (f) => ({ deliveryId: f.b.webhookDeliveryId }),
  },
  'billing.invoice': {
    id: (f) => ({ id: f.b.activationInvoiceId }),
    'id (a shipment invoice)': (f) => ({ id: f.b.shipmentInvoiceId }),
  },
  'claims.detail': {
    id: (f) => ({ id: f.b.claimId }),
  },
  'claims.answer': {
    id: (f) => ({ id: f.b.claimId, text: 'Respuesta de A en el reclamo de B', photos: [] }),
    'photos.fileId': (f) => ({ id: f.b.claimId, text: 'Respuesta con la foto de B', photos: [f.b.claimPhoto] }),
    'photos.thumbFileId': (f) => ({
      id: f.b.claimId,
      text: 'Respuesta con la miniatura de B',
      photos: [{ fileId: f.a.claimPhoto.fileId, thumbFileId: f.b.claimPhoto.thumbFileId }],
    }),
  },
  'claims.open': {
    packageId: (f) => ({ kind: 'damaged', packageId: f.b.packageId, text: 'El paquete de B llegó roto', photos: [] }),
    shipmentId: (f) => ({ kind: 'lost', shipmentId: f.b.shipmentId, text: 'El envío de B se perdió', photos: [] }),
    'photos.fileId': (f) => ({
      kind: 'damaged',
      packageId: f.a.packageId,
      text: 'Mi paquete con la foto de B',
      photos: [f.b.claimPhoto],
    }),
    'photos.thumbFileId': (f) => ({
      kind: 'damaged',
      packageId: f.a.packageId,
      text: 'Mi paquete con la miniatura de B',
      photos: [{ fileId: f.a.claimPhoto.fileId, thumbFileId: f.b.claimPhoto.thumbFileId }],
    }),
    'carrierProof.fileId': (f) => ({
      kind: 'not_in_mailbox',
      packageId: f.a.packageId,
      text: 'La tienda dice entregado, prueba de B',
      carrierDeliveredOn: '2026-01-05',
      carrierProof: f.b.claimPhoto,
    }),
    'carrierProof.thumbFileId': (f) => ({
      kind: 'not_in_mailbox',
      packageId: f.a.packageId,
      text: 'La tienda dice entregado, miniatura de B',
      carrierDeliveredOn: '2026-01-05',
      carrierProof: { fileId: f.a.claimPhoto.fileId, thumbFileId: f.b.claimPhoto.thumbFileId },
    }),
  },
  'compras.create': {
    mailboxId: (f) => ({
      mailboxId: f.b.mailboxId,
      items: [{ url: 'https://store.example.com/p/1', name: 'Producto', quantity: 1, priceUsdCents: 1_000 }],
    }),
  },
  'compras.detail': { id: (f) => ({ id: f.b.compraId }) },
  'compras.accept': { id: (f) => ({ id: f.b.compraId }) },
  'compras.cancel': { id: (f) => ({ id: f.b.compraId }) },
  'compras.acceptDifference': { id: (f) => ({ id: f.b.compraId }) },
  'compras.chooseItem': {
    id: (f) => ({ id: f.b.compraId, itemId: f.b.compraItemId, choice: 'cancel' }),
    itemId: (f) => ({ id: f.b.compraId, itemId: f.b.compraItemId, choice: 'accept' }),
  },
  'files.link': {
    id: (f) => ({ id: f.b.receiptFileId }),
    'id (an invoice)': (f) => ({ id: f.b.invoiceFileId }),
  },
  'notifications.markRead': {
    id: (f) => ({ id: f.b.notificationId }),
  },
  'pickups.ownProof': {
    shipmentId: (f) => ({ shipmentId: f.b.shipmentId }),
  },
  'payments.get': {
    id: (f) => ({ id: f.b.activationPaymentId }),
    'id (a reported payment)': (f) => ({ id: f.b.reportedPaymentId }),
  },
  'payments.report': {
    paymentId: (f) => ({
      paymentId: f.b.activationPaymentId,
      methodId: f.a.methodId,
      paymentReference: newReference(),
      amount: 100,
      description: 'Pago de A sobre el casillero de B',
      receiptFileId: f.a.receiptFileId,
    }),
    invoiceId: (f) => ({
      invoiceId: f.b.activationInvoiceId,
      methodId: f.a.methodId,
      paymentReference: newReference(),
      description: 'Pago de A sobre la factura de B',
      receiptFileId: f.a.receiptFileId,
    }),
    'invoiceId (a shipment invoice, with an amount)': (f) => ({
      invoiceId: f.b.shipmentInvoiceId,
      methodId: f.a.methodId,
      paymentReference: newReference(),
      amount: 10,
      receiptFileId: f.a.receiptFileId,
    }),
    receiptFileId: (f) => ({
      transactionType: 'credit_purchase',
      amount: 10,
      methodId: f.a.methodId,
      paymentReference: newReference(),
      receiptFileId: f.b.receiptFileId,
    }),
    trackingIds: (f) => ({
      transactionType: 'shipping_payment',
      amount: 20,
      methodId: f.a.methodId,
      paymentReference: newReference(),
      receiptFileId: f.a.receiptFileId,
      trackingIds: [f.b.trackingId],
    }),
    'trackingIds (with an own one)': (f) => ({
      transactionType: 'shipping_payment',
      amount: 20,
      methodId: f.a.methodId,
      paymentReference: newReference(),
      receiptFileId: f.a.receiptFileId,
      trackingIds: [f.a.trackingId, f.b.trackingId],
    }),
  },
  'prealerts.create': {
    mailboxId: (f) => ({ ...prealertForm, trackingNumber: null, mailboxId: f.b.mailboxId, invoiceFileId: null }),
    invoiceFileId: (f) => ({
      ...prealertForm,
      trackingNumber: null,
      mailboxId: f.a.mailboxId,
      invoiceFileId: f.b.invoiceFileId,
    }),
  },
  'prealerts.update': {
    id: (f) => ({ ...prealertForm, id: f.b.prealertId, trackingNumber: null, mailboxId: null, invoiceFileId: null }),
    mailboxId: (f) => ({
      ...prealertForm,
      id: f.a.prealertId,
      trackingNumber: null,
      mailboxId: f.b.mailboxId,
      invoiceFileId: null,
    }),
    invoiceFileId: (f) => ({
      ...prealertForm,
      id: f.a.prealertId,
      trackingNumber: null,
      mailboxId: f.a.mailboxId,
      invoiceFileId: f.b.invoiceFileId,
    }),
  },
  'recipients.update': {
    id: (f) => ({
      id: f.b.recipientId,
      fullName: 'Cambiado por otro cliente',
      idDocument: 'V-11111111',
      phone: '0414-1111111',
      state: 'Lara',
      city: 'Carora',
      address: 'Calle de A, casa 1',
    }),
  },
  // B's parcel has no declared value yet: confirming it for B would change it.
  'packages.confirmDeclaredValue': {
    packageId: (f) => ({ packageId: f.b.packageId, declaredValueUsdCents: 50_00 }),
  },
  'problemParcels.choose': {
    packageId: (f) => ({ packageId: f.b.problemPackageId, choice: 'pay_and_continue' }),
  },
  'recipients.archive': {
    id: (f) => ({ id: f.b.recipientId }),
  },
  'repacks.request': {
    packageIds: (f) => ({ packageIds: [f.b.packageId], shippingMethod: 'aereo', instructions: 'Consolidar todo' }),
    'packageIds (with an own one)': (f) => ({ packageIds: [f.a.packageId, f.b.packageId], shippingMethod: 'aereo' }),
  },
  'shipRequests.quote': {
    packageIds: (f) => ({ packageIds: [f.b.packageId], shippingMethod: 'maritimo' }),
    'packageIds (with an own one)': (f) => ({ packageIds: [f.a.packageId, f.b.packageId], shippingMethod: 'aereo' }),
    repackIds: (f) => ({ repackIds: [f.b.repackId], shippingMethod: 'maritimo' }),
    'repackIds (with an own parcel)': (f) => ({
      packageIds: [f.a.packageId],
      repackIds: [f.b.repackId],
      shippingMethod: 'aereo',
    }),
    recipientId: (f) => ({
      packageIds: [f.a.packageId],
      shippingMethod: 'aereo',
      recipientId: f.b.recipientId,
      deliveryMethod: 'home',
    }),
  },
  'shipRequests.create': {
    packageIds: (f) => ({
      packageIds: [f.b.packageId],
      shippingMethod: 'maritimo',
      recipientId: f.a.recipientId,
      deliveryMethod: 'home',
    }),
    repackIds: (f) => ({
      repackIds: [f.b.repackId],
      shippingMethod: 'maritimo',
      recipientId: f.a.recipientId,
      deliveryMethod: 'home',
    }),
    recipientId: (f) => ({
      packageIds: [f.a.packageId],
      shippingMethod: 'aereo',
      recipientId: f.b.recipientId,
      deliveryMethod: 'home',
    }),
  },
  'shipments.ownDetail': {
    id: (f) => ({ id: f.b.shipmentId }),
  },
  'trackings.mineDetail': {
    id: (f) => ({ id: f.b.trackingId }),
  },
};

/** The queries without an id that still need an input: where to look. */
const QUERY_INPUTS: Record<string, unknown> = {
  'agencies.search': { state: 'Carabobo' },
};

/** The id field a table key tests: the key up to its note. */
const fieldOf = (key: string) => key.split(' ')[0];

// --- Set-up --------------------------------------------------------------------------------

let database: Database;
let storageDir: string;
let server: Awaited<ReturnType<typeof createServer>>;
const config = () => testConfig({ appUrl: TEST_APP_URL, storageDir });

type Signed = Awaited<ReturnType<typeof signedInCustomer>>;
let admin: Signed;
let ana: Signed;
let beto: Signed;
let fixture: Fixture;
const db = () => database.db;
const as = (s: Signed) => callerFor(db(), s.visitor, config());

function call(caller: TestCaller, path: string, input: unknown): Promise<unknown> {
  const fn = path.split('.').reduce<any>((node, key) => node[key], caller);
  return fn(input);
}

async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (err) {
    return err instanceof TRPCError ? err.code : `not a TRPCError: ${String(err)}`;
  }
}

async function upload(who: Signed, kind: 'receipt' | 'invoice', bytes: Buffer): Promise<string> {
  const res = await uploadFile(server.app, bytes, {
    token: who.visitor.token,
    kind,
    origin: TEST_APP_URL,
    ...(kind === 'invoice' ? { filename: 'factura.pdf', contentType: 'application/pdf' } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

let serial = 0;
async function readyTracking(mailboxId: string) {
  const created = await as(admin).trackings.create({
    mailboxId,
    trackingNumber: `1ZOWN${Date.now().toString(36).toUpperCase()}${++serial}`,
    carrier: 'UPS',
    description: `Audífonos inalámbricos ${serial}`,
    senderName: 'Amazon',
    estimatedWeight: 1.2,
  });
  await as(admin).trackings.updateStatus({ id: created.id, status: 'ready_to_ship' });
  return created.id;
}

async function receivedPackage(userId: string, mailboxId: string) {
  const created = await as(admin).packages.create({
    userId,
    mailboxId,
    trackingNumber: `PKOWN${Date.now().toString(36).toUpperCase()}${++serial}`,
    packageDescription: `Compra de prueba ${serial}`,
    senderName: 'Amazon',
    weightKg: 1.5,
    status: 'received',
  });
  return created.id;
}

/** A complete recipient in the customer's address book. */
async function recipientOf(userId: string) {
  const [row] = await db()
    .insert(recipients)
    .values({
      userId,
      fullName: 'Destinatario de prueba',
      idDocument: 'V-12345678',
      phone: '+584141234567',
      state: 'Carabobo',
      city: 'Valencia',
      address: 'Av. Bolívar Norte, casa 3',
    })
    .returning({ id: recipients.id });
  return row.id;
}

/** Sign-up gives the customer one mailbox; the admin activates it so trackings can arrive. */
async function activeMailbox(who: Signed) {
  const [box] = await as(who).mailboxes.mine();
  await as(admin).mailboxes.setStatus({ id: box.id, status: 'active' });
  return box.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  storageDir = tempStorageDir();
  server = await createServer({ config: config(), database });
  // Invoices freeze the day's rate (docs/decisions/021-billing-in-bolivares.md); the payments below are in dollars.
  await recordRate(db(), '36.5');
  const zelle = await paymentMethodId(db(), 'zelle');
  admin = await signedInAdmin(db());
  ana = await signedInCustomer(db(), { nombre: 'Ana Dueña' });
  beto = await signedInCustomer(db(), { nombre: 'Beto Vecino', type: 'china' });

  // B's data, built through the real procedures and the upload route.
  const bMailbox = await activeMailbox(beto);
  const bActivation = (await as(beto).payments.mine()).find((p) => p.transactionType === 'mailbox_activation')!;
  const bReceipt = await upload(beto, 'receipt', tinyPng('beto'));
  const bInvoice = await upload(beto, 'invoice', tinyPdf());
  const bReported = await as(beto).payments.report({
    transactionType: 'credit_purchase',
    amount: 25,
    methodId: zelle,
    paymentReference: newReference(),
    description: 'Créditos de Beto',
    receiptFileId: bReceipt,
  });
  const bPrealert = await as(beto).prealerts.create({
    trackingNumber: `PREB${Date.now().toString(36).toUpperCase()}`,
    carrier: 'FedEx',
    senderName: 'Tienda de Beto',
    description: 'Zapatos deportivos de Beto',
    quantityItems: 2,
    amountSpentUsdCents: 8000,
    estimatedWeight: 2.5,
    estimatedValueUsdCents: 8000,
    notes: 'Frágil',
    mailboxId: bMailbox,
    invoiceFileId: bInvoice,
  });
  const bTracking = await readyTracking(bMailbox);
  const bPackage = await receivedPackage(beto.user.id, bMailbox);
  const bShippedPackage = await receivedPackage(beto.user.id, bMailbox);
  // A repack the warehouse finished: its box is what B's ship request would send.
  const bRepack = await as(beto).repacks.request({
    packageIds: [await receivedPackage(beto.user.id, bMailbox)],
    shippingMethod: 'maritimo',
  });
  await as(admin).repacks.process({
    id: bRepack.id,
    warehouseReceipt: `WR-OWN-${newReference()}`,
    weightKg: 4,
    dimensionsCm: '50x40x30',
  });
  // Held by a problem, waiting for B's decision (docs/product/problem-parcels.md).
  const bProblemPackage = await receivedPackage(beto.user.id, bMailbox);
  await as(admin).problemParcels.flag({
    packageId: bProblemPackage,
    reason: 'no_invoice',
    note: 'Falta la factura.',
    extraChargeUsd: 5,
  });
  const bDelivery = await homeDeliveryTo(db(), beto.user.id, {
    address: 'Av. Bolívar Norte, edificio Torre Stratos, piso 3',
    city: 'Valencia',
    state: 'Carabobo',
  });
  const bShipment = await as(admin).shipments.create({
    userId: beto.user.id,
    ...bDelivery,
    estimatedDelivery: '2030-01-15',
    shippingCostUsdCents: 4250,
    packageIds: [bShippedPackage],
  });
  await as(admin).notifications.send({
    recipient: 'individual',
    userId: beto.user.id,
    type: 'general',
    title: 'Aviso solo para Beto',
    message: 'Tu casillero está listo.',
  });
  const bNotification = (await as(beto).notifications.mine({ pageSize: MAX_PAGE_SIZE })).items.find(
    (n) => n.title === 'Aviso solo para Beto',
  )!;
  const bSession = (await as(beto).account.sessions()).find((s) => s.isCurrent)!;
  const bApiKey = await as(beto).account.createApiKey({ name: 'Tienda de Beto', scope: 'read_write' });
  const bWebhook = await as(beto).account.createWebhook({
    url: 'https://tienda-de-beto.example/webhooks',
    events: ['invoice.issued'],
  });
  const [bWebhookDelivery] = await db()
    .insert(webhookDeliveries)
    .values({
      subscriptionId: bWebhook.id,
      eventType: 'invoice.issued',
      sequence: 1,
      payload: { type: 'invoice.issued', timestamp: new Date().toISOString(), sequence: 1, data: {} },
      status: 'sent',
    })
    .returning({ id: webhookDeliveries.id });
  const bInvoices = (await as(beto).billing.mine()).invoices;
  const bActivationInvoice = bInvoices.find((i) => i.concept === 'mailbox_activation')!;
  const bShipmentInvoice = bInvoices.find((i) => i.concept === 'shipping_payment')!;

  // A's own, for the inputs that mix an own id with one of B's.
  const aMailbox = await activeMailbox(ana);
  const aReceipt = await upload(ana, 'receipt', tinyPng('ana'));
  const aInvoice = await upload(ana, 'invoice', tinyPdf());
  const aPrealert = await as(ana).prealerts.create({
    trackingNumber: null,
    description: 'Libros de Ana',
    quantityItems: 1,
    mailboxId: aMailbox,
  });

  /** A claim photo as its upload route stores it (both sizes, the customer's own). */
  const claimPhotoOf = async (userId: string) => {
    const rows = await db()
      .insert(storedFiles)
      .values(
        [0, 1].map((i) => ({
          ownerUserId: userId,
          kind: 'claim_photo' as const,
          storageKey: `claim-photos/${userId}/${newReference()}-${i}.jpg`,
          contentType: 'image/jpeg',
          sizeBytes: 10,
          uploadedBy: userId,
        })),
      )
      .returning({ id: storedFiles.id });
    return { fileId: rows[0]!.id, thumbFileId: rows[1]!.id };
  };
  const bClaim = await as(beto).claims.open({
    kind: 'damaged',
    packageId: bPackage,
    text: 'La caja de Beto llegó aplastada',
    photos: [await claimPhotoOf(beto.user.id)],
  });
  await as(admin).claims.ask({ id: bClaim.id, request: 'Envíanos el recibo de la tienda, por favor.' });
  const bCompra = await as(beto).compras.create({
    mailboxId: bMailbox,
    items: [{ url: 'https://store.example.com/p/2', name: 'Lámpara', quantity: 2, priceUsdCents: 2_500 }],
  });
  const bCompraItems = (await as(admin).compras.adminDetail({ id: bCompra.id })).items;
  await as(admin).compras.quote({
    id: bCompra.id,
    items: bCompraItems.map((i) => ({ id: i.id, priceUsdCents: i.customerPriceUsdCents })),
    salesTaxUsdCents: 0,
    shippingUsdCents: 0,
  });

  fixture = {
    a: {
      mailboxId: aMailbox,
      prealertId: aPrealert.id,
      receiptFileId: aReceipt,
      invoiceFileId: aInvoice,
      trackingId: await readyTracking(aMailbox),
      packageId: await receivedPackage(ana.user.id, aMailbox),
      methodId: zelle,
      recipientId: await recipientOf(ana.user.id),
      claimPhoto: await claimPhotoOf(ana.user.id),
    },
    b: {
      userId: beto.user.id,
      email: beto.email,
      mailboxId: bMailbox,
      sessionId: bSession.id,
      apiKeyId: bApiKey.id,
      webhookId: bWebhook.id,
      webhookDeliveryId: bWebhookDelivery.id,
      prealertId: bPrealert.id,
      activationPaymentId: bActivation.id,
      reportedPaymentId: bReported.id,
      activationInvoiceId: bActivationInvoice.id,
      shipmentInvoiceId: bShipmentInvoice.id,
      receiptFileId: bReceipt,
      invoiceFileId: bInvoice,
      trackingId: bTracking,
      packageId: bPackage,
      shippedPackageId: bShippedPackage,
      repackId: bRepack.id,
      problemPackageId: bProblemPackage,
      shipmentId: bShipment.id,
      notificationId: bNotification.id,
      recipientId: bDelivery.recipientId,
      claimId: bClaim.id,
      claimPhoto: await claimPhotoOf(beto.user.id),
      compraId: bCompra.id,
      compraItemId: bCompraItems[0]!.id,
    },
  };
});

afterAll(async () => {
  await server?.stop();
  await database?.close();
  if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true });
});

/** Signed links carry the current time; the file they open is what matters. */
function withoutSignatures(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (_key, v) =>
    typeof v === 'string' ? v.replace(/^(\/files\/[^?]+)\?.*$/, '$1') : v,
  );
}

/** Everything B (or A) sees of their own data, as they see it. */
async function ownView(
  who: Signed,
  ids: { paymentIds: string[]; invoiceIds: string[]; trackingId: string; shipmentId?: string; fileIds: string[] },
) {
  const c = as(who);
  return withoutSignatures({
    me: await c.auth.me(),
    sessions: await c.account.sessions(),
    apiKeys: await c.account.apiKeys(),
    webhooks: await c.account.webhooks(),
    webhookDeliveries: await Promise.all(
      (await c.account.webhooks()).map((w) => c.account.webhookDeliveries({ subscriptionId: w.id })),
    ),
    emailPreferences: await c.account.emailPreferences(),
    profile: await c.profile.get(),
    mailboxes: await c.mailboxes.mine(),
    prealerts: await c.prealerts.mine(),
    payments: await c.payments.mine(),
    paymentDetails: await Promise.all(ids.paymentIds.map((id) => c.payments.get({ id }))),
    payableTrackings: await c.payments.payableTrackings(),
    billing: await c.billing.mine(),
    invoices: await Promise.all(ids.invoiceIds.map((id) => c.billing.invoice({ id }))),
    trackings: await c.trackings.mine(),
    tracking: await c.trackings.mineDetail({ id: ids.trackingId }),
    packages: await c.packages.mine(),
    repacks: await c.repacks.mine(),
    recipients: await c.recipients.mine(),
    problemParcels: await c.problemParcels.mine(),
    missingDeclaredValue: await c.packages.missingDeclaredValue(),
    claims: await c.claims.mine(),
    compras: await c.compras.mine(),
    repackable: await c.repacks.packages(),
    shippableRepacks: await c.shipRequests.repacks(),
    shipments: await c.shipments.listOwn({ pageSize: MAX_PAGE_SIZE }),
    shipment: ids.shipmentId ? await c.shipments.ownDetail({ id: ids.shipmentId }) : null,
    notifications: await c.notifications.mine({ pageSize: MAX_PAGE_SIZE }),
    unread: await c.notifications.unreadCount(),
    files: await Promise.all(ids.fileIds.map(async (id) => (await c.files.link({ id })).contentType)),
  });
}

const betoView = () =>
  ownView(beto, {
    paymentIds: [fixture.b.activationPaymentId, fixture.b.reportedPaymentId],
    invoiceIds: [fixture.b.activationInvoiceId, fixture.b.shipmentInvoiceId],
    trackingId: fixture.b.trackingId,
    shipmentId: fixture.b.shipmentId,
    fileIds: [fixture.b.receiptFileId, fixture.b.invoiceFileId],
  });
const anaView = () =>
  ownView(ana, {
    paymentIds: [],
    invoiceIds: [],
    trackingId: fixture.a.trackingId,
    fileIds: [fixture.a.receiptFileId, fixture.a.invoiceFileId],
  });

// --- The tests -----------------------------------------------------------------------------

describe('ownership matrix (docs/product/security.md#only-your-own)', () => {
  it('finds the customer procedures that take an id, and the table names each one and each id field', () => {
    const detected = Object.fromEntries(customerIdProcedures.map((p) => [p.path, p.idFields]));
    // Printed so a reader sees what the walk found.
    console.info(
      `Customer procedures with an id input:\n${customerIdProcedures.map((p) => `  ${p.path} (${p.idFields.join(', ')})`).join('\n')}`,
    );
    expect(customerIdProcedures.length).toBeGreaterThan(5);
    expect(Object.keys(FOREIGN_INPUTS).sort()).toEqual(Object.keys(detected).sort());
    for (const [path, cases] of Object.entries(FOREIGN_INPUTS)) {
      expect([...new Set(Object.keys(cases).map(fieldOf))].sort(), path).toEqual(detected[path]);
    }
  });

  it("answers NOT_FOUND to every call of customer A's that names one of customer B's ids, and nothing of B's or A's changes", async () => {
    const betoBefore = await betoView();
    const anaBefore = await anaView();

    const answers: string[] = [];
    const expected: string[] = [];
    for (const [path, cases] of Object.entries(FOREIGN_INPUTS)) {
      for (const [label, input] of Object.entries(cases)) {
        answers.push(`${path} [${label}]: ${await errorCode(call(as(ana), path, input(fixture)))}`);
        expected.push(`${path} [${label}]: NOT_FOUND`);
      }
    }
    expect(answers).toEqual(expected);

    // B's data, read as B: the same as before, field by field.
    const betoAfter = await betoView();
    expect(betoAfter).toEqual(betoBefore);
    // …spelled out for the ones a stray write would touch first.
    const b = as(beto);
    expect((await b.auth.me()).user?.id).toBe(fixture.b.userId);
    expect((await b.account.sessions()).map((s) => s.id)).toContain(fixture.b.sessionId);
    expect(await b.payments.get({ id: fixture.b.activationPaymentId })).toMatchObject({
      status: 'pending',
      reportedAt: null,
      paymentReference: null,
      receiptFileId: null,
      canReport: true,
    });
    expect(await b.payments.get({ id: fixture.b.reportedPaymentId })).toMatchObject({
      status: 'pending',
      receiptFileId: fixture.b.receiptFileId,
    });
    for (const id of [fixture.b.activationInvoiceId, fixture.b.shipmentInvoiceId]) {
      expect(await b.billing.invoice({ id })).toMatchObject({ status: 'pending', payments: [] });
    }
    const prealert = (await b.prealerts.mine()).find((p) => p.id === fixture.b.prealertId)!;
    expect(prealert).toMatchObject({
      description: 'Zapatos deportivos de Beto',
      quantityItems: 2,
      senderName: 'Tienda de Beto',
      notes: 'Frágil',
      mailboxId: fixture.b.mailboxId,
      invoiceFileId: fixture.b.invoiceFileId,
      status: 'pending',
    });
    const notification = (await b.notifications.mine({ pageSize: MAX_PAGE_SIZE })).items.find(
      (n) => n.id === fixture.b.notificationId,
    )!;
    expect(notification.read).toBe(false);
    // B's only repack request is the finished one, its box still waiting to be sent.
    expect((await b.repacks.mine()).map((r) => [r.id, r.status])).toEqual([[fixture.b.repackId, 'processed']]);
    expect((await b.shipRequests.repacks()).map((r) => r.id)).toEqual([fixture.b.repackId]);
    expect((await b.repacks.packages()).find((p) => p.id === fixture.b.packageId)).toMatchObject({
      inPendingRequest: false,
    });
    expect((await b.payments.payableTrackings()).map((t) => t.id)).toContain(fixture.b.trackingId);

    // A gained nothing either: no payment, pre-alert, repack request or notification of theirs.
    expect(await anaView()).toEqual(anaBefore);
  });

  it("never shows one of B's ids in what A's own customer queries answer", async () => {
    const bIds = Object.entries(fixture.b)
      .filter(([key]) => key !== 'email')
      .flatMap(([, id]) => (typeof id === 'string' ? [id] : Object.values(id)));
    const queries = allProcedures.filter((p) => p.access === 'user' && p.type === 'query' && p.idFields.length === 0);
    expect(queries.length).toBeGreaterThan(5);
    const leaks: string[] = [];
    for (const q of queries) {
      const answer = JSON.stringify(await call(as(ana), q.path, QUERY_INPUTS[q.path]));
      for (const id of [...bIds, fixture.b.email]) if (answer.includes(id)) leaks.push(`${q.path}: ${id}`);
    }
    expect(leaks).toEqual([]);
  });
});

/** The input each query of an ally's portal is walked with; a query added later fails until it is here. */
const ALLY_QUERY_INPUTS: Record<string, unknown> = {
  'allyPortal.me': undefined,
  'allyPortal.customers': { page: 1 },
  'allyPortal.prealerts': { page: 1 },
  'allyPortal.parcels': { page: 1 },
  'allyPortal.shipments': { page: 1 },
  'allyPortal.invoices': { page: 1 },
  'allyPortal.statement': { month: new Date().toISOString().slice(0, 7) },
};

describe('an ally’s portal (docs/product/allies.md): its own customers only', () => {
  it('no query of an ally’s shows another ally’s customer or a direct customer; customers reach no portal', async () => {
    const queries = allProcedures.filter((p) => p.path.startsWith('allyPortal.') && p.type === 'query');
    expect(queries.map((q) => q.path).sort()).toEqual(Object.keys(ALLY_QUERY_INPUTS).sort());

    const owner = await signedInAdmin(db());
    const mine = await signedInAlly(db(), owner, { name: 'Aliado Propio', prefix: 'OWA' });
    const other = await signedInAlly(db(), owner, { name: 'Aliado Ajeno', prefix: 'OWB' });
    const own = await mine.caller.allyPortal.createCustomer({
      fullName: 'Cliente Propio',
      email: 'propio@ejemplo.com',
      type: 'usa',
    });
    const foreign = await other.caller.allyPortal.createCustomer({
      fullName: 'Cliente Ajeno',
      email: 'ajeno@ejemplo.com',
      type: 'usa',
    });
    const [foreignBox] = await db().select().from(mailboxes).where(eq(mailboxes.userId, foreign.userId));
    await as(admin).mailboxes.setStatus({ id: foreignBox!.id, status: 'active' });
    const foreignParcel = await receivedPackage(foreign.userId, foreignBox!.id);

    const bIds = Object.entries(fixture.b)
      .filter(([key]) => key !== 'email')
      .flatMap(([, id]) => (typeof id === 'string' ? [id] : Object.values(id)));
    const forbidden = [
      ...bIds,
      fixture.b.email,
      foreign.userId,
      foreign.mailboxCode,
      foreignParcel,
      'ajeno@ejemplo.com',
    ];
    const leaks: string[] = [];
    let seen = '';
    for (const q of queries) {
      const answer = JSON.stringify(await call(mine.caller, q.path, ALLY_QUERY_INPUTS[q.path]));
      seen += answer;
      for (const id of forbidden) if (answer.includes(id)) leaks.push(`${q.path}: ${id}`);
    }
    expect(leaks).toEqual([]);
    // …while its own customer is there.
    expect(seen).toContain(own.mailboxCode);

    // A customer (the ally's own included) reaches no procedure of the portal.
    for (const p of allProcedures.filter((x) => x.path.startsWith('allyPortal.')))
      expect(`${p.path}: ${await errorCode(call(as(ana), p.path, ALLY_QUERY_INPUTS[p.path]))}`).toBe(
        `${p.path}: FORBIDDEN`,
      );
  });
});

describe("B's stored files (docs/product/security.md#only-your-own, downloads)", () => {
  const get = (url: string, token?: string | null) =>
    server.app.inject({ method: 'GET', url, cookies: token ? { [SESSION_COOKIE_NAME]: token } : {} });

  it('A gets no link to any of B’s files; B and an admin do', async () => {
    for (const id of [fixture.b.receiptFileId, fixture.b.invoiceFileId]) {
      expect((await trpcError(as(ana).files.link({ id }))).code).toBe('NOT_FOUND');
      expect((await as(beto).files.link({ id })).url).toMatch(new RegExp(`^/files/${id}\\?exp=\\d+&sig=[\\w-]+$`));
      expect((await get((await as(admin).files.link({ id })).url)).statusCode).toBe(200);
    }
  });

  it('the route opens a file only through a link signed for it: the session neither grants nor replaces it', async () => {
    const { url } = await as(beto).files.link({ id: fixture.b.receiptFileId });
    // The signed link is the permission (docs/decisions/009-file-store.md: an <img> loads it
    // without cookies), valid one hour, and only the owner or an admin can get one. The same
    // file (B's receipt, a PNG as the upload route keeps it) whoever sends the link.
    const bodies: Buffer[] = [];
    for (const token of [null, ana.visitor.token, beto.visitor.token]) {
      const res = await get(url, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^private, /);
      expect(res.headers['content-type']).toBe('image/png');
      bodies.push(res.rawPayload);
    }
    expect(bodies.every((body) => body.equals(bodies[0]!) && body.subarray(1, 4).toString() === 'PNG')).toBe(true);

    // Without a signature for B's file, A's session opens nothing: not the bare path, not A's
    // own link's signature moved onto B's id, not the link of B's other file.
    const own = new URL((await as(ana).files.link({ id: fixture.a.receiptFileId })).url, TEST_APP_URL);
    const invoice = new URL((await as(beto).files.link({ id: fixture.b.invoiceFileId })).url, TEST_APP_URL);
    for (const bad of [
      `/files/${fixture.b.receiptFileId}`,
      `/files/${fixture.b.receiptFileId}${own.search}`,
      `/files/${fixture.b.receiptFileId}${invoice.search}`,
    ]) {
      for (const token of [null, ana.visitor.token]) {
        expect((await get(bad, token)).statusCode, `${bad} ${token ? 'as A' : 'anonymous'}`).toBe(403);
      }
    }
    // A's own link still works, so the refusals above are about B's file.
    expect((await get(`${own.pathname}${own.search}`, ana.visitor.token)).statusCode).toBe(200);
  });
});
