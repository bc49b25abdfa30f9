// What the ownership tests start from (docs/product/security.md#only-your-own): a server with its own
// database, an administrator and two customers, A (Ana) and B (Beto), and B's data (and a little of
// A's) built through the real procedures and the upload route, named in `fixture`; and how a
// customer's own data is read, to see that nothing of it moved. A test file calls useOwnership()
// once, before its first test.
import fs from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { TRPCError } from '@trpc/server';
import { MAX_PAGE_SIZE, trackingKey } from '@casillero/shared';
import type { Database } from '../db/client';
import { testConfig } from '../env';
import { createServer } from '../server';
import { carrierShipments, parcelSearches, prealerts, recipients, storedFiles, webhookDeliveries } from '../db/schema';
import { callerFor, TEST_APP_URL, type TestCaller } from './caller';
import { createTestDatabase } from './db';
import { paymentMethodId, recordRate, signedInAdmin, signedInCustomer, homeDeliveryTo } from './factories';
import { tempStorageDir, tinyPdf, tinyPng, uploadFile } from './files';
import { type Fixture, newReference } from './ownership-inputs';

export let database: Database;
export let storageDir: string;
export let server: Awaited<ReturnType<typeof createServer>>;
export const config = () => testConfig({ appUrl: TEST_APP_URL, storageDir });

export type Signed = Awaited<ReturnType<typeof signedInCustomer>>;
export let admin: Signed;
export let ana: Signed;
export let beto: Signed;
export let fixture: Fixture;
export const db = () => database.db;
export const as = (s: Signed) => callerFor(db(), s.visitor, config());

export function call(caller: TestCaller, path: string, input: unknown): Promise<unknown> {
  const fn = path.split('.').reduce<any>((node, key) => node[key], caller);
  return fn(input);
}

export async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (err) {
    return err instanceof TRPCError ? err.code : `not a TRPCError: ${String(err)}`;
  }
}

export async function upload(who: Signed, kind: 'receipt' | 'invoice', bytes: Buffer): Promise<string> {
  const res = await uploadFile(server.app, bytes, {
    token: who.visitor.token,
    kind,
    origin: TEST_APP_URL,
    ...(kind === 'invoice' ? { filename: 'factura.pdf', contentType: 'application/pdf' } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

export let serial = 0;
export async function readyTracking(mailboxId: string) {
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

export async function receivedPackage(userId: string, mailboxId: string) {
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
export async function recipientOf(userId: string) {
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
export async function activeMailbox(who: Signed) {
  const [box] = await as(who).mailboxes.mine();
  await as(admin).mailboxes.setStatus({ id: box.id, status: 'active' });
  return box.id;
}

/** Signed links carry the current time; the file they open is what matters. */
export function withoutSignatures(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (_key, v) =>
    typeof v === 'string' ? v.replace(/^(\/files\/[^?]+)\?.*$/, '$1') : v,
  );
}

/** Everything B (or A) sees of their own data, as they see it. */
export async function ownView(
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
    mailSenders: await c.prealertMail.senders(),
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

export const betoView = () =>
  ownView(beto, {
    paymentIds: [fixture.b.activationPaymentId, fixture.b.reportedPaymentId],
    invoiceIds: [fixture.b.activationInvoiceId, fixture.b.shipmentInvoiceId],
    trackingId: fixture.b.trackingId,
    shipmentId: fixture.b.shipmentId,
    fileIds: [fixture.b.receiptFileId, fixture.b.invoiceFileId],
  });
export const anaView = () =>
  ownView(ana, {
    paymentIds: [],
    invoiceIds: [],
    trackingId: fixture.a.trackingId,
    fileIds: [fixture.a.receiptFileId, fixture.a.invoiceFileId],
  });

/** Builds the world of the file that calls it (once), before its first test. */
export function useOwnership() {
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
    const bNumber = `PREB${Date.now().toString(36).toUpperCase()}`;
    const bPrealert = await as(beto).prealerts.create({
      trackingNumber: bNumber,
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
    // B's search, ended not found: a claim opened from it by anyone else would be B's evidence.
    const [bShipmentFollowed] = await db()
      .insert(carrierShipments)
      .values({
        trackingKey: trackingKey(bNumber),
        trackingNumber: bNumber,
        state: 'delivered',
        deliveredAt: new Date(),
      })
      .onConflictDoUpdate({
        target: carrierShipments.trackingKey,
        set: { state: 'delivered', deliveredAt: new Date() },
      })
      .returning({ id: carrierShipments.id });
    const [bSearch] = await db()
      .insert(parcelSearches)
      .values({
        carrierShipmentId: bShipmentFollowed.id,
        prealertId: bPrealert.id,
        userId: beto.user.id,
        status: 'not_found',
        closedAt: new Date(),
      })
      .returning({ id: parcelSearches.id });
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

    // Pre-alerts from e-mail: a draft of A's (as a forwarded mail makes it) and a sender address of B's.
    const draftOf = async (userId: string, description: string) =>
      (
        await db()
          .insert(prealerts)
          .values({ userId, description, status: 'draft', emailFields: ['description'] })
          .returning({ id: prealerts.id })
      )[0]!.id;
    const aDraft = await draftOf(ana.user.id, 'Borrador de Ana');
    const bDraft = await draftOf(beto.user.id, 'Borrador de Beto');
    const bSender = await as(beto).prealertMail.addSender({ email: 'beto.reenvios@example.com' });

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
        draftId: aDraft,
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
        draftId: bDraft,
        mailSenderId: bSender.id,
        searchId: bSearch.id,
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
}
