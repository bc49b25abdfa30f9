// The day's rate, recorded by the cashier (docs/decisions/021-billing-in-bolivares.md). A rate is never changed: a correction is a
// newer entry for the same day, and invoices already issued keep the entry they were issued with.
import { eq } from 'drizzle-orm';
import { RATE_MESSAGES, formatDate, type exchangeRateInput, type z } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { exchangeRates } from '../db/schema';
import { businessToday } from '../lib/business-clock';
import { DomainError } from '../lib/domain-error';

export async function recordExchangeRate(
  db: DbOrTx,
  staffId: string,
  input: z.output<typeof exchangeRateInput>,
  now = new Date(),
) {
  if (input.rateDate > businessToday(now)) throw new DomainError('BAD_INPUT', RATE_MESSAGES.dateInFuture);
  const [earlier] = await db
    .select({ id: exchangeRates.id })
    .from(exchangeRates)
    .where(eq(exchangeRates.rateDate, input.rateDate))
    .limit(1);
  const [rate] = await db
    .insert(exchangeRates)
    .values({ rateDate: input.rateDate, vesPerUsd: input.vesPerUsd, source: input.source, createdBy: staffId })
    .returning();
  const day = formatDate(`${input.rateDate}T12:00:00`);
  return { rate, message: earlier ? RATE_MESSAGES.corrected(day) : RATE_MESSAGES.recorded(day) };
}
