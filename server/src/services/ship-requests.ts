// The customer's ship request from Almacén (docs/product/last-mile.md#the-ship-request): the
// parcels ticked (or finished repacks, each one box), the mode, the recipient and the delivery become, in one transaction, a shipment
// 'preparing' for staff and an invoice in the customer's account. The price is the public
// calculator's (shared/src/quote) for each parcel and each repack's box, plus the storage fee accrued past the free
// days and the delivery fee of resolveDelivery. The shipment is marked requested_by_customer:
// departures take it only once its invoice is paid (services/departures.ts). Every parcel needs a
// declared value; insured, the request adds the insurance premium (docs/product/insurance.md) and
// the shipment records the insured value.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DECLARED_VALUE_MESSAGES,
  ORIGIN_OF_MAILBOX_LOCATION,
  PACKAGE_STATUSES_SHIPPABLE,
  PROBLEM_MESSAGES,
  SHIPMENT_FIRST_STAGE,
  SHIP_REQUEST_MESSAGES as M,
  TRAVEL_RULES_MESSAGES,
  insurancePremiumCents,
  insuranceRuleOfPrices,
  quoteBox,
  type QuoteTaxes,
  type DeliveryMethod,
  type PriceList,
  type DepartureOrigin,
  type ShippingMethod,
  type TravelFlag,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../db/client';
import type { Config } from '../env';
import {
  mailboxes,
  packages,
  repackRequestItems,
  repackRequests,
  shipmentPackages,
  shipmentStages,
} from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { onHoldByProblem } from '../queries/problem-parcels';
import { isConcurrencyFailure, isUniqueViolation } from '../lib/database-errors';
import { finishedRepackOf, inPendingRepack } from '../queries/repacks';
import { issueInvoice } from './billing';
import { resolveDelivery, type ResolvedDelivery } from './delivery';
import { notifyUser } from './notify';
import { insertWithUniqueCode } from './shipments';
import { accruedStorageFee } from './storage';
import { pricesForShipRequest, rememberQuoteSeen, signQuote } from './prices';
import type { PricesInEffect } from '../queries/prices';
import { allyAdjustmentOf } from '../queries/allies';
import { travelChecker } from '../queries/travel-rules';
import { adjustForAlly, shipRequestLines, shipRequestTaxes } from './ship-request-charges';
import { getFiscalQuoteTerms } from './fiscal/settings';
import { confirmedTotal } from './fiscal/confirmed-total';

type AppConfig = Pick<Config, 'appUrl'>;

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
  /** The calculator's total for this parcel (freight and import taxes), USD cents. */
  shippingUsdCents: number;
  /** Of it, the import taxes paid at customs on the customer's behalf. */
  importTaxesUsdCents: number;
  declaredUsdCents: number;
};

export type ShipRequestRepackPrice = {
  id: string;
  label: string;
  weightKg: number;
  dimensionsCm: string;
  packageCount: number;
  /** The calculator's total for the repack's box (freight and import taxes), USD cents. */
  shippingUsdCents: number;
  importTaxesUsdCents: number;
  /** The declared values of the parcels inside, added up. */
  declaredUsdCents: number;
};

export type ShipRequestQuote = {
  origin: DepartureOrigin;
  shippingMethod: ShippingMethod;
  /** The modes the origin offers: both from Miami, sea only from China. */
  methods: ShippingMethod[];
  parcels: ShipRequestParcelPrice[];
  repacks: ShipRequestRepackPrice[];
  totalWeightKg: number;
  /** The calculator's totals added up: the freight and the import taxes (docs/product/quote-calculators.md). */
  shippingUsdCents: number;
  freightUsdCents: number;
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
  /** The travel rules' warnings for this mode (docs/product/travel-rules.md); a block refuses instead. */
  travelWarnings: { label: string; flag: TravelFlag }[];
};

const METHODS_BY_ORIGIN: Record<DepartureOrigin, ShippingMethod[]> = {
  miami: ['aereo', 'maritimo'],
  china: ['maritimo'],
};

const CUSTOMER_LINK = '/dashboard/facturas';

/** A weight (kg with two decimals, as its column keeps it) in hundredths, so the boxes' sum is exact. */
const hundredthsOfKg = (kg: number) => Math.round(kg * 100);

const parcelColumns = {
  id: packages.id,
  packageDescription: packages.packageDescription,
  // The identical items of the pre-alert it came from, for the commercial quantity.
  quantity: sql<
    number | null
  >`(select max(p.quantity_items) from prealerts p where p.converted_package_id = ${packages.id})`,
  trackingNumber: packages.trackingNumber,
  warehouseReceipt: packages.warehouseReceipt,
  status: packages.status,
  weightKg: packages.weightKg,
  dimensionsCm: packages.dimensionsCm,
  estimatedValueUsdCents: packages.estimatedValueUsdCents,
  location: mailboxes.location,
  inShipment: sql<boolean>`exists (select 1 from shipment_packages sp where sp.package_id = ${packages.id})`,
  inRepack: inPendingRepack,
  finishedRepack: finishedRepackOf,
  onHold: onHoldByProblem,
};
const selectParcels = (tx: DbOrTx) =>
  tx.select(parcelColumns).from(packages).innerJoin(mailboxes, eq(mailboxes.id, packages.mailboxId));
type ParcelRow = Awaited<ReturnType<typeof selectParcels>>[number];

const labelOf = (r: Pick<ParcelRow, 'warehouseReceipt' | 'trackingNumber' | 'id'>) =>
  r.warehouseReceipt ?? r.trackingNumber ?? r.id.slice(0, 8);

/** A parcel that can leave the warehouse now: not held, not in a shipment or a pending repack. */
function checkLeaves(r: ParcelRow) {
  const label = labelOf(r);
  if (r.inRepack) throw new DomainError('CONFLICT', M.packageInRepack(label));
  if (r.onHold) throw new DomainError('CONFLICT', PROBLEM_MESSAGES.shipBlocked(label));
  if (r.inShipment || !(PACKAGE_STATUSES_SHIPPABLE as readonly string[]).includes(r.status))
    throw new DomainError('CONFLICT', M.packageNotShippable(label));
  // Insurance and claims rest on it: the customer confirms it first (docs/product/insurance.md).
  if (r.estimatedValueUsdCents == null) throw new DomainError('CONFLICT', DECLARED_VALUE_MESSAGES.shipBlocked(label));
}

/** The finished repacks' ids and the parcels they hold, the customer's only. */
async function repackParcelIds(tx: DbOrTx, userId: string, repackIds: string[]) {
  if (repackIds.length === 0) return [];
  const rows = await tx
    .select({ packageId: repackRequestItems.packageId })
    .from(repackRequestItems)
    .innerJoin(repackRequests, eq(repackRequests.id, repackRequestItems.repackRequestId))
    .where(and(inArray(repackRequestItems.repackRequestId, repackIds), eq(repackRequests.userId, userId)));
  return rows.flatMap((r) => (r.packageId ? [r.packageId] : []));
}

/**
 * The prices, checked: each parcel and repack the customer's (another's is a missing one); the
 * parcels in the warehouse, in no shipment, no pending repack and no finished one (that box is
 * ticked instead); each repack finished and not yet sent, its box weighed and measured; all from
 * one warehouse, with the mode it offers. A repack is priced once, as one box, with the declared
 * value of the parcels it holds.
 */
async function priceParcels(tx: DbOrTx, userId: string, choice: ShipRequestChoice, prices: PriceList) {
  const ticked = [...new Set(choice.packageIds)];
  const repackIds = [...new Set(choice.repackIds ?? [])];
  if (ticked.length + repackIds.length === 0) throw new DomainError('BAD_INPUT', M.packagesRequired);

  const rows = ticked.length
    ? await selectParcels(tx)
        .where(and(inArray(packages.id, ticked), eq(packages.userId, userId)))
        .orderBy(asc(packages.id))
    : [];
  if (rows.length !== ticked.length) throw new DomainError('NOT_FOUND', M.packageNotFound);

  const repacks = repackIds.length
    ? await tx
        .select({
          id: repackRequests.id,
          status: repackRequests.status,
          warehouseReceipt: repackRequests.warehouseReceipt,
          weightKg: repackRequests.weightKg,
          dimensionsCm: repackRequests.dimensionsCm,
        })
        .from(repackRequests)
        .where(and(inArray(repackRequests.id, repackIds), eq(repackRequests.userId, userId)))
        .orderBy(asc(repackRequests.id))
    : [];
  if (repacks.length !== repackIds.length) throw new DomainError('NOT_FOUND', M.repackNotFound);

  const inside = repackIds.length
    ? await tx
        .select({ ...parcelColumns, repackId: repackRequestItems.repackRequestId })
        .from(repackRequestItems)
        .innerJoin(packages, eq(packages.id, repackRequestItems.packageId))
        .innerJoin(mailboxes, eq(mailboxes.id, packages.mailboxId))
        .where(and(inArray(repackRequestItems.repackRequestId, repackIds), eq(packages.userId, userId)))
        .orderBy(asc(packages.id))
    : [];

  for (const r of repacks) {
    const wr = r.warehouseReceipt ?? r.id.slice(0, 8);
    // Sent already: it went in another request (or staff shipped it), the parcels' own rule.
    if (r.status === 'shipped') throw new DomainError('CONFLICT', M.alreadyRequested);
    if (r.status !== 'processed' || !inside.some((p) => p.repackId === r.id))
      throw new DomainError('CONFLICT', M.repackNotFinished(wr));
  }
  for (const r of rows) {
    if (r.finishedRepack) throw new DomainError('CONFLICT', M.packageInFinishedRepack(labelOf(r), r.finishedRepack));
    checkLeaves(r);
  }
  for (const r of inside) checkLeaves({ ...r, inRepack: false });

  const origins = new Set([...rows, ...inside].map((r) => ORIGIN_OF_MAILBOX_LOCATION[r.location] ?? null));
  if (origins.has(null)) throw new DomainError('BAD_INPUT', M.noOrigin);
  if (origins.size > 1) throw new DomainError('BAD_INPUT', M.mixedOrigins);
  const origin = [...origins][0] as DepartureOrigin;
  if (!METHODS_BY_ORIGIN[origin].includes(choice.shippingMethod))
    throw new DomainError('BAD_INPUT', M.methodNotOffered);

  const parcels: ShipRequestParcelPrice[] = rows.map((r) => {
    const label = labelOf(r);
    const price = quoteBox(
      origin,
      choice.shippingMethod,
      {
        weightKg: r.weightKg,
        dimensionsCm: r.dimensionsCm,
        valueUsdCents: r.estimatedValueUsdCents,
      },
      prices,
    );
    if (price === null || r.weightKg == null) throw new DomainError('BAD_INPUT', M.packageNoMeasures(label));
    return {
      id: r.id,
      label,
      weightKg: r.weightKg,
      dimensionsCm: r.dimensionsCm ?? '',
      shippingUsdCents: price.totalUsdCents,
      importTaxesUsdCents: price.importTaxesUsdCents,
      declaredUsdCents: r.estimatedValueUsdCents ?? 0,
    };
  });
  const boxes: ShipRequestRepackPrice[] = repacks.map((r) => {
    const label = r.warehouseReceipt ?? r.id.slice(0, 8);
    const held = inside.filter((p) => p.repackId === r.id);
    const values = held.flatMap((p) => (p.estimatedValueUsdCents == null ? [] : [p.estimatedValueUsdCents]));
    const price = quoteBox(
      origin,
      choice.shippingMethod,
      {
        weightKg: r.weightKg,
        dimensionsCm: r.dimensionsCm,
        valueUsdCents: values.length ? values.reduce((a, b) => a + b, 0) : null,
      },
      prices,
    );
    if (price === null || r.weightKg == null) throw new DomainError('BAD_INPUT', M.repackNoMeasures(label));
    return {
      id: r.id,
      label,
      weightKg: r.weightKg,
      dimensionsCm: r.dimensionsCm ?? '',
      packageCount: held.length,
      shippingUsdCents: price.totalUsdCents,
      importTaxesUsdCents: price.importTaxesUsdCents,
      declaredUsdCents: held.reduce((sum, p) => sum + (p.estimatedValueUsdCents ?? 0), 0),
    };
  });
  // The travel rules for the mode chosen (docs/product/travel-rules.md): a block refuses the
  // request with its reason; the warnings go with the quote.
  const check = await travelChecker(tx);
  const mode = choice.shippingMethod === 'aereo' ? 'air' : 'sea';
  const travelWarnings: { label: string; flag: TravelFlag }[] = [];
  const checked = [
    ...[...rows, ...inside].map((r) => ({
      label: labelOf(r),
      input: {
        description: r.packageDescription,
        // A parcel inside a repack travels in the repack's box: its weight is the box's.
        weightKg: 'repackId' in r ? null : r.weightKg,
        declaredValueUsdCents: r.estimatedValueUsdCents,
        quantity: r.quantity,
      },
    })),
    ...boxes.map((b) => ({
      label: b.label,
      input: { description: '', weightKg: b.weightKg, declaredValueUsdCents: b.declaredUsdCents },
    })),
  ];
  for (const { label, input } of checked) {
    for (const flag of check({ ...input, mode })) {
      if (flag.level === 'block')
        throw new DomainError('CONFLICT', TRAVEL_RULES_MESSAGES.shipBlocked(label, flag.title, flag.reason));
      travelWarnings.push({ label, flag });
    }
  }
  const totalWeightKg = [...parcels, ...boxes].reduce((sum, p) => sum + hundredthsOfKg(p.weightKg), 0) / 100;
  // Every parcel that travels: the ticked ones and those inside the repacks.
  const ids = [...ticked, ...inside.map((p) => p.id)];
  return { ids, repackIds, origin, parcels, repacks: boxes, totalWeightKg, travelWarnings };
}

async function priceRequest(tx: DbOrTx, userId: string, choice: ShipRequestChoice, confirming = false) {
  // The prices in effect, or those of the customer's quote while they are honoured.
  const priceList = await pricesForShipRequest(tx, userId, choice.quoteToken, { confirming });
  const honoured = await priceRequestWith(tx, userId, choice, priceList);
  if (!priceList.inEffect) return honoured;
  // The price seen is a ceiling, never a surcharge: when today's prices come out lower, they apply.
  const today = await priceRequestWith(tx, userId, choice, { ...priceList.inEffect, quotedAt: new Date() });
  return today.quote.totalUsdCents < honoured.quote.totalUsdCents ? today : honoured;
}

async function priceRequestWith(
  tx: DbOrTx,
  userId: string,
  choice: ShipRequestChoice,
  priceList: PricesInEffect & { quotedAt: Date },
) {
  const { prices } = priceList;
  // The recipient first: another customer's is a missing one, whatever the parcels say.
  const delivery: ResolvedDelivery | null =
    choice.recipientId && choice.deliveryMethod
      ? await resolveDelivery(tx, {
          userId,
          recipientId: choice.recipientId,
          deliveryMethod: choice.deliveryMethod,
          agencyId: choice.agencyId ?? null,
          fees: prices.deliveryFeesUsdCents,
          chosenBy: 'customer',
        })
      : null;
  const priced = adjustForAlly(await priceParcels(tx, userId, choice, prices), await allyAdjustmentOf(tx, userId));
  const storage = await accruedStorageFee(tx, priced.ids, undefined, prices);
  const boxes = [...priced.parcels, ...priced.repacks];
  const shippingUsdCents = boxes.reduce((sum, p) => sum + p.shippingUsdCents, 0);
  const importTaxesUsdCents = boxes.reduce((sum, p) => sum + p.importTaxesUsdCents, 0);
  const storageUsdCents = storage.feeUsdCents;
  const deliveryUsdCents = delivery ? delivery.deliveryFeeUsdCents : null;
  // One premium on the parcels' summed value, so the minimum applies once per shipment.
  const insuranceRule = insuranceRuleOfPrices(prices);
  const declaredUsdCents = [...priced.parcels, ...priced.repacks].reduce((sum, p) => sum + p.declaredUsdCents, 0);
  const insured = choice.insured === true;
  const insuranceUsdCents = insured ? insurancePremiumCents(declaredUsdCents, insuranceRule) : 0;
  const freightUsdCents = shippingUsdCents - importTaxesUsdCents;
  const charges = { freightUsdCents, importTaxesUsdCents, storageUsdCents, deliveryUsdCents, insuranceUsdCents };
  const taxes = shipRequestTaxes(charges, await getFiscalQuoteTerms(tx));
  const quote: ShipRequestQuote = {
    origin: priced.origin,
    shippingMethod: choice.shippingMethod,
    methods: METHODS_BY_ORIGIN[priced.origin],
    parcels: priced.parcels,
    repacks: priced.repacks,
    totalWeightKg: priced.totalWeightKg,
    shippingUsdCents,
    freightUsdCents,
    importTaxesUsdCents,
    storageUsdCents,
    deliveryUsdCents,
    declaredUsdCents,
    insured,
    insuranceUsdCents,
    insuranceRule,
    taxes,
    totalUsdCents: taxes.totalUsdCents,
    priceList: { id: priceList.id, number: priceList.number, effectiveFrom: priceList.effectiveFrom },
    quotedAt: priceList.quotedAt.toISOString(),
    quoteToken: priceList.id ? await signQuote(tx, userId, priceList.id, priceList.quotedAt) : null,
    travelWarnings: priced.travelWarnings,
  };
  return { quote, charges, delivery, ids: priced.ids, repackIds: priced.repackIds };
}

/** The price of a request as it would be confirmed now; writes nothing. */
export async function quoteShipRequest(
  db: DbOrTx,
  userId: string,
  choice: ShipRequestChoice,
): Promise<ShipRequestQuote> {
  const { quote } = await priceRequest(db, userId, choice);
  // The customer has now seen this version's prices: honoured for the set days, dialog or not.
  if (quote.priceList.id) await rememberQuoteSeen(db, userId, quote.priceList.id, new Date(quote.quotedAt));
  return quote;
}

/**
 * Confirms the request: in one transaction the parcels move to the shipment (locked in one order,
 * so two requests with one parcel take turns; the unique package_id settles any race), the
 * shipment is 'preparing' for staff with the chosen destination, and the invoice (shipping,
 * storage, delivery) is issued in the customer's account.
 */
export async function createShipRequest(
  db: Db,
  config: AppConfig,
  userId: string,
  choice: ShipRequestChoice & { recipientId: string; deliveryMethod: DeliveryMethod },
) {
  try {
    return await db.transaction(async (tx) => {
      // The repacks first, then every parcel that would travel, each in one order: two requests
      // with one repack or parcel take turns and the second reads it gone.
      const tickedRepacks = [...new Set(choice.repackIds ?? [])];
      if (tickedRepacks.length)
        await tx
          .select({ id: repackRequests.id })
          .from(repackRequests)
          .where(and(inArray(repackRequests.id, tickedRepacks), eq(repackRequests.userId, userId)))
          .orderBy(asc(repackRequests.id))
          .for('update');
      const toLock = [...new Set([...choice.packageIds, ...(await repackParcelIds(tx, userId, tickedRepacks))])];
      if (toLock.length)
        await tx
          .select({ id: packages.id })
          .from(packages)
          .where(and(inArray(packages.id, toLock), eq(packages.userId, userId)))
          .orderBy(asc(packages.id))
          .for('update');
      const { quote, charges, delivery, ids: packageIds, repackIds } = await priceRequest(tx, userId, choice, true);
      if (!delivery) throw new DomainError('BAD_INPUT', M.packagesRequired);

      const moved = await tx
        .update(packages)
        .set({ status: 'in_shipment' })
        .where(
          and(
            inArray(packages.id, packageIds),
            eq(packages.userId, userId),
            inArray(packages.status, [...PACKAGE_STATUSES_SHIPPABLE]),
            sql`not exists (select 1 from shipment_packages sp where sp.package_id = "packages"."id")`,
          ),
        )
        .returning({ id: packages.id });
      if (moved.length !== packageIds.length) throw new DomainError('CONFLICT', M.alreadyRequested);
      // The repack's box leaves with this shipment: its flow's last step, without a second
      // notification (the request's own tells the customer).
      if (repackIds.length) {
        const sent = await tx
          .update(repackRequests)
          .set({ status: 'shipped', shippedAt: new Date() })
          .where(
            and(
              inArray(repackRequests.id, repackIds),
              eq(repackRequests.userId, userId),
              eq(repackRequests.status, 'processed'),
            ),
          )
          .returning({ id: repackRequests.id });
        if (sent.length !== repackIds.length) throw new DomainError('CONFLICT', M.alreadyRequested);
      }

      const shipment = await insertWithUniqueCode(tx, {
        userId,
        ...delivery,
        // Shipping (freight and import taxes) and storage, as staff's shipments keep them; the delivery fee has its own column.
        shippingCostUsdCents: quote.shippingUsdCents + quote.storageUsdCents,
        totalWeightKg: quote.totalWeightKg,
        totalVolumeCm3: null,
        status: 'preparing',
        shippingMethod: choice.shippingMethod,
        requestedByCustomer: true,
        insuredValueUsdCents: quote.insured ? quote.declaredUsdCents : null,
        priceListVersionId: quote.priceList.id,
        quotedAt: new Date(quote.quotedAt),
        createdBy: userId,
      });
      await tx.insert(shipmentPackages).values(packageIds.map((packageId) => ({ shipmentId: shipment.id, packageId })));
      await tx.insert(shipmentStages).values({ shipmentId: shipment.id, ...SHIPMENT_FIRST_STAGE });

      const lines = shipRequestLines(charges, {
        shipmentCode: shipment.shipmentCode,
        parcelCount: packageIds.length,
        shippingMethod: choice.shippingMethod,
        deliveryMethod: delivery.deliveryMethod,
        declaredUsdCents: quote.declaredUsdCents,
      });
      const invoice = await issueInvoice(tx, {
        userId,
        concept: 'shipping_payment',
        description: M.invoiceDescription(shipment.shipmentCode),
        lines,
        shipmentId: shipment.id,
        priceListVersionId: quote.priceList.id,
        createdBy: userId,
      });
      // What the customer confirmed is what is invoiced, or nothing is (docs/product/fiscal-invoices.md#taxes).
      confirmedTotal(invoice.usdCents, quote.totalUsdCents, choice.confirmedTotalUsdCents);
      await notifyUser(
        tx,
        userId,
        {
          title: M.createdTitle,
          message: M.createdMessage(shipment.shipmentCode, packageIds.length, delivery.deliveryCity, invoice.number),
          type: 'shipment',
          link: CUSTOMER_LINK,
        },
        { kind: 'status_changed', email: 'default', appUrl: config.appUrl },
      );
      return {
        shipmentId: shipment.id,
        shipmentCode: shipment.shipmentCode,
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        totalUsdCents: invoice.usdCents,
        message: M.created(shipment.shipmentCode, invoice.number),
      };
    });
  } catch (err) {
    // A parcel taken by a concurrent request (the unique package_id) or a deadlock victim.
    if (isUniqueViolation(err, 'shipment_packages_package_id_key') || isConcurrencyFailure(err)) {
      throw new DomainError('CONFLICT', M.alreadyRequested);
    }
    throw err;
  }
}
