// What the administrator has scheduled for next week (docs/product/price-lists.md,
// docs/product/travel-rules.md): a new price list, the air rate up $0,25 per pound, and new
// travel rules, a lower declared-value limit per piece by air; both through their services, as
// /admin/tarifas and /admin/reglas create them. Customers see them announced.
import { priceListVersionInput, travelRulesVersionInput } from '@casillero/shared';
import { businessToday } from '../lib/business-clock';
import { getPricesInEffect } from '../queries/prices';
import { getTravelRulesInEffect } from '../queries/travel-rules';
import { createPriceVersion } from '../services/prices';
import { createTravelRuleVersion } from '../services/travel-rules';
import { asStaff, endStaffWork, type DemoCast, type DemoContext } from './context';

const DAY = 86_400_000;

export async function scheduleComingChanges(ctx: DemoContext, cast: DemoCast): Promise<void> {
  const admin = cast.staff.admin;
  const nextWeek = businessToday(new Date(ctx.now.getTime() + 7 * DAY));
  const { prices } = await getPricesInEffect(ctx.tx, ctx.now);
  const priceInput = priceListVersionInput.parse({
    effectiveFrom: nextWeek,
    prices: { ...prices, usaAirRatePerLbUsdCents: prices.usaAirRatePerLbUsdCents + 25 },
  });
  await asStaff(ctx, admin, 'prices.create', () =>
    createPriceVersion(ctx.tx, { ...priceInput, createdBy: admin.id }, ctx.now),
  );
  const rules = await getTravelRulesInEffect(ctx.tx, ctx.now);
  const rulesInput = travelRulesVersionInput.parse({
    startDay: nextWeek,
    rules: {
      ...rules,
      limits: {
        ...rules.limits,
        air: {
          ...rules.limits.air,
          maxDeclaredValueUsdCents: Math.min(rules.limits.air.maxDeclaredValueUsdCents, 150_000),
        },
      },
    },
  });
  await asStaff(ctx, admin, 'travelRules.create', () =>
    createTravelRuleVersion(ctx.tx, { ...rulesInput, createdBy: admin.id }, ctx.now),
  );
  await endStaffWork(ctx);
}
