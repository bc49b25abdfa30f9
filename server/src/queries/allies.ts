// Allies (docs/product/allies.md): the administrator's list, and what an ally's portal reads.
// Every portal query takes the ally's id and filters by users.ally_id = that id inside the
// query: an ally reaches its own customers and nothing of anybody else's.
import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { ALLY_MESSAGES, ALLY_PAGE_SIZE, caracasDayStart } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { allies, invoices, mailboxes, packages, prealerts, shipments, userProfiles, users } from '../db/schema';
import { withCustomer, withCustomerAndMailbox } from '../lib/joins';
import { DomainError } from '../lib/domain-error';

/** Every ally with its number of customers, by name. */
export async function listAllies(db: DbOrTx) {
  const customers = db
    .select({ allyId: users.allyId, n: count().as('n') })
    .from(users)
    .where(and(eq(users.role, 'user'), sql`${users.allyId} is not null`))
    .groupBy(users.allyId)
    .as('customers');
  const logins = db
    .select({ allyId: users.allyId, email: sql<string>`min(${users.email})`.as('email') })
    .from(users)
    .where(eq(users.role, 'aliado'))
    .groupBy(users.allyId)
    .as('logins');
  return db
    .select({
      id: allies.id,
      name: allies.name,
      prefix: allies.prefix,
      priceAdjustmentBp: allies.priceAdjustmentBp,
      contactEmail: allies.contactEmail,
      active: allies.active,
      createdAt: allies.createdAt,
      customers: sql<number>`coalesce(${customers.n}, 0)`.mapWith(Number),
      /** Null until the invitation is accepted. */
      loginEmail: logins.email,
    })
    .from(allies)
    .leftJoin(customers, eq(customers.allyId, allies.id))
    .leftJoin(logins, eq(logins.allyId, allies.id))
    .orderBy(allies.name);
}

export type AllyScope = { id: string; name: string; prefix: string; priceAdjustmentBp: number; active: boolean };

/**
 * The ally whose portal the signed-in user opens: an 'aliado' user's own ally, active. Anybody
 * else (the administrator included) has none and is refused.
 */
export async function allyOfUser(db: DbOrTx, userId: string): Promise<AllyScope> {
  const [row] = await db
    .select({
      id: allies.id,
      name: allies.name,
      prefix: allies.prefix,
      priceAdjustmentBp: allies.priceAdjustmentBp,
      active: allies.active,
    })
    .from(users)
    .innerJoin(allies, eq(allies.id, users.allyId))
    .where(and(eq(users.id, userId), eq(users.role, 'aliado')));
  if (!row) throw new DomainError('FORBIDDEN', ALLY_MESSAGES.notAnAlly);
  if (!row.active) throw new DomainError('FORBIDDEN', ALLY_MESSAGES.inactiveAlly);
  return row;
}

/** The price adjustment of a customer's ally (0 for a direct customer or an inactive ally). */
export async function allyAdjustmentOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ bp: allies.priceAdjustmentBp })
    .from(users)
    .innerJoin(allies, eq(allies.id, users.allyId))
    .where(and(eq(users.id, userId), eq(users.role, 'user'), eq(allies.active, true)));
  return row?.bp ?? 0;
}

/** The prefix a customer's generated mailbox codes carry ('AB-'), or '' for a direct customer. */
export async function mailboxPrefixOf(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .select({ prefix: allies.prefix })
    .from(users)
    .innerJoin(allies, eq(allies.id, users.allyId))
    .where(and(eq(users.id, userId), eq(users.role, 'user')));
  return row ? `${row.prefix}-` : '';
}

/** The ally's own customers: the one filter every portal list starts from. */
const ownCustomer = (allyId: string) => and(eq(users.allyId, allyId), eq(users.role, 'user'));

/**
 * The ally's own customer whose casillero this code is (any of their mailboxes), or null: another
 * ally's customer, a direct customer and a code nobody has answer alike. An ally's key of the
 * public API names its customer so (docs/product/public-api.md#an-allys-keys).
 */
export async function allyCustomerByMailboxCode(db: DbOrTx, allyId: string, code: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(mailboxes)
    .innerJoin(users, eq(users.id, mailboxes.userId))
    .where(and(eq(mailboxes.mailboxCode, code.trim().toUpperCase()), ownCustomer(allyId)))
    .limit(1);
  return row?.id ?? null;
}

const offsetOf = (page: number) => (page - 1) * ALLY_PAGE_SIZE;

async function total(db: DbOrTx, from: 'users' | 'prealerts' | 'packages' | 'shipments' | 'invoices', allyId: string) {
  const base =
    from === 'users'
      ? db.select({ n: count() }).from(users)
      : from === 'prealerts'
        ? db.select({ n: count() }).from(prealerts).innerJoin(users, eq(users.id, prealerts.userId))
        : from === 'packages'
          ? db.select({ n: count() }).from(packages).innerJoin(users, eq(users.id, packages.userId))
          : from === 'shipments'
            ? db.select({ n: count() }).from(shipments).innerJoin(users, eq(users.id, shipments.userId))
            : db.select({ n: count() }).from(invoices).innerJoin(users, eq(users.id, invoices.userId));
  const [row] = await base.where(ownCustomer(allyId));
  return row?.n ?? 0;
}

/** The ally's customers, newest first, each with their mailbox codes. */
export async function allyCustomers(db: DbOrTx, allyId: string, page: number) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: userProfiles.fullName,
      phone: userProfiles.phone,
      cedula: userProfiles.cedula,
      createdAt: users.createdAt,
      verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(ownCustomer(allyId))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(ALLY_PAGE_SIZE)
    .offset(offsetOf(page));
  const boxes = rows.length
    ? await db
        .select({ userId: mailboxes.userId, code: mailboxes.mailboxCode, status: mailboxes.status })
        .from(mailboxes)
        .where(
          inArray(
            mailboxes.userId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(mailboxes.createdAt)
    : [];
  return {
    total: await total(db, 'users', allyId),
    pageSize: ALLY_PAGE_SIZE,
    rows: rows.map((r) => ({
      ...r,
      fullName: r.fullName ?? '',
      mailboxes: boxes.filter((b) => b.userId === r.id).map(({ code, status }) => ({ code, status })),
    })),
  };
}

/** The ally's customers' pre-alerts, newest first. */
export async function allyPrealerts(db: DbOrTx, allyId: string, page: number) {
  const rows = await withCustomer(
    db
      .select({
        id: prealerts.id,
        customer: userProfiles.fullName,
        mailboxCode: mailboxes.mailboxCode,
        trackingNumber: prealerts.trackingNumber,
        carrier: prealerts.carrier,
        description: prealerts.description,
        status: prealerts.status,
        createdAt: prealerts.createdAt,
      })
      .from(prealerts)
      .$dynamic(),
    prealerts.userId,
  )
    .leftJoin(mailboxes, eq(mailboxes.id, prealerts.mailboxId))
    .where(ownCustomer(allyId))
    .orderBy(desc(prealerts.createdAt), desc(prealerts.id))
    .limit(ALLY_PAGE_SIZE)
    .offset(offsetOf(page));
  return {
    total: await total(db, 'prealerts', allyId),
    pageSize: ALLY_PAGE_SIZE,
    rows: rows.map((r) => ({ ...r, customer: r.customer ?? '' })),
  };
}

/** The ally's customers' parcels, newest first. */
export async function allyParcels(db: DbOrTx, allyId: string, page: number) {
  const rows = await withCustomerAndMailbox(
    db
      .select({
        id: packages.id,
        customer: userProfiles.fullName,
        mailboxCode: mailboxes.mailboxCode,
        trackingNumber: packages.trackingNumber,
        description: packages.packageDescription,
        weightKg: packages.weightKg,
        status: packages.status,
        receivedDate: packages.receivedDate,
        createdAt: packages.createdAt,
      })
      .from(packages)
      .$dynamic(),
    packages.userId,
    packages.mailboxId,
  )
    .where(ownCustomer(allyId))
    .orderBy(desc(packages.createdAt), desc(packages.id))
    .limit(ALLY_PAGE_SIZE)
    .offset(offsetOf(page));
  return {
    total: await total(db, 'packages', allyId),
    pageSize: ALLY_PAGE_SIZE,
    rows: rows.map((r) => ({ ...r, customer: r.customer ?? '' })),
  };
}

const shipmentColumns = {
  id: shipments.id,
  shipmentCode: shipments.shipmentCode,
  customer: userProfiles.fullName,
  email: users.email,
  mailboxCodes: sql<string>`(select string_agg(${mailboxes.mailboxCode}, ', ' order by ${mailboxes.mailboxCode}) from ${mailboxes} where ${mailboxes.userId} = ${users.id})`,
  shippingMethod: shipments.shippingMethod,
  status: shipments.status,
  weightKg: shipments.totalWeightKg,
  shippingUsdCents: shipments.shippingCostUsdCents,
  deliveryUsdCents: shipments.deliveryFeeUsdCents,
  createdAt: shipments.createdAt,
};

/** The ally's customers' shipments, newest first. */
export async function allyShipments(db: DbOrTx, allyId: string, page: number) {
  const rows = await withCustomer(db.select(shipmentColumns).from(shipments).$dynamic(), shipments.userId)
    .where(ownCustomer(allyId))
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(ALLY_PAGE_SIZE)
    .offset(offsetOf(page));
  return {
    total: await total(db, 'shipments', allyId),
    pageSize: ALLY_PAGE_SIZE,
    rows: rows.map((r) => ({ ...r, customer: r.customer ?? '', mailboxCodes: r.mailboxCodes ?? '' })),
  };
}

/** The ally's customers' invoices, newest first. */
export async function allyInvoices(db: DbOrTx, allyId: string, page: number) {
  const rows = await withCustomer(
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        customer: userProfiles.fullName,
        description: invoices.description,
        usdCents: invoices.usdCents,
        issueDate: invoices.issueDate,
        voided: sql<boolean>`${invoices.voidedAt} is not null`,
      })
      .from(invoices)
      .$dynamic(),
    invoices.userId,
  )
    .where(ownCustomer(allyId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(ALLY_PAGE_SIZE)
    .offset(offsetOf(page));
  return {
    total: await total(db, 'invoices', allyId),
    pageSize: ALLY_PAGE_SIZE,
    rows: rows.map((r) => ({ ...r, customer: r.customer ?? '' })),
  };
}

/** The first instant of a month (YYYY-MM) and of the next one, on Caracas's clock. */
export function monthBounds(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: caracasDayStart(`${month}-01`), to: caracasDayStart(`${next}-01`) };
}

export type StatementRow = Omit<Awaited<ReturnType<typeof allyShipments>>['rows'][number], 'id'> & {
  totalUsdCents: number;
};

/**
 * The month's statement: every shipment of the ally's customers created in the month (Caracas),
 * oldest first, at the price each was charged (the ally's adjusted price), and the totals, which
 * are the sums of the rows.
 */
export async function allyStatement(db: DbOrTx, allyId: string, month: string) {
  const { from, to } = monthBounds(month);
  const found = await withCustomer(db.select(shipmentColumns).from(shipments).$dynamic(), shipments.userId)
    .where(and(ownCustomer(allyId), gte(shipments.createdAt, from), lt(shipments.createdAt, to)))
    .orderBy(shipments.createdAt, shipments.id);
  const rows: StatementRow[] = found.map(({ id: _id, ...r }) => ({
    ...r,
    customer: r.customer ?? '',
    mailboxCodes: r.mailboxCodes ?? '',
    totalUsdCents: r.shippingUsdCents + r.deliveryUsdCents,
  }));
  const totals = rows.reduce(
    (t, r) => ({
      shipments: t.shipments + 1,
      weightKg: Math.round((t.weightKg + r.weightKg) * 100) / 100,
      shippingUsdCents: t.shippingUsdCents + r.shippingUsdCents,
      deliveryUsdCents: t.deliveryUsdCents + r.deliveryUsdCents,
      totalUsdCents: t.totalUsdCents + r.totalUsdCents,
    }),
    { shipments: 0, weightKg: 0, shippingUsdCents: 0, deliveryUsdCents: 0, totalUsdCents: 0 },
  );
  return { month, rows, totals };
}
export type AllyStatement = Awaited<ReturnType<typeof allyStatement>>;
