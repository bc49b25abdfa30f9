// Departures (docs/product/departures.md): the staff's list and details, the manifest, the promise
// of the next open departure, and what a customer sees of the departure their shipments travel in
// (its code, mode and milestones: never another customer's shipment).
import { and, asc, desc, eq, gte, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  dollarsToCents,
  fromCents,
  MILESTONE_DEFAULT_DAYS,
  MILESTONE_DEFAULT_LABELS,
  MILESTONE_KINDS,
  MILESTONES_ENDING_RECEPTION,
  PROMISED_MILESTONE,
  type DepartureListParams,
  type DepartureMode,
  type DepartureOrigin,
  type MilestoneKind,
  type PublicDepartureView,
} from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../db/client';
import { departureMilestones, departureNews, departures, milestoneTemplates, shipments } from '../db/schema';
import { defineList } from '../lib/list-engine';
import { byTime, indexOrder } from '../lib/list-sorts';
import { businessToday } from '../lib/business-clock';

// The departure's id, qualified: a column of the selected table alone renders unqualified ("id"),
// which inside a subquery would mean the subquery's own table's id.
const OUTER_ID = sql`${sql.identifier('departures')}.${sql.identifier('id')}`;

const listColumns = {
  id: departures.id,
  code: departures.code,
  mode: departures.mode,
  origin: departures.origin,
  masterRef: departures.masterRef,
  containerNumber: departures.containerNumber,
  carrier: departures.carrier,
  voyage: departures.voyage,
  arrivalPort: departures.arrivalPort,
  cutoffOn: departures.cutoffOn,
  plannedDeparture: departures.plannedDeparture,
  plannedArrival: departures.plannedArrival,
  status: departures.status,
  delayedSince: departures.delayedSince,
  createdAt: departures.createdAt,
  shipmentCount: sql<number>`(select count(*)::int from shipments s where s.departure_id = ${OUTER_ID})`.mapWith(
    Number,
  ),
  promisedArrival: sql<string | null>`(select coalesce(m.actual_on, m.planned_on)::text from departure_milestones m
    where m.departure_id = ${OUTER_ID} and m.kind = ${PROMISED_MILESTONE})`,
};

const departuresList = defineList<DepartureListParams>()({
  name: 'departures',
  table: departures,
  columns: { id: departures.id, createdAt: departures.createdAt, plannedDeparture: departures.plannedDeparture },
  sorts: { plannedDeparture: byTime('plannedDeparture', indexOrder), createdAt: byTime('createdAt') },
  defaultSort: 'plannedDeparture',
  filters: {
    mode: { literal: (v) => sql`${departures.mode} = ${sql.raw(`'${v === 'maritimo' ? 'maritimo' : 'aereo'}'`)}` },
    origin: { literal: (v) => sql`${departures.origin} = ${sql.raw(`'${v === 'china' ? 'china' : 'miami'}'`)}` },
    status: { literal: (v) => sql`${departures.status} = ${sql.raw(`'${v === 'closed' ? 'closed' : 'open'}'`)}` },
  },
  search: {
    minLength: 2,
    // The code, the MAWB/BL, the container, the carrier or the flight/vessel, or a shipment code in it.
    where: (_db, p) =>
      or(
        ilike(departures.code, p('pattern')),
        ilike(departures.masterRef, p('pattern')),
        ilike(departures.containerNumber, p('pattern')),
        ilike(departures.carrier, p('pattern')),
        ilike(departures.voyage, p('pattern')),
        sql`exists (select 1 from shipments s where s.departure_id = ${OUTER_ID} and s.shipment_code ilike ${p('pattern')})`,
      ) ?? sql`false`,
  },
  rows: { direct: (db) => db.select(listColumns).from(departures).$dynamic() },
  present: (rows) =>
    rows.map((r) => ({
      ...r,
      shipmentCount: Number(r.shipmentCount),
      delayedSince: r.delayedSince?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
});

export const listDepartures = (db: DbOrTx, input: DepartureListParams) => departuresList.page(db, input);
export const countDepartures = (db: DbOrTx, input: DepartureListParams) => departuresList.countWithTotal(db, input);
export type DepartureListRow = Awaited<ReturnType<typeof listDepartures>>['rows'][number];

/** A package's volume in cm³ from its free-text measures ("30x20x15"); null when they do not read. */
const packageVolume = sql`case when p.dimensions_cm ~* '^\\s*[0-9]+([.,][0-9]+)?\\s*x\\s*[0-9]+([.,][0-9]+)?\\s*x\\s*[0-9]+([.,][0-9]+)?\\s*$'
  then split_part(replace(lower(regexp_replace(p.dimensions_cm, '\\s', '', 'g')), ',', '.'), 'x', 1)::numeric
     * split_part(replace(lower(regexp_replace(p.dimensions_cm, '\\s', '', 'g')), ',', '.'), 'x', 2)::numeric
     * split_part(replace(lower(regexp_replace(p.dimensions_cm, '\\s', '', 'g')), ',', '.'), 'x', 3)::numeric
  end`;

export type ManifestRow = {
  shipmentId: string;
  shipmentCode: string;
  userId: string;
  customer: string;
  email: string;
  mailboxCodes: string;
  pieces: number;
  weightKg: number;
  volumeCm3: number;
  declaredUsd: number;
  description: string;
};

/** Every shipment in the departure with its customer and its parcels' sums: the manifest's lines, by shipment code. */
export async function departureManifest(db: DbOrTx, departureId: string): Promise<ManifestRow[]> {
  const rows = rowsOf<{
    shipment_id: string;
    shipment_code: string;
    user_id: string;
    customer: string;
    email: string;
    mailbox_codes: string | null;
    pieces: number;
    weight_kg: string | number;
    volume_cm3: string | number;
    declared_usd: string | number;
    description: string | null;
  }>(
    await db.execute(sql`
      select s.id as shipment_id, s.shipment_code, s.user_id,
             coalesce(nullif(trim(up.full_name), ''), u.email) as customer, u.email,
             string_agg(distinct m.mailbox_code, ', ') as mailbox_codes,
             count(p.id)::int as pieces,
             coalesce(sum(p.weight_kg), 0) as weight_kg,
             coalesce(sum(${packageVolume}), 0) as volume_cm3,
             coalesce(sum(p.estimated_value_usd_cents), 0) as declared_usd,
             string_agg(p.package_description, '; ' order by p.created_at, p.id) as description
      from shipments s
      join users u on u.id = s.user_id
      left join user_profiles up on up.user_id = s.user_id
      left join shipment_packages sp on sp.shipment_id = s.id
      left join packages p on p.id = sp.package_id
      left join mailboxes m on m.id = p.mailbox_id
      where s.departure_id = ${departureId}
      group by s.id, u.email, up.full_name
      order by s.shipment_code`),
  );
  return rows.map((r) => ({
    shipmentId: r.shipment_id,
    shipmentCode: r.shipment_code,
    userId: r.user_id,
    customer: r.customer,
    email: r.email,
    mailboxCodes: r.mailbox_codes ?? '',
    pieces: Number(r.pieces),
    weightKg: Number(r.weight_kg),
    volumeCm3: Math.round(Number(r.volume_cm3)),
    declaredUsd: fromCents(Number(r.declared_usd)),
    description: r.description ?? '',
  }));
}

/** The manifest's totals, summed in whole cents and grams so that no float error creeps in. */
export function manifestTotals(rows: ManifestRow[]) {
  const t = rows.reduce(
    (acc, r) => ({
      shipments: acc.shipments + 1,
      customers: acc.customers.add(r.userId),
      pieces: acc.pieces + r.pieces,
      grams: acc.grams + Math.round(r.weightKg * 1000),
      volumeCm3: acc.volumeCm3 + r.volumeCm3,
      cents: acc.cents + dollarsToCents(r.declaredUsd),
    }),
    { shipments: 0, customers: new Set<string>(), pieces: 0, grams: 0, volumeCm3: 0, cents: 0 },
  );
  return {
    shipments: t.shipments,
    customers: t.customers.size,
    pieces: t.pieces,
    weightKg: t.grams / 1000,
    volumeCm3: t.volumeCm3,
    declaredUsd: fromCents(t.cents),
  };
}

export async function findDeparture(db: DbOrTx, id: string) {
  const [d] = await db.select().from(departures).where(eq(departures.id, id));
  return d ?? null;
}

/** The departure, its milestones in order, its shipments (the manifest's lines and totals) and its news. */
export async function getDepartureDetail(db: DbOrTx, id: string) {
  const d = await findDeparture(db, id);
  if (!d) return null;
  const [milestones, lines, news] = await Promise.all([
    db
      .select()
      .from(departureMilestones)
      .where(eq(departureMilestones.departureId, id))
      .orderBy(asc(departureMilestones.position)),
    departureManifest(db, id),
    db
      .select()
      .from(departureNews)
      .where(eq(departureNews.departureId, id))
      .orderBy(desc(departureNews.createdAt))
      .limit(20),
  ]);
  return {
    ...d,
    closedAt: d.closedAt?.toISOString() ?? null,
    delayedSince: d.delayedSince?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    milestones: milestones.map(presentMilestone),
    shipments: lines,
    totals: manifestTotals(lines),
    news: news.map((n) => ({
      id: n.id,
      kind: n.kind,
      message: n.message,
      recipientCount: n.recipientCount,
      createdAt: n.createdAt.toISOString(),
    })),
  };
}
export type DepartureDetail = NonNullable<Awaited<ReturnType<typeof getDepartureDetail>>>;

const presentMilestone = (m: typeof departureMilestones.$inferSelect) => ({
  kind: m.kind,
  label: m.label,
  plannedOn: m.plannedOn,
  plannedBasis: m.plannedBasis,
  actualOn: m.actualOn,
  delayedTo: m.delayedTo,
  recordedAt: m.recordedAt?.toISOString() ?? null,
});

type DepartureView = PublicDepartureView;

/** The departures of these shipments, by shipment id (for the customer's screens and public tracking). */
export async function departureViewsOfShipments(db: DbOrTx, shipmentIds: string[]) {
  const out = new Map<string, DepartureView>();
  if (shipmentIds.length === 0) return out;
  const rows = await db
    .select({
      shipmentId: shipments.id,
      departureId: departures.id,
      code: departures.code,
      mode: departures.mode,
      origin: departures.origin,
      arrivalPort: departures.arrivalPort,
      delayedSince: departures.delayedSince,
    })
    .from(shipments)
    .innerJoin(departures, eq(departures.id, shipments.departureId))
    .where(inArray(shipments.id, shipmentIds));
  if (rows.length === 0) return out;
  const milestones = await db
    .select()
    .from(departureMilestones)
    .where(
      inArray(
        departureMilestones.departureId,
        rows.map((r) => r.departureId),
      ),
    )
    .orderBy(asc(departureMilestones.position));
  for (const r of rows) {
    const own = milestones
      .filter((m) => m.departureId === r.departureId)
      .map((m) => ({
        kind: m.kind,
        label: m.label,
        plannedOn: m.plannedOn,
        plannedBasis: m.plannedBasis,
        actualOn: m.actualOn,
      }));
    const promised = own.find((m) => m.kind === PROMISED_MILESTONE);
    out.set(r.shipmentId, {
      code: r.code,
      mode: r.mode,
      origin: r.origin,
      arrivalPort: r.arrivalPort,
      delayed: Boolean(r.delayedSince),
      promisedArrival: promised ? (promised.actualOn ?? promised.plannedOn) : null,
      milestones: own,
    });
  }
  return out;
}

/** The departures of these packages (through their shipment), by package id. */
export async function departureViewsOfPackages(db: DbOrTx, packageIds: string[]) {
  const out = new Map<string, DepartureView>();
  if (packageIds.length === 0) return out;
  const links = rowsOf<{ package_id: string; shipment_id: string }>(
    await db.execute(sql`
      select sp.package_id, sp.shipment_id from shipment_packages sp
      join shipments s on s.id = sp.shipment_id
      where s.departure_id is not null
        and sp.package_id in (select (json_array_elements_text(${JSON.stringify(packageIds)}::json))::uuid)`),
  );
  const views = await departureViewsOfShipments(
    db,
    links.map((l) => l.shipment_id),
  );
  for (const l of links) {
    const v = views.get(l.shipment_id);
    if (v) out.set(l.package_id, v);
  }
  return out;
}

/** The departures of these trackings (through their parcel's shipment), by tracking id. */
export async function departureViewsOfTrackings(db: DbOrTx, trackingIds: string[]) {
  const out = new Map<string, DepartureView>();
  if (trackingIds.length === 0) return out;
  const links = rowsOf<{ tracking_id: string; shipment_id: string }>(
    await db.execute(sql`
      select distinct on (p.tracking_id) p.tracking_id, sp.shipment_id
      from packages p
      join shipment_packages sp on sp.package_id = p.id
      join shipments s on s.id = sp.shipment_id
      where s.departure_id is not null
        and p.tracking_id in (select (json_array_elements_text(${JSON.stringify(trackingIds)}::json))::uuid)
      order by p.tracking_id, s.created_at desc`),
  );
  const views = await departureViewsOfShipments(
    db,
    links.map((l) => l.shipment_id),
  );
  for (const l of links) {
    const v = views.get(l.shipment_id);
    if (v) out.set(l.tracking_id, v);
  }
  return out;
}

/**
 * The promise before it ships: per mode and origin, the next departure still open for reception
 * (open, its cutoff not passed, no milestone recorded that ends reception: the cierre or the salida,
 * MILESTONES_ENDING_RECEPTION), with its planned departure and promised arrival.
 */
export async function nextDepartures(db: DbOrTx, filter: { mode?: DepartureMode; origin?: DepartureOrigin } = {}) {
  const today = businessToday();
  const rows = await db
    .selectDistinctOn([departures.mode, departures.origin], {
      id: departures.id,
      code: departures.code,
      mode: departures.mode,
      origin: departures.origin,
      cutoffOn: departures.cutoffOn,
      plannedDeparture: departures.plannedDeparture,
      // Qualified by hand: in a one-table select the column renders bare ("id"), which inside
      // this subquery would mean the milestone's own id and never match.
      arrival: sql<string>`(select coalesce(m.actual_on, m.planned_on)::text from departure_milestones m
        where m.departure_id = "departures"."id" and m.kind = ${PROMISED_MILESTONE})`,
    })
    .from(departures)
    .where(
      and(
        eq(departures.status, 'open'),
        gte(departures.cutoffOn, today),
        sql`not exists (select 1 from departure_milestones m where m.departure_id = "departures"."id"
          and m.actual_on is not null and m.kind in (${sql.join(
            MILESTONES_ENDING_RECEPTION.map((k) => sql`${k}`),
            sql`, `,
          )}))`,
        filter.mode ? eq(departures.mode, filter.mode) : undefined,
        filter.origin ? eq(departures.origin, filter.origin) : undefined,
      ),
    )
    .orderBy(departures.mode, departures.origin, asc(departures.cutoffOn), asc(departures.plannedDeparture));
  return rows.map((r) => ({
    mode: r.mode,
    origin: r.origin,
    code: r.code,
    cutoffOn: r.cutoffOn,
    plannedDeparture: r.plannedDeparture,
    arrival: r.arrival ?? r.plannedDeparture,
  }));
}
export type DeparturePromise = Awaited<ReturnType<typeof nextDepartures>>[number];

export async function getMilestoneTemplates(db: DbOrTx) {
  const out: Record<DepartureMode, { kind: MilestoneKind; label: string; typicalDays: number }[]> = {
    aereo: [],
    maritimo: [],
  };
  for (const mode of ['aereo', 'maritimo'] as const) {
    const t = await loadTemplate(db, mode);
    out[mode] = MILESTONE_KINDS.map((kind) => ({ kind, ...t[kind] }));
  }
  return out;
}

export type MilestoneTemplate = Record<MilestoneKind, { label: string; typicalDays: number }>;

/** The mode's template: the administrator's rows, the defaults where there are none. */
export async function loadTemplate(tx: DbOrTx, mode: DepartureMode): Promise<MilestoneTemplate> {
  const rows = await tx.select().from(milestoneTemplates).where(eq(milestoneTemplates.mode, mode));
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return Object.fromEntries(
    MILESTONE_KINDS.map((kind) => [
      kind,
      {
        label: byKind.get(kind)?.label ?? MILESTONE_DEFAULT_LABELS[kind],
        typicalDays: byKind.get(kind)?.typicalDays ?? MILESTONE_DEFAULT_DAYS[mode][kind],
      },
    ]),
  ) as MilestoneTemplate;
}
