// What a ship request is made of (docs/product/last-mile.md#the-ship-request): the customer's
// choice, and the quote it comes to, box by box.
import type {
  ConsolidationComparison,
  CustomsCategory,
  CustomsItem,
  CustomsRulesNow,
  DeliveryMethod,
  DepartureOrigin,
  QuoteTaxes,
  ShippingMethod,
  TravelFlag,
} from '@casillero/shared';

export type ShipRequestChoice = {
  packageIds: string[];
  /** Finished repacks: each travels as one box with all of its parcels. */
  repackIds?: string[];
  shippingMethod: ShippingMethod;
  recipientId?: string | null;
  deliveryMethod?: DeliveryMethod | null;
  agencyId?: string | null;
  insured?: boolean;
  /** The signed quote the customer saw (docs/product/price-lists.md): its prices are honoured for the set days. */
  quoteToken?: string | null;
  /** The total the customer saw and confirmed, taxes included: the invoice must charge exactly it. */
  confirmedTotalUsdCents?: number | null;
};

export type ShipRequestParcelPrice = {
  id: string;
  label: string;
  weightKg: number;
  dimensionsCm: string;
  /** The calculator's freight for this parcel, USD cents. */
  shippingUsdCents: number;
  declaredUsdCents: number;
  /** Its customs category, by its description (categorizeItem). */
  category: CustomsCategory;
};

export type ShipRequestRepackPrice = {
  id: string;
  label: string;
  weightKg: number;
  dimensionsCm: string;
  packageCount: number;
  /** The calculator's freight for the repack's box, USD cents. */
  shippingUsdCents: number;
  /** The declared values of the parcels inside, added up. */
  declaredUsdCents: number;
  /** The parcels inside as customs sees them: each one's category and declared value. */
  items: (CustomsItem & { packageId: string })[];
};

/**
 * The customs estimate of the request (docs/product/customs.md#where-the-estimate-is-shown): its
 * boxes on one guía (the estimate the invoice charges, docs/product/customs.md#the-invoice) against
 * each on its own, with the rules in effect and the latest rate.
 */
export type ShipRequestCustoms = CustomsRulesNow & { comparison: ConsolidationComparison };

export type ShipRequestQuote = {
  origin: DepartureOrigin;
  shippingMethod: ShippingMethod;
  /** The modes the origin offers: both from Miami, sea only from China. */
  methods: ShippingMethod[];
  parcels: ShipRequestParcelPrice[];
  repacks: ShipRequestRepackPrice[];
  totalWeightKg: number;
  /** The freight and the import taxes added up (docs/product/quote-calculators.md). */
  shippingUsdCents: number;
  /** The calculator's freight of the boxes added up (the ally's adjustment applied). */
  freightUsdCents: number;
  /** The customs estimate of the shipment's guía (customs.comparison.consolidated), charged on the customer's behalf. */
  importTaxesUsdCents: number;
  storageUsdCents: number;
  /** Null until a recipient and a delivery are chosen. */
  deliveryUsdCents: number | null;
  /** The parcels' declared values added up: the insured value when insured. */
  declaredUsdCents: number;
  /** Whether 'Asegurar envío' is on. */
  insured: boolean;
  /** The premium (the rule's percent of declaredUsdCents, at least its minimum); 0 when not insured. */
  insuranceUsdCents: number;
  /** The rule in words, for the switch's description. */
  insuranceRule: { ratePercent: number; minimumUsdCents: number };
  /** IVA per rate and the total with it, as the invoice will charge (docs/product/fiscal-invoices.md#taxes). */
  taxes: QuoteTaxes;
  /** What the invoice will charge: the lines and their taxes. */
  totalUsdCents: number;
  /** The price list version it priced with, and when (docs/product/price-lists.md). */
  priceList: { id: string | null; number: number; effectiveFrom: string };
  quotedAt: string;
  /** Sent back with the confirmation: the price is honoured for the set days. */
  quoteToken: string | null;
  /** 'Impuestos estimados': consolidated (charged as importTaxesUsdCents) against separate. */
  customs: ShipRequestCustoms;
  /** The travel rules' warnings for this mode (docs/product/travel-rules.md); a block refuses instead. */
  travelWarnings: { label: string; flag: TravelFlag }[];
};
