// The audit log (docs/product/product-decisions.md#d13-staff-have-roles): the database refuses to change it; a staff change writes its
// entries in the same transaction (who, role, action, before/after, IP, user agent); a failed
// change writes none; a customer's own changes are not staff changes; staff sign-ins are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/client';
import { auditLog, packages, users } from '../db/schema';
import { createTestDatabase } from '../test/db';
import { customerWithActiveMailbox, signedInAdmin, signedInStaff } from '../test/factories';

let database: Database;
const db = () => database.db;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const entriesOf = (action: string) =>
  db().select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));

async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await db().execute(statement);
    return 'aceptado';
  } catch (error) {
    // Drizzle wraps the database's error: its own message is the cause's.
    const e = error as { message?: string; cause?: { message?: string } };
    return `${e.message ?? ''} ${e.cause?.message ?? ''}`;
  }
}

describe('audit log', () => {
  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const admin = await signedInAdmin(db());
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.actorId, admin.user.id));
    expect(entry?.operation).toBe('sign_in');
    expect(await refusal(sql`update audit_log set action = 'otra' where id = ${entry!.id}`)).toMatch(
      /no se puede modificar/,
    );
    expect(await refusal(sql`delete from audit_log where id = ${entry!.id}`)).toMatch(/no se puede modificar/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/no se puede modificar/);
    const [still] = await db().select().from(auditLog).where(eq(auditLog.id, entry!.id));
    expect(still).toEqual(entry);
  });

  it('a staff change writes who, role, action, the changed fields before and after, IP and user agent', async () => {
    const admin = await signedInAdmin(db());
    const maria = await customerWithActiveMailbox(db(), { nombre: 'María Auditada' });
    const created = await admin.caller.packages.create({
      userId: maria.user.id,
      mailboxId: maria.mailboxId,
      trackingNumber: 'AUD-0001',
      packageDescription: 'Zapatos',
      status: 'pending',
    });
    const [insert] = await entriesOf('packages.create');
    expect(insert).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      entity: 'packages',
      entityId: created.id,
      operation: 'insert',
      ip: admin.visitor.ip,
      userAgent: admin.visitor.userAgent,
      before: null,
    });
    expect(insert!.after).toMatchObject({ id: created.id, tracking_number: 'AUD-0001', status: 'pending' });

    await admin.caller.packages.updateStatus({ id: created.id, status: 'received' });
    const changes = (await entriesOf('packages.updateStatus')).filter(
      (e) => e.entity === 'packages' && e.entityId === created.id,
    );
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((e) => e.operation === 'update' && e.actorId === admin.user.id)).toBe(true);
    const statusChange = changes.find((e) => e.after && 'status' in e.after);
    expect(statusChange!.before).toMatchObject({ status: 'pending' });
    expect(statusChange!.after).toMatchObject({ status: 'received' });
    // Only the fields that changed, and never updated_at.
    for (const e of changes) {
      expect(Object.keys(e.after!)).not.toContain('updated_at');
      expect(Object.keys(e.after!)).not.toContain('package_description');
      expect(Object.keys(e.after!).sort()).toEqual(Object.keys(e.before!).sort());
    }
  });

  it('a refused staff change leaves no change and no entry; a customer’s own change is not in the log', async () => {
    const admin = await signedInAdmin(db());
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(auditLog);
    await expect(
      admin.caller.packages.updateStatus({ id: '00000000-0000-4000-8000-000000000000', status: 'received' }),
    ).rejects.toBeInstanceOf(TRPCError);
    const maria = await customerWithActiveMailbox(db(), { nombre: 'María Sin Auditoría' });
    await maria.caller.profile.update({
      fullName: 'María Cambiada',
      phone: null,
      cedula: null,
      venezuelaAddress: null,
      venezuelaCity: null,
      venezuelaState: null,
    });
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('staff sign-ins are entries, with the time of the last one on the person', async () => {
    const caja = await signedInStaff(db(), 'caja');
    const signIns = await db().select().from(auditLog).where(eq(auditLog.actorId, caja.user.id));
    expect(signIns.map((e) => [e.action, e.operation, e.actorRole])).toContainEqual(['auth.signIn', 'sign_in', 'caja']);
    const [person] = await db()
      .select({ lastSignInAt: users.lastSignInAt })
      .from(users)
      .where(eq(users.id, caja.user.id));
    expect(person!.lastSignInAt).toBeInstanceOf(Date);
    // A raw row count through the driver agrees (the log is readable as plain SQL too).
    const raw = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from audit_log where actor_id = ${caja.user.id}`),
    );
    expect(raw[0]!.n).toBe(signIns.length);
    expect(await db().select().from(packages).where(eq(packages.trackingNumber, 'nada'))).toEqual([]);
  });
});
