// The public REST API (docs/product/public-api.md), one table: each endpoint's method, path,
// scope, the zod schemas of what it takes and answers, and its handler. routes.ts registers
// them and openapi.ts describes them from the very same schemas, so the document cannot drift
// from what the routes accept and answer. Handlers call the query functions and services the
// app's own procedures call, with the id of the customer the request answers for (the key's
// owner, or an ally's customer: customer-scope.ts): the ownership filter is theirs.
import {
  API_KEY_MESSAGES,
  BILLING_MESSAGES,
  GENERIC_MESSAGES,
  PACKAGE_MESSAGES,
  PUBLIC_API_BASE,
  SHIPMENT_MESSAGES,
  apiIdParams,
  apiInvoice,
  apiListQuery,
  apiPackage,
  apiPackageListQuery,
  apiPage,
  apiPrealert,
  apiQuote,
  apiQuoteQuery,
  fromCents,
  quoteUsa,
  quoteCustomsEstimate,
  withCustomsEstimate,
  categorizeItem,
  apiShipment,
  apiShipmentDetail,
  apiTracking,
  apiAgencyList,
  apiAgencyQuery,
  apiChinaQuote,
  apiChinaQuoteQuery,
  apiPackagePhotos,
  apiRecipientList,
  apiShipRequestCreated,
  apiShipRequestQuote,
  quoteChina,
  type QuoteBase,
  shipRequestInput,
  shipRequestQuoteInput,
  prealertCreateInput,
  publicTrackingInput,
  type z,
} from '@casillero/shared';
import type { Db } from '../db/client';
import { customsRulesNow } from '../queries/customs';
import type { Config } from '../env';
import { DomainError } from '../lib/domain-error';
import { getOwnPrealert, pageOwnPrealerts } from '../queries/client-prealerts';
import { getOwnPackage, pageOwnPackages } from '../queries/client-packages';
import { getOwnShipmentDetail, pageOwnShipments } from '../queries/client-shipments';
import { findInvoice, pageCustomerInvoices } from '../queries/billing';
import { lookUpPublicTracking } from '../queries/public-tracking';
import { publicPrices } from '../queries/prices';
import { createOwnPrealert } from '../services/client-prealerts';
import { photosOfPackage } from '../queries/package-photos';
import { listRecipientsOf } from '../queries/recipients';
import { searchActiveAgencies } from '../queries/agencies';
import { createShipRequest } from '../services/ship-requests/confirm';
import { quoteShipRequest } from '../services/ship-requests/price';
import type { ShipRequestQuote } from '../services/ship-requests/types';
import type { ApiCaller } from './auth';
import type { CustomerScope } from './customer-scope';

/**
 * What a handler works with: `customerId` is whose data it answers (the key's owner, or the ally's
 * customer its request names: customer-scope.ts); `caller` is who called (the audit's actor).
 */
export type ApiContext = { db: Db; config: Config; caller: ApiCaller; customerId: string };

type Schema = z.ZodType;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

type EndpointBase = {
  method: 'GET' | 'POST';
  /** Under PUBLIC_API_BASE, Fastify's spelling (':id'). */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  /** A write needs a read-write key and leaves an audit entry. */
  scope: 'read' | 'write';
  /** The JSON answer's schema, status and name in the document; `pdf` answers a PDF file instead. */
  response: { status: number; schema: Schema; name: string } | 'pdf';
  /** The audit action of a write. */
  auditAction?: string;
} & CustomerScope;

type EndpointDef<P, Q, B> = EndpointBase & {
  params?: P;
  query?: Q;
  body?: B;
  handler: (ctx: ApiContext, input: { params: Out<P>; query: Out<Q>; body: Out<B> }) => Promise<unknown>;
};

/** One endpoint as routes.ts and openapi.ts read it (its input parsed with its own schemas first). */
export type Endpoint = EndpointBase & {
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: Schema;
  handler: (ctx: ApiContext, input: { params: unknown; query: unknown; body: unknown }) => Promise<unknown>;
};

/** Types a handler's input from the endpoint's own schemas. */
const endpoint = <
  P extends z.ZodObject | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  e: EndpointDef<P, Q, B>,
): Endpoint => e as unknown as Endpoint;

const notFound = (message: string) => new DomainError('NOT_FOUND', message);
const found = <T>(value: T | null, message: string): T => {
  if (value === null) throw notFound(message);
  return value;
};

const invoicePdfUrl = (id: string) => `${PUBLIC_API_BASE}/invoices/${id}/pdf`;
type InvoiceRow = Awaited<ReturnType<typeof pageCustomerInvoices>>['items'][number];
const invoiceOut = (i: InvoiceRow) =>
  apiInvoice.parse({ ...i, createdAt: new Date(i.createdAt).toISOString(), pdfUrl: invoicePdfUrl(i.id) });

/** The declared value and insurance of a calculator's query (the deprecated dollars, or cents). */
function declaredValueOf(query: { declaredUsd?: number; declaredUsdCents?: number; insurance: boolean }) {
  return { valor: query.declaredUsd ?? null, valorUsdCents: query.declaredUsdCents ?? null, seguro: query.insurance };
}

/** What both calculators answer alike: the amounts in cents, the declared value, the time, the version. */
/**
 * The calculator's quote with the customs estimate its shipment's invoice charges, as the
 * calculators add it (docs/product/customs.md#the-invoice): one box, the category of no description ('Otros').
 */
async function withCustomsOf<Q extends QuoteBase>(db: Db, quote: Q, mode: 'air' | 'sea'): Promise<Q> {
  const now = await customsRulesNow(db);
  return withCustomsEstimate(quote, quoteCustomsEstimate(now, quote, mode, categorizeItem('')).usdCents.total);
}

function quoteAnswer(quote: QuoteBase, priceListVersion: number) {
  return {
    freightUsdCents: quote.subtotalUsdCents,
    insuranceUsdCents: quote.seguroUsdCents,
    totalUsdCents: quote.totalUsdCents,
    declaredUsdCents: quote.valorDeclaradoUsdCents,
    declaredUsd: fromCents(quote.valorDeclaradoUsdCents),
    deliveryTime: quote.tiempoEntrega,
    priceListVersion,
    lines: quote.lineas.map((l) => ({ label: l.label, amountUsdCents: l.amountUsdCents })),
  };
}

/** The quote as the API answers it: the price list by its version, the warnings without their codes. */
const shipRequestQuoteOut = (q: ShipRequestQuote) =>
  apiShipRequestQuote.parse({
    ...q,
    priceListVersion: q.priceList.number,
    ivaUsdCents: q.taxes.ivaUsdCents,
    travelWarnings: q.travelWarnings.map(({ label, flag }) => ({
      label,
      level: flag.level,
      title: flag.title,
      reason: flag.reason,
      advice: flag.advice,
    })),
  });

/** The price list in effect, or the API's refusal while none is. */
async function pricesInEffect(db: Db) {
  const { current } = await publicPrices(db);
  if (!current) throw new DomainError('SERVICE_UNAVAILABLE', API_KEY_MESSAGES.noPrices);
  return current;
}

const prealertPage = apiPage(apiPrealert);
const packagePage = apiPage(apiPackage);
const shipmentPage = apiPage(apiShipment);
const invoicePage = apiPage(apiInvoice);

export const ENDPOINTS: readonly Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/prealerts',
    operationId: 'createPrealert',
    summary: 'Crear una prealerta',
    tag: 'Prealertas',
    perCustomer: true,
    scope: 'write',
    body: prealertCreateInput,
    response: { status: 201, schema: apiPrealert, name: 'Prealert' },
    auditAction: 'api.prealerts.create',
    async handler({ db, config, customerId }, { body }) {
      const created = await createOwnPrealert(db, customerId, body, config);
      return apiPrealert.parse(await getOwnPrealert(db, customerId, created.id));
    },
  }),
  endpoint({
    method: 'GET',
    path: '/prealerts',
    operationId: 'listPrealerts',
    summary: 'Listar mis prealertas (las más recientes primero)',
    tag: 'Prealertas',
    perCustomer: true,
    scope: 'read',
    query: apiListQuery,
    response: { status: 200, schema: prealertPage, name: 'PrealertPage' },
    async handler({ db, customerId }, { query }) {
      const page = await pageOwnPrealerts(db, customerId, query);
      return { ...page, items: page.items.map((p) => apiPrealert.parse(p)) };
    },
  }),
  endpoint({
    method: 'GET',
    path: '/prealerts/:id',
    operationId: 'getPrealert',
    summary: 'Ver una prealerta',
    tag: 'Prealertas',
    perCustomer: true,
    scope: 'read',
    params: apiIdParams,
    response: { status: 200, schema: apiPrealert, name: 'Prealert' },
    async handler({ db, customerId }, { params }) {
      return apiPrealert.parse(found(await getOwnPrealert(db, customerId, params.id), GENERIC_MESSAGES.notFound));
    },
  }),
  endpoint({
    method: 'GET',
    path: '/packages',
    operationId: 'listPackages',
    summary: 'Listar mis paquetes (los últimos recibidos primero)',
    tag: 'Paquetes',
    perCustomer: true,
    scope: 'read',
    query: apiPackageListQuery,
    response: { status: 200, schema: packagePage, name: 'PackagePage' },
    async handler({ db, customerId }, { query }) {
      const page = await pageOwnPackages(db, customerId, query);
      return { ...page, items: page.items.map((p) => apiPackage.parse(p)) };
    },
  }),
  endpoint({
    method: 'GET',
    path: '/packages/:id',
    operationId: 'getPackage',
    summary: 'Ver un paquete',
    tag: 'Paquetes',
    perCustomer: true,
    scope: 'read',
    params: apiIdParams,
    response: { status: 200, schema: apiPackage, name: 'Package' },
    async handler({ db, customerId }, { params }) {
      return apiPackage.parse(found(await getOwnPackage(db, customerId, params.id), PACKAGE_MESSAGES.notFound));
    },
  }),
  endpoint({
    method: 'GET',
    path: '/packages/:id/photos',
    operationId: 'getPackagePhotos',
    summary:
      'Las fotos de un paquete tomadas en el almacén, como enlaces firmados que abren sin la clave durante una hora',
    tag: 'Paquetes',
    perCustomer: true,
    scope: 'read',
    params: apiIdParams,
    response: { status: 200, schema: apiPackagePhotos, name: 'PackagePhotos' },
    async handler({ db, config, customerId }, { params }) {
      found(await getOwnPackage(db, customerId, params.id), PACKAGE_MESSAGES.notFound);
      const photos = (await photosOfPackage(db, config, params.id, customerId)).map((p) => ({
        url: new URL(p.url, config.appUrl).href,
        thumbUrl: new URL(p.thumbUrl, config.appUrl).href,
      }));
      // Every link of one answer is signed at the same instant: the first one's expiry is theirs.
      const exp = photos[0] ? Number(new URL(photos[0].url).searchParams.get('exp')) : null;
      return apiPackagePhotos.parse({
        packageId: params.id,
        expiresAt: exp ? new Date(exp * 1000).toISOString() : null,
        photos,
      });
    },
  }),
  endpoint({
    method: 'GET',
    path: '/shipments',
    operationId: 'listShipments',
    summary: 'Listar mis envíos (los más recientes primero)',
    tag: 'Envíos',
    perCustomer: true,
    scope: 'read',
    query: apiListQuery,
    response: { status: 200, schema: shipmentPage, name: 'ShipmentPage' },
    async handler({ db, customerId }, { query }) {
      const page = await pageOwnShipments(db, customerId, query);
      return { ...page, items: page.items.map((s) => apiShipment.parse(s)) };
    },
  }),
  endpoint({
    method: 'GET',
    path: '/shipments/:id',
    operationId: 'getShipment',
    summary: 'Ver un envío con sus paquetes y etapas',
    tag: 'Envíos',
    perCustomer: true,
    scope: 'read',
    params: apiIdParams,
    response: { status: 200, schema: apiShipmentDetail, name: 'ShipmentDetail' },
    async handler({ db, customerId }, { params }) {
      const s = found(await getOwnShipmentDetail(db, customerId, params.id), SHIPMENT_MESSAGES.notFound);
      return apiShipmentDetail.parse({
        ...s,
        stages: s.stages.map((st) => ({ stageNumber: st.stageNumber, name: st.stageName, status: st.status })),
      });
    },
  }),
  endpoint({
    method: 'GET',
    path: '/recipients',
    operationId: 'listRecipients',
    summary: 'Listar mis destinatarios (la libreta de Mi Perfil), para elegir a quién va un envío',
    tag: 'Envíos',
    perCustomer: true,
    scope: 'read',
    response: { status: 200, schema: apiRecipientList, name: 'RecipientList' },
    async handler({ db, customerId }) {
      return apiRecipientList.parse({ items: await listRecipientsOf(db, customerId) });
    },
  }),
  endpoint({
    method: 'GET',
    path: '/agencies',
    operationId: 'listAgencies',
    summary: 'Listar las agencias activas donde se puede retirar un envío, por estado y ciudad',
    tag: 'Envíos',
    scope: 'read',
    query: apiAgencyQuery,
    response: { status: 200, schema: apiAgencyList, name: 'AgencyList' },
    async handler({ db }, { query }) {
      return apiAgencyList.parse({ items: await searchActiveAgencies(db, query) });
    },
  }),
  endpoint({
    method: 'POST',
    path: '/shipments/quote',
    operationId: 'quoteShipRequest',
    summary: 'Cotizar una solicitud de envío de mis paquetes (no escribe nada): el mismo precio que muestra Almacén',
    tag: 'Envíos',
    perCustomer: true,
    scope: 'read',
    body: shipRequestQuoteInput,
    response: { status: 200, schema: apiShipRequestQuote, name: 'ShipRequestQuote' },
    async handler({ db, customerId }, { body }) {
      return shipRequestQuoteOut(await quoteShipRequest(db, customerId, body));
    },
  }),
  endpoint({
    method: 'POST',
    path: '/shipments',
    operationId: 'requestShipment',
    summary: 'Solicitar el envío de mis paquetes: crea el envío y su factura, como «Solicitar envío» en Almacén',
    tag: 'Envíos',
    perCustomer: true,
    scope: 'write',
    body: shipRequestInput,
    response: { status: 201, schema: apiShipRequestCreated, name: 'ShipRequestCreated' },
    auditAction: 'api.shipments.request',
    refusedToAllies: API_KEY_MESSAGES.allyNoShipRequests,
    async handler({ db, config, customerId }, { body }) {
      const created = await createShipRequest(db, config, customerId, body);
      const s = found(await getOwnShipmentDetail(db, customerId, created.shipmentId), SHIPMENT_MESSAGES.notFound);
      return apiShipRequestCreated.parse({
        ...s,
        stages: s.stages.map((st) => ({ stageNumber: st.stageNumber, name: st.stageName, status: st.status })),
        invoiceId: created.invoiceId,
        invoiceNumber: created.invoiceNumber,
        totalUsdCents: created.totalUsdCents,
        deliveryMethod: body.deliveryMethod,
      });
    },
  }),
  endpoint({
    method: 'GET',
    path: '/invoices',
    operationId: 'listInvoices',
    summary: 'Listar mis facturas (las más recientes primero)',
    tag: 'Facturas',
    perCustomer: true,
    scope: 'read',
    query: apiListQuery,
    response: { status: 200, schema: invoicePage, name: 'InvoicePage' },
    async handler({ db, customerId }, { query }) {
      const page = await pageCustomerInvoices(db, customerId, query);
      return { ...page, items: page.items.map(invoiceOut) };
    },
  }),
  endpoint({
    method: 'GET',
    path: '/invoices/:id',
    operationId: 'getInvoice',
    summary: 'Ver una factura',
    tag: 'Facturas',
    perCustomer: true,
    scope: 'read',
    params: apiIdParams,
    response: { status: 200, schema: apiInvoice, name: 'Invoice' },
    async handler({ db, customerId }, { params }) {
      return invoiceOut(found(await findInvoice(db, params.id, customerId), BILLING_MESSAGES.invoiceNotFound));
    },
  }),
  endpoint({
    method: 'GET',
    path: '/invoices/:id/pdf',
    operationId: 'getInvoicePdf',
    summary: 'Descargar el PDF de una factura',
    tag: 'Facturas',
    perCustomer: true,
    scope: 'read',
    params: apiIdParams,
    response: 'pdf',
    async handler({ db, customerId }, { params }) {
      return found(await findInvoice(db, params.id, customerId), BILLING_MESSAGES.invoiceNotFound);
    },
  }),
  endpoint({
    method: 'GET',
    path: '/tracking',
    operationId: 'trackParcel',
    summary: 'Rastrear un paquete por número de tracking o WR (el mismo rastreo público del sitio)',
    tag: 'Rastreo',
    scope: 'read',
    query: publicTrackingInput,
    response: { status: 200, schema: apiTracking, name: 'Tracking' },
    async handler({ db }, { query }) {
      return apiTracking.parse(await lookUpPublicTracking(db, query.number));
    },
  }),
  endpoint({
    method: 'GET',
    path: '/quotes',
    operationId: 'quoteUsa',
    summary: 'Cotizar un envío desde EE. UU. (aéreo o marítimo) con las tarifas vigentes, como la calculadora',
    tag: 'Cotizaciones',
    scope: 'read',
    query: apiQuoteQuery,
    response: { status: 200, schema: apiQuote, name: 'Quote' },
    async handler({ db }, { query }) {
      const current = await pricesInEffect(db);
      const freight = quoteUsa(
        {
          peso: query.weightLb,
          largo: query.lengthCm,
          ancho: query.widthCm,
          alto: query.heightCm,
          ...declaredValueOf(query),
          tipo: query.method,
        },
        current.prices,
      )!;
      const quote = await withCustomsOf(db, freight, query.method === 'aereo' ? 'air' : 'sea');
      return apiQuote.parse({
        ...quoteAnswer(quote, current.number),
        method: quote.tipo,
        taxesUsdCents: quote.impuestosUsdCents,
        billableWeightLb: quote.pesoFacturable,
        billableFt3: quote.pies3Facturables,
      });
    },
  }),
  endpoint({
    method: 'GET',
    path: '/quotes/china',
    operationId: 'quoteChina',
    summary: 'Cotizar un envío marítimo desde China con las tarifas vigentes, como la calculadora de China',
    tag: 'Cotizaciones',
    scope: 'read',
    query: apiChinaQuoteQuery,
    response: { status: 200, schema: apiChinaQuote, name: 'ChinaQuote' },
    async handler({ db }, { query }) {
      const current = await pricesInEffect(db);
      const freight = quoteChina(
        {
          largo: query.lengthCm,
          ancho: query.widthCm,
          alto: query.heightCm,
          ...declaredValueOf(query),
        },
        current.prices,
      )!;
      const quote = await withCustomsOf(db, freight, 'sea');
      return apiChinaQuote.parse({
        ...quoteAnswer(quote, current.number),
        cbm: quote.cbm,
        billableCbm: quote.cbmFacturable,
      });
    },
  }),
];
