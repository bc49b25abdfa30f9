// The day's exchange rate (docs/decisions/021-billing-in-bolivares.md): the cashier records it; its history says who entered each.
import { exchangeRateInput, exchangeRateListInput } from '@casillero/shared';
import { listExchangeRates, todayRate } from '../../queries/billing';
import { recordExchangeRate } from '../../services/exchange-rates';
import { router, staffProcedure } from '../init';

export const exchangeRatesRouter = router({
  list: staffProcedure('payments.read')
    .input(exchangeRateListInput)
    .query(({ ctx, input }) => listExchangeRates(ctx.db, input)),

  /** Today's rate, or the latest and the fact that today has none yet (the dashboard's warning). */
  today: staffProcedure('payments.read').query(({ ctx }) => todayRate(ctx.db)),

  record: staffProcedure('payments.write')
    .input(exchangeRateInput)
    .mutation(({ ctx, input }) => recordExchangeRate(ctx.db, ctx.user.id, input)),
});
