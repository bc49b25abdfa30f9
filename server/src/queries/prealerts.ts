// Reads of the admin pre-alerts screen (docs/product/admin-prealerts.md#the-screen): every customer's pre-alerts,
// newest first, searched and filtered in SQL, a page at a time, with the counters by status.
import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import {
  PREALERT_STATUSES,
  type PrealertAdminFilters,
  type PrealertAdminListParams,
  type PrealertStatus,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { mailboxes, prealerts, trackings, userProfiles, users } from '../db/schema';
import { defineList } from '../lib/list-engine';
import { newestFirst } from '../lib/list-sorts';
import { withCustomer } from '../lib/joins';
import { customerArms } from './search-arms';
import { prealertCheckInput, travelChecker } from './travel-rules';

/** What a card and the details dialog show of a pre-alert. */
const cardColumns = {
  id: prealerts.id,
  userId: prealerts.userId,
  trackingNumber: prealerts.trackingNumber,
  description: prealerts.description,
  quantityItems: prealerts.quantityItems,
  amountSpentUsdCents: prealerts.amountSpentUsdCents,
  senderName: prealerts.senderName,
  estimatedWeight: prealerts.estimatedWeight,
  estimatedValueUsdCents: prealerts.estimatedValueUsdCents,
  carrier: prealerts.carrier,
  estadoTracking: prealerts.estadoTracking,
  notes: prealerts.notes,
  status: prealerts.status,
  invoiceFileId: prealerts.invoiceFileId,
  convertedAt: prealerts.convertedAt,
  convertedPackageId: prealerts.convertedPackageId,
  createdAt: prealerts.createdAt,
  updatedAt: prealerts.updatedAt,
  clientName: userProfiles.fullName,
  clientEmail: users.email,
  mailboxCode: mailboxes.mailboxCode,
};

export type AdminPrealertRow = Awaited<ReturnType<typeof listAdminPrealerts>>['rows'][number];

/**
 * The warehouse's tracking registered for a pre-alert (trackings.prealert_id, set when the
 * tracking was created with the number of the customer's pending pre-alert): one lookup in
 * trackings_prealert_id_idx per pre-alert of the page, the newest should there be several.
 */
function matchedTrackingOf(db: DbOrTx) {
  return db
    .select({
      trackingId: trackings.id,
      trackingNumber: trackings.trackingNumber,
      trackingStatus: trackings.status,
      trackingCreatedAt: trackings.createdAt,
    })
    .from(trackings)
    .where(eq(trackings.prealertId, prealerts.id))
    .orderBy(desc(trackings.createdAt), desc(trackings.id))
    .limit(1)
    .as('matched_tracking');
}

/**
 * A page of pre-alerts, newest first: ids first (index order), then the joins for those rows,
 * each with the tracking the warehouse registered for it (null when none).
 */
const prealertsList = defineList<PrealertAdminListParams>()({
  name: 'prealerts',
  ...newestFirst(prealerts),
  filters: { status: prealerts.status },
  search: {
    // The tracking number, the sender, the description, or the client's name or e-mail.
    where: (db, p) =>
      or(
        ilike(prealerts.trackingNumber, p('pattern')),
        ilike(prealerts.senderName, p('pattern')),
        ilike(prealerts.description, p('pattern')),
        ...customerArms(db, prealerts.userId, p('pattern')),
      )!,
  },
  rows: {
    pageIds: (db, page) => {
      const matched = matchedTrackingOf(db);
      const rows = db
        .select({
          ...cardColumns,
          matchedTracking: {
            id: matched.trackingId,
            trackingNumber: matched.trackingNumber,
            status: matched.trackingStatus,
            createdAt: matched.trackingCreatedAt,
          },
        })
        .from(page)
        .innerJoin(prealerts, eq(prealerts.id, page.pageId));
      return withCustomer(rows.$dynamic(), prealerts.userId)
        .leftJoin(mailboxes, eq(mailboxes.id, prealerts.mailboxId))
        .leftJoinLateral(matched, sql`true`);
    },
  },
  present: (rows) =>
    rows.map(({ matchedTracking, ...r }) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      convertedAt: r.convertedAt?.toISOString() ?? null,
      matchedTracking: matchedTracking
        ? { ...matchedTracking, createdAt: matchedTracking.createdAt.toISOString() }
        : null,
    })),
});

/**
 * A page of pre-alerts, each with what the travel rules in effect say of it (docs/product/travel-rules.md):
 * staff see the same flags the customer does; a converted one is the parcel's business now.
 */
export async function listAdminPrealerts(db: DbOrTx, input: PrealertAdminListParams) {
  const page = await prealertsList.page(db, input);
  const check = await travelChecker(db);
  return {
    ...page,
    rows: page.rows.map((r) => ({ ...r, travelFlags: r.status === 'converted' ? [] : check(prealertCheckInput(r)) })),
  };
}

/** How many pre-alerts match the filters, counted up to the cap. */
export const countAdminPrealerts = (db: DbOrTx, filters: PrealertAdminFilters) => prealertsList.count(db, filters);

/** The counters Pendientes, Confirmadas, Convertidas (and the total), grouped in SQL. */
export async function prealertStatusCounts(db: DbOrTx): Promise<Record<PrealertStatus, number> & { total: number }> {
  const rows = await db
    .select({ status: prealerts.status, n: sql<number>`count(*)::int` })
    .from(prealerts)
    .groupBy(prealerts.status);
  const counts = Object.fromEntries(PREALERT_STATUSES.map((s) => [s, 0])) as Record<PrealertStatus, number>;
  for (const r of rows) counts[r.status] = Number(r.n);
  return { ...counts, total: PREALERT_STATUSES.reduce((n, s) => n + counts[s], 0) };
}

/**
 * The mailbox a converted pre-alert's package goes to: the pre-alert's own mailbox when it
 * names one of the customer's, otherwise the customer's first (oldest) mailbox; null when the
 * customer has none.
 */
export async function conversionMailboxOf(db: DbOrTx, userId: string, preferredId: string | null) {
  const [row] = await db
    .select({ id: mailboxes.id, mailboxCode: mailboxes.mailboxCode })
    .from(mailboxes)
    .where(eq(mailboxes.userId, userId))
    .orderBy(...(preferredId ? [sql`(${mailboxes.id} = ${preferredId}) desc`] : []), mailboxes.createdAt, mailboxes.id)
    .limit(1);
  return row ?? null;
}
