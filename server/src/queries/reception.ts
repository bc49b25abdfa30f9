// Reads of reception by scanning (docs/decisions/019-warehouse-intake.md): what a scanned code is (one of our WR
// labels, a parcel already received, one a customer expects, or nobody's), the "sin dueño" queue
// and the casillero picker of the hand assignment. Every comparison of numbers is on
// tracking_key(), the carrier-independent form, through the expression indexes of migration 0012.
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { UnclaimedListParams } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import {
  mailboxes,
  packages,
  parcelIntakes,
  parcelPhotos,
  prealerts,
  trackings,
  userProfiles,
  users,
} from '../db/schema';
import { customerName, withCustomer } from '../lib/joins';
import { defineList } from '../lib/list-engine';
import { byTime } from '../lib/list-sorts';
import { containsPattern } from '../lib/list';
import { foldedLike } from '../lib/search-text';

/**
 * The pre-alert statuses still waiting for their parcel (neither converted nor, one day, cancelled).
 * A draft made from an e-mail is matched too, confirmed or not (docs/decisions/038-prealerts-from-email.md).
 */
export const OPEN_PREALERT_STATUSES = ['pending', 'confirmed', 'draft'] as const;
/** The same list as a SQL tuple, for the import's hand-written statements: `status in ${...}`. */
export const OPEN_PREALERT_STATUSES_SQL = sql.raw(`(${OPEN_PREALERT_STATUSES.map((s) => `'${s}'`).join(', ')})`);

async function customerOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: customerName })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * The casillero a parcel of this customer goes to: `preferredId` when it is one of theirs (the
 * pre-alert's or the tracking's), else their first active one, else their first; null without any.
 */
export async function receivingMailboxOf(db: DbOrTx, userId: string, preferredId: string | null) {
  const [row] = await db
    .select({ id: mailboxes.id, code: mailboxes.mailboxCode })
    .from(mailboxes)
    .where(eq(mailboxes.userId, userId))
    .orderBy(
      ...(preferredId ? [sql`(${mailboxes.id} = ${preferredId}) desc`] : []),
      sql`(${mailboxes.status} = 'active') desc`,
      mailboxes.createdAt,
      mailboxes.id,
    )
    .limit(1);
  return row ?? null;
}

/** A parcel already at the door: its intake, or a package of that key that was received. */
export type AlreadyReceived = {
  trackingNumber: string;
  warehouseReceipt: string | null;
  receivedAt: Date;
  packageId: string | null;
  intakeId: string | null;
  unclaimed: boolean;
};

/** Rule 1 of ownership: received before (an intake with the key, or a received package with it). */
export async function findAlreadyReceived(db: DbOrTx, key: string): Promise<AlreadyReceived | null> {
  const [intake] = await db
    .select({
      id: parcelIntakes.id,
      trackingNumber: parcelIntakes.trackingNumber,
      warehouseReceipt: parcelIntakes.warehouseReceipt,
      receivedAt: parcelIntakes.receivedAt,
      packageId: parcelIntakes.packageId,
      status: parcelIntakes.status,
    })
    .from(parcelIntakes)
    .where(eq(parcelIntakes.trackingKey, key));
  if (intake) {
    return {
      trackingNumber: intake.trackingNumber,
      warehouseReceipt: intake.warehouseReceipt,
      receivedAt: intake.receivedAt,
      packageId: intake.packageId,
      intakeId: intake.id,
      unclaimed: intake.status === 'unclaimed',
    };
  }
  const [pkg] = await db
    .select({
      id: packages.id,
      trackingNumber: packages.trackingNumber,
      warehouseReceipt: packages.warehouseReceipt,
      receivedDate: packages.receivedDate,
    })
    .from(packages)
    .where(and(sql`tracking_key(${packages.trackingNumber}) = ${key}`, sql`${packages.receivedDate} is not null`))
    .orderBy(desc(packages.receivedDate))
    .limit(1);
  if (!pkg?.receivedDate) return null;
  return {
    trackingNumber: pkg.trackingNumber ?? key,
    warehouseReceipt: pkg.warehouseReceipt,
    receivedAt: pkg.receivedDate,
    packageId: pkg.id,
    intakeId: null,
    unclaimed: false,
  };
}

/** Who a parcel belongs to, and what the package made of it takes from where it was found. */
export type Owner = {
  source: 'package' | 'prealert' | 'tracking' | 'mailboxCode';
  customer: { id: string; name: string };
  mailbox: { id: string; code: string };
  /** The pending package to receive (source 'package'); otherwise a new one is created. */
  packageId: string | null;
  /** The customer's open pre-alerts of this number: converted to the package. */
  prealertIds: string[];
  trackingId: string | null;
  description: string | null;
  senderName: string | null;
  carrier: string | null;
};

/**
 * Rules 2–5 of ownership for a key not received yet: a pending package of that number; else
 * the open pre-alerts of exactly one customer (two customers: nobody's); else a tracking; else
 * the active casillero whose code was read off the label; else null ("sin dueño").
 */
export async function findOwner(db: DbOrTx, key: string, mailboxCodeRead: string | null): Promise<Owner | null> {
  const [pending] = await db
    .select({
      id: packages.id,
      userId: packages.userId,
      mailboxId: packages.mailboxId,
      description: packages.packageDescription,
      senderName: packages.senderName,
      trackingId: packages.trackingId,
    })
    .from(packages)
    .where(
      and(
        sql`tracking_key(${packages.trackingNumber}) = ${key}`,
        isNull(packages.receivedDate),
        eq(packages.status, 'pending'),
      ),
    )
    .orderBy(desc(packages.createdAt), desc(packages.id))
    .limit(1);
  if (pending) {
    const owner = await ownerOf(db, key, pending.userId, pending.mailboxId, 'package', {
      description: pending.description,
      senderName: pending.senderName,
      carrier: null,
    });
    return owner && { ...owner, packageId: pending.id, trackingId: pending.trackingId ?? owner.trackingId };
  }

  const open = await db
    .select({
      id: prealerts.id,
      userId: prealerts.userId,
      mailboxId: prealerts.mailboxId,
      description: prealerts.description,
      senderName: prealerts.senderName,
      carrier: prealerts.carrier,
    })
    .from(prealerts)
    .where(
      and(
        sql`tracking_key(${prealerts.trackingNumber}) = ${key}`,
        inArray(prealerts.status, [...OPEN_PREALERT_STATUSES]),
      ),
    )
    .orderBy(asc(prealerts.createdAt), asc(prealerts.id));
  const prealertUsers = new Set(open.map((p) => p.userId));
  if (prealertUsers.size > 1) return null;
  if (open.length > 0) {
    const first = open[0];
    return ownerOf(db, key, first.userId, first.mailboxId, 'prealert', first);
  }

  const [tracking] = await db
    .select({
      id: trackings.id,
      userId: trackings.userId,
      mailboxId: trackings.mailboxId,
      description: trackings.description,
      senderName: trackings.senderName,
      carrier: trackings.carrier,
    })
    .from(trackings)
    .where(sql`tracking_key(${trackings.trackingNumber}) = ${key}`)
    .orderBy(desc(trackings.createdAt), desc(trackings.id))
    .limit(1);
  if (tracking) {
    const owner = await ownerOf(db, key, tracking.userId, tracking.mailboxId, 'tracking', tracking);
    return owner && { ...owner, trackingId: tracking.id };
  }

  if (mailboxCodeRead) {
    const box = await activeMailboxByCode(db, mailboxCodeRead);
    if (box) {
      const customer = await customerOf(db, box.userId);
      if (customer) {
        return {
          source: 'mailboxCode',
          customer,
          mailbox: { id: box.id, code: box.code },
          packageId: null,
          prealertIds: [],
          trackingId: await trackingIdOf(db, key, box.userId),
          description: null,
          senderName: null,
          carrier: null,
        };
      }
    }
  }
  return null;
}

/** The owner of a parcel once its customer is known: their casillero, open pre-alerts and tracking of that key. */
export async function ownerOf(
  db: DbOrTx,
  key: string,
  userId: string,
  preferredMailboxId: string | null,
  source: Owner['source'],
  found: { description: string | null; senderName: string | null; carrier: string | null },
): Promise<Owner | null> {
  const [customer, mailbox] = await Promise.all([
    customerOf(db, userId),
    receivingMailboxOf(db, userId, preferredMailboxId),
  ]);
  if (!customer || !mailbox) return null;
  const own = await db
    .select({ id: prealerts.id })
    .from(prealerts)
    .where(
      and(
        eq(prealerts.userId, userId),
        sql`tracking_key(${prealerts.trackingNumber}) = ${key}`,
        inArray(prealerts.status, [...OPEN_PREALERT_STATUSES]),
      ),
    )
    .orderBy(asc(prealerts.createdAt), asc(prealerts.id));
  return {
    source,
    customer,
    mailbox,
    packageId: null,
    prealertIds: own.map((p) => p.id),
    trackingId: await trackingIdOf(db, key, userId, own[0]?.id ?? null),
    description: found.description,
    senderName: found.senderName,
    carrier: found.carrier,
  };
}

/** The customer's tracking of this parcel (the admin's God Mode row), if the warehouse registered one. */
async function trackingIdOf(db: DbOrTx, key: string, userId: string, prealertId: string | null = null) {
  const [row] = await db
    .select({ id: trackings.id })
    .from(trackings)
    .where(
      and(
        eq(trackings.userId, userId),
        or(
          sql`tracking_key(${trackings.trackingNumber}) = ${key}`,
          prealertId ? eq(trackings.prealertId, prealertId) : undefined,
        ),
      ),
    )
    .orderBy(desc(trackings.createdAt), desc(trackings.id))
    .limit(1);
  return row?.id ?? null;
}

/** An active casillero by its code, whatever the case it was typed in. */
export async function activeMailboxByCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select({ id: mailboxes.id, code: mailboxes.mailboxCode, userId: mailboxes.userId })
    .from(mailboxes)
    .where(and(eq(mailboxes.mailboxCode, code.trim().toUpperCase()), eq(mailboxes.status, 'active')));
  return row ?? null;
}

/** An active casillero by id, with its customer (the hand assignment's choice). */
export async function activeMailboxById(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: mailboxes.id, code: mailboxes.mailboxCode, userId: mailboxes.userId })
    .from(mailboxes)
    .where(and(eq(mailboxes.id, id), eq(mailboxes.status, 'active')));
  return row ?? null;
}

/** A package by its WR number (a scanned label), or an intake still without a package. */
export async function findByWarehouseReceipt(db: DbOrTx, code: string) {
  const wr = code.trim().toUpperCase();
  const [pkg] = await db
    .select({ id: packages.id, warehouseReceipt: packages.warehouseReceipt })
    .from(packages)
    .where(eq(packages.warehouseReceipt, wr));
  if (pkg) return { kind: 'package' as const, packageId: pkg.id, warehouseReceipt: wr };
  const [intake] = await db
    .select({
      id: parcelIntakes.id,
      trackingNumber: parcelIntakes.trackingNumber,
      receivedAt: parcelIntakes.receivedAt,
      packageId: parcelIntakes.packageId,
      status: parcelIntakes.status,
    })
    .from(parcelIntakes)
    .where(eq(parcelIntakes.warehouseReceipt, wr));
  if (intake) return { kind: 'intake' as const, intake, warehouseReceipt: wr };
  return null;
}

// --- The "sin dueño" queue -------------------------------------------------------------------------

const receivedByProfile = alias(userProfiles, 'received_by_profile');

const unclaimedList = defineList<UnclaimedListParams>()({
  name: 'unclaimed_intakes',
  table: parcelIntakes,
  columns: { id: parcelIntakes.id, time: parcelIntakes.receivedAt },
  sorts: { default: byTime('time') },
  defaultSort: 'default',
  // parcel_intakes_unclaimed_received_at_idx: the queue is read from its partial index.
  always: sql`${parcelIntakes.status} = 'unclaimed'`,
  search: {
    where: (_db, p) =>
      or(
        ilike(parcelIntakes.trackingNumber, p('pattern')),
        ilike(parcelIntakes.warehouseReceipt, p('pattern')),
        ilike(parcelIntakes.mailboxCodeRead, p('pattern')),
        ilike(parcelIntakes.description, p('pattern')),
      )!,
  },
  rows: {
    pageIds: (db, page) =>
      db
        .select({
          id: parcelIntakes.id,
          trackingNumber: parcelIntakes.trackingNumber,
          carrier: parcelIntakes.carrier,
          warehouseReceipt: parcelIntakes.warehouseReceipt,
          mailboxCodeRead: parcelIntakes.mailboxCodeRead,
          description: parcelIntakes.description,
          weightKg: parcelIntakes.weightKg,
          dimensionsCm: parcelIntakes.dimensionsCm,
          receivedAt: parcelIntakes.receivedAt,
          receivedByName: receivedByProfile.fullName,
          photoCount: sql<number>`(select count(*)::int from ${parcelPhotos} where ${parcelPhotos.intakeId} = ${parcelIntakes.id})`,
        })
        .from(page)
        .innerJoin(parcelIntakes, eq(parcelIntakes.id, page.pageId))
        .leftJoin(receivedByProfile, eq(receivedByProfile.userId, parcelIntakes.receivedBy))
        .$dynamic(),
  },
  present: (rows) =>
    rows.map((r) => ({
      ...r,
      weightKg: Number(r.weightKg),
      photoCount: Number(r.photoCount),
      receivedAt: r.receivedAt.toISOString(),
    })),
});

export const listUnclaimedIntakes = (db: DbOrTx, input: UnclaimedListParams) => unclaimedList.page(db, input);
export const countUnclaimedIntakes = (db: DbOrTx, input: UnclaimedListParams) => unclaimedList.count(db, input);

/** The hand assignment's casillero picker: active mailboxes by code, or their customer's name or e-mail. */
export async function searchActiveMailboxes(db: DbOrTx, q: string) {
  const term = q.trim();
  const pattern = containsPattern(term);
  return withCustomer(
    db
      .select({
        id: mailboxes.id,
        code: mailboxes.mailboxCode,
        customerName,
        email: users.email,
        country: mailboxes.country,
      })
      .from(mailboxes)
      .$dynamic(),
    mailboxes.userId,
  )
    .where(
      and(
        eq(mailboxes.status, 'active'),
        term
          ? or(
              ilike(mailboxes.mailboxCode, pattern),
              foldedLike(userProfiles.fullName, pattern),
              ilike(users.email, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(mailboxes.mailboxCode)
    .limit(20);
}
