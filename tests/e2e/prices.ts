// What the server charges now, read as the public calculators read it (site.prices: the price list
// in effect and the fiscal terms, client/src/lib/prices.ts), so a test computes an amount with the
// shared price and tax functions from the state the server is in (the demo's fiscal data on, or a
// test's own change), never from an assumption about it.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  categorizeItem,
  formatUsdCents,
  priceListInEffect,
  quoteCustomsEstimate,
  withCustomsEstimate,
  type CustomsRulesNow,
  quoteChina,
  quoteTaxes,
  quoteUsa,
  withInvoiceTaxes,
  type FiscalQuoteTerms,
  type ChinaQuoteInput,
  type LineKind,
  type PriceList,
  type QuoteLine,
  type UsaQuoteInput,
} from '@casillero/shared';

type Version = { id: string; effectiveFrom: string; cancelledAt: null; prices: PriceList };
export type PricesNow = { prices: PriceList; fiscal: FiscalQuoteTerms; customs: CustomsRulesNow };

/** The price list in effect today, the fiscal terms and the customs rules, from the public endpoints. */
export async function pricesNow(page: Page, url: () => string): Promise<PricesNow> {
  const res = await page.request.get(`${url()}/trpc/site.prices`);
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(200);
  const customsRes = await page.request.get(`${url()}/trpc/customs.current`);
  const customsBody = await customsRes.json();
  expect(customsRes.status(), JSON.stringify(customsBody)).toBe(200);
  const customs = customsBody.result.data as CustomsRulesNow;
  const data = body.result.data as { current: Version | null; next: Version | null; fiscal: FiscalQuoteTerms };
  const chosen = priceListInEffect(
    [data.current, data.next].filter((v): v is Version => v !== null),
    new Date(),
  );
  if (!chosen) throw new Error('El servidor no tiene lista de precios vigente');
  return { prices: chosen.prices, fiscal: data.fiscal, customs };
}

type Described = { descripcion?: string };

/**
 * The USA calculator's quote with the customs estimate (the category its description reveals) and
 * the taxes its invoice will carry, as the page computes it (docs/product/customs.md#the-invoice).
 */
export function usaQuoteNow(input: UsaQuoteInput & Described, now: PricesNow) {
  const quote = quoteUsa(input, now.prices);
  if (!quote) throw new Error('Cotización incompleta');
  const mode = input.tipo === 'aereo' ? 'air' : 'sea';
  const customs = quoteCustomsEstimate(now.customs, quote, mode, categorizeItem(input.descripcion ?? ''));
  return withInvoiceTaxes(withCustomsEstimate(quote, customs.usdCents.total), now.fiscal);
}

/** The China calculator's quote with the customs estimate and the taxes its invoice will carry, as the page computes it. */
export function chinaQuoteNow(input: ChinaQuoteInput & Described, now: PricesNow) {
  const quote = quoteChina(input, now.prices);
  if (!quote) throw new Error('Cotización incompleta');
  const customs = quoteCustomsEstimate(now.customs, quote, 'sea', categorizeItem(input.descripcion ?? ''));
  return withInvoiceTaxes(withCustomsEstimate(quote, customs.usdCents.total), now.fiscal);
}

/** A quote's IVA lines as the panel and its WhatsApp message write them ('IVA (16 %): $10,40'); none with fiscal data off. */
export const ivaTextLines = (quote: { lineas: QuoteLine[] }) =>
  quote.lineas.filter((l) => l.key.startsWith('iva-')).map((l) => `${l.label}: ${formatUsdCents(l.amountUsdCents)}`);

/** What an invoice with these lines charges under the terms (issueInvoice's own computation). */
export const invoicedUsdCents = (lines: readonly { usdCents: number; kind?: LineKind }[], fiscal: FiscalQuoteTerms) =>
  quoteTaxes(lines, fiscal).totalUsdCents;
