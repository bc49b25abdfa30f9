// How the billing screens write days, rates and amounts in both currencies (docs/product/formats.md#money, es-VE).
import type { inferOutput } from '@trpc/tanstack-react-query';
import { formatRate, formatUsdCents } from '@casillero/shared';
import type { trpc } from '../../../../lib/trpc';

export type ExchangeRateRow = inferOutput<typeof trpc.exchangeRates.list>['rows'][number];
export type TodayRate = inferOutput<typeof trpc.exchangeRates.today>;
export type PaymentMethodRow = inferOutput<typeof trpc.paymentMethods.all>[number];
export type CustomerAccount = inferOutput<typeof trpc.billing.customerAccount>;
export type AccountInvoice = CustomerAccount['invoices'][number];
export type LedgerRow = CustomerAccount['ledger'][number];

/** The business's clock (Caracas), as the server reads "today". */
const caracasDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Caracas' });

/** Today on the business's clock, YYYY-MM-DD. */
export const caracasToday = (now = new Date()) => caracasDay.format(now);

/** A calendar day (YYYY-MM-DD) as dd/mm/aaaa, never shifted by the browser's time zone. */
export const formatDay = (day: string | null | undefined) => (day ? day.split('-').reverse().join('/') : '—');

/** 'Bs. 36,5214 por USD, del 12/03/2026'. */
export const rateWithDay = (rate: { vesPerUsd: string; rateDate: string }) =>
  `${formatRate(rate.vesPerUsd)}, del ${formatDay(rate.rateDate)}`;

/** An entry's signed USD amount: '+$5,00' raises what the customer owes, '-$5,00' lowers it. */
export const signedUsd = (cents: number) => (cents > 0 ? `+${formatUsdCents(cents)}` : formatUsdCents(cents));
