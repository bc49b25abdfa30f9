// The customs estimates the customer's screens show (docs/product/customs.md#where-the-estimate-is-shown),
// computed here from the rules so the client never needs them: each pre-alert's parcel on its own
// guía (the rules in effect), and a shipment invoice's guía (the rules in effect when it was issued,
// at its own frozen rate). The caller has already filtered the rows by their owner; what is read
// here is filtered by the same customer again.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  ORIGIN_OF_MAILBOX_LOCATION,
  categorizeItem,
  customsRulesInEffect,
  estimateCustoms,
  prealertCustomsEstimate,
  shownEstimate,
  type CustomsEstimateShown,
  type PrealertForCustoms,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import {
  invoices,
  mailboxes,
  packages,
  repackRequestItems,
  repackRequests,
  shipmentPackages,
  shipments,
} from '../db/schema';
import type { InvoiceLine } from '../db/schema';
import { customsRulesNow, currentCustomsVersion, listCustomsVersions } from './customs';
import { getPricesInEffect } from './prices';

type PrealertRow = Omit<PrealertForCustoms, 'origin'> & { id: string; mailboxId: string | null };

/** Each pre-alert's estimate by its id; none for one that declares no value. */
export async function prealertEstimates(
  db: DbOrTx,
  userId: string,
  rows: PrealertRow[],
): Promise<Map<string, CustomsEstimateShown>> {
  const out = new Map<string, CustomsEstimateShown>();
  if (rows.length === 0) return out;
  const ids = [...new Set(rows.flatMap((r) => (r.mailboxId ? [r.mailboxId] : [])))];
  const [now, { prices }, boxes] = await Promise.all([
    customsRulesNow(db),
    getPricesInEffect(db),
    ids.length
      ? db
          .select({ id: mailboxes.id, location: mailboxes.location })
          .from(mailboxes)
          .where(and(inArray(mailboxes.id, ids), eq(mailboxes.userId, userId)))
      : Promise.resolve([]),
  ]);
  for (const r of rows) {
    const location = boxes.find((b) => b.id === r.mailboxId)?.location;
    const origin = (location && ORIGIN_OF_MAILBOX_LOCATION[location]) || null;
    const estimate = prealertCustomsEstimate(now, { ...r, origin }, prices);
    if (estimate) out.set(r.id, shownEstimate(now, estimate));
  }
  return out;
}

type InvoiceRow = {
  id: string;
  lines: InvoiceLine[];
  vesPerUsd: string | null;
  rateDate: string | null;
  createdAt: Date | string;
};

const sumOf = (lines: InvoiceLine[], kind: InvoiceLine['kind']) =>
  lines.filter((l) => l.kind === kind).reduce((a, l) => a + l.usdCents, 0);

/**
 * Each shipment invoice's estimate by its id: the shipment's parcels on its one guía (each in the
 * category its description reveals, at its declared value), the invoice's freight and insurance
 * lines, one box per parcel; the rules in effect when it was issued, in Bs. at its frozen rate.
 */
export async function invoiceEstimates(
  db: DbOrTx,
  userId: string,
  rows: InvoiceRow[],
): Promise<Map<string, CustomsEstimateShown>> {
  const out = new Map<string, CustomsEstimateShown>();
  if (rows.length === 0) return out;
  const ofShipments = await db
    .select({ id: invoices.id, shipmentId: invoices.shipmentId })
    .from(invoices)
    .where(
      and(
        inArray(
          invoices.id,
          rows.map((r) => r.id),
        ),
        eq(invoices.userId, userId),
      ),
    );
  const shipmentOf = new Map(ofShipments.flatMap((i) => (i.shipmentId ? [[i.id, i.shipmentId] as const] : [])));
  const shipmentIds = [...new Set(shipmentOf.values())];
  if (shipmentIds.length === 0) return out;
  const [versions, fallback, parcels] = await Promise.all([
    listCustomsVersions(db),
    currentCustomsVersion(db),
    parcelsOfShipments(db, shipmentIds, userId),
  ]);
  for (const r of rows) {
    const inside = parcels.filter((p) => p.shipmentId === shipmentOf.get(r.id));
    const guia = invoiceGuiaEstimate(versions, fallback, r, inside);
    if (guia)
      out.set(
        r.id,
        shownEstimate({ number: guia.version.number, rules: guia.version.rules, rate: guia.rate }, guia.estimate),
      );
  }
  return out;
}

export type ParcelForCustoms = {
  method: string;
  description: string | null;
  valueUsdCents: number | null;
  /** The repack whose box it travels in (one box for all of its parcels); null: a box of its own. */
  repackId?: string | null;
};

/** The boxes of a guía: each parcel on its own, each repack's parcels in one. */
export const boxesOf = (inside: ParcelForCustoms[]) =>
  new Set(inside.map((p, i) => (p.repackId ? `r:${p.repackId}` : `p:${i}`))).size;

/**
 * A shipment invoice's guía estimated (docs/product/customs.md#where-the-estimate-is-shown): its
 * parcels (in the order given), the invoice's freight and insurance lines, its boxes (a parcel, or a
 * repack's box), the rules in effect when it was issued, at its frozen rate. Null without parcels.
 * For an invoice issued by a ship request, it is the estimate its `import_taxes` line charged
 * (docs/product/customs.md#the-invoice). The customer's invoice screen and the settlement with the
 * broker (services/customs-settlement) use this one.
 */
export function invoiceGuiaEstimate(
  versions: Awaited<ReturnType<typeof listCustomsVersions>>,
  fallback: Awaited<ReturnType<typeof currentCustomsVersion>>,
  invoice: Pick<InvoiceRow, 'lines' | 'vesPerUsd' | 'rateDate' | 'createdAt'>,
  inside: ParcelForCustoms[],
) {
  if (inside.length === 0) return null;
  const at = new Date(invoice.createdAt);
  const version = customsRulesInEffect(versions, at) ?? fallback;
  const rate =
    invoice.vesPerUsd && invoice.rateDate ? { vesPerUsd: invoice.vesPerUsd, rateDate: invoice.rateDate } : null;
  const estimate = estimateCustoms(version.rules, {
    mode: inside[0].method === 'aereo' ? 'air' : 'sea',
    items: inside.map((p) => ({
      category: categorizeItem(p.description ?? ''),
      declaredValueUsdCents: p.valueUsdCents ?? 0,
    })),
    freightUsdCents: sumOf(invoice.lines, 'shipping'),
    insuranceUsdCents: sumOf(invoice.lines, 'insurance'),
    boxes: boxesOf(inside),
    rate: rate?.vesPerUsd ?? null,
  });
  return { version, rate, estimate };
}

/** The customer's invoices, each with its estimate (null: not a shipment's). */
export async function withInvoiceEstimates<R extends InvoiceRow>(db: DbOrTx, userId: string, rows: R[]) {
  const estimates = await invoiceEstimates(db, userId, rows);
  return rows.map((r) => ({ ...r, customs: estimates.get(r.id) ?? null }));
}

/**
 * The parcels in these shipments with what the customs estimate reads of them (the customer's
 * own only, when `userId` is given), in the parcels' order, so the freight's shares (and their
 * rounding) are always the same wherever a shipment's estimate is computed.
 */
export function parcelsOfShipments(db: DbOrTx, shipmentIds: string[], userId?: string) {
  return db
    .select({
      shipmentId: shipmentPackages.shipmentId,
      method: shipments.shippingMethod,
      description: packages.packageDescription,
      valueUsdCents: packages.estimatedValueUsdCents,
      // The shipped repack it travels in, if any: its parcels make one box.
      repackId: sql<string | null>`(
        select ${repackRequestItems.repackRequestId} from ${repackRequestItems}
        join ${repackRequests} on ${repackRequests.id} = ${repackRequestItems.repackRequestId}
        where ${repackRequestItems.packageId} = ${packages.id} and ${repackRequests.status} = 'shipped'
        limit 1)`,
    })
    .from(shipmentPackages)
    .innerJoin(shipments, eq(shipments.id, shipmentPackages.shipmentId))
    .innerJoin(packages, eq(packages.id, shipmentPackages.packageId))
    .where(and(inArray(shipmentPackages.shipmentId, shipmentIds), userId ? eq(packages.userId, userId) : undefined))
    .orderBy(asc(packages.id));
}
