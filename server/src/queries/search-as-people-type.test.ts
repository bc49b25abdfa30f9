// Searching as people type (docs/decisions/026-search-as-people-type.md): a customer is found
// by their name without its accents or case, and by their phone or cédula however it is
// written, in the clients list, its picker and the lists that search by customer, on the
// indexes of migration 0018.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { searchDigits } from '@casillero/shared';
import { rowsOf, type Database } from '../db/client';
import { userProfiles } from '../db/schema';
import { createTestDatabase } from '../test/db';
import { newVisitor, type TestCaller } from '../test/caller';
import { customerWithActiveMailbox, signedInAdmin, signedInCustomer } from '../test/factories';

let database: Database;
let admin: TestCaller;
const db = () => database.db;
let gonzalez: string;
let other: string;
let trackingNumber: string;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = (await signedInAdmin(db())).caller;
  const c = await customerWithActiveMailbox(db(), { nombre: 'José Ángel González Muñoz' });
  gonzalez = c.user.id;
  await db()
    .update(userProfiles)
    .set({ cedula: 'V-12.345.678', phone: '+58 424-123-4567' })
    .where(eq(userProfiles.userId, gonzalez));
  trackingNumber = `1ZSEARCH${Date.now()}`;
  await admin.trackings.create({
    mailboxId: c.mailboxId,
    trackingNumber,
    carrier: 'UPS',
    description: 'Zapatos deportivos talla 40',
    senderName: 'Nike',
  });
  // Someone else, with digits of their own, who must not match.
  const o = await signedInCustomer(db(), { nombre: 'Gonzalo Pérez', visitor: newVisitor({ ip: '10.77.0.2' }) });
  other = o.user.id;
  await db()
    .update(userProfiles)
    .set({ cedula: '8.765.432', phone: '0412 987 6543' })
    .where(eq(userProfiles.userId, other));
});
afterAll(async () => {
  await database.close();
});

const found = async (q: string) => (await admin.clients.list({ q })).rows.map((r) => r.userId);

describe('customer search as people type', () => {
  it('finds a name without its accents or case', async () => {
    for (const q of ['González', 'Gonzalez', 'GONZALEZ', 'gonzález', 'jose angel', 'MUNOZ', 'Muñoz']) {
      expect(await found(q), q).toEqual([gonzalez]);
      expect(await admin.clients.count({ q }), q).toEqual({ count: 1, isCapped: false });
    }
    // The create-mailbox picker and a list that searches by its customer, the same way.
    expect((await admin.clients.options({ q: 'gonzalez' })).map((o) => o.userId)).toEqual([gonzalez]);
    const trackings = await admin.trackings.list({ q: 'GONZÁLEZ' });
    expect(trackings.rows.map((r) => r.trackingNumber)).toEqual([trackingNumber]);
  });

  it('finds a phone however it is written', async () => {
    for (const q of [
      '+58 424-123-4567',
      '04241234567',
      '4241234567',
      '0424-123.45.67',
      '(0424) 123 4567',
      '584241234567',
      '123-4567',
    ]) {
      expect(await found(q), q).toEqual([gonzalez]);
    }
    expect((await admin.clients.options({ q: '0424 1234567' })).map((o) => o.userId)).toEqual([gonzalez]);
    for (const q of ['+58 412 987 6543', '04129876543']) expect(await found(q), q).toEqual([other]);
  });

  it('finds a cédula however it is written', async () => {
    for (const q of ['V-12.345.678', '12345678', 'v12345678', 'V 12345678', '12.345.678']) {
      expect(await found(q), q).toEqual([gonzalez]);
    }
    for (const q of ['8765432', 'V-8.765.432']) expect(await found(q), q).toEqual([other]);
  });

  it('reduces what is typed as the database reduces what is stored', async () => {
    expect(searchDigits('+58 424-123-4567')).toBe('4241234567');
    expect(searchDigits('04241234567')).toBe('4241234567');
    expect(searchDigits('4241234567')).toBe('4241234567');
    expect(searchDigits('V-12.345.678')).toBe('12345678');
    expect(searchDigits('González')).toBeNull();
    expect(searchDigits('WR-2026-1000123')).toBeNull();
    expect(searchDigits('12')).toBeNull();
    const [row] = rowsOf<{ phone: string; other: string; cedula: string; name: string }>(
      await db().execute(
        sql`select search_phone_digits('+58 424-123-4567') as phone, search_phone_digits('0424 123 45 67') as other,
          search_cedula_digits('V-12.345.678') as cedula, search_fold('José Ángel GONZÁLEZ Muñoz') as name`,
      ),
    );
    expect(row).toEqual({
      phone: '4241234567',
      other: '4241234567',
      cedula: '12345678',
      name: 'jose angel gonzalez munoz',
    });
  });

  it('uses the indexes (with sequential scans off, the plan reads them)', async () => {
    const plan = async (condition: ReturnType<typeof sql>) => {
      return db().transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const r = await tx.execute(sql`explain select user_id from user_profiles where ${condition}`);
        return rowsOf<{ 'QUERY PLAN': string }>(r)
          .map((x) => x['QUERY PLAN'])
          .join('\n');
      });
    };
    expect(await plan(sql`search_fold(full_name) like search_fold('%gonzalez%')`)).toContain(
      'user_profiles_full_name_fold_trgm_idx',
    );
    expect(await plan(sql`search_phone_digits(phone) like '%4241234567%'`)).toContain(
      'user_profiles_phone_digits_trgm_idx',
    );
    expect(await plan(sql`search_cedula_digits(cedula) like '%12345678%'`)).toContain(
      'user_profiles_cedula_digits_trgm_idx',
    );
  });
});
