// A ship request's parcels and finished repacks, checked and priced one by one
// (docs/product/last-mile.md#the-ship-request): each the customer's, in the warehouse and free to
// leave, all from one origin with the mode it offers, each box priced by the public calculator
// (shared/src/quote) and checked against the travel rules (docs/product/travel-rules.md).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DECLARED_VALUE_MESSAGES,
  ORIGIN_OF_MAILBOX_LOCATION,
  PACKAGE_STATUSES_SHIPPABLE,
  PROBLEM_MESSAGES,
  SHIP_REQUEST_MESSAGES as M,
  TRAVEL_RULES_MESSAGES,
  categorizeItem,
  quoteBoxCents,
  type DepartureOrigin,
  type PriceList,
  type ShippingMethod,
  type TravelFlag,
} from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { mailboxes, packages, repackRequestItems, repackRequests } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { onHoldByProblem } from '../../queries/problem-parcels';
import { finishedRepackOf, inPendingRepack } from '../../queries/repacks';
import { travelChecker } from '../../queries/travel-rules';
import type { ShipRequestChoice, ShipRequestParcelPrice, ShipRequestRepackPrice } from './types';

/** The modes each origin offers: both from Miami, sea only from China. */
export const METHODS_BY_ORIGIN: Record<DepartureOrigin, ShippingMethod[]> = {
  miami: ['aereo', 'maritimo'],
  china: ['maritimo'],
};

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
export async function repackParcelIds(tx: DbOrTx, userId: string, repackIds: string[]) {
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
export async function priceParcels(tx: DbOrTx, userId: string, choice: ShipRequestChoice, prices: PriceList) {
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
    const price = quoteBoxCents(
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
      shippingUsdCents: price,
      declaredUsdCents: r.estimatedValueUsdCents ?? 0,
      category: categorizeItem(r.packageDescription ?? ''),
    };
  });
  const boxes: ShipRequestRepackPrice[] = repacks.map((r) => {
    const label = r.warehouseReceipt ?? r.id.slice(0, 8);
    const held = inside.filter((p) => p.repackId === r.id);
    const values = held.flatMap((p) => (p.estimatedValueUsdCents == null ? [] : [p.estimatedValueUsdCents]));
    const price = quoteBoxCents(
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
      shippingUsdCents: price,
      declaredUsdCents: held.reduce((sum, p) => sum + (p.estimatedValueUsdCents ?? 0), 0),
      items: held.map((p) => ({
        packageId: p.id,
        category: categorizeItem(p.packageDescription ?? ''),
        declaredValueUsdCents: p.estimatedValueUsdCents ?? 0,
      })),
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
