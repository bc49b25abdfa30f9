// Every staff mutation leaves its audit entry (docs/product/staff-and-audit.md#audit-log). The list of mutations is read from the
// app router, not written here: a staff mutation added later fails the first test until the
// table (test/audit-cases/, by domain) says how to call it and which entry it must leave. Each one is called by a staff
// member of a role that holds its permission (not the administrator where another role can), and
// the entry must name that person and role, the procedure, the entity and its id, the operation,
// and the fields before and after as the database now holds them.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { STAFF_ROLES, can, type Permission, type StaffRole } from '@casillero/shared';
import { auditLog } from '../db/schema';
import type { TestCaller } from '../test/caller';
import { signedInStaff } from '../test/factories';
import type { Meta } from '../trpc/init';
import { appRouter } from '../trpc/router';
import { useAudit, type Case, db } from '../test/audit';
import { FIRST_MILE_CASES } from '../test/audit-cases/first-mile';
import { MONEY_CASES } from '../test/audit-cases/money';
import { PARCEL_CASES } from '../test/audit-cases/parcels';
import { PEOPLE_CASES } from '../test/audit-cases/people';
import { SHIPPING_CASES } from '../test/audit-cases/shipping';
import { CONVERSATION_CASES } from '../test/audit-cases/conversations';

type AnyProcedure = { _def: { meta?: Meta; type: string } };
const staffMutations = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>)
  .filter(([, p]) => p._def.meta?.access === 'staff' && p._def.type === 'mutation')
  .map(([path, p]) => ({ path, permission: p._def.meta!.permission! }));

/** One entry per staff mutation, by domain (test/audit-cases/). */
const CASES: Record<string, Case> = {
  ...PARCEL_CASES,
  ...SHIPPING_CASES,
  ...MONEY_CASES,
  ...PEOPLE_CASES,
  ...FIRST_MILE_CASES,
  ...CONVERSATION_CASES,
};

// --- The walk ----------------------------------------------------------------------------------

/** The role that does this in the business: the first non-administrator role that may, else the administrator. */
const roleFor = (permission: Permission): StaffRole =>
  STAFF_ROLES.find((r) => r !== 'admin' && can(r, permission)) ?? 'admin';

function call(caller: TestCaller, path: string, input: unknown): Promise<unknown> {
  const [router, procedure] = path.split('.') as [string, string];
  return (caller as unknown as Record<string, Record<string, (i: unknown) => Promise<unknown>>>)[router]![procedure]!(
    input,
  );
}

useAudit();

describe('every staff mutation is audited', () => {
  it('the table names every staff mutation of the router, and nothing else', () => {
    expect(staffMutations.length).toBeGreaterThan(20);
    expect(Object.keys(CASES).sort()).toEqual(staffMutations.map((m) => m.path).sort());
  });

  it.each(staffMutations)('$path leaves an entry with who, role, entity, before and after', async ({
    path,
    permission,
  }) => {
    const role = roleFor(permission);
    const actor = await signedInStaff(db(), role);
    const { input, expected: expectedOf } = await CASES[path]!({ staff: actor.caller });
    const startedAt = new Date();
    const result = await call(actor.caller, path, input);
    const expected = await expectedOf(result);

    const entries = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, path),
          eq(auditLog.actorId, actor.user.id),
          eq(auditLog.entity, expected.entity),
          eq(auditLog.entityId, expected.entityId),
        ),
      );
    // A service may write the row more than once in the transaction: one of its entries must show the change.
    const fields = (expectedFields: Record<string, unknown> | null | undefined) =>
      expectedFields === null ? null : expectedFields ? expect.objectContaining(expectedFields) : expect.anything();
    expect(entries).toContainEqual(
      expect.objectContaining({
        operation: expected.operation,
        actorRole: role,
        ip: actor.visitor.ip,
        userAgent: actor.visitor.userAgent,
        before: fields(expected.before),
        after: fields(expected.after),
      }),
    );
    for (const entry of entries) {
      expect(entry.createdAt.getTime()).toBeGreaterThanOrEqual(startedAt.getTime() - 1000);
      // An update keeps exactly the fields that changed, the same keys on both sides.
      if (entry.operation === 'update')
        expect(Object.keys(entry.before!).sort()).toEqual(Object.keys(entry.after!).sort());
    }
  });
});
