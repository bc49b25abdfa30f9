// An ally's portal (docs/product/allies.md) shows its own customers only: no query of an ally's shows
// another ally's customer or a direct customer, and customers reach no portal.

import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailboxes } from '../db/schema';
import { signedInAdmin, signedInAlly } from '../test/factories';
import { allProcedures } from '../test/ownership-inputs';
import { useOwnership, admin, ana, fixture, db, as, call, errorCode, receivedPackage } from '../test/ownership';

useOwnership();

/** The input each query of an ally's portal is walked with; a query added later fails until it is here. */
const ALLY_QUERY_INPUTS: Record<string, unknown> = {
  'allyPortal.me': undefined,
  'allyPortal.customers': { page: 1 },
  'allyPortal.prealerts': { page: 1 },
  'allyPortal.parcels': { page: 1 },
  'allyPortal.shipments': { page: 1 },
  'allyPortal.invoices': { page: 1 },
  'allyPortal.statement': { month: new Date().toISOString().slice(0, 7) },
};

describe('an ally’s portal (docs/product/allies.md): its own customers only', () => {
  it('no query of an ally’s shows another ally’s customer or a direct customer; customers reach no portal', async () => {
    const queries = allProcedures.filter((p) => p.path.startsWith('allyPortal.') && p.type === 'query');
    expect(queries.map((q) => q.path).sort()).toEqual(Object.keys(ALLY_QUERY_INPUTS).sort());

    const owner = await signedInAdmin(db());
    const mine = await signedInAlly(db(), owner, { name: 'Aliado Propio', prefix: 'OWA' });
    const other = await signedInAlly(db(), owner, { name: 'Aliado Ajeno', prefix: 'OWB' });
    const own = await mine.caller.allyPortal.createCustomer({
      fullName: 'Cliente Propio',
      email: 'propio@ejemplo.com',
      type: 'usa',
    });
    const foreign = await other.caller.allyPortal.createCustomer({
      fullName: 'Cliente Ajeno',
      email: 'ajeno@ejemplo.com',
      type: 'usa',
    });
    const [foreignBox] = await db().select().from(mailboxes).where(eq(mailboxes.userId, foreign.userId));
    await as(admin).mailboxes.setStatus({ id: foreignBox!.id, status: 'active' });
    const foreignParcel = await receivedPackage(foreign.userId, foreignBox!.id);

    const bIds = Object.entries(fixture.b)
      .filter(([key]) => key !== 'email')
      .flatMap(([, id]) => (typeof id === 'string' ? [id] : Object.values(id)));
    const forbidden = [
      ...bIds,
      fixture.b.email,
      foreign.userId,
      foreign.mailboxCode,
      foreignParcel,
      'ajeno@ejemplo.com',
    ];
    const leaks: string[] = [];
    let seen = '';
    for (const q of queries) {
      const answer = JSON.stringify(await call(mine.caller, q.path, ALLY_QUERY_INPUTS[q.path]));
      seen += answer;
      for (const id of forbidden) if (answer.includes(id)) leaks.push(`${q.path}: ${id}`);
    }
    expect(leaks).toEqual([]);
    // …while its own customer is there.
    expect(seen).toContain(own.mailboxCode);

    // A customer (the ally's own included) reaches no procedure of the portal.
    for (const p of allProcedures.filter((x) => x.path.startsWith('allyPortal.')))
      expect(`${p.path}: ${await errorCode(call(as(ana), p.path, ALLY_QUERY_INPUTS[p.path]))}`).toBe(
        `${p.path}: FORBIDDEN`,
      );
  });
});
