// The public API's schemas (docs/product/public-api.md): the inputs of the keys' procedures, the
// query of the API's lists, and the shapes the API answers with. The OpenAPI document
// (server/src/api/openapi.ts) is generated from these and from the procedures' own input schemas.
import { z } from '../zod-es';
import {
  AGENCY_KINDS,
  DELIVERY_METHODS,
  PACKAGE_STATUSES,
  PREALERT_STATUSES,
  SHIPMENT_STAGE_STATUSES,
  SHIPMENT_STATUSES,
  SHIPPING_METHODS,
  VENEZUELAN_STATES,
} from '../enums';
import { INVOICE_STATUSES } from '../billing/billing';
import { PREALERT_CARRIERS } from '../carrier-tracking';
import { LIST_DEFAULT_PAGE_SIZE, LIST_PAGE_SIZES } from '../list-params';
import { groupThousands } from '../format';
import {
  API_KEY_MESSAGES,
  API_KEY_NAME_MAX,
  API_MAX_OFFSET,
  API_KEY_SCOPES,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_URL_MAX,
  maxApiPage,
} from '../public-api/messages';
import { RECIPIENT_MESSAGES } from '../recipients/messages';
import { decodeListCursor } from '../list-cursor';

export const apiKeyCreateInput = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameMax),
  scope: z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.scopeInvalid }),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateInput>;

export const apiKeyIdInput = z.object({ id: z.uuid() });

/** A webhook subscription (docs/product/public-api.md#webhooks): the card's form and the procedure. */
export const webhookCreateInput = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlInvalid })
    .trim()
    .min(1, WEBHOOK_MESSAGES.urlInvalid)
    .max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.urlMax)
    .refine((v) => /^[a-z][a-z0-9+.-]*:\/\/[^/\s]+\S*$/i.test(v), WEBHOOK_MESSAGES.urlInvalid)
    .refine((v) => /^https:\/\//i.test(v), WEBHOOK_MESSAGES.httpsOnly),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.eventInvalid }), { error: WEBHOOK_MESSAGES.eventsRequired })
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)]),
});
export type WebhookCreateInput = z.input<typeof webhookCreateInput>;

export const webhookIdInput = z.object({ id: z.uuid() });
export const webhookSetActiveInput = z.object({ id: z.uuid(), active: z.boolean() });
export const webhookDeliveriesInput = z.object({ subscriptionId: z.uuid() });
export const webhookResendInput = z.object({ deliveryId: z.uuid() });

const MAX_API_PAGE_SIZE = Math.max(...LIST_PAGE_SIZES);

/**
 * Where a list continues: the `nextCursor` of the page before (docs/product/public-api.md#pages).
 * Parsed into the position it names; one this API did not write is refused.
 */
const apiCursor = z
  .string()
  .transform((value, ctx) => {
    const cursor = decodeListCursor(value);
    if (!cursor) ctx.issues.push({ code: 'custom', message: API_KEY_MESSAGES.cursorInvalid, input: value });
    return cursor ?? z.NEVER;
  })
  .optional()
  .meta({
    description:
      'El nextCursor de la página anterior: la lista sigue después de su última fila, igual de rápido a cualquier profundidad. Sin page.',
  });

const apiPaging = {
  page: z.coerce
    .number()
    .int()
    .min(1)
    .default(1)
    .meta({
      description: `Página por número (desde 1): lee y descarta las filas anteriores; llega a las primeras ${groupThousands(API_MAX_OFFSET)} filas. Más allá, usa cursor.`,
    }),
  pageSize: z.coerce.number().int().min(1).max(MAX_API_PAGE_SIZE).default(LIST_DEFAULT_PAGE_SIZE),
  cursor: apiCursor,
};

/** Offset pages reach the first API_MAX_OFFSET rows; a cursor reaches any depth, without a page. */
const checkPaging = <Q extends { page: number; pageSize: number; cursor?: unknown }>(
  q: Q,
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path: string[] }) => void },
) => {
  if (q.cursor && q.page !== 1)
    ctx.addIssue({ code: 'custom', message: API_KEY_MESSAGES.cursorWithPage, path: ['cursor'] });
  else if (q.page > maxApiPage(q.pageSize))
    ctx.addIssue({ code: 'custom', message: API_KEY_MESSAGES.pageOutOfRange, path: ['page'] });
};

/** A list's query string: the app's page sizes and its reachable pages, or a cursor. */
export const apiListQuery = z.object(apiPaging).superRefine(checkPaging);

export const apiPackageListQuery = z
  .object({
    ...apiPaging,
    status: z.enum(PACKAGE_STATUSES).optional(),
    search: z.string().trim().max(100).optional(),
  })
  .superRefine(checkPaging);

export const apiIdParams = z.object({ id: z.uuid() });

/**
 * With an ally's key, which of its customers the request is about (docs/product/public-api.md#an-allys-keys):
 * one of the customer's casillero codes. Read by the API before the endpoint's own query.
 */
export const apiCustomerParam = z.string().trim().min(1).max(40).meta({
  description:
    'Solo con una clave de aliado, y obligatorio con ella: el código de casillero de uno de tus clientes (por ejemplo LA-MV-19487-01234). La respuesta es la de ese cliente; un casillero que no es de tus clientes responde 404.',
});

// --- Answers --------------------------------------------------------------------------------

const isoDateTime = z.iso.datetime({ offset: true });
const isoDate = z.iso.date();

/** Every refusal: the Spanish message the app shows, and the domain error's code. */
export const apiError = z.object({
  error: z.string().meta({ description: 'El mensaje en español, el mismo que muestra la app.' }),
  code: z.string().meta({ description: 'BAD_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, TOO_MANY…' }),
});

export const apiPrealert = z.object({
  id: z.uuid(),
  trackingNumber: z.string().nullable(),
  carrier: z.enum(PREALERT_CARRIERS).nullable(),
  senderName: z.string().nullable(),
  description: z.string(),
  quantityItems: z.number().int(),
  amountSpentUsdCents: z.number().int().nullable(),
  estimatedWeight: z.number().nullable(),
  estimatedValueUsdCents: z.number().int().nullable(),
  notes: z.string().nullable(),
  status: z.enum(PREALERT_STATUSES),
  mailboxCode: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const apiPackage = z.object({
  id: z.uuid(),
  trackingNumber: z.string().nullable(),
  description: z.string(),
  senderName: z.string().nullable(),
  status: z.enum(PACKAGE_STATUSES),
  warehouseReceipt: z.string().nullable(),
  weightKg: z.number().nullable(),
  dimensionsCm: z.string().nullable(),
  mailboxCode: z.string(),
  receivedDate: isoDateTime.nullable(),
  shipmentId: z.uuid().nullable(),
  shipmentCode: z.string().nullable(),
  createdAt: isoDateTime,
});

export const apiShipment = z.object({
  id: z.uuid(),
  shipmentCode: z.string(),
  trackingNumber: z.string().nullable(),
  status: z.enum(SHIPMENT_STATUSES),
  packageCount: z.number().int(),
  estimatedDelivery: isoDate.nullable(),
  actualDelivery: isoDate.nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const apiShipmentDetail = apiShipment.extend({
  packages: z.array(
    z.object({
      id: z.uuid(),
      trackingNumber: z.string().nullable(),
      description: z.string(),
      warehouseReceipt: z.string().nullable(),
      weightKg: z.number().nullable(),
      status: z.enum(PACKAGE_STATUSES),
    }),
  ),
  stages: z.array(
    z.object({ stageNumber: z.number().int(), name: z.string(), status: z.enum(SHIPMENT_STAGE_STATUSES) }),
  ),
});

export const apiInvoice = z.object({
  id: z.uuid(),
  number: z.string(),
  concept: z.string(),
  description: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  usdCents: z.number().int(),
  vesCentimos: z.number().int().nullable(),
  vesPerUsd: z.string().nullable(),
  remainingUsdCents: z.number().int(),
  issueDate: isoDate,
  mailboxCode: z.string().nullable(),
  shipmentCode: z.string().nullable(),
  createdAt: isoDateTime,
  pdfUrl: z.string(),
});

export const apiTracking = z.object({
  number: z.string(),
  found: z.boolean(),
  carrier: z.string().nullable(),
  status: z.string().nullable(),
  timeline: z.array(z.object({ at: isoDateTime, label: z.string() }).loose()),
  estimatedDelivery: z.string().nullable(),
  deliveredOn: z.string().nullable(),
  originCountry: z.string().nullable(),
  destinationCity: z.string().nullable(),
  whereNow: z.string().nullable(),
});

/** A page of a list: the rows, where it is, and the exact total (a customer's own lists are small). */
export const apiPage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'El número de la página pedida con page; null en una página pedida con cursor.' }),
    pageSize: z.number().int(),
    total: z.number().int(),
    nextCursor: z.string().nullable().meta({
      description: 'Pásalo como cursor para la página siguiente; null cuando la lista termina en esta página.',
    }),
  });

/** Money crosses the API in integer cents; a field in dollars is kept for old integrations, deprecated. */
const DEPRECATED_DOLLARS = 'Obsoleto: usa declaredUsdCents.';

/**
 * A quote from the USA, as the calculators take it (quote-calculators.md): pounds, centimetres, and
 * the declared value in cents ($100 when left out, as the calculators do) or, deprecated, in dollars.
 */
const apiQuoteFields = z.object({
  method: z.enum(SHIPPING_METHODS, { error: 'Elige aereo o maritimo' }),
  weightLb: z.coerce.number().positive('El peso debe ser mayor que cero').max(10_000),
  lengthCm: z.coerce.number().positive('El largo debe ser mayor que cero').max(1_000),
  widthCm: z.coerce.number().positive('El ancho debe ser mayor que cero').max(1_000),
  heightCm: z.coerce.number().positive('El alto debe ser mayor que cero').max(1_000),
  declaredUsdCents: z.coerce
    .number()
    .int(API_KEY_MESSAGES.declaredCentsWhole)
    .min(0)
    .max(100_000_000)
    .optional()
    .meta({ description: 'El valor declarado en centavos (10000 es $100,00); $100,00 si no se indica.' }),
  declaredUsd: z.coerce
    .number()
    .min(0)
    .max(1_000_000)
    .optional()
    .meta({ deprecated: true, description: `${DEPRECATED_DOLLARS} El valor declarado en dólares.` }),
  insurance: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

/** The declared value once: in cents or in dollars, never both. */
const declaredOnce = (q: { declaredUsdCents?: number; declaredUsd?: number }) =>
  q.declaredUsdCents === undefined || q.declaredUsd === undefined;
const DECLARED_TWICE = { message: API_KEY_MESSAGES.declaredTwice, path: ['declaredUsd'] };

export const apiQuoteQuery = apiQuoteFields.refine(declaredOnce, DECLARED_TWICE);

/** What a quote answers of the declared value its insurance was computed on. */
const quotedDeclaredValue = {
  declaredUsdCents: z.number().int().meta({
    description: 'El valor declarado sobre el que se calculó el seguro, en centavos (10000 si no se indicó).',
  }),
  declaredUsd: z.number().meta({ deprecated: true, description: `${DEPRECATED_DOLLARS} El mismo valor en dólares.` }),
};

export const apiQuote = z.object({
  method: z.enum(SHIPPING_METHODS),
  freightUsdCents: z.number().int(),
  insuranceUsdCents: z.number().int(),
  taxesUsdCents: z.number().int(),
  totalUsdCents: z.number().int(),
  billableWeightLb: z.number(),
  billableFt3: z.number(),
  ...quotedDeclaredValue,
  deliveryTime: z.string(),
  priceListVersion: z.number().int(),
  lines: z.array(z.object({ label: z.string(), amountUsdCents: z.number().int() })),
});

/** A package's photos as signed links: each opens without the key until `expiresAt`. */
export const apiPackagePhotos = z.object({
  packageId: z.uuid(),
  expiresAt: isoDateTime.nullable().meta({ description: 'Cuándo dejan de abrir los enlaces (null sin fotos).' }),
  photos: z.array(
    z.object({
      url: z.string().meta({ description: 'La foto a tamaño de pantalla.' }),
      thumbUrl: z.string().meta({ description: 'La miniatura (la misma foto en las fotos antiguas).' }),
    }),
  ),
});

/** A recipient of the address book, to name in a ship request. */
export const apiRecipient = z.object({
  id: z.uuid(),
  fullName: z.string(),
  idDocument: z.string().nullable(),
  phone: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  isAccountHolder: z.boolean(),
  complete: z
    .boolean()
    .meta({ description: 'Tiene lo que un envío necesita: cédula, teléfono, estado, ciudad y dirección.' }),
});
export const apiRecipientList = z.object({ items: z.array(apiRecipient) });

export const apiAgencyQuery = z.object({
  state: z.enum(VENEZUELAN_STATES, { error: RECIPIENT_MESSAGES.stateRequired }).optional(),
  city: z.string().trim().max(100).optional(),
});

/** An agency where a shipment can be collected. */
export const apiAgency = z.object({
  id: z.uuid(),
  kind: z.enum(AGENCY_KINDS),
  carrier: z.string(),
  code: z.string(),
  name: z.string(),
  state: z.string(),
  city: z.string(),
  address: z.string(),
  hours: z.string().nullable(),
  phone: z.string().nullable(),
});
export const apiAgencyList = z.object({ items: z.array(apiAgency) });

/** One box of a ship request's quote (a parcel, or a repack's box) with its price. */
const apiQuotedBox = z.object({
  id: z.uuid(),
  label: z.string(),
  weightKg: z.number(),
  dimensionsCm: z.string(),
  shippingUsdCents: z.number().int(),
  declaredUsdCents: z.number().int(),
});

/** A ship request's price as it would be confirmed now (nothing is written). */
export const apiShipRequestQuote = z.object({
  origin: z.string(),
  shippingMethod: z.enum(SHIPPING_METHODS),
  methods: z.array(z.enum(SHIPPING_METHODS)),
  parcels: z.array(apiQuotedBox),
  /** A finished repack travels as one box: priced once, with the parcels inside counted. */
  repacks: z.array(apiQuotedBox.extend({ packageCount: z.number().int() })),
  totalWeightKg: z.number(),
  shippingUsdCents: z.number().int().meta({ description: 'Flete e impuestos de importación.' }),
  importTaxesUsdCents: z
    .number()
    .int()
    .meta({ description: 'Impuestos de importación pagados en aduana por cuenta del cliente (no sujetos al IVA).' }),
  storageUsdCents: z.number().int(),
  deliveryUsdCents: z.number().int().nullable(),
  declaredUsdCents: z.number().int(),
  insured: z.boolean(),
  insuranceUsdCents: z.number().int(),
  ivaUsdCents: z.number().int().meta({ description: 'IVA de la factura (0 sin facturación fiscal).' }),
  totalUsdCents: z.number().int().meta({ description: 'Lo que cobrará la factura, con sus impuestos.' }),
  priceListVersion: z.number().int(),
  quotedAt: isoDateTime,
  quoteToken: z
    .string()
    .nullable()
    .meta({ description: 'Envíalo al confirmar (POST /shipments): el precio se respeta los días que fija la tarifa.' }),
  travelWarnings: z
    .array(
      z.object({
        label: z.string().meta({ description: 'El paquete al que se refiere.' }),
        level: z.enum(['block', 'warning']),
        title: z.string(),
        reason: z.string(),
        advice: z.string(),
      }),
    )
    .meta({
      description: 'Lo que las reglas de lo que puede viajar dicen de estos paquetes (un bloqueo impide confirmar).',
    }),
});

/** The confirmed request: the shipment with its parcels and stages, and the invoice it issued. */
export const apiShipRequestCreated = apiShipmentDetail.extend({
  invoiceId: z.uuid(),
  invoiceNumber: z.string(),
  totalUsdCents: z.number().int(),
  deliveryMethod: z.enum(DELIVERY_METHODS),
});

/** A quote from China by sea, as the China calculator takes it: the USA quote's box without mode or weight. */
export const apiChinaQuoteQuery = apiQuoteFields
  .omit({ method: true, weightLb: true })
  .refine(declaredOnce, DECLARED_TWICE);

export const apiChinaQuote = z.object({
  freightUsdCents: z.number().int(),
  insuranceUsdCents: z.number().int(),
  totalUsdCents: z.number().int(),
  cbm: z.number(),
  billableCbm: z.number(),
  ...quotedDeclaredValue,
  deliveryTime: z.string(),
  priceListVersion: z.number().int(),
  lines: z.array(z.object({ label: z.string(), amountUsdCents: z.number().int() })),
});
