// The BCV rate of every day of the last 400 and the payment methods customers pay with. Today's
// rate is recorded by the cashier through the rate service; the 400 days before it are the
// history she would have entered one by one, written in one statement (the service records one
// day at a time, as of now, and 400 separate calls would slow every first start for nothing).
// The methods are created by the administrator through the payment-methods service.
import { eq } from 'drizzle-orm';
import { DEMO_PAYMENT_METHODS, exchangeRateInput, paymentMethodInput } from '@casillero/shared';
import { exchangeRates, paymentMethods } from '../db/schema';
import { businessToday } from '../lib/business-clock';
import { recordExchangeRate } from '../services/exchange-rates';
import { createPaymentMethod } from '../services/payment-methods';
import { asStaff, endStaffWork, type DemoContext, type DemoStaff } from './context';

const DAY = 86_400_000;

/** The demo's BCV rate `daysAgo` days ago: Bs. 262,40 today, a slow devaluation before. */
export const demoRate = (daysAgo: number) => (262.4 / (1 + 0.0012 * daysAgo)).toFixed(4);

/** Entered early on its own day: a minute before this moment, that many days back. */
const enteredAt = (ctx: DemoContext, daysAgo: number) => new Date(ctx.now.getTime() - daysAgo * DAY - 60_000);

export async function createRatesAndMethods(ctx: DemoContext, staff: DemoStaff): Promise<void> {
  await ctx.tx.insert(exchangeRates).values(
    Array.from({ length: 400 }, (_, i) => {
      const daysAgo = i + 1;
      return {
        rateDate: businessToday(new Date(ctx.now.getTime() - daysAgo * DAY)),
        vesPerUsd: demoRate(daysAgo),
        source: 'BCV',
        createdBy: staff.caja.id,
        createdAt: enteredAt(ctx, daysAgo),
      };
    }),
  );
  const today = exchangeRateInput.parse({ rateDate: businessToday(ctx.now), vesPerUsd: demoRate(0), source: 'BCV' });
  const { rate } = await asStaff(ctx, staff.caja, 'exchangeRates.record', () =>
    recordExchangeRate(ctx.tx, staff.caja.id, today, ctx.now),
  );
  const methodIds: string[] = [];
  for (const method of DEMO_PAYMENT_METHODS) {
    const input = paymentMethodInput.parse({ ...method, instructions: method.instructions ?? null, active: true });
    const created = await asStaff(ctx, staff.admin, 'paymentMethods.create', () => createPaymentMethod(ctx.tx, input));
    methodIds.push(created.method.id);
  }
  await endStaffWork(ctx);

  await ctx.tx
    .update(exchangeRates)
    .set({ createdAt: enteredAt(ctx, 0) })
    .where(eq(exchangeRates.id, rate.id));
  // The order the administrator arranged them in (the form has no order field; the list keeps it).
  for (const [sortOrder, id] of methodIds.entries()) {
    await ctx.tx.update(paymentMethods).set({ sortOrder }).where(eq(paymentMethods.id, id));
  }
}
