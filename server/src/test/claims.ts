// What the claims tests start from (docs/product/claims.md): a database with the claims desk's
// staff and two customers with active casilleros, and parcels, shipments and claim photos made
// directly. A test file calls useClaimsDesk() once; the people below are then its own, set before
// its first test.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dollarsToCents } from '@casillero/shared';
import type { Database } from '../db/client';
import { claims, ledgerEntries, packages, shipmentPackages, shipments, storedFiles } from '../db/schema';
import { testConfig } from '../env';
import { businessToday } from '../lib/business-clock';
import { callerFor, TEST_APP_URL, type TestCaller } from './caller';
import { createTestDatabase } from './db';
import { customerWithActiveMailbox, signedInStaff, type CustomerWithMailbox } from './factories';

let database: Database;
export const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
export let atencion: Staff;
export let admin: Staff;
export let maria: CustomerWithMailbox;
export let carlos: CustomerWithMailbox;
export const as = (p: { visitor: Parameters<typeof callerFor>[1] }): TestCaller => callerFor(db(), p.visitor, config);

export const DAY = 24 * 3600 * 1000;
export const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
export const dayString = (n: number) => businessToday(daysAgo(n));
let seq = 0;

export async function parcel(
  owner: CustomerWithMailbox,
  opts: { receivedDaysAgo?: number | null; valueUsd?: number | null; weightKg?: number; dimensionsCm?: string } = {},
) {
  seq++;
  const received = opts.receivedDaysAgo === undefined ? 1 : opts.receivedDaysAgo;
  const [row] = await db()
    .insert(packages)
    .values({
      userId: owner.user.id,
      mailboxId: owner.mailboxId,
      trackingNumber: `1ZCLAIM${seq}${randomUUID().slice(0, 6)}`,
      packageDescription: `Licuadora ${seq}`,
      weightKg: opts.weightKg ?? 2,
      dimensionsCm: opts.dimensionsCm ?? '30x20x15',
      estimatedValueUsdCents:
        opts.valueUsd === undefined ? 10_000 : opts.valueUsd === null ? null : dollarsToCents(opts.valueUsd),
      status: received == null ? 'pending' : 'in_warehouse',
      receivedDate: received == null ? null : daysAgo(received),
      warehouseReceipt: received == null ? null : `WR-CL-${seq}-${randomUUID().slice(0, 4)}`,
    })
    .returning({ id: packages.id });
  return row!.id;
}

export async function shipment(
  owner: CustomerWithMailbox,
  packageIds: string[],
  opts: { deliveredDaysAgo?: number | null; createdDaysAgo?: number; insuredUsdCents?: number | null } = {},
) {
  seq++;
  const [row] = await db()
    .insert(shipments)
    .values({
      userId: owner.user.id,
      shipmentCode: `ENV-CL-${seq}-${randomUUID().slice(0, 6)}`,
      deliveryAddress: 'Av. Principal',
      deliveryCity: 'Caracas',
      deliveryState: 'Distrito Capital',
      status: opts.deliveredDaysAgo == null ? 'in_transit' : 'delivered',
      actualDelivery: opts.deliveredDaysAgo == null ? null : dayString(opts.deliveredDaysAgo),
      shippingMethod: 'aereo',
      insuredValueUsdCents: opts.insuredUsdCents ?? null,
      createdAt: daysAgo(opts.createdDaysAgo ?? 1),
    })
    .returning({ id: shipments.id });
  if (packageIds.length)
    await db()
      .insert(shipmentPackages)
      .values(packageIds.map((packageId) => ({ shipmentId: row!.id, packageId })));
  return row!.id;
}

/** A claim photo as the upload route stores it (both sizes, the customer's own). */
export async function photoOf(owner: { user: { id: string } }, kind: 'claim_photo' | 'package_photo' = 'claim_photo') {
  const ids = [randomUUID(), randomUUID()];
  for (const id of ids)
    await db()
      .insert(storedFiles)
      .values({
        id,
        ownerUserId: owner.user.id,
        kind,
        storageKey: `claim-photos/${owner.user.id}/${id}.jpg`,
        contentType: 'image/jpeg',
        sizeBytes: 10,
        uploadedBy: owner.user.id,
      });
  return { fileId: ids[0]!, thumbFileId: ids[1]! };
}

export const TEXT = 'La caja llegó abierta y el vaso de la licuadora roto.';
export const claimsOf = (userId: string) => db().select().from(claims).where(eq(claims.userId, userId));
/** What the customer owes on balance (negative: in their favour), whatever their open invoices. */
export async function owed(userId: string) {
  const rows = await db()
    .select({ usdCents: ledgerEntries.usdCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return rows.reduce((sum, r) => sum + r.usdCents, 0);
}
export const claimEntries = (userId: string) =>
  db()
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'adjustment')));

export function useClaimsDesk() {
  beforeAll(async () => {
    database = await createTestDatabase();
    atencion = await signedInStaff(db(), 'atencion');
    admin = await signedInStaff(db(), 'admin');
    maria = await customerWithActiveMailbox(db(), { nombre: 'María Reclamos' });
    carlos = await customerWithActiveMailbox(db(), { nombre: 'Carlos Ajeno' });
  });
  afterAll(async () => {
    await database?.close();
  });
}
