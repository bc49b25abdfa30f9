// The customs estimate on the customer's screens (docs/product/customs.md#where-the-estimate-is-shown):
// customs.current carries the latest exchange rate for the Bs.; each pre-alert of prealerts.mine
// carries its parcel's estimate, computed with the rules in effect (none for another customer's:
// she never sees them); the ship request's quote carries the boxes on one guía against each on its
// own. Every figure is the shared functions' on the rules the server answers, never a literal.
import { eq } from 'drizzle-orm';
import {
  categorizeItem,
  compareConsolidation,
  customsRulesInEffect,
  estimateCustoms,
  prealertCustomsEstimate,
  shownEstimate,
  ORIGIN_OF_MAILBOX_LOCATION,
  type CustomsRulesNow,
} from '@casillero/shared';
import { describe, expect, it } from 'vitest';
import { customsRuleVersions, invoices, mailboxes, packages } from '../../db/schema';
import { getPricesInEffect } from '../../queries/prices';
import { trpcError } from '../../test/caller';
import { recordRate } from '../../test/factories';
import { as, db, maria, parcel, pedro, recipient, useShipRequests } from '../../test/ship-requests';

useShipRequests();

/** A parcel of the customer with this description and declared value (USD cents). */
async function described(c: typeof maria, description: string, valueUsdCents: number, kg = 2) {
  const id = await parcel(c, kg, '30x20x15');
  await db()
    .update(packages)
    .set({ packageDescription: description, estimatedValueUsdCents: valueUsdCents })
    .where(eq(packages.id, id));
  return id;
}

describe('customs estimates on the customer’s screens', () => {
  it('customs.current answers the rules in effect and the latest exchange rate (none yet: USD only)', async () => {
    const before = await as(maria).customs.current();
    expect(before.rules.ivaBasisPoints).toBeGreaterThan(0);
    // No rate ever recorded: the estimates are in USD only, never refused.
    expect(before.rate).toBeNull();
    await as(maria).prealerts.create({
      trackingNumber: null,
      description: 'Laptop usada',
      quantityItems: 1,
      estimatedValueUsdCents: 30_000,
      estadoTracking: 'Prealertado',
    });
    const laptop = (await as(maria).prealerts.mine()).find((p) => p.description === 'Laptop usada');
    expect(laptop?.customs?.rate).toBeNull();
    expect(laptop?.customs?.estimate.usdCents.total).toBeGreaterThan(0);
    expect(laptop?.customs?.estimate.vesCentimos.total).toBe(0);
    await recordRate(db(), '40.12345678');
    const now = await as(maria).customs.current();
    expect(now.rate).toEqual({ vesPerUsd: '40.12345678', rateDate: expect.any(String) });
  });

  it('each of her pre-alerts carries its estimate; Pedro’s list never shows hers', async () => {
    await as(maria).prealerts.create({
      trackingNumber: null,
      description: 'Perfume y labial',
      quantityItems: 2,
      estimatedWeight: 1.5,
      estimatedValueUsdCents: 12_000,
      estadoTracking: 'Prealertado',
    });
    await as(maria).prealerts.create({
      trackingNumber: null,
      description: 'Algo sin valor dicho',
      quantityItems: 1,
      estadoTracking: 'Prealertado',
    });
    const now: CustomsRulesNow = await as(maria).customs.current();
    const { prices } = await getPricesInEffect(db());
    const [box] = await db().select().from(mailboxes).where(eq(mailboxes.id, maria.mailboxId));
    const mine = await as(maria).prealerts.mine();
    const perfume = mine.find((p) => p.description === 'Perfume y labial');
    const expected = prealertCustomsEstimate(
      now,
      {
        description: 'Perfume y labial',
        estimatedValueUsdCents: 12_000,
        amountSpentUsdCents: null,
        estimatedWeight: 1.5,
        origin: ORIGIN_OF_MAILBOX_LOCATION[box.location] ?? null,
      },
      prices,
    );
    expect(expected?.items[0].category).toBe('cosmetics');
    expect(perfume?.customs).toEqual(expected && shownEstimate(now, expected));
    expect(perfume?.customs?.estimate.usdCents.total).toBeGreaterThan(0);
    // No value declared, no estimate.
    expect(mine.find((p) => p.description === 'Algo sin valor dicho')?.customs).toBeNull();

    const his = await as(pedro).prealerts.mine();
    expect(his.some((p) => p.description === 'Perfume y labial')).toBe(false);
  });

  it('the ship request quote compares her parcels on one guía against each on its own', async () => {
    // Two $40 parcels: each exempt on its own guía, together over the exempt value.
    const a = await described(maria, 'Camisa de algodón', 4_000);
    const b = await described(maria, 'Libro de cocina', 4_000);
    const quote = await as(maria).shipRequests.quote({ packageIds: [a, b], shippingMethod: 'aereo' });
    const now = await as(maria).customs.current();
    expect(quote.customs.number).toBe(now.number);
    expect(quote.customs.rate).toEqual(now.rate);
    const expected = compareConsolidation(now.rules, {
      mode: 'air',
      rate: now.rate?.vesPerUsd ?? null,
      parcels: quote.parcels.map((p) => ({
        items: [{ category: p.category, declaredValueUsdCents: p.declaredUsdCents }],
        freightUsdCents: p.shippingUsdCents,
        insuranceUsdCents: 0,
        boxes: 1,
      })),
      // The shipment's guía reads its parcels in the order of their ids, as the invoice does.
      consolidatedItems: quote.parcels
        .toSorted((x, y) => (x.id < y.id ? -1 : 1))
        .map((p) => ({ category: p.category, declaredValueUsdCents: p.declaredUsdCents })),
      consolidatedInsuranceUsdCents: 0,
    });
    expect(quote.parcels.map((p) => p.category).sort()).toEqual(['books', 'clothing']);
    expect(quote.customs.comparison).toEqual(expected);
    expect(quote.customs.comparison.separate).toHaveLength(2);
    expect(quote.customs.comparison.differenceUsdCents).toBe(
      expected.consolidated.usdCents.total - expected.separateTotal.usdCents,
    );
    // The consolidated estimate is charged: the import-tax line of the total she confirms.
    expect(quote.importTaxesUsdCents).toBe(expected.consolidated.usdCents.total);
    expect(quote.shippingUsdCents).toBe(quote.freightUsdCents + quote.importTaxesUsdCents);
    expect(quote.taxes.importTaxesUsdCents).toBe(quote.importTaxesUsdCents);
    expect(quote.totalUsdCents).toBe(quote.taxes.totalUsdCents);
  });

  it('her shipment invoice carries the guía’s estimate at its own rate; Pedro never sees it', async () => {
    const a = await described(maria, 'Vitaminas y proteína', 6_000);
    const b = await described(maria, 'Juguete de peluche', 3_000);
    const done = await as(maria).shipRequests.create({
      packageIds: [a, b],
      shippingMethod: 'aereo',
      recipientId: await recipient(maria, 'Distrito Capital', 'Caracas'),
      deliveryMethod: 'home',
    });
    const [row] = await db().select().from(invoices).where(eq(invoices.number, done.invoiceNumber));
    const versions = (await db().select().from(customsRuleVersions)).map((v) => ({
      ...v,
      effectiveAt: v.effectiveAt.toISOString(),
      cancelledAt: v.cancelledAt?.toISOString() ?? null,
    }));
    const rules = customsRulesInEffect(versions, row.createdAt);
    if (!rules) throw new Error('Sin reglas aduaneras vigentes');
    const line = (kind: string) => row.lines.filter((l) => l.kind === kind).reduce((t, l) => t + l.usdCents, 0);
    const expected = estimateCustoms(rules.rules, {
      mode: 'air',
      // In the parcels' order, as the server reads them.
      items: [
        { id: a, description: 'Vitaminas y proteína', value: 6_000 },
        { id: b, description: 'Juguete de peluche', value: 3_000 },
      ]
        .sort((x, y) => (x.id < y.id ? -1 : 1))
        .map((p) => ({ category: categorizeItem(p.description), declaredValueUsdCents: p.value })),
      freightUsdCents: line('shipping'),
      insuranceUsdCents: line('insurance'),
      boxes: 2,
      rate: row.vesPerUsd,
    });
    const shown = (await as(maria).billing.mine()).invoices.find((i) => i.number === done.invoiceNumber)?.customs;
    expect(shown?.estimate.usdCents).toEqual(expected.usdCents);
    expect(shown?.estimate.vesCentimos).toEqual(expected.vesCentimos);
    expect(shown?.rate).toEqual(row.vesPerUsd ? { vesPerUsd: row.vesPerUsd, rateDate: row.rateDate } : null);
    expect(shown?.estimate.verdict).toBe('courier');
    // What her invoice charged as import taxes is this very estimate, frozen.
    expect(line('shipping')).toBeGreaterThan(0);
    expect(line('import_taxes')).toBe(expected.usdCents.total);

    const his = await as(pedro).billing.mine();
    expect(his.invoices.some((i) => i.number === done.invoiceNumber)).toBe(false);
  });

  it('another customer’s parcel gives no estimate: it is a missing one', async () => {
    const hers = await described(maria, 'Zapatos', 9_000);
    const err = await trpcError(as(pedro).shipRequests.quote({ packageIds: [hers], shippingMethod: 'aereo' }));
    expect(err.code).toBe('NOT_FOUND');
  });
});
