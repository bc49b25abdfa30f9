// The OpenAPI document's examples (openapi.ts): one believable answer per named shape and one
// body per operation that takes one. Typed by the shapes' own schemas, and every example is
// validated against the served document in the API's tests, so an example cannot drift from what
// the API answers. Demo-like data, no real person's.
import type {
  apiAgencyList,
  apiChinaQuote,
  apiInvoice,
  apiPackage,
  apiPackagePhotos,
  apiPrealert,
  apiQuote,
  apiRecipientList,
  apiShipment,
  apiShipmentDetail,
  apiShipRequestCreated,
  apiShipRequestQuote,
  apiTracking,
  PrealertCreateInput,
  ShipRequestInput,
  ShipRequestQuoteInput,
  z,
} from '@casillero/shared';

type Out<S extends z.ZodType> = z.output<S>;

const PACKAGE_ID = '6f1c2b8e-3d4a-4e5f-9a7b-1c2d3e4f5a6b';
const SECOND_PACKAGE_ID = '8e2d3c4b-5a6f-4e7d-9c8b-7a6f5e4d3c2b';
const SHIPMENT_ID = '0b5e7c1d-2f3a-4b6c-8d9e-0f1a2b3c4d5e';
const RECIPIENT_ID = '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d';
const AGENCY_ID = '5d6e7f8a-9b0c-4d1e-8f2a-3b4c5d6e7f8a';
const INVOICE_ID = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

const prealert: Out<typeof apiPrealert> = {
  id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  trackingNumber: '1Z999AA10123456784',
  carrier: 'UPS',
  senderName: 'Amazon',
  description: 'Audífonos inalámbricos',
  quantityItems: 1,
  amountSpentUsdCents: 5999,
  estimatedWeight: 0.6,
  estimatedValueUsdCents: 5999,
  notes: null,
  status: 'pending',
  mailboxCode: 'LA-MV-19487-01234',
  createdAt: '2026-12-02T15:20:00.000Z',
  updatedAt: '2026-12-02T15:20:00.000Z',
};

const parcel: Out<typeof apiPackage> = {
  id: PACKAGE_ID,
  trackingNumber: '1Z999AA10123456784',
  description: 'Audífonos inalámbricos',
  senderName: 'Amazon',
  status: 'received',
  warehouseReceipt: 'WR-MIA-0004821',
  weightKg: 0.65,
  dimensionsCm: '22 × 18 × 9',
  mailboxCode: 'LA-MV-19487-01234',
  receivedDate: '2026-12-04T14:14:00.000Z',
  shipmentId: null,
  shipmentCode: null,
  createdAt: '2026-12-04T14:14:00.000Z',
};

const shipment: Out<typeof apiShipment> = {
  id: SHIPMENT_ID,
  shipmentCode: 'ENV-2026-000318',
  trackingNumber: null,
  status: 'in_transit',
  packageCount: 2,
  estimatedDelivery: '2026-12-11',
  actualDelivery: null,
  createdAt: '2026-12-03T18:00:00.000Z',
  updatedAt: '2026-12-05T22:40:00.000Z',
};

const shipmentDetail: Out<typeof apiShipmentDetail> = {
  ...shipment,
  packages: [
    {
      id: PACKAGE_ID,
      trackingNumber: '1Z999AA10123456784',
      description: 'Audífonos inalámbricos',
      warehouseReceipt: 'WR-MIA-0004821',
      weightKg: 0.65,
      status: 'shipped',
    },
    {
      id: SECOND_PACKAGE_ID,
      trackingNumber: '9400111899223100000000',
      description: 'Zapatos deportivos',
      warehouseReceipt: 'WR-MIA-0004830',
      weightKg: 1.2,
      status: 'shipped',
    },
  ],
  stages: [
    { stageNumber: 1, name: 'Preparación', status: 'completed' },
    { stageNumber: 2, name: 'En tránsito', status: 'active' },
    { stageNumber: 3, name: 'Entregado', status: 'pending' },
  ],
};

const invoice: Out<typeof apiInvoice> = {
  id: INVOICE_ID,
  number: 'F-2026-000412',
  concept: 'shipping_payment',
  description: 'Envío ENV-2026-000318 (aéreo, 2 paquetes)',
  status: 'paid',
  usdCents: 4250,
  vesCentimos: 1118772,
  vesPerUsd: '263.2405',
  remainingUsdCents: 0,
  issueDate: '2026-12-05',
  mailboxCode: 'LA-MV-19487-01234',
  shipmentCode: 'ENV-2026-000318',
  createdAt: '2026-12-05T20:10:00.000Z',
  pdfUrl: `/api/v1/invoices/${INVOICE_ID}/pdf`,
};

const page = <T>(item: T) => ({ items: [item], page: 1, pageSize: 25, total: 1, nextCursor: null });

const tracking: Out<typeof apiTracking> = {
  number: '1Z999AA10123456784',
  found: true,
  carrier: 'UPS',
  status: 'En tránsito a Venezuela',
  timeline: [
    { at: '2026-12-04T14:14:00.000Z', label: 'Recibido en el almacén de Miami' },
    { at: '2026-12-05T22:40:00.000Z', label: 'Salió de Miami' },
  ],
  estimatedDelivery: '2026-12-11',
  deliveredOn: null,
  originCountry: 'Estados Unidos',
  destinationCity: 'Caracas',
  whereNow: 'En vuelo hacia Venezuela',
};

const quoteLines = [
  { label: 'Flete aéreo (5 lb)', amountUsdCents: 3250 },
  { label: 'Impuestos', amountUsdCents: 1000 },
];

const quote: Out<typeof apiQuote> = {
  method: 'aereo',
  freightUsdCents: 3250,
  insuranceUsdCents: 0,
  taxesUsdCents: 1000,
  totalUsdCents: 4250,
  billableWeightLb: 5,
  billableFt3: 0.5,
  declaredUsdCents: 10000,
  declaredUsd: 100,
  deliveryTime: '5 a 8 días hábiles',
  priceListVersion: 3,
  lines: quoteLines,
};

const chinaQuote: Out<typeof apiChinaQuote> = {
  freightUsdCents: 18000,
  insuranceUsdCents: 0,
  totalUsdCents: 18000,
  cbm: 0.12,
  billableCbm: 0.12,
  declaredUsdCents: 10000,
  declaredUsd: 100,
  deliveryTime: '45 a 60 días',
  priceListVersion: 3,
  lines: [{ label: 'Flete marítimo (0,12 m³)', amountUsdCents: 18000 }],
};

const photos: Out<typeof apiPackagePhotos> = {
  packageId: PACKAGE_ID,
  expiresAt: '2026-12-06T14:30:00.000Z',
  photos: [
    {
      url: `/files/4c5d6e7f-8a9b-4c0d-9e1f-2a3b4c5d6e7f?exp=1796567400&sig=Xq3…`,
      thumbUrl: `/files/5d6e7f8a-9b0c-4d1e-8f2a-3b4c5d6e7f8a?exp=1796567400&sig=Kp9…`,
    },
  ],
};

const recipients: Out<typeof apiRecipientList> = {
  items: [
    {
      id: RECIPIENT_ID,
      fullName: 'María Fernanda González',
      idDocument: 'V-12345678',
      phone: '+58 412 555 0134',
      state: 'Distrito Capital',
      city: 'Caracas',
      address: 'Av. Francisco de Miranda, Edif. Parque Cristal, piso 4',
      isAccountHolder: true,
      complete: true,
    },
  ],
};

const agencies: Out<typeof apiAgencyList> = {
  items: [
    {
      id: AGENCY_ID,
      kind: 'own',
      carrier: 'Casillero',
      code: 'CCS-01',
      name: 'Agencia Chacao',
      state: 'Miranda',
      city: 'Chacao',
      address: 'Calle Elice, C.C. Chacao, local 12',
      hours: 'Lunes a viernes, 8:00 a 17:00',
      phone: '+58 212 555 0101',
    },
  ],
};

const quotedBox = {
  id: PACKAGE_ID,
  label: '1Z999AA10123456784 · Audífonos inalámbricos',
  weightKg: 0.65,
  dimensionsCm: '22 × 18 × 9',
  shippingUsdCents: 1625,
  declaredUsdCents: 5999,
};

const shipRequestQuote: Out<typeof apiShipRequestQuote> = {
  origin: 'Miami',
  shippingMethod: 'aereo',
  methods: ['aereo', 'maritimo'],
  parcels: [quotedBox],
  repacks: [],
  totalWeightKg: 0.65,
  shippingUsdCents: 1625,
  importTaxesUsdCents: 0,
  storageUsdCents: 0,
  deliveryUsdCents: 500,
  declaredUsdCents: 5999,
  insured: false,
  insuranceUsdCents: 0,
  ivaUsdCents: 0,
  totalUsdCents: 2125,
  priceListVersion: 3,
  quotedAt: '2026-12-06T13:00:00.000Z',
  quoteToken: 'q1.eyJ2IjozLCJ0IjoyMTI1fQ.c2lnbmF0dXJh',
  travelWarnings: [],
};

const shipRequestCreated: Out<typeof apiShipRequestCreated> = {
  ...shipmentDetail,
  status: 'preparing',
  packageCount: 1,
  packages: [shipmentDetail.packages[0]!],
  stages: [
    { stageNumber: 1, name: 'Preparación', status: 'active' },
    { stageNumber: 2, name: 'En tránsito', status: 'pending' },
    { stageNumber: 3, name: 'Entregado', status: 'pending' },
  ],
  invoiceId: INVOICE_ID,
  invoiceNumber: 'F-2026-000412',
  totalUsdCents: 2125,
  deliveryMethod: 'home',
};

/** An answer per named shape of the document (components.schemas). */
export const RESPONSE_EXAMPLES: Readonly<Record<string, unknown>> = {
  Prealert: prealert,
  PrealertPage: page(prealert),
  Package: parcel,
  PackagePage: page(parcel),
  PackagePhotos: photos,
  Shipment: shipment,
  ShipmentPage: page(shipment),
  ShipmentDetail: shipmentDetail,
  RecipientList: recipients,
  AgencyList: agencies,
  ShipRequestQuote: shipRequestQuote,
  ShipRequestCreated: shipRequestCreated,
  Invoice: invoice,
  InvoicePage: page(invoice),
  Tracking: tracking,
  Quote: quote,
  ChinaQuote: chinaQuote,
};

const shipRequestQuoteBody: ShipRequestQuoteInput = {
  packageIds: [PACKAGE_ID],
  shippingMethod: 'aereo',
  recipientId: RECIPIENT_ID,
  deliveryMethod: 'home',
  insured: false,
};

/** A body per operation that takes one. */
export const REQUEST_EXAMPLES: Readonly<Record<string, unknown>> = {
  // What created the example prealert.
  createPrealert: {
    trackingNumber: prealert.trackingNumber!,
    carrier: prealert.carrier,
    senderName: prealert.senderName,
    description: prealert.description,
    quantityItems: prealert.quantityItems,
    amountSpentUsdCents: prealert.amountSpentUsdCents,
  } satisfies PrealertCreateInput,
  quoteShipRequest: shipRequestQuoteBody,
  requestShipment: {
    ...shipRequestQuoteBody,
    recipientId: RECIPIENT_ID,
    deliveryMethod: 'home',
    quoteToken: shipRequestQuote.quoteToken,
    confirmedTotalUsdCents: 2125,
  } satisfies ShipRequestInput,
};
