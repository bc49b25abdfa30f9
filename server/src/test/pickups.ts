// What the agency counter tests start from (docs/product/last-mile.md#agency-counters-and-proof-of-delivery):
// a database with the administrator, two agencies each with its counter user, two customers (Ana and
// Beto) and Ana's recipients, and what those tests make and read (shipments bound for an agency or a
// home, photos of the proof, the code a customer was sent). A test file calls usePickups() once; the
// people below are then its own, set before its first test.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PICKUP_MESSAGES as M } from '@casillero/shared';
import type { Database } from '../db/client';
import { agencies, agencyStaff, notifications, recipients, shipments, storedFiles } from '../db/schema';
import { testConfig } from '../env';
import { createTestDatabase } from './db';
import { callerFor, TEST_APP_URL } from './caller';
import { signedInAdmin, signedInCustomer, signedInStaff } from './factories';
import { afterAll, beforeAll } from 'vitest';

export const config = testConfig({ appUrl: TEST_APP_URL });

export let database: Database;
export const db = () => database.db;
export type Caller = ReturnType<typeof callerFor>;
export let admin: Caller;
export let counterA: { caller: Caller; id: string };
export let counterB: { caller: Caller; id: string };
export let ana: Awaited<ReturnType<typeof signedInCustomer>>;
export let beto: Awaited<ReturnType<typeof signedInCustomer>>;
export let agencyA: string;
export let agencyB: string;
export let recipientId: string;
export let homeRecipientId: string;

export async function agency(code: string, name: string, city: string) {
  const [row] = await db()
    .insert(agencies)
    .values({ kind: 'partner', carrier: 'MRW', code, name, state: 'Distrito Capital', city, address: 'Av. Principal' })
    .returning({ id: agencies.id });
  return row.id;
}

export async function counterAt(agencyId: string | null) {
  const s = await signedInStaff(db(), 'agencia');
  if (agencyId) await db().insert(agencyStaff).values({ userId: s.user.id, agencyId });
  return { caller: callerFor(db(), s.visitor, config), id: s.user.id };
}

let seq = 0;
export async function shipmentFor(
  userId: string,
  opts: { agencyId?: string | null; status?: 'in_transit' | 'preparing' | 'customs'; recipient?: string } = {},
) {
  seq++;
  const agencyId = opts.agencyId === undefined ? agencyA : opts.agencyId;
  const [row] = await db()
    .insert(shipments)
    .values({
      userId,
      shipmentCode: `ENV-PK-${seq}-${randomUUID().slice(0, 6)}`,
      deliveryMethod: agencyId ? 'agency' : 'home',
      agencyId,
      recipientId: opts.recipient ?? recipientId,
      deliveryAddress: 'Av. Principal',
      deliveryCity: 'Caracas',
      deliveryState: 'Distrito Capital',
      status: opts.status ?? 'in_transit',
    })
    .returning({ id: shipments.id, code: shipments.shipmentCode });
  return row;
}

/** A photo the caller "took" (both sizes), as the upload route stores it. */
export async function photoBy(userId: string) {
  const ids = [randomUUID(), randomUUID()];
  for (const id of ids) {
    await db()
      .insert(storedFiles)
      .values({
        id,
        ownerUserId: userId,
        kind: 'delivery_photo',
        storageKey: `delivery-photos/${userId}/${id}.jpg`,
        contentType: 'image/jpeg',
        sizeBytes: 10,
        uploadedBy: userId,
      });
  }
  return { fileId: ids[0], thumbFileId: ids[1] };
}

/** The pickup code the customer received in the notification. */
export async function codeSentTo(userId: string, shipmentCode: string) {
  const rows = await db()
    .select({ message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, M.readyTitle)));
  const mine = rows.find((r) => r.message.includes(shipmentCode));
  const code = mine?.message.match(/Código de retiro: (\d{6})/)?.[1];
  if (!code) throw new Error(`Sin código para ${shipmentCode}`);
  return code;
}

export const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Sets up the tests of the file that calls it (once), before its first test. */
export function usePickups() {
  beforeAll(async () => {
    database = await createTestDatabase();
    admin = callerFor(db(), (await signedInAdmin(db())).visitor, config);
    ana = await signedInCustomer(db(), { nombre: 'Ana Retiro' });
    beto = await signedInCustomer(db(), { nombre: 'Beto Ajeno' });
    agencyA = await agency('MRW-CCS-01', 'MRW Chacao', 'Caracas');
    agencyB = await agency('MRW-VAL-01', 'MRW Valencia', 'Valencia');
    counterA = await counterAt(agencyA);
    counterB = await counterAt(agencyB);
    const [r] = await db()
      .insert(recipients)
      .values({
        userId: ana.user.id,
        fullName: 'Rosa Destinataria',
        idDocument: 'V-12345678',
        phone: '+584141234567',
        state: 'Distrito Capital',
        city: 'Caracas',
        address: 'Calle 1',
      })
      .returning({ id: recipients.id });
    recipientId = r.id;
    await db().insert(recipients).values({
      userId: ana.user.id,
      fullName: 'Pedro Autorizado',
      idDocument: 'V-7654321',
      phone: '+584241234567',
      state: 'Distrito Capital',
      city: 'Caracas',
      address: 'Calle 2',
      isAuthorized: true,
    });
    const [h] = await db()
      .insert(recipients)
      .values({
        userId: ana.user.id,
        fullName: 'Ana Retiro',
        idDocument: 'V-5555555',
        state: 'Distrito Capital',
        city: 'Caracas',
        address: 'Calle 3',
        isAccountHolder: true,
      })
      .returning({ id: recipients.id });
    homeRecipientId = h.id;
  });
  afterAll(async () => {
    await database.close();
  });
}
