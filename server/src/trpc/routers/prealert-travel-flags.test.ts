// The travel rules where a pre-alert is written and read (docs/product/travel-rules.md): the
// customer's form reads the rules in effect to flag a description as it is typed, and staff's
// pre-alert list flags each open pre-alert as the customer's card does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAVEL_RULES_V1, checkTravel, prealertCheckInput } from '@casillero/shared';
import type { Database } from '../../db/client';
import { callerFor, newVisitor, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { signedInAdmin, signedInCustomer } from '../../test/factories';

let database: Database;
const db = () => database.db;
let admin: ReturnType<typeof callerFor>;
let customer: Awaited<ReturnType<typeof signedInCustomer>>;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = (await signedInAdmin(db())).caller;
  customer = await signedInCustomer(db(), { nombre: 'Luisa Viajera' });
});
afterAll(async () => {
  await database.close();
});

const declared = (description: string) => ({
  trackingNumber: `TRV${Date.now().toString(36).toUpperCase()}${description.length}`,
  carrier: 'Amazon' as const,
  senderName: 'Amazon',
  description,
  quantityItems: 1,
  amountSpentUsdCents: 4500,
  estimatedWeight: 0.5,
  estimatedValueUsdCents: 4500,
});

describe('the travel rules on pre-alerts', () => {
  it('the form reads the rules in effect, words included, and flags as the server does', async () => {
    const rules = await customer.caller.travelRules.inEffect();
    expect(rules).toEqual(TRAVEL_RULES_V1);
    const flags = checkTravel(rules, prealertCheckInput({ description: 'Power bank Anker 20000 mAh' }));
    expect(flags.map((f) => f.title)).toEqual(['Baterías de litio sueltas']);
    // Nobody signed out reads them through this door (the FAQ has its own, without the words).
    const err = await trpcError(callerFor(db(), newVisitor()).travelRules.inEffect());
    expect(err.code).toBe('UNAUTHORIZED');
  });

  it("staff's pre-alert list flags the power bank and says nothing of the books", async () => {
    const bank = await customer.caller.prealerts.create(declared('Power bank Anker 20000 mAh'));
    const books = await customer.caller.prealerts.create(declared('Libros de cocina venezolana'));
    const { rows } = await admin.prealerts.list({ q: 'Luisa Viajera' });
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(bank.id)?.travelFlags).toEqual([
      expect.objectContaining({
        level: 'warning',
        title: 'Baterías de litio sueltas',
        reason: expect.stringContaining('Solo puede viajar por vía marítima.'),
      }),
    ]);
    expect(byId.get(books.id)?.travelFlags).toEqual([]);
  });
});
