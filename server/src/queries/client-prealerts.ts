// The customer's own pre-alerts (Prealertas). Every query filters by the owner.
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { ListCursor } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { defineList } from '../lib/list-engine';
import { ownNewestFirst } from '../lib/list-sorts';
import { mailboxes, prealerts, trackings } from '../db/schema';
import { prealertCheckInput, travelChecker } from './travel-rules';
import { legFor, ownCarrierLegs } from './carrier-leg';
import { prealertEstimates } from './customs-estimates';

export const ownPrealertColumns = {
  id: prealerts.id,
  trackingNumber: prealerts.trackingNumber,
  carrier: prealerts.carrier,
  senderName: prealerts.senderName,
  description: prealerts.description,
  quantityItems: prealerts.quantityItems,
  amountSpentUsdCents: prealerts.amountSpentUsdCents,
  estimatedWeight: prealerts.estimatedWeight,
  estimatedValueUsdCents: prealerts.estimatedValueUsdCents,
  estadoTracking: prealerts.estadoTracking,
  notes: prealerts.notes,
  status: prealerts.status,
  mailboxId: prealerts.mailboxId,
  mailboxCode: mailboxes.mailboxCode,
  invoiceFileId: prealerts.invoiceFileId,
  orderNumber: prealerts.orderNumber,
  emailFields: prealerts.emailFields,
  whatsappFields: prealerts.whatsappFields,
  convertedAt: prealerts.convertedAt,
  createdAt: prealerts.createdAt,
  updatedAt: prealerts.updatedAt,
};

/** The pre-alert if it is the customer's; null otherwise. */
export async function findOwnPrealert(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select({
      id: prealerts.id,
      status: prealerts.status,
      trackingNumber: prealerts.trackingNumber,
      mailboxId: prealerts.mailboxId,
    })
    .from(prealerts)
    .where(and(eq(prealerts.id, id), eq(prealerts.userId, userId)));
  return row ?? null;
}

/** One of the customer's pre-alerts that `condition` names (its id), or null. */
export async function findOwnPrealertWhere(db: DbOrTx, userId: string, condition: SQL | undefined) {
  const [row] = await db
    .select({ id: prealerts.id })
    .from(prealerts)
    .where(and(eq(prealerts.userId, userId), condition))
    .limit(1);
  return row ?? null;
}

/** Whether the customer already pre-alerted this tracking number (another pre-alert than `exceptId`). */
export async function hasOwnPrealertWithTracking(
  db: DbOrTx,
  userId: string,
  trackingNumber: string,
  exceptId?: string,
) {
  const condition = and(
    sql`upper(${prealerts.trackingNumber}) = upper(${trackingNumber})`,
    exceptId ? sql`${prealerts.id} <> ${exceptId}` : undefined,
  );
  return (await findOwnPrealertWhere(db, userId, condition)) !== null;
}

/**
 * The customer's pre-alerts, newest first, each with the warehouse's tracking that matches it
 * (linked by prealert_id, or with the same tracking number), when there is one.
 */
const ownPrealertsList = defineList<object>()({
  name: 'own_prealerts',
  ...ownNewestFirst(prealerts),
  rows: {
    direct: (db) =>
      db
        .select(ownPrealertColumns)
        .from(prealerts)
        .leftJoin(mailboxes, eq(mailboxes.id, prealerts.mailboxId))
        .$dynamic(),
  },
});

export async function listOwnPrealerts(db: DbOrTx, userId: string) {
  const rows = await ownPrealertsList.all(db, {}, userId);
  // The travel rules in effect, on what the customer declared (docs/product/travel-rules.md).
  const check = await travelChecker(db);
  const ids = rows.map((r) => r.id);
  const numbers = rows.map((r) => r.trackingNumber?.toUpperCase()).filter((n): n is string => Boolean(n));
  const matches =
    ids.length === 0
      ? []
      : await db
          .select({
            id: trackings.id,
            trackingNumber: trackings.trackingNumber,
            status: trackings.status,
            prealertId: trackings.prealertId,
            createdAt: trackings.createdAt,
          })
          .from(trackings)
          .where(
            and(
              eq(trackings.userId, userId),
              or(
                inArray(trackings.prealertId, ids),
                numbers.length ? inArray(sql`upper(${trackings.trackingNumber})`, numbers) : undefined,
              ),
            ),
          );
  // The carrier's leg of each (docs/product/first-mile.md), in one statement for the whole list.
  const legs = await ownCarrierLegs(
    db,
    userId,
    rows.map((r) => r.trackingNumber),
  );
  // 'Impuestos estimados' of each parcel (docs/product/customs.md#where-the-estimate-is-shown).
  const estimates = await prealertEstimates(db, userId, rows);
  return rows.map((r) => {
    const match =
      matches.find((t) => t.prealertId === r.id) ??
      (r.trackingNumber
        ? matches.find((t) => t.trackingNumber.toUpperCase() === r.trackingNumber!.toUpperCase())
        : undefined);
    return {
      ...r,
      convertedAt: r.convertedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      isEditable: r.status !== 'converted',
      travelFlags: r.status === 'converted' ? [] : check(prealertCheckInput(r)),
      carrierLeg: legFor(legs, r.trackingNumber),
      customs: estimates.get(r.id) ?? null,
      matchedTracking: match
        ? {
            id: match.id,
            trackingNumber: match.trackingNumber,
            status: match.status,
            createdAt: match.createdAt.toISOString(),
          }
        : null,
    };
  });
}

const presentOwnPrealert = <R extends { convertedAt: Date | null; createdAt: Date; updatedAt: Date }>(r: R) => ({
  ...r,
  convertedAt: r.convertedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * The customer's pre-alerts one page at a time, newest first, with the total and the next page's
 * cursor; by number or after a cursor (the public API's list).
 */
export async function pageOwnPrealerts(
  db: DbOrTx,
  userId: string,
  params: { page: number; pageSize: number; cursor?: ListCursor },
) {
  const page = await ownPrealertsList.cursorPage(db, { ...params, after: params.cursor }, userId);
  return { ...page, items: page.items.map(presentOwnPrealert) };
}

/** One of the customer's pre-alerts with every field; null when it is not theirs. */
export async function getOwnPrealert(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select(ownPrealertColumns)
    .from(prealerts)
    .leftJoin(mailboxes, eq(mailboxes.id, prealerts.mailboxId))
    .where(and(eq(prealerts.id, id), eq(prealerts.userId, userId)));
  return row ? presentOwnPrealert(row) : null;
}
