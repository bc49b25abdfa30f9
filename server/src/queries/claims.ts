// Claims' reads (docs/product/claims.md): the settings, the customer's Reclamos, a claim with its
// evidence and what it may pay, and the desk's queue on the list engine. The facts of the parcel a
// claim is opened on are in claim-subject.ts, the payout's cap in claim-payout-cap.ts.
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  CLAIM_DEFAULT_SETTINGS,
  CLAIM_KINDS,
  STAFF_ROLES,
  can,
  claimCode,
  usdCentsToVesCentimos,
  type ClaimListParams,
  type ClaimSettings,
  type InsuranceRule,
  insuranceRuleOfPrices,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import type { Config } from '../env';
import {
  appSettings,
  claimEvents,
  claimPhotos,
  claims,
  packages,
  prealerts,
  shipments,
  trackings,
  userProfiles,
  users,
} from '../db/schema';
import { customerName, withCustomer } from '../lib/joins';
import { signFileLink } from '../files/links';
import { getFileLinkSecret } from '../files/secret';
import { defineList } from '../lib/list-engine';
import type { SortKey } from '../lib/list-sorts';
import { businessToday } from '../lib/business-clock';
import { rateForDay } from './billing';
import { getPricesInEffect } from './prices';
import { packagePhotoLinks } from './package-photos';
import { claimSubjectFacts } from './claim-subject';
import { claimPayoutFacts } from './claim-payout-cap';

/** One app_settings row holds the desk's settings as JSON: a change is one row and one audit entry. */
export const CLAIM_SETTINGS_KEY = 'claims';

/** The insurance rule of the calculators and the ship request: the price list's in effect (docs/product/price-lists.md). */
export async function getInsuranceRule(db: DbOrTx): Promise<InsuranceRule> {
  return insuranceRuleOfPrices((await getPricesInEffect(db)).prices);
}

export async function getClaimSettings(db: DbOrTx): Promise<ClaimSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, CLAIM_SETTINGS_KEY));
  if (!row) return structuredClone(CLAIM_DEFAULT_SETTINGS);
  try {
    const parsed = JSON.parse(row.value) as Partial<ClaimSettings>;
    const d = CLAIM_DEFAULT_SETTINGS;
    const int = (v: unknown, fallback: number) => (Number.isInteger(v) ? (v as number) : fallback);
    return {
      windowDays: Object.fromEntries(
        CLAIM_KINDS.map((k) => [k, int(parsed.windowDays?.[k], d.windowDays[k])]),
      ) as ClaimSettings['windowDays'],
      answerBusinessDays: int(parsed.answerBusinessDays, d.answerBusinessDays),
      uninsuredSharePercent: int(parsed.uninsuredSharePercent, d.uninsuredSharePercent),
    };
  } catch {
    return structuredClone(CLAIM_DEFAULT_SETTINGS);
  }
}

const subjectLabel = sql<string>`coalesce(
  (select coalesce(p.warehouse_receipt, p.tracking_number, p.package_description) from packages p where p.id = ${claims.packageId}),
  (select s.shipment_code from shipments s where s.id = ${claims.shipmentId}))`;

const claimColumns = {
  id: claims.id,
  number: claims.number,
  kind: claims.kind,
  status: claims.status,
  packageId: claims.packageId,
  shipmentId: claims.shipmentId,
  subject: subjectLabel,
  answerBy: claims.answerBy,
  payoutUsdCents: claims.payoutUsdCents,
  createdAt: claims.createdAt,
  updatedAt: claims.updatedAt,
};

const present = <R extends { number: number; answerBy: Date | null; createdAt: Date; updatedAt: Date }>(r: R) => ({
  ...r,
  code: claimCode(r.number),
  answerBy: r.answerBy?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Reclamos: the customer's claims, newest first (a customer has few). */
export async function listMyClaims(db: DbOrTx, customerId: string) {
  const rows = await db
    .select(claimColumns)
    .from(claims)
    .where(eq(claims.userId, customerId))
    .orderBy(desc(claims.createdAt), desc(claims.id));
  return rows.map(present);
}

/** Overdue first: by the answer-by time, the paused ones (no time) and the decided ones last. */
const byAnswerBy: SortKey<'answerBy' | 'createdAt'> = {
  defaultDir: 'asc',
  order: (c, dir) => [
    sql`${c.answerBy} ${sql.raw(dir === 'asc' ? 'asc' : 'desc')} nulls last`,
    sql`${c.createdAt} asc`,
    sql`${c.id} asc`,
  ],
};
const byCreated: SortKey<'answerBy' | 'createdAt'> = {
  defaultDir: 'desc',
  order: (c, dir) => [sql`${c.createdAt} ${sql.raw(dir)}`, sql`${c.id} ${sql.raw(dir)}`],
};

const claimsList = defineList<ClaimListParams>()({
  name: 'claims_admin',
  table: claims,
  columns: { id: claims.id, answerBy: claims.answerBy, createdAt: claims.createdAt },
  sorts: { answerBy: byAnswerBy, createdAt: byCreated },
  defaultSort: 'answerBy',
  filters: {
    status: claims.status,
    kind: claims.kind,
    openOnly: { literal: (v) => (v ? sql`${claims.status} in ('open', 'waiting_customer')` : undefined) },
  },
  search: {
    minLength: 2,
    where: (_db, p) =>
      or(
        ilike(userProfiles.fullName, p('pattern')),
        ilike(users.email, p('pattern')),
        sql`('R-' || lpad(${claims.number}::text, 6, '0')) ilike ${p('pattern')}`,
        sql`${subjectLabel} ilike ${p('pattern')}`,
      ) ?? sql`false`,
  },
  countFrom: (db) => withCustomer(db.select({ id: claims.id }).from(claims).$dynamic(), claims.userId),
  rows: {
    direct: (db) =>
      withCustomer(
        db
          .select({
            ...claimColumns,
            customer: customerName,
            assignedTo: claims.assignedTo,
            assignedName: sql<
              string | null
            >`(select coalesce(up.full_name, u.email) from users u left join user_profiles up on up.user_id = u.id where u.id = ${claims.assignedTo})`,
          })
          .from(claims)
          .$dynamic(),
        claims.userId,
      ),
  },
  present: (rows) => rows.map(present),
});

export const listClaimsAdmin = (db: DbOrTx, input: ClaimListParams) => claimsList.page(db, input);
export const countClaimsAdmin = (db: DbOrTx, input: ClaimListParams) => claimsList.countWithTotal(db, input);
export type ClaimAdminRow = Awaited<ReturnType<typeof listClaimsAdmin>>['rows'][number];

/**
 * One claim with its history, its photos and the parcel's evidence (linked, never copied): the
 * intake photos, weight, measures, WR, the pre-alert's invoice and the shipment's timeline.
 * With `customerId`, only that customer's claim (else null).
 */
export async function findClaim(db: DbOrTx, config: Pick<Config, 'appSecret'>, id: string, customerId?: string) {
  const [claim] = await withCustomer(
    db
      .select({
        ...claimColumns,
        userId: claims.userId,
        description: claims.description,
        carrierDeliveredOn: claims.carrierDeliveredOn,
        carrierProofFileId: claims.carrierProofFileId,
        assignedTo: claims.assignedTo,
        decisionReason: claims.decisionReason,
        decidedAt: claims.decidedAt,
        customer: customerName,
      })
      .from(claims)
      .$dynamic(),
    claims.userId,
  ).where(and(eq(claims.id, id), customerId ? eq(claims.userId, customerId) : undefined));
  if (!claim) return null;

  const [events, photos, facts, settings] = await Promise.all([
    db
      .select({ id: claimEvents.id, kind: claimEvents.kind, body: claimEvents.body, createdAt: claimEvents.createdAt })
      .from(claimEvents)
      .where(eq(claimEvents.claimId, id))
      .orderBy(asc(claimEvents.createdAt), asc(claimEvents.id)),
    db
      .select({ fileId: claimPhotos.fileId, thumbFileId: claimPhotos.thumbFileId })
      .from(claimPhotos)
      .where(eq(claimPhotos.claimId, id))
      .orderBy(asc(claimPhotos.createdAt), asc(claimPhotos.id)),
    claimSubjectFacts(db, null, claim),
    getClaimSettings(db),
  ]);
  const payout = await claimPayoutFacts(db, claim, settings);

  const parcels = facts?.packageIds.length
    ? await db
        .select({
          id: packages.id,
          description: packages.packageDescription,
          trackingNumber: packages.trackingNumber,
          warehouseReceipt: packages.warehouseReceipt,
          weightKg: packages.weightKg,
          dimensionsCm: packages.dimensionsCm,
          receivedDate: packages.receivedDate,
          invoiceFileId: prealerts.invoiceFileId,
        })
        .from(packages)
        .leftJoin(trackings, eq(trackings.id, packages.trackingId))
        .leftJoin(prealerts, eq(prealerts.id, trackings.prealertId))
        .where(inArray(packages.id, facts.packageIds))
        .orderBy(asc(packages.createdAt))
    : [];
  const intakePhotos = await packagePhotoLinks(
    db,
    config,
    parcels.map((p) => p.id),
  );
  const shipment = facts?.shipmentId
    ? (
        await db
          .select({
            id: shipments.id,
            code: shipments.shipmentCode,
            status: shipments.status,
            createdAt: shipments.createdAt,
            estimatedDelivery: shipments.estimatedDelivery,
            actualDelivery: shipments.actualDelivery,
          })
          .from(shipments)
          .where(eq(shipments.id, facts.shipmentId))
      )[0]
    : undefined;

  const secret = await getFileLinkSecret(db, config);
  const now = Date.now();
  const link = (fileId: string) => signFileLink(secret, fileId, now).url;
  // Credit is kept in USD and shown in Bs. at the day's rate, like any credit.
  const todayRate = claim.payoutUsdCents ? await rateForDay(db, businessToday()) : null;
  return {
    ...present(claim),
    payoutVesCentimos:
      todayRate && claim.payoutUsdCents ? usdCentsToVesCentimos(claim.payoutUsdCents, todayRate.vesPerUsd) : null,
    decidedAt: claim.decidedAt?.toISOString() ?? null,
    carrierProofUrl: claim.carrierProofFileId ? link(claim.carrierProofFileId) : null,
    events: events.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    photos: photos.map((p) => ({ url: link(p.fileId), thumbUrl: link(p.thumbFileId) })),
    evidence: {
      parcels: parcels.map((p) => ({
        id: p.id,
        description: p.description,
        trackingNumber: p.trackingNumber,
        warehouseReceipt: p.warehouseReceipt,
        weightKg: p.weightKg,
        dimensionsCm: p.dimensionsCm,
        receivedDate: p.receivedDate?.toISOString() ?? null,
        invoiceUrl: p.invoiceFileId ? link(p.invoiceFileId) : null,
        photos: intakePhotos.get(p.id) ?? [],
      })),
      shipment: shipment
        ? {
            ...shipment,
            createdAt: shipment.createdAt.toISOString(),
          }
        : null,
    },
    payout,
  };
}
export type ClaimDetail = NonNullable<Awaited<ReturnType<typeof findClaim>>>;

/** The roles of the claims desk, read from the permissions map. */
const DESK_ROLES = STAFF_ROLES.filter((r) => can(r, 'claims.manage'));

/** Who a claim can be assigned to: the desk's active people. */
export function claimDeskPeople(db: DbOrTx) {
  return db
    .select({ id: users.id, name: customerName })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(and(inArray(users.role, DESK_ROLES), isNull(users.deactivatedAt)))
    .orderBy(users.email);
}
