// Changes reach the people they touch (docs/product/travel-rules.md#telling-the-customers): once a
// new travel-rules version or price version is in effect, each customer with an open pre-alert, a
// parcel in the warehouse or a ship request not yet departed that it affects is told once, in the
// app and by the channels they chose (kind 'shipment_news'), saying what changed and for which
// parcel. A version is marked announced_at; the notification's dedupe key per version keeps it to
// once per customer even if a run is repeated.
import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import {
  DELIVERY_ZONE_LABELS,
  PRICE_LIST_FIELDS,
  TRAVEL_RULES_MESSAGES as M,
  caracasDay,
  checkTravel,
  formatDate,
  formatUsdCents,
  writeNumber,
  type PriceList,
  type TravelCheckInput,
  type TravelFlag,
  type TravelRules,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { packages, priceListVersions, prealerts, shipmentPackages, shipments, travelRuleVersions } from '../db/schema';
import { parcelCheckInput, parcelLabel, parcelsInWarehouse, prealertCheckInput } from '../queries/travel-rules';
import { notifyUser } from './notify';

type Item = { userId: string; label: string; input: TravelCheckInput; link: string };

/** Everything open a rule or a price can still change: pre-alerts, parcels, ship requests not departed. */
async function openItems(tx: DbOrTx): Promise<Item[]> {
  const pre = await tx
    .select({
      userId: prealerts.userId,
      trackingNumber: prealerts.trackingNumber,
      description: prealerts.description,
      quantityItems: prealerts.quantityItems,
      estimatedWeight: prealerts.estimatedWeight,
      estimatedValueUsdCents: prealerts.estimatedValueUsdCents,
      amountSpentUsdCents: prealerts.amountSpentUsdCents,
    })
    .from(prealerts)
    .where(sql`${prealerts.status} <> 'converted'`)
    .orderBy(asc(prealerts.createdAt));
  const parcels = await parcelsInWarehouse(tx);
  const requested = await tx
    .select({
      userId: packages.userId,
      packageId: packages.id,
      warehouseReceipt: packages.warehouseReceipt,
      trackingNumber: packages.trackingNumber,
      packageDescription: packages.packageDescription,
      weightKg: packages.weightKg,
      estimatedValueUsdCents: packages.estimatedValueUsdCents,
      quantity: sql<number | null>`null`,
      shippingMethod: shipments.shippingMethod,
    })
    .from(shipmentPackages)
    .innerJoin(shipments, eq(shipments.id, shipmentPackages.shipmentId))
    .innerJoin(packages, eq(packages.id, shipmentPackages.packageId))
    .where(eq(shipments.status, 'preparing'))
    .orderBy(asc(packages.id));
  return [
    ...pre.map((p) => ({
      userId: p.userId,
      label: `la prealerta ${p.trackingNumber ?? `«${p.description}»`}`,
      input: prealertCheckInput(p),
      link: '/dashboard/prealertas',
    })),
    ...parcels.map((p) => ({
      userId: p.userId,
      label: `el paquete ${parcelLabel(p)}`,
      input: parcelCheckInput(p),
      link: '/dashboard/almacen',
    })),
    ...requested.map((p) => ({
      userId: p.userId,
      label: `el paquete ${parcelLabel(p)} (envío solicitado)`,
      input: { ...parcelCheckInput(p), mode: p.shippingMethod === 'aereo' ? ('air' as const) : ('sea' as const) },
      link: '/dashboard/envios',
    })),
  ];
}

const flagKey = (f: TravelFlag) => `${f.level}:${f.code}`;

/** The flags an item has under `after` that it did not have under `before`. */
function newFlags(before: TravelRules | null, after: TravelRules, input: TravelCheckInput) {
  const had = new Set(before ? checkTravel(before, input).map(flagKey) : []);
  return checkTravel(after, input).filter((f) => !had.has(flagKey(f)));
}

/** One notification per customer, once per version (its dedupe key). Returns how many were told. */
async function tell(
  tx: DbOrTx,
  byUser: Map<string, { lines: string[]; link: string }>,
  title: string,
  message: (lines: string[]) => string,
  dedupeKey: string,
  appUrl: string,
) {
  let told = 0;
  for (const [userId, { lines, link }] of byUser) {
    const id = await notifyUser(
      tx,
      userId,
      { title, message: message(lines), type: 'package', link },
      { kind: 'shipment_news', appUrl, email: 'default', dedupeKey },
    );
    if (id) told++;
  }
  return told;
}

async function announceTravelRules(tx: DbOrTx, appUrl: string, now: Date, items: () => Promise<Item[]>) {
  const due = await tx
    .select()
    .from(travelRuleVersions)
    .where(
      and(
        isNull(travelRuleVersions.cancelledAt),
        isNull(travelRuleVersions.announcedAt),
        lte(travelRuleVersions.effectiveAt, now),
      ),
    )
    .orderBy(asc(travelRuleVersions.effectiveAt));
  let told = 0;
  for (const v of due) {
    const [previous] = await tx
      .select({ rules: travelRuleVersions.rules })
      .from(travelRuleVersions)
      .where(and(isNull(travelRuleVersions.cancelledAt), lt(travelRuleVersions.effectiveAt, v.effectiveAt)))
      .orderBy(sql`${travelRuleVersions.effectiveAt} desc`)
      .limit(1);
    const byUser = new Map<string, { lines: string[]; link: string }>();
    for (const item of await items()) {
      const flags = newFlags(previous?.rules ?? null, v.rules, item.input);
      if (flags.length === 0) continue;
      const entry = byUser.get(item.userId) ?? { lines: [], link: item.link };
      entry.lines.push(`${item.label} (${flags.map((f) => `${f.title}: ${f.reason}`).join(' ')})`);
      byUser.set(item.userId, entry);
    }
    told += await tell(tx, byUser, M.notifyRulesTitle, M.notifyRules, `travel-rules:${v.id}`, appUrl);
    await tx.update(travelRuleVersions).set({ announcedAt: now }).where(eq(travelRuleVersions.id, v.id));
  }
  return told;
}

/** What changed between two price lists, in words ('Aéreo desde Miami: tarifa por libra: de $6,50 a $7,25'). */
export function priceChanges(before: PriceList, after: PriceList): string[] {
  const text = (unit: 'usd' | 'number' | 'percent', n: number) =>
    unit === 'usd' ? formatUsdCents(n) : writeNumber(unit === 'percent' ? 'percent' : 'priceMeasure', n);
  const changes = PRICE_LIST_FIELDS.filter((f) => before[f.key] !== after[f.key]).map(
    (f) => `${f.label}: de ${text(f.unit, before[f.key])} a ${text(f.unit, after[f.key])}`,
  );
  for (const zone of Object.keys(after.deliveryFeesUsdCents) as (keyof PriceList['deliveryFeesUsdCents'])[])
    if (before.deliveryFeesUsdCents[zone] !== after.deliveryFeesUsdCents[zone])
      changes.push(
        `Entrega a domicilio (${DELIVERY_ZONE_LABELS[zone]}): de ${formatUsdCents(before.deliveryFeesUsdCents[zone])} a ${formatUsdCents(after.deliveryFeesUsdCents[zone])}`,
      );
  return changes;
}

async function announcePrices(tx: DbOrTx, appUrl: string, now: Date, items: () => Promise<Item[]>) {
  const due = await tx
    .select()
    .from(priceListVersions)
    .where(
      and(
        isNull(priceListVersions.cancelledAt),
        isNull(priceListVersions.announcedAt),
        lte(priceListVersions.effectiveFrom, caracasDay(now)),
      ),
    )
    .orderBy(asc(priceListVersions.effectiveFrom));
  let told = 0;
  for (const v of due) {
    const [previous] = await tx
      .select({ prices: priceListVersions.prices })
      .from(priceListVersions)
      .where(and(isNull(priceListVersions.cancelledAt), lt(priceListVersions.effectiveFrom, v.effectiveFrom)))
      .orderBy(sql`${priceListVersions.effectiveFrom} desc`)
      .limit(1);
    const changes = previous ? priceChanges(previous.prices, v.prices) : [];
    if (changes.length) {
      // Everything not yet priced: pre-alerts and parcels waiting in the warehouse (a ship request
      // already confirmed keeps its invoice's prices).
      const byUser = new Map<string, { lines: string[]; link: string }>();
      for (const item of (await items()).filter((i) => i.input.mode == null)) {
        const entry = byUser.get(item.userId) ?? { lines: [], link: item.link };
        entry.lines.push(item.label);
        byUser.set(item.userId, entry);
      }
      told += await tell(
        tx,
        byUser,
        M.notifyPricesTitle,
        (lines) => M.notifyPrices(formatDate(v.effectiveFrom), changes, lines),
        `price-version:${v.id}`,
        appUrl,
      );
    }
    await tx.update(priceListVersions).set({ announcedAt: now }).where(eq(priceListVersions.id, v.id));
  }
  return told;
}

/** The job's work: every version in effect not yet announced. Safe to repeat. */
export async function announceRuleChanges(tx: DbOrTx, { appUrl, now = new Date() }: { appUrl: string; now?: Date }) {
  let cache: Promise<Item[]> | null = null;
  const items = () => (cache ??= openItems(tx));
  const rules = await announceTravelRules(tx, appUrl, now, items);
  const prices = await announcePrices(tx, appUrl, now, items);
  return { rules, prices };
}
