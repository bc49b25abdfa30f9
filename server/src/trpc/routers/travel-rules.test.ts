// What may travel (docs/product/travel-rules.md): version 1 is the seeded Venezuelan set; the
// administrator saves a version from now on or from a coming day (never the past, never two at one
// moment, never an empty rule or an absurd limit: refused in Spanish, nothing changed), each
// audited; the rules flag pre-alerts, parcels (Acción requerida, staff's detail) and ship requests;
// the customers a new version affects are told once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import {
  PRICE_LIST_V1,
  TRAVEL_RULES_MESSAGES as M,
  TRAVEL_RULES_V1,
  caracasDay,
  caracasDayStart,
  nextDay,
  type TravelRules,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import { auditLog, notifications, packages, priceListVersions, travelRuleVersions } from '../../db/schema';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { customerWithActiveMailbox, signedInStaff, type CustomerWithMailbox } from '../../test/factories';
import { testConfig } from '../../env';
import { announceRuleChanges } from '../../services/rule-changes';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let maria: CustomerWithMailbox;
let pedro: CustomerWithMailbox;
const as = (c: { visitor: CustomerWithMailbox['visitor'] }) => callerFor(db(), c.visitor, config);
const DAY = 24 * 3600 * 1000;
const inDays = (n: number) => caracasDay(new Date(Date.now() + n * DAY));
const versionCount = async () => (await db().select().from(travelRuleVersions)).length;

const perfumes: TravelRules = {
  ...TRAVEL_RULES_V1,
  categories: [
    ...TRAVEL_RULES_V1.categories,
    {
      id: '',
      name: 'Perfumes',
      kind: 'prohibited',
      modes: 'air',
      words: ['perfume', 'perfumes', 'colonia'],
      exceptWords: [],
      reason: 'Los perfumes llevan alcohol y no viajan por vía aérea.',
      advice: 'Envíalo por vía marítima.',
    },
  ],
};

let tag = 0;
async function parcel(c: CustomerWithMailbox, description: string, weightKg = 2, valueUsdCents = 5_000) {
  tag++;
  const [row] = await db()
    .insert(packages)
    .values({
      userId: c.user.id,
      mailboxId: c.mailboxId,
      trackingNumber: `1ZTR${tag}`,
      packageDescription: description,
      status: 'in_warehouse',
      weightKg,
      dimensionsCm: '30x20x15',
      estimatedValueUsdCents: valueUsdCents,
      warehouseReceipt: `WR-TR-${tag}`,
      receivedDate: new Date(),
    })
    .returning({ id: packages.id });
  return row.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInStaff(db(), 'admin');
  maria = await customerWithActiveMailbox(db(), { nombre: 'María González' });
  pedro = await customerWithActiveMailbox(db(), { nombre: 'Pedro Pérez' });
});
afterAll(async () => {
  await database.close();
});

describe('version 1', () => {
  it('is the seeded Venezuelan set (the same as shared TRAVEL_RULES_V1), and the FAQ reads it', async () => {
    const [v1] = await db().select().from(travelRuleVersions).where(eq(travelRuleVersions.number, 1));
    expect(v1.rules).toEqual(TRAVEL_RULES_V1);
    expect(v1.announcedAt).not.toBeNull();
    const faq = await callerFor(db(), undefined, config).site.travelRules();
    expect(faq.categories.map((c) => c.name)).toContain('Baterías de litio sueltas');
    expect(faq.limits.air.maxPieceWeightKg).toBe(50);
  });
});

describe('bad input: refused in Spanish, nothing changed', () => {
  it.each([
    ['a day today or past', () => ({ startDay: caracasDay(new Date()), rules: TRAVEL_RULES_V1 }), M.startInPast],
    ['a day in the past', () => ({ startDay: '2026-01-01', rules: TRAVEL_RULES_V1 }), M.startInPast],
    ['more than a year ahead', () => ({ startDay: inDays(400), rules: TRAVEL_RULES_V1 }), M.tooFar],
    ['no category', () => ({ startDay: null, rules: { ...TRAVEL_RULES_V1, categories: [] } }), M.noCategories],
    [
      'a category without words',
      () => ({
        startDay: null,
        rules: { ...perfumes, categories: [{ ...perfumes.categories.at(-1)!, words: [] }] },
      }),
      M.wordsRequired('Perfumes'),
    ],
    [
      'an absurd limit',
      () => ({
        startDay: null,
        rules: {
          ...TRAVEL_RULES_V1,
          limits: { ...TRAVEL_RULES_V1.limits, air: { maxPieceWeightKg: 0, maxDeclaredValueUsdCents: 200_000 } },
        },
      }),
      M.weightRange,
    ],
  ])('%s', async (_, input, message) => {
    const before = await versionCount();
    const err = await trpcError(admin.caller.travelRules.create(input()));
    expect(err.message).toContain(message);
    expect(await versionCount()).toBe(before);
  });

  it('two versions from the same day; cancelling one in effect', async () => {
    const day = inDays(5);
    const first = await admin.caller.travelRules.create({ startDay: day, rules: TRAVEL_RULES_V1 });
    const before = await versionCount();
    const err = await trpcError(admin.caller.travelRules.create({ startDay: day, rules: perfumes }));
    expect(err.message).toBe(M.sameStart(caracasDayStart(day).toISOString()));
    expect(await versionCount()).toBe(before);
    // Cancelled: it stays in the history, the day is free again, and the cancellation is audited.
    expect(await admin.caller.travelRules.cancel({ id: first.id })).toEqual({ message: M.cancelledOk(first.number) });
    expect((await trpcError(admin.caller.travelRules.cancel({ id: first.id }))).message).toBe(M.alreadyCancelled);
    const [v1] = await db().select().from(travelRuleVersions).where(eq(travelRuleVersions.number, 1));
    expect((await trpcError(admin.caller.travelRules.cancel({ id: v1.id }))).message).toBe(M.alreadyInEffect);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'travel_rule_versions'), eq(auditLog.entityId, first.id)));
    expect(entries.map((e) => e.operation).sort()).toEqual(['insert', 'update']);
  });
});

describe('checked where it helps', () => {
  it('a ship request by sea refuses a phone with its reason; by air it goes; over 50 kg by air is refused', async () => {
    const phone = await parcel(maria, 'Teléfono Samsung A15');
    const sea = await trpcError(as(maria).shipRequests.quote({ packageIds: [phone], shippingMethod: 'maritimo' }));
    expect(sea.message).toBe(
      M.shipBlocked(
        `WR-TR-${tag}`,
        'Teléfonos por vía marítima',
        'Los teléfonos celulares no viajan por vía marítima.',
      ),
    );
    const air = await as(maria).shipRequests.quote({ packageIds: [phone], shippingMethod: 'aereo' });
    expect(air.travelWarnings).toEqual([]);
    const heavy = await parcel(maria, 'Caja de herramientas', 60);
    const err = await trpcError(as(maria).shipRequests.quote({ packageIds: [heavy], shippingMethod: 'aereo' }));
    expect(err.message).toContain('Por vía aérea cada pieza pesa como máximo 50 kg; esta pesa 60 kg.');
    // Medicines travel, with the warning.
    const pills = await parcel(maria, 'Medicamentos para la tensión');
    const warned = await as(maria).shipRequests.quote({ packageIds: [pills], shippingMethod: 'aereo' });
    expect(warned.travelWarnings.map((w) => w.flag.title)).toEqual(['Medicamentos sin récipe']);
  });

  it('a parcel no mode can carry is in the customer’s Acción requerida and on staff’s package detail', async () => {
    const ammo = await parcel(pedro, 'Municiones calibre 22');
    const blocked = await as(pedro).packages.travelBlocked();
    expect(blocked).toEqual([
      expect.objectContaining({
        packageId: ammo,
        flags: [expect.objectContaining({ level: 'block', title: 'Armas y municiones' })],
      }),
    ]);
    expect(await as(maria).packages.travelBlocked()).toEqual([]);
    const detail = await admin.caller.packages.detail({ id: ammo });
    expect(detail.travelFlags.map((f) => [f.level, f.title])).toEqual([['block', 'Armas y municiones']]);
  });
});

describe('a new prohibited category, from now on', () => {
  it('flags María’s open pre-alert, and she is told once however many times the job runs', async () => {
    const created = await as(maria).prealerts.create({ description: 'Perfume Chanel N°5', quantityItems: 1 });
    expect(created.travelFlags).toEqual([]);
    const pedroPre = await as(pedro).prealerts.create({ description: 'Zapatos deportivos', quantityItems: 1 });
    expect(pedroPre.travelFlags).toEqual([]);

    const version = await admin.caller.travelRules.create({ startDay: null, rules: perfumes });
    expect(version.message).toBe(M.created(version.number, version.effectiveAt));
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'travel_rule_versions'), eq(auditLog.entityId, version.id)));
    expect(audit).toMatchObject({ operation: 'insert', actorId: admin.user.id });

    const mine = await as(maria).prealerts.mine();
    const flagged = mine.find((p) => p.id === created.id)!;
    expect(flagged.travelFlags).toEqual([
      expect.objectContaining({
        level: 'warning',
        title: 'Perfumes',
        reason: 'Los perfumes llevan alcohol y no viajan por vía aérea. Solo puede viajar por vía marítima.',
      }),
    ]);

    const first = await announceRuleChanges(db(), { appUrl: TEST_APP_URL });
    const second = await announceRuleChanges(db(), { appUrl: TEST_APP_URL });
    expect(second).toEqual({ rules: 0, prices: 0 });
    expect(first.rules).toBeGreaterThanOrEqual(1);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, maria.user.id), like(notifications.dedupeKey, 'travel-rules:%')));
    expect(told).toHaveLength(1);
    expect(told[0].title).toBe(M.notifyRulesTitle);
    expect(told[0].message).toContain('la prealerta «Perfume Chanel N°5» (Perfumes:');
    // Pedro's parcels and pre-alert are not touched by perfumes: nothing new for him.
    const pedroTold = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, pedro.user.id), like(notifications.dedupeKey, 'travel-rules:%')));
    expect(pedroTold).toHaveLength(0);
  });

  it('a price version that takes effect is told once to the customers with parcels waiting, with what changed', async () => {
    const day = nextDay(caracasDay(new Date()));
    await db()
      .insert(priceListVersions)
      .values({
        number: 2,
        effectiveFrom: day,
        prices: { ...PRICE_LIST_V1, usaAirRatePerLbUsdCents: 7_25 },
      });
    const at = new Date(caracasDayStart(day).getTime() + 3600 * 1000);
    // The day before it starts: nothing.
    expect((await announceRuleChanges(db(), { appUrl: TEST_APP_URL, now: new Date() })).prices).toBe(0);
    expect((await announceRuleChanges(db(), { appUrl: TEST_APP_URL, now: at })).prices).toBe(2);
    expect((await announceRuleChanges(db(), { appUrl: TEST_APP_URL, now: at })).prices).toBe(0);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, pedro.user.id), like(notifications.dedupeKey, 'price-version:%')));
    expect(told).toHaveLength(1);
    expect(told[0].message).toContain('Aéreo desde Miami: tarifa por libra: de $6,50 a $7,25');
    expect(told[0].message).toContain('el paquete WR-TR-');
  });
});
