// The customer's packages in the warehouse (Almacén), with the photo taken at intake and the
// shipment each travels in. Every query filters by the owner; the warehouse's internal notes
// are never selected.
import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { LIST_SEARCH_MIN_LENGTH, type ListCursor, type PackageStatus } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { defineList } from '../lib/list-engine';
import { byTime, plainOrder } from '../lib/list-sorts';
import { mailboxes, packages, shipmentPackages, shipments, storedFiles } from '../db/schema';
import { packageIntakeColumns } from './packages';
import { businessToday } from '../lib/business-clock';
import { getStorageSettings, packageStorageClock } from './storage';
import { onHoldByProblem } from './problem-parcels';
import { inPendingRepack } from './repacks';
import { departureViewsOfPackages } from './departures';

export type OwnPackagesParams = { search?: string; status?: PackageStatus };
type OwnPackagesFilters = { q?: string; status?: PackageStatus };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from a package's reception until `until` (0 on its first day); null before it arrives. */
export function daysStored(receivedDate: Date | null, until = Date.now()): number | null {
  return receivedDate ? Math.max(0, Math.floor((until - receivedDate.getTime()) / DAY_MS)) : null;
}

/** The package statuses of one that has gone into a shipment (shipped: the shipment left). */
const IN_A_SHIPMENT: readonly PackageStatus[] = ['in_shipment', 'shipped'];

/** A package as its owner reads it, in the list and in the public API alike. */
const ownPackageColumns = {
  id: packages.id,
  trackingNumber: packages.trackingNumber,
  description: packages.packageDescription,
  ...packageIntakeColumns,
  mailboxCode: mailboxes.mailboxCode,
};

/**
 * When a package stopped being stored: the moment it was put in its shipment
 * (shipment_packages.created_at) once it is in one; until then (or with no link) it is still
 * stored, and the days count until now.
 */
export function storedUntil(status: PackageStatus, putInShipmentAt: Date | null, now = Date.now()): number {
  return putInShipmentAt && IN_A_SHIPMENT.includes(status) ? Math.min(now, putInShipmentAt.getTime()) : now;
}

/** Almacén: the customer's packages, the latest received (or created) first. */
const ownPackagesList = defineList<OwnPackagesFilters>()({
  name: 'own_packages',
  table: packages,
  columns: { id: packages.id, arrivedAt: sql`coalesce(${packages.receivedDate}, ${packages.createdAt})` },
  sorts: { default: byTime('arrivedAt', plainOrder) },
  defaultSort: 'default',
  scope: packages.userId,
  filters: { status: packages.status },
  search: {
    minLength: 1,
    // The tracking number, the description or the sender. From three characters, as the
    // owner-and-texts GIN index reads them (migration 0039). Shorter terms have no trigram: that
    // index would read all of the customer's rows three times over (a prepared statement's generic
    // plan takes it whatever the term: 2.3 s for one character over an online store's 100,000),
    // so they are a statement of their own, spelled `(text || '')`, the same values (NULL stays
    // NULL) in a form no index matches: the customer's rows are read newest first and filtered.
    bind: (term) => (term.length >= LIST_SEARCH_MIN_LENGTH ? { trigrams: 'yes' } : null),
    where: (_db, p, has) => {
      const text = (column: PgColumn): PgColumn | SQL => (has('trigrams') ? column : sql`(${column} || '')`);
      return or(
        ilike(text(packages.trackingNumber), p('pattern')),
        ilike(text(packages.packageDescription), p('pattern')),
        ilike(text(packages.senderName), p('pattern')),
      )!;
    },
  },
  rows: {
    direct: (db, p) =>
      db
        .select({
          ...ownPackageColumns,
          /** The warehouse's photo at intake, only when the stored file is the customer's (files.link opens it). */
          photoFileId: storedFiles.id,
          /** The shipment the package travels in, if any (a package is in one shipment at most). */
          shipmentId: shipments.id,
          shipmentCode: shipments.shipmentCode,
          shipmentStatus: shipments.status,
          /** When it was put in that shipment: the days stored stop counting there. */
          putInShipmentAt: shipmentPackages.createdAt,
          /** Held by a problem waiting for the customer's decision (docs/product/problem-parcels.md#held): not shippable. */
          onHold: onHoldByProblem,
          /** In a repack request the warehouse has not done yet: it cannot travel as it is (docs/product/last-mile.md#the-ship-request). */
          inPendingRepack,
          createdAt: packages.createdAt,
        })
        .from(packages)
        .innerJoin(mailboxes, eq(mailboxes.id, packages.mailboxId))
        .leftJoin(
          storedFiles,
          and(eq(storedFiles.id, packages.photoFileId), sql`${storedFiles.ownerUserId} = ${p('scope')}`),
        )
        .leftJoin(shipmentPackages, eq(shipmentPackages.packageId, packages.id))
        .leftJoin(
          shipments,
          and(eq(shipments.id, shipmentPackages.shipmentId), sql`${shipments.userId} = ${p('scope')}`),
        )
        .$dynamic(),
  },
});

/** The customer's packages, newest first, searched by tracking number, description or sender. */
export async function listOwnPackages(db: DbOrTx, userId: string, params: OwnPackagesParams) {
  const rows = await ownPackagesList.all(db, { q: params.search, status: params.status }, userId);
  return presentOwnPackages(db, rows);
}

/** The same list one page at a time, by number or after a cursor, with the total and the next cursor (the public API's list). */
export async function pageOwnPackages(
  db: DbOrTx,
  userId: string,
  params: OwnPackagesParams & { page: number; pageSize: number; cursor?: ListCursor },
) {
  const page = await ownPackagesList.cursorPage(
    db,
    {
      q: params.search,
      status: params.status,
      page: params.page,
      pageSize: params.pageSize,
      after: params.cursor,
    },
    userId,
  );
  return { ...page, items: await presentOwnPackages(db, page.items) };
}

type OwnPackageRow = Awaited<ReturnType<typeof ownPackagesList.all>>[number];

async function presentOwnPackages(db: DbOrTx, rows: OwnPackageRow[]) {
  const now = Date.now();
  // docs/product/storage.md: the storage clock of each parcel still on our shelves (free days left, or the fee).
  const settings = await getStorageSettings(db);
  const today = businessToday(new Date(now));
  // The flight or container each parcel travels in (docs/product/departures.md).
  const departures = await departureViewsOfPackages(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ putInShipmentAt, ...r }) => ({
    ...r,
    departure: departures.get(r.id) ?? null,
    receivedDate: r.receivedDate?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    daysStored: daysStored(r.receivedDate, storedUntil(r.status, putInShipmentAt, now)),
    storage: packageStorageClock(r, settings, today),
  }));
}

/** The stat cards: how many of the customer's packages are in each status, and their total weight. */
export async function getOwnPackageStats(db: DbOrTx, userId: string) {
  const rows = await db
    .select({ status: packages.status, n: count(), weight: sql<string>`coalesce(sum(${packages.weightKg}), 0)` })
    .from(packages)
    .where(eq(packages.userId, userId))
    .groupBy(packages.status);
  const byStatus: Partial<Record<PackageStatus, number>> = {};
  let total = 0;
  let totalWeightKg = 0;
  for (const r of rows) {
    byStatus[r.status] = Number(r.n);
    total += Number(r.n);
    totalWeightKg += Number(r.weight);
  }
  return { total, byStatus, totalWeightKg: Math.round(totalWeightKg * 100) / 100 };
}

/** One of the customer's packages, as the public API shows it; null when it is not theirs. */
export async function getOwnPackage(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select({
      ...ownPackageColumns,
      shipmentId: shipments.id,
      shipmentCode: shipments.shipmentCode,
      createdAt: packages.createdAt,
    })
    .from(packages)
    .innerJoin(mailboxes, eq(mailboxes.id, packages.mailboxId))
    .leftJoin(shipmentPackages, eq(shipmentPackages.packageId, packages.id))
    .leftJoin(shipments, and(eq(shipments.id, shipmentPackages.shipmentId), eq(shipments.userId, userId)))
    .where(and(eq(packages.id, id), eq(packages.userId, userId)));
  return row
    ? { ...row, receivedDate: row.receivedDate?.toISOString() ?? null, createdAt: row.createdAt.toISOString() }
    : null;
}
