// The audit log as people read it (docs/product/staff-and-audit.md#audit-log): every action and
// every field of the audited tables has its Spanish words; each entry names its entity by its
// number ('Paquete WR-…') with the page that opens it; the log is searched by a person, a
// customer (name without accents, phone or cédula however written), an entity's number or an
// action in words. Customer service reads it to answer '¿quién cambió mi dirección?', and
// cannot make that change itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_FIELD_LABELS,
  AUTH_MESSAGES,
  auditFieldLabel,
  auditValueText,
  formatCaracasDateTime,
} from '@casillero/shared';
import { rowsOf, type Database } from '../db/client';
import * as schema from '../db/schema';
import { userProfiles } from '../db/schema';
import { createTestDatabase } from '../test/db';
import { trpcError, type TestCaller } from '../test/caller';
import { customerWithActiveMailbox, signedInAdmin, signedInStaff } from '../test/factories';
import type { Meta } from '../trpc/init';
import { appRouter } from '../trpc/router';
import { exportAuditBatches } from '../queries/audit';

let database: Database;
const db = () => database.db;
let admin: TestCaller;
let adminName: string;
let adminId: string;
let warehouse: Awaited<ReturnType<typeof signedInStaff>>;
let support: Awaited<ReturnType<typeof signedInStaff>>;
let customer: Awaited<ReturnType<typeof customerWithActiveMailbox>>;
let packageId: string;
const WR = `WR-2026-${String(Date.now()).slice(-7)}`;

beforeAll(async () => {
  database = await createTestDatabase();
  const a = await signedInAdmin(db());
  admin = a.caller;
  adminId = a.user.id;
  adminName = 'Admin Prueba';
  warehouse = await signedInStaff(db(), 'almacen');
  await db().update(userProfiles).set({ fullName: 'Lucía Almacén' }).where(eq(userProfiles.userId, warehouse.user.id));
  support = await signedInStaff(db(), 'atencion');
  customer = await customerWithActiveMailbox(db(), { nombre: 'Rosa Elena Peña' });
  await db()
    .update(userProfiles)
    .set({ phone: '+58 414-555-0101', cedula: 'V-20.111.222' })
    .where(eq(userProfiles.userId, customer.user.id));

  // The warehouse receives a package; the administrator changes the customer's address.
  const created = await warehouse.caller.packages.create({
    userId: customer.user.id,
    mailboxId: customer.mailboxId,
    trackingNumber: `1ZREAD${Date.now()}`,
    packageDescription: 'Licuadora',
    status: 'pending',
  });
  packageId = created.id;
  await warehouse.caller.packages.receive({ id: packageId, warehouseReceipt: WR, weightKg: 2.5 });
  await admin.clients.update({
    userId: customer.user.id,
    fullName: 'Rosa Elena Peña',
    phone: '+58 414-555-0101',
    cedula: 'V-20111222',
    venezuelaAddress: 'Av. Bolívar, Edificio Sol, piso 3',
    venezuelaCity: 'Valencia',
    venezuelaState: 'Carabobo',
  });
});
afterAll(async () => {
  await database.close();
});

describe('the audit log in words people read', () => {
  it('every staff mutation has its action in Spanish', () => {
    type AnyProcedure = { _def: { meta?: Meta; type: string } };
    const mutations = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>)
      .filter(([, p]) => p._def.meta?.access === 'staff' && p._def.type === 'mutation')
      .map(([path]) => path);
    expect(mutations.length).toBeGreaterThan(30);
    for (const path of [...mutations, 'auth.signIn']) {
      expect(AUDIT_ACTION_LABELS[path], path).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ]+ /);
    }
  });

  it('every field of every audited table, and every audited table, has its Spanish name', async () => {
    const audited = rowsOf<{ table: string }>(
      await db().execute(sql`select distinct c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname like '%\\_audit' and not t.tgisinternal`),
    ).map((r) => r.table);
    expect(audited).toContain('user_profiles');
    const tables = Object.values(schema)
      .map((v) => {
        try {
          return getTableConfig(v as PgTable);
        } catch {
          return null;
        }
      })
      .filter((c): c is NonNullable<typeof c> => c !== null && audited.includes(c.name));
    expect(tables.length).toBe(audited.length);
    for (const t of tables) {
      expect(AUDIT_ENTITY_LABELS[t.name], t.name).toBeTruthy();
      for (const c of t.columns) expect(AUDIT_FIELD_LABELS[c.name], `${t.name}.${c.name}`).toBeTruthy();
    }
    expect(auditFieldLabel('venezuela_address')).toBe('Dirección en Venezuela');
    expect(auditValueText('packages', 'status', 'received')).toBe('Recibido');
    expect(auditValueText('users', 'role', 'atencion')).toBe('Atención al cliente');
    expect(auditValueText('trackings', 'needs_reempaque', true)).toBe('Sí');
    expect(auditValueText('packages', 'received_at', '2026-11-27T12:37:00.123456+00:00')).toBe('27/11/2026 08:37');
    // Money in cents reads as money; a row from before migration 0025 keeps its old name and label.
    expect(auditFieldLabel('estimated_value_usd_cents')).toBe('Valor estimado (USD)');
    expect(auditFieldLabel('estimated_value_usd')).toBe('Valor estimado (USD)');
    expect(auditValueText('packages', 'estimated_value_usd_cents', 123456)).toBe('$1.234,56');
    expect(auditValueText('payment_transactions', 'amount_ves_cents', 18214)).toBe('Bs. 182,14');
  });

  it('times are on Caracas’s clock whatever the server’s zone', () => {
    expect(formatCaracasDateTime('2026-11-27T03:05:00Z')).toBe('26/11/2026 23:05');
    expect(formatCaracasDateTime(new Date('2026-01-01T12:00:00Z'))).toBe('01/01/2026 08:00');
  });

  it('each entry names its entity by its number and says which page opens it', async () => {
    const page = await admin.audit.list({ entity: 'packages', entityId: packageId });
    expect(page.rows.length).toBeGreaterThanOrEqual(2);
    for (const row of page.rows) {
      expect(row.entityRef).toBe(WR);
      expect(row.entityLink).toEqual({ page: 'packages', id: packageId });
      expect(row.actorName).toBe('Lucía Almacén');
      expect(row.actorRole).toBe('almacen');
    }
    expect(page.rows.map((r) => r.action).sort()).toEqual(
      expect.arrayContaining(['packages.create', 'packages.receive']),
    );
    // The customer's profile: named by the customer, opening their page in Clientes.
    const profile = await admin.audit.list({ entity: 'user_profiles', entityId: customer.user.id });
    expect(profile.rows[0]).toMatchObject({
      entityRef: 'Rosa Elena Peña',
      entityLink: { page: 'clients', id: customer.user.id },
      action: 'clients.update',
    });
  });

  it('an entry’s details name the ids it recorded and write numbers as es-VE does', async () => {
    const created = (await admin.audit.list({ entity: 'packages', entityId: packageId })).rows.find(
      (r) => r.action === 'packages.create',
    )!;
    const entry = await admin.audit.detail({ id: created.id });
    const value = (field: string) => auditValueText(entry.entity, field, entry.after?.[field], entry.references);
    // Whose package and in which casillero, by name and code, not by id.
    expect(value('user_id')).toBe('Rosa Elena Peña');
    const [box] = await db()
      .select({ code: schema.mailboxes.mailboxCode })
      .from(schema.mailboxes)
      .where(eq(schema.mailboxes.id, customer.mailboxId));
    expect(value('mailbox_id')).toBe(box!.code);
    const weighed = (await admin.audit.list({ entity: 'packages', entityId: packageId })).rows.find(
      (r) => r.after?.weight_kg !== undefined,
    );
    const after = weighed?.after;
    expect(auditValueText('packages', 'weight_kg', after?.weight_kg)).toBe('2,5 kg');
    // The day's rate, with its four decimals, as the cashier typed it.
    const cashier = await signedInStaff(db(), 'caja');
    await cashier.caller.exchangeRates.record({ rateDate: '2026-03-02', vesPerUsd: '263,1575', source: 'BCV' });
    const rate = (await admin.audit.list({ actorId: cashier.user.id, action: 'exchangeRates.record' })).rows[0]!;
    expect(auditValueText('exchange_rates', 'ves_per_usd', rate.after?.ves_per_usd)).toBe('263,1575');
    // The history in an entity's drawer names them too.
    const history = await admin.audit.forEntity({ entity: 'packages', entityId: packageId });
    expect(history.references[customer.user.id]).toBe('Rosa Elena Peña');
  });

  it('searches by an entity’s number, a person, a customer and an action in words', async () => {
    const actions = async (q: string) => (await admin.audit.list({ q })).rows.map((r) => `${r.action} ${r.entity}`);
    // The package by its WR: only its own entries.
    const byWr = await admin.audit.list({ q: WR });
    expect(byWr.rows.length).toBeGreaterThanOrEqual(2);
    expect(byWr.rows.every((r) => r.entity === 'packages' && r.entityId === packageId)).toBe(true);
    expect(await admin.audit.count({ q: WR })).toEqual({ count: byWr.rows.length, isCapped: false });
    expect((await admin.audit.list({ q: WR.toLowerCase() })).rows.length).toBe(byWr.rows.length);
    // A person by name, without accents or case: everything they did (and their sign-in).
    const byPerson = await admin.audit.list({ q: 'lucia almacen' });
    expect(byPerson.rows.length).toBeGreaterThanOrEqual(3);
    expect(byPerson.rows.every((r) => r.actorId === warehouse.user.id)).toBe(true);
    expect(await actions('LUCÍA')).toContain('auth.signIn users');
    // The customer by name, phone or cédula however written: the changes to their data.
    for (const q of ['Pena', 'rosa elena', '0414 5550101', '+58 414 555 0101', 'V-20.111.222']) {
      expect(await actions(q), q).toContain('clients.update user_profiles');
    }
    // An action in words.
    expect(await actions('editó los datos')).toEqual(expect.arrayContaining(['clients.update user_profiles']));
    expect((await actions('editó los datos')).every((a) => a.startsWith('clients.update'))).toBe(true);
    // Nothing found is an empty page, not an error.
    expect((await admin.audit.list({ q: 'zzz-nadie' })).rows).toEqual([]);
  });

  it('a search pages through its matches in the log’s order, each once, whichever way it matched', async () => {
    // Thirty more entries by the warehouse person, and two about them by the administrator: the
    // person's name matches both as the one who acted and as the one acted upon.
    const actor = warehouse.user.id;
    const base = Date.parse('2026-03-01T12:00:00Z');
    await db()
      .insert(schema.auditLog)
      .values([
        ...Array.from({ length: 30 }, (_, i) => ({
          createdAt: new Date(base + (i % 10) * 60_000), // three entries share each minute: the id breaks the tie
          actorId: actor,
          actorRole: 'almacen',
          action: 'packages.updateStatus',
          entity: 'packages',
          entityId: packageId,
          operation: 'update',
        })),
        ...[0, 1].map((i) => ({
          createdAt: new Date(base + i * 90_000),
          actorId: adminId,
          actorRole: 'admin',
          action: 'staff.setRole',
          entity: 'users',
          entityId: actor,
          operation: 'update',
        })),
      ]);
    const expected = rowsOf<{ id: string | number }>(
      await db().execute(sql`
        select id from audit_log
        where actor_id = ${actor} or (entity in ('users', 'user_profiles') and entity_id = ${actor})
        order by created_at desc, id desc`),
    ).map((r) => Number(r.id));
    expect(expected.length).toBeGreaterThan(32);
    for (const dir of ['desc', 'asc'] as const) {
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 10); page++) {
        const { rows } = await admin.audit.list({ q: 'lucia almacen', pageSize: 10, page, dir });
        seen.push(...rows.map((r) => Number(r.id)));
      }
      expect(seen, dir).toEqual(dir === 'desc' ? expected : [...expected].reverse());
    }
    expect(await admin.audit.count({ q: 'lucia almacen' })).toEqual({ count: expected.length, isCapped: false });
    // The export reads the same entries, a batch at a time.
    const exported: number[] = [];
    for await (const batch of exportAuditBatches(db(), { q: 'lucia almacen' }, 7))
      exported.push(...batch.map((r) => r.id));
    expect(exported).toEqual(expected);
    // With a filter beside the search: only the entries about the person.
    const about = await admin.audit.list({ q: 'lucia almacen', entity: 'users', pageSize: 100 });
    const aboutIds = about.rows.map((r) => Number(r.id));
    expect(aboutIds.length).toBeGreaterThanOrEqual(2);
    expect(about.rows.every((r) => r.entity === 'users' && r.entityId === actor)).toBe(true);
    expect(aboutIds).toEqual(expected.filter((id) => aboutIds.includes(id)));
  });

  it('customer service answers “¿quién cambió mi dirección?” and cannot change it itself', async () => {
    const found = await support.caller.audit.list({ q: 'Rosa Elena' });
    const change = found.rows.find((r) => r.action === 'clients.update' && r.entity === 'user_profiles');
    expect(change).toMatchObject({ actorName: adminName, actorRole: 'admin' });
    expect(change?.after).toMatchObject({ venezuela_address: 'Av. Bolívar, Edificio Sol, piso 3' });
    // Each call starts when its turn comes: a rejection is always awaited, never left unhandled.
    for (const attempt of [
      () =>
        support.caller.clients.update({
          userId: customer.user.id,
          fullName: 'Rosa Elena Peña',
          venezuelaAddress: 'Otra',
        }),
      () => support.caller.mailboxes.setStatus({ id: customer.mailboxId, status: 'inactive' }),
    ]) {
      const error = await trpcError(attempt());
      expect(error.code).toBe('FORBIDDEN');
      expect(error.message).toBe(AUTH_MESSAGES.forbidden);
    }
    const [profile] = await db()
      .select({ address: userProfiles.venezuelaAddress })
      .from(userProfiles)
      .where(eq(userProfiles.userId, customer.user.id));
    expect(profile?.address).toBe('Av. Bolívar, Edificio Sol, piso 3');
  });
});
