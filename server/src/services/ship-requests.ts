// The customer's ship request from Almacén (docs/product/last-mile.md#the-ship-request): the
// parcels ticked, the mode, the recipient and the delivery become, in one transaction, a shipment
// 'preparing' for staff and an invoice in the customer's account. The price is the public
// calculator's (shared/src/quote) for each parcel, plus the storage fee accrued past the free
// days and the delivery fee of resolveDelivery. The shipment is marked requested_by_customer:
// departures take it only once its invoice is paid (services/departures.ts). Every parcel needs a
// declared value; insured, the request adds the insurance premium (docs/product/insurance.md) and
// the shipment records the insured value.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DECLARED_VALUE_MESSAGES,
  DEPARTURE_MODE_LABELS,
  INSURANCE_LABELS,
  DELIVERY_METHOD_LABELS,
  ORIGIN_OF_MAILBOX_LOCATION,
  PACKAGE_STATUSES_SHIPPABLE,
  PROBLEM_MESSAGES,
  SHIPMENT_FIRST_STAGE,
  SHIP_REQUEST_MESSAGES as M,
  formatUsdCents,
  fromCents,
  insurancePremiumCents,
  kgToLb,
  parseDimensionsCm,
  quoteChina,
  quoteUsa,
  toCents,
  type DeliveryMethod,
  type DepartureOrigin,
  type ShippingMethod,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../db/client';
import type { Config } from '../env';
import { mailboxes, packages, shipmentPackages, shipmentStages } from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { getInsuranceRule } from '../queries/claims';
import { onHoldByProblem } from '../queries/problem-parcels';
import { isConcurrencyFailure, isUniqueViolation } from '../lib/database-errors';
import { inPendingRepack } from '../queries/repacks';
import { issueInvoice } from './billing';
import { resolveDelivery, type ResolvedDelivery } from './delivery';
import { notifyUser } from './notify';
import { insertWithUniqueCode } from './shipments';
import { accruedStorageFee } from './storage';

type AppConfig = Pick<Config, 'appUrl'>;

export type ShipRequestChoice = {
  packageIds: string[];
  shippingMethod: ShippingMethod;
  recipientId?: string | null;
  deliveryMethod?: DeliveryMethod | null;
  agencyId?: string | null;
  insured?: boolean;
};

export type ShipRequestParcelPrice = {
  id: string;
  label: string;
  weightKg: number;
  dimensionsCm: string;
  /** The calculator's total for this parcel (freight, taxes), USD cents. */
  shippingUsdCents: number;
  declaredUsdCents: number;
};

export type ShipRequestQuote = {
  origin: DepartureOrigin;
  shippingMethod: ShippingMethod;
  /** The modes the origin offers: both from Miami, sea only from China. */
  methods: ShippingMethod[];
  parcels: ShipRequestParcelPrice[];
  totalWeightKg: number;
  shippingUsdCents: number;
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
  totalUsdCents: number;
};

const METHODS_BY_ORIGIN: Record<DepartureOrigin, ShippingMethod[]> = {
  miami: ['aereo', 'maritimo'],
  china: ['maritimo'],
};

const CUSTOMER_LINK = '/dashboard/facturas';

/** Money read back from a numeric column or a quote's decimal total, as integer cents. */
const cents = (usd: number) => toCents(usd) ?? 0;

/**
 * The parcels' prices, checked: each one the customer's (another's is a missing one), in the
 * warehouse, in no shipment and no pending repack, all from one warehouse, with the mode it offers.
 */
async function priceParcels(tx: DbOrTx, userId: string, choice: ShipRequestChoice) {
  const ids = [...new Set(choice.packageIds)];
  const rows = await tx
    .select({
      id: packages.id,
      trackingNumber: packages.trackingNumber,
      warehouseReceipt: packages.warehouseReceipt,
      status: packages.status,
      weightKg: packages.weightKg,
      dimensionsCm: packages.dimensionsCm,
      estimatedValueUsdCents: packages.estimatedValueUsdCents,
      location: mailboxes.location,
      inShipment: sql<boolean>`exists (select 1 from shipment_packages sp where sp.package_id = ${packages.id})`,
      inRepack: inPendingRepack,
      onHold: onHoldByProblem,
    })
    .from(packages)
    .innerJoin(mailboxes, eq(mailboxes.id, packages.mailboxId))
    .where(and(inArray(packages.id, ids), eq(packages.userId, userId)))
    .orderBy(asc(packages.id));
  if (rows.length !== ids.length) throw new DomainError('NOT_FOUND', M.packageNotFound);

  const origins = new Set(rows.map((r) => ORIGIN_OF_MAILBOX_LOCATION[r.location] ?? null));
  if (origins.has(null)) throw new DomainError('BAD_INPUT', M.noOrigin);
  if (origins.size > 1) throw new DomainError('BAD_INPUT', M.mixedOrigins);
  const origin = [...origins][0] as DepartureOrigin;
  if (!METHODS_BY_ORIGIN[origin].includes(choice.shippingMethod))
    throw new DomainError('BAD_INPUT', M.methodNotOffered);

  const parcels: ShipRequestParcelPrice[] = rows.map((r) => {
    const label = r.warehouseReceipt ?? r.trackingNumber ?? r.id.slice(0, 8);
    if (r.inRepack) throw new DomainError('CONFLICT', M.packageInRepack(label));
    if (r.onHold) throw new DomainError('CONFLICT', PROBLEM_MESSAGES.shipBlocked(label));
    if (r.inShipment || !(PACKAGE_STATUSES_SHIPPABLE as readonly string[]).includes(r.status))
      throw new DomainError('CONFLICT', M.packageNotShippable(label));
    if (r.estimatedValueUsdCents == null) throw new DomainError('CONFLICT', DECLARED_VALUE_MESSAGES.shipBlocked(label));
    const measures = parseDimensionsCm(r.dimensionsCm);
    if (!measures || r.weightKg == null || r.weightKg <= 0)
      throw new DomainError('BAD_INPUT', M.packageNoMeasures(label));
    const [largo, ancho, alto] = measures;
    const valor = fromCents(r.estimatedValueUsdCents);
    const quote =
      origin === 'china'
        ? quoteChina({ largo, ancho, alto, valor, seguro: false })
        : quoteUsa({ peso: kgToLb(r.weightKg), largo, ancho, alto, valor, seguro: false, tipo: choice.shippingMethod });
    if (!quote) throw new DomainError('BAD_INPUT', M.packageNoMeasures(label));
    return {
      id: r.id,
      label,
      weightKg: r.weightKg,
      dimensionsCm: r.dimensionsCm ?? '',
      shippingUsdCents: cents(quote.total),
      declaredUsdCents: r.estimatedValueUsdCents,
    };
  });
  const totalWeightKg = fromCents(parcels.reduce((sum, p) => sum + cents(p.weightKg), 0));
  return { ids, origin, parcels, totalWeightKg };
}

async function priceRequest(tx: DbOrTx, userId: string, choice: ShipRequestChoice) {
  // The recipient first: another customer's is a missing one, whatever the parcels say.
  const delivery: ResolvedDelivery | null =
    choice.recipientId && choice.deliveryMethod
      ? await resolveDelivery(tx, {
          userId,
          recipientId: choice.recipientId,
          deliveryMethod: choice.deliveryMethod,
          agencyId: choice.agencyId ?? null,
        })
      : null;
  const priced = await priceParcels(tx, userId, choice);
  const storage = await accruedStorageFee(tx, priced.ids);
  const shippingUsdCents = priced.parcels.reduce((sum, p) => sum + p.shippingUsdCents, 0);
  const storageUsdCents = cents(storage.feeUsd);
  const deliveryUsdCents = delivery ? delivery.deliveryFeeUsdCents : null;
  // One premium on the parcels' summed value, so the minimum applies once per shipment.
  const insuranceRule = await getInsuranceRule(tx);
  const declaredUsdCents = priced.parcels.reduce((sum, p) => sum + p.declaredUsdCents, 0);
  const insured = choice.insured === true;
  const insuranceUsdCents = insured ? insurancePremiumCents(declaredUsdCents, insuranceRule) : 0;
  const quote: ShipRequestQuote = {
    origin: priced.origin,
    shippingMethod: choice.shippingMethod,
    methods: METHODS_BY_ORIGIN[priced.origin],
    parcels: priced.parcels,
    totalWeightKg: priced.totalWeightKg,
    shippingUsdCents,
    storageUsdCents,
    deliveryUsdCents,
    declaredUsdCents,
    insured,
    insuranceUsdCents,
    insuranceRule,
    totalUsdCents: shippingUsdCents + storageUsdCents + (deliveryUsdCents ?? 0) + insuranceUsdCents,
  };
  return { quote, delivery, ids: priced.ids };
}

/** The price of a request as it would be confirmed now; writes nothing. */
export async function quoteShipRequest(
  db: DbOrTx,
  userId: string,
  choice: ShipRequestChoice,
): Promise<ShipRequestQuote> {
  return (await priceRequest(db, userId, choice)).quote;
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
      const packageIds = [...new Set(choice.packageIds)];
      await tx
        .select({ id: packages.id })
        .from(packages)
        .where(and(inArray(packages.id, packageIds), eq(packages.userId, userId)))
        .orderBy(asc(packages.id))
        .for('update');
      const { quote, delivery } = await priceRequest(tx, userId, choice);
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

      const shipment = await insertWithUniqueCode(tx, {
        userId,
        ...delivery,
        // Shipping and storage, as staff's shipments keep them; the delivery fee has its own column.
        shippingCostUsdCents: quote.shippingUsdCents + quote.storageUsdCents,
        totalWeightKg: quote.totalWeightKg,
        totalVolumeCm3: null,
        status: 'preparing',
        shippingMethod: choice.shippingMethod,
        requestedByCustomer: true,
        insuredValueUsdCents: quote.insured ? quote.declaredUsdCents : null,
        createdBy: userId,
      });
      await tx.insert(shipmentPackages).values(packageIds.map((packageId) => ({ shipmentId: shipment.id, packageId })));
      await tx.insert(shipmentStages).values({ shipmentId: shipment.id, ...SHIPMENT_FIRST_STAGE });

      const lines = [
        {
          description: M.lineShipping(
            shipment.shipmentCode,
            packageIds.length,
            DEPARTURE_MODE_LABELS[choice.shippingMethod],
          ),
          usdCents: quote.shippingUsdCents,
        },
        { description: M.lineStorage, usdCents: quote.storageUsdCents },
        {
          description: M.lineDelivery(DELIVERY_METHOD_LABELS[delivery.deliveryMethod]),
          usdCents: delivery.deliveryFeeUsdCents,
        },
        {
          description: INSURANCE_LABELS.invoiceLine(shipment.shipmentCode, formatUsdCents(quote.declaredUsdCents)),
          usdCents: quote.insuranceUsdCents,
        },
      ].filter((l) => l.usdCents > 0);
      const invoice = await issueInvoice(tx, {
        userId,
        concept: 'shipping_payment',
        description: M.invoiceDescription(shipment.shipmentCode),
        lines,
        shipmentId: shipment.id,
        createdBy: userId,
      });
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
