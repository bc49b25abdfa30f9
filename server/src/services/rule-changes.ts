// Changes reach the people they touch (docs/product/travel-rules.md#telling-the-customers): once a
// new travel-rules version or price version is in effect, each customer with an open pre-alert, a
// parcel in the warehouse or a ship request not yet departed that it affects is told once, in the
// app and by the channels they chose (kind 'shipment_news'), saying what changed and for which
// parcel. A price change touches a parcel only through the fields that price it: the freight of
// its warehouse's origin (and only when its price under the new version differs, for a measured
// parcel), the delivery fee of a zone the customer has a recipient in, insurance and storage. A version is marked announced_at; the notification's dedupe key per version keeps it to
// once per customer even if a run is repeated.
import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import {
  DELIVERY_ZONE_LABELS,
  ORIGIN_OF_MAILBOX_LOCATION,
  PRICE_LIST_FIELDS,
  SHIPPING_METHOD_LABELS,
  deliveryZoneOf,
  quoteBoxCents,
  type DeliveryZone,
  type DepartureOrigin,
  type MeasuredBox,
  type ShippingMethod,
  type VenezuelanState,
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
import {
  packages,
  priceListVersions,
  prealerts,
  recipients,
  shipmentPackages,
  shipments,
  travelRuleVersions,
} from '../db/schema';
import { parcelCheckInput, parcelLabel, parcelsInWarehouse, prealertCheckInput } from '../queries/travel-rules';
import { notifyUser } from './notify';

type Item = {
  userId: string;
  label: string;
  input: TravelCheckInput;
  link: string;
  /** The warehouse it comes to (null: a pre-alert without a mailbox). */
  origin: DepartureOrigin | null;
  /** A parcel the warehouse measured, priced under both versions; null for a pre-alert. */
  box: MeasuredBox | null;
};

const originOf = (location: string | null) => (location ? (ORIGIN_OF_MAILBOX_LOCATION[location] ?? null) : null);

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
      location: sql<string | null>`(select m.location from mailboxes m where m.id = ${prealerts.mailboxId})`,
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
      origin: originOf(p.location),
      box: null,
    })),
    ...parcels.map((p) => ({
      userId: p.userId,
      label: `el paquete ${parcelLabel(p)}`,
      input: parcelCheckInput(p),
      link: '/dashboard/almacen',
      origin: originOf(p.location),
      box: { weightKg: p.weightKg, dimensionsCm: p.dimensionsCm, valueUsdCents: p.estimatedValueUsdCents },
    })),
    ...requested.map((p) => ({
      userId: p.userId,
      label: `el paquete ${parcelLabel(p)} (envío solicitado)`,
      input: { ...parcelCheckInput(p), mode: p.shippingMethod === 'aereo' ? ('air' as const) : ('sea' as const) },
      link: '/dashboard/envios',
      origin: null,
      box: null,
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

type PriceKey = (typeof PRICE_LIST_FIELDS)[number]['key'];

/** One field that changed, in words ('Aéreo desde Miami: tarifa por libra: de $6,50 a $7,25'). */
type PriceChange = { key: PriceKey; text: string } | { zone: DeliveryZone; text: string };

/** The freight fields of each origin: the only ones that change what its parcels cost to travel. */
const FREIGHT_KEYS: Record<DepartureOrigin, readonly PriceKey[]> = {
  miami: ['usaAirRatePerLbUsdCents', 'usaAirMinLb', 'volumetricDivisor', 'usaSeaRatePerFt3UsdCents', 'usaSeaMinFt3'],
  china: ['chinaSeaRatePerCbmUsdCents', 'chinaSeaMinCbm'],
};
const FREIGHT = new Set<PriceKey>(Object.values(FREIGHT_KEYS).flat());
const MODES_OF_ORIGIN: Record<DepartureOrigin, ShippingMethod[]> = {
  miami: ['aereo', 'maritimo'],
  china: ['maritimo'],
};

/** What changed between two price lists, field by field, in the order of the price list's screen. */
export function priceChanges(before: PriceList, after: PriceList): PriceChange[] {
  const text = (unit: 'usd' | 'number' | 'percent', n: number) =>
    unit === 'usd' ? formatUsdCents(n) : writeNumber(unit === 'percent' ? 'percent' : 'priceMeasure', n);
  const changes: PriceChange[] = PRICE_LIST_FIELDS.filter((f) => before[f.key] !== after[f.key]).map((f) => ({
    key: f.key,
    text: `${f.label}: de ${text(f.unit, before[f.key])} a ${text(f.unit, after[f.key])}`,
  }));
  for (const zone of Object.keys(after.deliveryFeesUsdCents) as DeliveryZone[])
    if (before.deliveryFeesUsdCents[zone] !== after.deliveryFeesUsdCents[zone])
      changes.push({
        zone,
        text: `Entrega a domicilio (${DELIVERY_ZONE_LABELS[zone]}): de ${formatUsdCents(before.deliveryFeesUsdCents[zone])} a ${formatUsdCents(after.deliveryFeesUsdCents[zone])}`,
      });
  return changes;
}

/**
 * How a price version touches one item not yet priced: the changes that apply to it, and its line
 * ('el paquete WR-1 (aéreo: de $20,00 a $23,00)'); null when it does not touch it. A measured
 * parcel's freight counts only when its price by one of its origin's modes differs.
 */
function priceEffect(
  item: Item,
  changes: PriceChange[],
  before: PriceList,
  after: PriceList,
  zones: Set<DeliveryZone>,
) {
  const origins: DepartureOrigin[] = item.origin ? [item.origin] : ['miami', 'china'];
  const freightOfOrigin = new Set(origins.flatMap((o) => FREIGHT_KEYS[o]));
  const freightChanged = changes.some((c) => 'key' in c && freightOfOrigin.has(c.key));
  let line = item.label;
  let freightTouches = freightChanged;
  if (freightChanged && item.box && item.origin) {
    const origin = item.origin;
    const box = item.box;
    const moved = MODES_OF_ORIGIN[origin].flatMap((mode) => {
      const was = quoteBoxCents(origin, mode, box, before);
      const is = quoteBoxCents(origin, mode, box, after);
      return was != null && is != null && was !== is
        ? [`${SHIPPING_METHOD_LABELS[mode].toLowerCase()}: de ${formatUsdCents(was)} a ${formatUsdCents(is)}`]
        : [];
    });
    const measured = MODES_OF_ORIGIN[origin].every((mode) => quoteBoxCents(origin, mode, box, after) != null);
    if (measured) freightTouches = moved.length > 0;
    if (moved.length) line = `${item.label} (${moved.join('; ')})`;
  }
  const applies = changes.filter((c) =>
    'zone' in c ? zones.has(c.zone) : FREIGHT.has(c.key) ? freightTouches && freightOfOrigin.has(c.key) : true,
  );
  return applies.length ? { applies, line } : null;
}

/** The delivery zones each of these customers has a recipient in. */
async function recipientZones(tx: DbOrTx, userIds: string[]) {
  const zones = new Map<string, Set<DeliveryZone>>();
  if (userIds.length === 0) return zones;
  const rows = await tx
    .select({ userId: recipients.userId, state: recipients.state })
    .from(recipients)
    .where(and(inArray(recipients.userId, userIds), isNull(recipients.archivedAt)));
  for (const r of rows) {
    if (!r.state) continue;
    const set = zones.get(r.userId) ?? new Set<DeliveryZone>();
    set.add(deliveryZoneOf(r.state as VenezuelanState));
    zones.set(r.userId, set);
  }
  return zones;
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
      const waiting = (await items()).filter((i) => i.input.mode == null);
      const zones = await recipientZones(tx, [...new Set(waiting.map((i) => i.userId))]);
      const byUser = new Map<string, { lines: string[]; link: string; applies: Set<PriceChange> }>();
      for (const item of waiting) {
        const effect = priceEffect(item, changes, previous!.prices, v.prices, zones.get(item.userId) ?? new Set());
        if (!effect) continue;
        const entry = byUser.get(item.userId) ?? { lines: [], link: item.link, applies: new Set<PriceChange>() };
        entry.lines.push(effect.line);
        for (const c of effect.applies) entry.applies.add(c);
        byUser.set(item.userId, entry);
      }
      for (const [userId, entry] of byUser) {
        const own = changes.filter((c) => entry.applies.has(c)).map((c) => c.text);
        told += await tell(
          tx,
          new Map([[userId, entry]]),
          M.notifyPricesTitle,
          (lines) => M.notifyPrices(formatDate(v.effectiveFrom), own, lines),
          `price-version:${v.id}`,
          appUrl,
        );
      }
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
