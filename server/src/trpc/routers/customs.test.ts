// Customs rules (docs/product/customs.md): version 1 is the seeded set with its source; the
// administrator saves a version from now on or from a coming day, with its source (never the past,
// never two at one moment, never a category missing, twice or without a rate, never an absurd
// rate: refused in Spanish, nothing changed), each audited; versions come in order and
// customs.current is the one in effect, for anyone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CUSTOMS_MESSAGES as M,
  CUSTOMS_RULES_V1,
  CUSTOMS_RULES_V1_NOTE,
  caracasDay,
  caracasDayStart,
  estimateCustoms,
  type CustomsRules,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import { auditLog, customsRuleVersions } from '../../db/schema';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { signedInCustomer, signedInStaff } from '../../test/factories';
import { testConfig } from '../../env';
import { createCustomsVersion } from '../../services/customs';
import { currentCustomsVersion } from '../../queries/customs';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
let admin: Awaited<ReturnType<typeof signedInStaff>>;
const DAY = 24 * 3600 * 1000;
const inDays = (n: number) => caracasDay(new Date(Date.now() + n * DAY));
const rows = () => db().select().from(customsRuleVersions);
const NOTE = 'Gaceta Oficial de prueba, tasas del ejemplo.';

const withRate = (category: string, patch: object): CustomsRules =>
  ({
    ...CUSTOMS_RULES_V1,
    categories: CUSTOMS_RULES_V1.categories.map((c) => (c.category === category ? { ...c, ...patch } : c)),
  }) as CustomsRules;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInStaff(db(), 'admin');
});
afterAll(async () => {
  await database.close();
});

describe('version 1', () => {
  it('is the seeded set (shared CUSTOMS_RULES_V1 with its note), in effect for anyone, signed in or not', async () => {
    const [v1] = await db().select().from(customsRuleVersions).where(eq(customsRuleVersions.number, 1));
    expect(v1.rules).toEqual(CUSTOMS_RULES_V1);
    expect(v1.note).toBe(CUSTOMS_RULES_V1_NOTE);
    const anonymous = await callerFor(db(), undefined, config).customs.current();
    expect(anonymous).toMatchObject({ number: 1, note: CUSTOMS_RULES_V1_NOTE, rules: CUSTOMS_RULES_V1 });
    const customer = await signedInCustomer(db());
    expect((await customer.caller.customs.current()).id).toBe(v1.id);
  });
});

describe('bad input: refused in Spanish, nothing changed', () => {
  it.each([
    ['a day today', () => ({ startDay: caracasDay(new Date()), note: NOTE, rules: CUSTOMS_RULES_V1 }), M.startInPast],
    ['a day in the past', () => ({ startDay: '2026-01-01', note: NOTE, rules: CUSTOMS_RULES_V1 }), M.startInPast],
    ['more than a year ahead', () => ({ startDay: inDays(400), note: NOTE, rules: CUSTOMS_RULES_V1 }), M.tooFar],
    ['no source', () => ({ startDay: null, note: '  ', rules: CUSTOMS_RULES_V1 }), M.noteRequired],
    [
      'a negative duty',
      () => ({ startDay: null, note: NOTE, rules: withRate('phones', { dutyBasisPoints: -100 }) }),
      M.rateRange('Arancel de «Teléfonos celulares»'),
    ],
    [
      'a duty over 100 %',
      () => ({ startDay: null, note: NOTE, rules: withRate('clothing', { dutyBasisPoints: 15_000 }) }),
      M.rateRange('Arancel de «Ropa y calzado»'),
    ],
    [
      'a category without a rate',
      () => ({ startDay: null, note: NOTE, rules: withRate('toys', { dutyBasisPoints: undefined }) }),
      M.missingCategory('Juguetes'),
    ],
    [
      'a duplicate category',
      () => ({
        startDay: null,
        note: NOTE,
        rules: { ...CUSTOMS_RULES_V1, categories: [...CUSTOMS_RULES_V1.categories, CUSTOMS_RULES_V1.categories[1]] },
      }),
      M.duplicateCategory('Suplementos y vitaminas'),
    ],
    [
      'an IVA over 100 %',
      () => ({ startDay: null, note: NOTE, rules: { ...CUSTOMS_RULES_V1, ivaBasisPoints: 16_000 } }),
      M.rateRange('IVA'),
    ],
  ])('%s', async (_, input, message) => {
    const before = await rows();
    const err = await trpcError(admin.caller.customs.create(input() as never));
    expect(err.message).toContain(message);
    expect(await rows()).toEqual(before);
  });

  it('two versions at the same moment; cancelling one in effect or cancelled', async () => {
    const day = inDays(5);
    const first = await admin.caller.customs.create({ startDay: day, note: NOTE, rules: CUSTOMS_RULES_V1 });
    const before = await rows();
    const err = await trpcError(admin.caller.customs.create({ startDay: day, note: NOTE, rules: CUSTOMS_RULES_V1 }));
    expect(err.message).toBe(M.sameStart(caracasDayStart(day).toISOString()));
    expect(await rows()).toEqual(before);
    // Cancelled: it stays in the history and the cancellation is audited.
    expect(await admin.caller.customs.cancel({ id: first.id })).toEqual({ message: M.cancelledOk(first.number) });
    expect((await trpcError(admin.caller.customs.cancel({ id: first.id }))).message).toBe(M.alreadyCancelled);
    const [v1] = await db().select().from(customsRuleVersions).where(eq(customsRuleVersions.number, 1));
    expect((await trpcError(admin.caller.customs.cancel({ id: v1.id }))).message).toBe(M.alreadyInEffect);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customs_rule_versions'), eq(auditLog.entityId, first.id)));
    expect(entries.map((e) => e.operation).sort()).toEqual(['insert', 'update']);
  });

  it('a customer cannot read the versions nor save one', async () => {
    const customer = await signedInCustomer(db());
    const before = await rows();
    expect((await trpcError(customer.caller.customs.versions())).code).toBe('FORBIDDEN');
    expect(
      (await trpcError(customer.caller.customs.create({ startDay: null, note: NOTE, rules: CUSTOMS_RULES_V1 }))).code,
    ).toBe('FORBIDDEN');
    expect(await rows()).toEqual(before);
  });
});

describe('versions and the one in effect', () => {
  it('a version for next week is scheduled: listed by its start, not current until then', async () => {
    const nextWeek = inDays(7);
    const dearer = withRate('electronics', { dutyBasisPoints: 3000 });
    const scheduled = await admin.caller.customs.create({ startDay: nextWeek, note: NOTE, rules: dearer });
    expect(scheduled.effectiveAt).toBe(caracasDayStart(nextWeek).toISOString());
    expect(scheduled.message).toBe(M.created(scheduled.number, scheduled.effectiveAt));

    const { versions } = await admin.caller.customs.versions();
    const starts = versions.map((v) => v.effectiveAt);
    expect(starts).toEqual([...starts].sort());
    expect(versions.at(-1)).toMatchObject({
      id: scheduled.id,
      note: NOTE,
      cancelledAt: null,
      createdByEmail: admin.user.email,
    });
    expect((await admin.caller.customs.current()).number).toBe(1);

    // From now on: current at once; the next week's still waits its day, and then takes over.
    const now = await admin.caller.customs.create({
      startDay: null,
      note: NOTE,
      rules: withRate('books', { dutyBasisPoints: 500 }),
    });
    const current = await admin.caller.customs.current();
    expect(current.id).toBe(now.id);
    const estimate = estimateCustoms(current.rules, {
      mode: 'air',
      category: 'books',
      declaredValueUsdCents: 10_000,
      freightUsdCents: 0,
      insuranceUsdCents: 0,
      rate: 1,
    });
    expect(estimate.usdCents.duty).toBe(500);
    const later = await currentCustomsVersion(db(), new Date(caracasDayStart(nextWeek).getTime() + 1000));
    expect(later.id).toBe(scheduled.id);
  });

  it('a version cannot start in the past even when called directly', async () => {
    const before = await rows();
    await expect(
      createCustomsVersion(db(), {
        startDay: inDays(-1),
        note: NOTE,
        rules: CUSTOMS_RULES_V1,
        createdBy: admin.user.id,
      }),
    ).rejects.toThrow(M.startInPast);
    expect(await rows()).toEqual(before);
  });
});
