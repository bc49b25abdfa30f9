// Reads of the admin Packages screen (docs/product/admin-packages-and-shipments.md#packages-list): the list (server-side search,
// filters, sort and bounded paging, docs/decisions/008), its count, one package's details and
// the form's choices (customers and their mailboxes).
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import {
  PROBLEM_REASONS,
  type PackageFilters,
  type PackageListParams,
  type ProblemListFilter,
} from '@casillero/shared';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { mailboxes, packages, shipmentPackages, shipments, storedFiles, userProfiles, users } from '../db/schema';
import { containsPattern, searchTerm } from '../lib/list';
import { foldedLike } from '../lib/search-text';
import { defineList } from '../lib/list-engine';
import { newestFirstOrByStatus } from '../lib/list-sorts';
import { customerArms, mailboxCodeArm } from './search-arms';
import { withCustomerAndMailbox } from '../lib/joins';

/** What a package is and where it stands in the warehouse: the admin's and the customer's lists show it. */
export const packageIntakeColumns = {
  senderName: packages.senderName,
  weightKg: packages.weightKg,
  dimensionsCm: packages.dimensionsCm,
  estimatedValueUsdCents: packages.estimatedValueUsdCents,
  status: packages.status,
  receivedDate: packages.receivedDate,
  warehouseReceipt: packages.warehouseReceipt,
  warehouseLocation: packages.warehouseLocation,
};

/** What the list shows of a package, with its customer, mailbox and shipment (if any). */
const rowColumns = {
  id: packages.id,
  trackingNumber: packages.trackingNumber,
  packageDescription: packages.packageDescription,
  ...packageIntakeColumns,
  createdAt: packages.createdAt,
  userId: packages.userId,
  customerName: userProfiles.fullName,
  customerEmail: users.email,
  mailboxId: packages.mailboxId,
  mailboxCode: mailboxes.mailboxCode,
  mailboxCountry: mailboxes.country,
  shipmentId: shipments.id,
  shipmentCode: shipments.shipmentCode,
  /** The open problem's state (docs/product/problem-parcels.md), null when the parcel has none. */
  problemState: sql<
    'awaiting_customer' | 'awaiting_staff' | null
  >`(select case when pp.choice is null then 'awaiting_customer' else 'awaiting_staff' end
    from package_problems pp where pp.package_id = ${packages.id} and pp.resolved_at is null)`,
  /** The open problem's reason and abandonment day (YYYY-MM-DD), null when the parcel has none. */
  problemReason: sql<
    (typeof PROBLEM_REASONS)[number] | null
  >`(select pp.reason from package_problems pp where pp.package_id = ${packages.id} and pp.resolved_at is null)`,
  problemAbandonOn: sql<
    string | null
  >`(select pp.abandon_on::text from package_problems pp where pp.package_id = ${packages.id} and pp.resolved_at is null)`,
};

/** 'Con problema' (docs/product/problem-parcels.md#staff-see-every-open-problem): the open problem, by who it waits for. */
const PROBLEM_WAITS_FOR: Record<ProblemListFilter, string> = {
  open: '',
  awaiting_customer: ' and pp.choice is null',
  awaiting_staff: ' and pp.choice is not null',
};
const openProblem = (extra: string) =>
  sql`exists (select 1 from package_problems pp where pp.package_id = ${packages.id} and pp.resolved_at is null${sql.raw(extra)})`;

/** A package's customer, mailbox and shipment (if any): what the list and the details join to each row. */
function withOwnerAndShipment<T extends PgSelect>(query: T) {
  return withCustomerAndMailbox(query, packages.userId, packages.mailboxId)
    .leftJoin(shipmentPackages, eq(shipmentPackages.packageId, packages.id))
    .leftJoin(shipments, eq(shipments.id, shipmentPackages.shipmentId));
}

/** The list (docs/product/admin-packages-and-shipments.md#packages-list): newest first, or by status; ids first, then the joins. */
const packagesList = defineList<PackageListParams>()({
  name: 'packages',
  ...newestFirstOrByStatus(packages),
  filters: {
    status: packages.status,
    cliente: packages.userId,
    // Enum values only (the schema refuses anything else), so each is a statement of its own.
    problema: { literal: (v) => openProblem(PROBLEM_WAITS_FOR[v] ?? '') },
    motivo: {
      literal: (v) => (PROBLEM_REASONS.includes(v) ? openProblem(` and pp.reason = '${v}'`) : undefined),
    },
  },
  search: {
    // The tracking number or description, or the customer's name or e-mail, or the mailbox code
    // (the other tables' matches as init plans: `= any(array(…))`).
    where: (db, p) =>
      or(
        ilike(packages.trackingNumber, p('pattern')),
        ilike(packages.packageDescription, p('pattern')),
        ...customerArms(db, packages.userId, p('pattern')),
        mailboxCodeArm(db, packages.mailboxId, p('pattern')),
      )!,
  },
  rows: {
    pageIds: (db, page) =>
      withOwnerAndShipment(
        db.select(rowColumns).from(page).innerJoin(packages, eq(packages.id, page.pageId)).$dynamic(),
      ),
  },
});

export const listPackages = (db: DbOrTx, input: PackageListParams) => packagesList.page(db, input);
export type PackageListRow = Awaited<ReturnType<typeof listPackages>>['rows'][number];

/** 'N de M paquetes', both counted up to the cap. */
export const countPackages = (db: DbOrTx, filters: PackageFilters) => packagesList.countWithTotal(db, filters);

/** What the details dialog shows besides the list's row. */
const detailColumns = {
  ...rowColumns,
  notes: packages.notes,
  updatedAt: packages.updatedAt,
  photoFileId: packages.photoFileId,
  photoContentType: storedFiles.contentType,
  customerPhone: userProfiles.phone,
  shipmentStatus: shipments.status,
};

/** One package with everything the details dialog shows. */
export async function getPackageDetail(db: DbOrTx, id: string) {
  const [row] = await withOwnerAndShipment(db.select(detailColumns).from(packages).$dynamic())
    .leftJoin(storedFiles, eq(storedFiles.id, packages.photoFileId))
    .where(eq(packages.id, id));
  return row ?? null;
}

export type PackageDetail = NonNullable<Awaited<ReturnType<typeof getPackageDetail>>>;

/**
 * The customer picker of the admin forms: customers by name, e-mail or mailbox code, at most 50,
 * with the delivery address of their profile (the shipment form prefills it). `id` fetches one.
 */
export async function listCustomerChoices(db: DbOrTx, input: { q?: string; id?: string }) {
  const term = searchTerm(input.q);
  const pattern = term === null ? null : containsPattern(term);
  const byCode = pattern
    ? db.select({ id: mailboxes.userId }).from(mailboxes).where(ilike(mailboxes.mailboxCode, pattern))
    : null;
  return db
    .select({
      userId: users.id,
      email: users.email,
      fullName: userProfiles.fullName,
      venezuelaAddress: userProfiles.venezuelaAddress,
      venezuelaCity: userProfiles.venezuelaCity,
      venezuelaState: userProfiles.venezuelaState,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(
      and(
        eq(users.role, 'user'),
        input.id ? eq(users.id, input.id) : undefined,
        pattern && byCode
          ? or(
              foldedLike(userProfiles.fullName, pattern),
              ilike(users.email, pattern),
              sql`${users.id} = any(array(${byCode}))`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(userProfiles.fullName), asc(users.email))
    .limit(50);
}

/** A customer's mailboxes, for the package form (docs/product/admin-packages-and-shipments.md#crear-paquete). */
export function listCustomerMailboxes(db: DbOrTx, userId: string) {
  return db
    .select({
      id: mailboxes.id,
      mailboxCode: mailboxes.mailboxCode,
      country: mailboxes.country,
      status: mailboxes.status,
    })
    .from(mailboxes)
    .where(eq(mailboxes.userId, userId))
    .orderBy(asc(mailboxes.country));
}

/** True when the mailbox exists and belongs to the customer. */
export async function isCustomerMailbox(db: DbOrTx, userId: string, mailboxId: string) {
  const [row] = await db
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .where(and(eq(mailboxes.id, mailboxId), eq(mailboxes.userId, userId)));
  return Boolean(row);
}
