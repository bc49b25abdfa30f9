// What the reception tests start from (docs/decisions/019-warehouse-intake.md): a database with the
// warehouse's staff and two customers with active casilleros, and what those tests read and send
// (a fresh UPS number, the receive form, photos uploaded by staff, rows, notices, e-mails and the
// tables' counts). A test file calls useReception() once; the people below are then its own, set
// before its first test.
import { afterAll, beforeAll } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { ReceptionReceiveInput } from '@casillero/shared';
import { rowsOf, type Database } from '../db/client';
import { emailOutbox, mailboxes, notifications, packages, parcelIntakes, prealerts } from '../db/schema';
import { testConfig } from '../env';
import { diskFileStore } from '../files/file-store';
import { storeFile } from '../files/store';
import { callerFor, TEST_APP_URL, type TestCaller } from './caller';
import { createTestDatabase } from './db';
import { customerWithActiveMailbox, signedInAdmin, signedInStaff, type CustomerWithMailbox } from './factories';
import { tempStorageDir, tinyJpeg } from './files';

const storageDir = tempStorageDir();
export const config = testConfig({ appUrl: TEST_APP_URL, storageDir });

let database: Database;
export const db = () => database.db;
export let admin: TestCaller;
/** The warehouse: the role that receives parcels in the business. */
export let almacen: Awaited<ReturnType<typeof signedInStaff>>;
export let ana: CustomerWithMailbox & { mailboxCode: string };
export let beto: CustomerWithMailbox & { mailboxCode: string };

let serial = 0;
/** The next number of this file's counter, for numbers of other shapes. */
export const nextSerial = () => ++serial;
/** A fresh UPS-shaped number, unique in this file. */
export const upsNumber = () =>
  `1Z${Date.now().toString(36).toUpperCase().padStart(9, '0').slice(-9)}${String(++serial).padStart(7, '0')}`;

async function withCode(c: CustomerWithMailbox) {
  const [box] = await db().select({ code: mailboxes.mailboxCode }).from(mailboxes).where(eq(mailboxes.id, c.mailboxId));
  return { ...c, mailboxCode: box.code };
}

export const customerCaller = (c: CustomerWithMailbox) => callerFor(db(), c.visitor, config);
export const staffCaller = () => callerFor(db(), almacen.visitor, config);

export const emailsTo = async (email: string) =>
  (await db().select().from(emailOutbox)).filter((e) => e.to.includes(email));
export const noticesOf = (userId: string) => db().select().from(notifications).where(eq(notifications.userId, userId));
export const intakeRow = async (id: string) =>
  (await db().select().from(parcelIntakes).where(eq(parcelIntakes.id, id)))[0];
export const packageRow = async (id: string) => (await db().select().from(packages).where(eq(packages.id, id)))[0];
export const prealertRow = async (id: string) => (await db().select().from(prealerts).where(eq(prealerts.id, id)))[0];
export const counts = async () => {
  const [row] = rowsOf<{ intakes: number; packages: number; notices: number; emails: number }>(
    await db().execute(sql`select (select count(*)::int from parcel_intakes) as intakes, (select count(*)::int from packages) as packages,
      (select count(*)::int from notifications) as notices, (select count(*)::int from email_outbox) as emails`),
  );
  return row;
};

export function receiveInput(code: string, overrides: Partial<ReceptionReceiveInput> = {}): ReceptionReceiveInput {
  return { code, weightKg: 2.35, lengthCm: 30, widthCm: 20, heightCm: 15, photos: [], ...overrides };
}

/** Two photos (screen size and thumbnail) uploaded by a staff member, as the photo route stores them. */
export async function uploadedPhoto(byUserId: string) {
  const store = diskFileStore(storageDir);
  const file = (name: string) =>
    storeFile(db(), store, {
      ownerUserId: byUserId,
      kind: 'package_photo',
      bytes: tinyJpeg(),
      contentType: 'image/jpeg',
      originalName: name,
      uploadedBy: byUserId,
    });
  return { fileId: (await file('foto.jpg')).id, thumbFileId: (await file('miniatura.jpg')).id };
}

export function useReception() {
  beforeAll(async () => {
    database = await createTestDatabase();
    admin = (await signedInAdmin(db())).caller;
    almacen = await signedInStaff(db(), 'almacen');
    ana = await withCode(await customerWithActiveMailbox(db(), { nombre: 'Ana Recepción' }));
    beto = await withCode(await customerWithActiveMailbox(db(), { nombre: 'Beto Bodega' }));
  });
  afterAll(async () => {
    await database?.close();
  });
}
