// The ownership matrix's table (docs/product/security.md#only-your-own): the walk that finds every
// customer procedure whose input names an id (a key `id`, or ending in `Id` or `Ids`), the ids of
// customer B's (and of A's) each call may name, and for each such procedure the input customer A
// sends with one of B's ids. A customer procedure (or a field) added later with an id input fails
// trpc/ownership-matrix.test.ts until the table says which of B's ids it is called with.

import type { Meta } from '../trpc/init';
import { appRouter } from '../trpc/router';

// --- The walk ---------------------------------------------------------------------------------

/** `id`, `paymentId`, `packageIds`…: a key that names one of somebody's rows. */
export const ID_KEY = /^id$|Ids?$/;

export type ZodDef = { type: string } & Record<string, unknown>;
export const defOf = (schema: unknown): ZodDef | undefined =>
  (schema as { _zod?: { def?: ZodDef } } | undefined)?._zod?.def;

/** The id-like keys of a zod 4 input, as dotted paths, looking through wrappers, pipes, arrays and unions. */
export function idFields(schema: unknown, prefix = ''): string[] {
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
export const SHARED_ID_FIELDS: Record<string, string[]> = {
  'payments.report': ['methodId'],
  // The agencies catalogue is the business's (docs/product/last-mile.md#agencies).
  'shipRequests.quote': ['agencyId'],
  'shipRequests.create': ['agencyId'],
};

export type AnyProcedure = { _def: { meta?: Meta; type: string; inputs: unknown[] } };
export const allProcedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>).map(
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
export const customerIdProcedures = allProcedures.filter((p) => p.access === 'user' && p.idFields.length > 0);

// --- B's data (and a little of A's, for inputs that mix an own id with a foreign one) ----------

export type Fixture = {
  a: {
    mailboxId: string;
    prealertId: string;
    /** A draft made from a forwarded e-mail (docs/product/prealerts-from-email.md). */
    draftId: string;
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
    /** B's draft from a forwarded e-mail, and an address B forwards from. */
    draftId: string;
    mailSenderId: string;
    /** B's parcel search, ended not found: the claim is on offer to B alone. */
    searchId: string;
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

export let reference = 0;
export const newReference = () => `OWN-${Date.now().toString(36)}-${++reference}`;

export const prealertForm = {
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
export const FOREIGN_INPUTS: Record<string, Record<string, (f: Fixture) => unknown>> = {
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
  'prealertMail.confirmDraft': {
    id: (f) => ({ ...prealertForm, id: f.b.draftId, trackingNumber: null, mailboxId: null, invoiceFileId: null }),
    mailboxId: (f) => ({
      ...prealertForm,
      id: f.a.draftId,
      trackingNumber: null,
      mailboxId: f.b.mailboxId,
      invoiceFileId: null,
    }),
    invoiceFileId: (f) => ({
      ...prealertForm,
      id: f.a.draftId,
      trackingNumber: null,
      mailboxId: f.a.mailboxId,
      invoiceFileId: f.b.invoiceFileId,
    }),
  },
  'prealertMail.discardDraft': {
    id: (f) => ({ id: f.b.draftId }),
  },
  'prealertMail.removeSender': {
    id: (f) => ({ id: f.b.mailSenderId }),
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
  'parcelSearches.openClaim': {
    id: (f) => ({ id: f.b.searchId }),
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
export const QUERY_INPUTS: Record<string, unknown> = {
  'agencies.search': { state: 'Carabobo' },
};

/** The id field a table key tests: the key up to its note. */
export const fieldOf = (key: string) => key.split(' ')[0];
