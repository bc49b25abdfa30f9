// Browser test of the customs rules (docs/product/customs.md): the administrator opens Aduanas, sees
// version 1 in effect with its categories, and saves a version for next week with a dearer duty on
// electronics and its source; it shows as scheduled, and version 1 stays in effect. Then the
// estimate where prices are shown (docs/product/customs.md#where-the-estimate-is-shown): a visitor
// quotes with a category and reads the pieces; María ticks two parcels to ship and reads the
// estimate on one guía against each on its own, with the difference. Every amount is computed with
// the shared functions from the rules and rate the server answers (customs.current), never a literal.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  CUSTOMS_CATEGORY_LABELS,
  CUSTOMS_ESTIMATE_MESSAGES as E,
  CUSTOMS_MESSAGES as M,
  caracasDay,
  compareConsolidation,
  formatBasisPoints,
  formatUsdCents,
  formatVesCentimos,
  quoteCustomsEstimate,
  type CustomsCategory,
  type CustomsEstimate,
  type CustomsRulesNow,
} from '@casillero/shared';
import { openFromNavigation, DESKTOP, withScreenshotOnFailure } from './screens';
import { DEMO, chooseWeightUnit, fieldLabel, openPage, signIn, useBrowserSession } from './session';
import { chromiumOrExplain } from './browser';
import { pricesNow, usaQuoteNow } from './prices';

/** The customs rules in effect and the latest rate, as the calculators read them. */
async function customsNow(page: Page, url: () => string): Promise<CustomsRulesNow> {
  const res = await page.request.get(`${url()}/trpc/customs.current`);
  const body = await res.json();
  expect(res.status(), JSON.stringify(body)).toBe(200);
  return body.result.data as CustomsRulesNow;
}

/** An amount as the estimate writes it: USD, and Bs. when there is a rate. */
const both = (now: CustomsRulesNow, usd: number, ves: number) =>
  now.rate ? [formatUsdCents(usd), formatVesCentimos(ves)] : [formatUsdCents(usd)];

/** Each piece's row of an estimate block shows its amounts. */
async function expectPieces(block: Locator, now: CustomsRulesNow, e: CustomsEstimate, testId: string) {
  for (const key of ['customsValue', 'duty', 'fee', 'iva', 'fixed', 'total'] as const) {
    const row = block.getByTestId(`${testId}-${key}`);
    for (const text of both(now, e.usdCents[key], e.vesCentimos[key])) await row.getByText(text).waitFor();
  }
  await block.getByText(E.iva(formatBasisPoints(now.rules.ivaBasisPoints))).waitFor();
  await block.getByTestId(`${testId}-veredicto`).getByText(E.verdictTitle[e.verdict], { exact: true }).waitFor();
}

const chromium = chromiumOrExplain();

describe.skipIf(!chromium)('reglas aduaneras', () => {
  const { url, newPage } = useBrowserSession(chromium, DESKTOP.contextOptions);

  it('el administrador programa una versión para la próxima semana y la ve programada', async () => {
    const admin = await newPage();
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    await withScreenshotOnFailure(admin, 'aduanas-admin', async () => {
      await openFromNavigation(admin, 'Panel Admin', 'Aduanas');
      await admin.getByRole('heading', { name: `${M.current}: ${M.version(1)}` }).waitFor();
      const current = admin.getByRole('table', { name: `${M.current}: ${M.categories}` });
      await current
        .getByRole('row', { name: /Electrónica/ })
        .getByText(formatBasisPoints(2000))
        .waitFor();

      const form = admin.getByRole('form', { name: M.newVersion });
      // The segmented control's radio is hidden under its label: the label is what a person taps.
      await form.locator('label').filter({ hasText: M.startOn }).click();
      const nextWeek = caracasDay(new Date(Date.now() + 7 * 24 * 3600 * 1000));
      await form.getByLabel(fieldLabel(M.startDay)).fill(nextWeek);
      await form
        .getByRole('textbox', { name: fieldLabel(M.note) })
        .fill('Prueba: arancel de electrónica al 30 % según aviso de ejemplo.');
      const duty = form.getByRole('textbox', { name: `${M.duty}: Electrónica` });
      await duty.fill('30');
      await form.getByRole('button', { name: M.save }).click();

      const scheduled = admin.getByRole('region', { name: M.scheduled });
      await scheduled.getByText(`${M.version(2)} · ${M.effectiveAt}`).waitFor();
      await admin
        .getByRole('table', { name: `${M.version(2)}: ${M.categories}` })
        .getByRole('row', { name: /Electrónica/ })
        .getByText(formatBasisPoints(3000))
        .waitFor();
      // Version 1 is still the one in effect.
      await admin.getByRole('heading', { name: `${M.current}: ${M.version(1)}` }).waitFor();
    });
  });

  it('un visitante cotiza con una categoría y ve los impuestos estimados por partes', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'aduana-cotizar', async () => {
      await page.goto(`${url()}/cotizar`);
      await chooseWeightUnit(page, 'lb');
      await page.getByLabel('Peso real (lb)').fill('10');
      await page.getByLabel('Largo (cm)').fill('30');
      await page.getByLabel('Ancho (cm)').fill('20');
      await page.getByLabel('Alto (cm)').fill('15');
      await page.getByLabel('Valor declarado (USD)').fill('300');
      // The description names clothing; the visitor says it is electronics.
      await page.getByLabel('Descripción').fill('Zapatos deportivos');
      const category = page.getByRole('combobox', { name: fieldLabel(E.category) });
      await category.waitFor();
      await expect.poll(() => category.inputValue(), { timeout: 10_000 }).toBe(CUSTOMS_CATEGORY_LABELS.clothing);
      const chosen: CustomsCategory = 'electronics';
      await category.click();
      await page.getByRole('option', { name: CUSTOMS_CATEGORY_LABELS[chosen], exact: true }).click();

      const now = await customsNow(page, url);
      const quote = usaQuoteNow(
        { peso: 10, unidad: 'lb', largo: 30, ancho: 20, alto: 15, valor: '300', seguro: true, tipo: 'aereo' },
        await pricesNow(page, url),
      );
      const estimate = quoteCustomsEstimate(now, quote, 'air', chosen);
      const block = page.getByRole('region', { name: E.title });
      await expectPieces(block, now, estimate, 'aduana');
      await block.getByText(E.duty(formatBasisPoints(estimate.items[0].dutyBasisPoints))).waitFor();
      await block.getByText(estimate.explanation).waitFor();
      // Shown, not added: the air total is still its invoice's.
      await page
        .getByRole('region', { name: 'Envío aéreo' })
        .getByTestId('total')
        .filter({ hasText: formatUsdCents(quote.totalUsdCents) })
        .waitFor();
    });
  });

  it('María elige dos paquetes para enviar y ve los impuestos estimados juntos y por separado, con la diferencia', async () => {
    const maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    await withScreenshotOnFailure(maria, 'aduana-envio', async () => {
      // The boxes the dialog priced, as the server answered them (their categories, values and freight).
      type Box = {
        category: CustomsCategory;
        declaredUsdCents: number;
        id: string;
        shippingUsdCents: number;
      };
      let lastQuote: { parcels: Box[]; insured: boolean } | null = null;
      maria.on('response', async (res) => {
        if (!res.url().includes('shipRequests.quote') || !res.ok()) return;
        const body = await res.json().catch(() => null);
        for (const r of Array.isArray(body) ? body : [body]) {
          const data = r?.result?.data;
          if (data?.customs && data.parcels?.length === 2) lastQuote = data;
        }
      });
      await openPage(maria, `${url()}/dashboard/almacen`);
      await maria.getByRole('button', { name: 'Enviar a Venezuela' }).click();
      const dialog = maria.getByRole('dialog', { name: 'Enviar a Venezuela' });
      const parcels = dialog.getByRole('checkbox', { disabled: false });
      await parcels.first().waitFor();
      await parcels.nth(0).check();
      await parcels.nth(1).check();
      const comparison = dialog.getByRole('table', { name: E.consolidationTitle });
      await comparison.waitFor();
      await expect.poll(() => lastQuote !== null, { timeout: 15_000 }).toBe(true);
      const seen = lastQuote as unknown as { parcels: Box[]; insured: boolean };
      expect(seen.insured).toBe(false);

      const now = await customsNow(maria, url);
      const expected = compareConsolidation(now.rules, {
        mode: 'air',
        rate: now.rate?.vesPerUsd ?? null,
        parcels: seen.parcels.map((p) => ({
          items: [{ category: p.category, declaredValueUsdCents: p.declaredUsdCents }],
          freightUsdCents: p.shippingUsdCents,
          insuranceUsdCents: 0,
          boxes: 1,
        })),
        // The shipment's guía reads its parcels in the order of their ids.
        consolidatedItems: seen.parcels
          .toSorted((x, y) => (x.id < y.id ? -1 : 1))
          .map((p) => ({ category: p.category, declaredValueUsdCents: p.declaredUsdCents })),
        consolidatedInsuranceUsdCents: 0,
      });
      const block = dialog.getByRole('region', { name: `${E.title}: ${E.consolidated.toLowerCase()}` });
      await expectPieces(block, now, expected.consolidated, 'aduana-envio');
      for (const text of both(now, expected.consolidated.usdCents.total, expected.consolidated.vesCentimos.total))
        await comparison.getByTestId('aduana-consolidado').getByText(text, { exact: false }).waitFor();
      for (const text of both(now, expected.separateTotal.usdCents, expected.separateTotal.vesCentimos))
        await comparison.getByTestId('aduana-separado').getByText(text, { exact: false }).waitFor();
      const diff = expected.differenceUsdCents;
      const signed = diff > 0 ? `+${formatUsdCents(diff)}` : formatUsdCents(diff);
      await comparison.getByTestId('aduana-diferencia').getByText(signed, { exact: false }).waitFor();
      const sentence =
        diff < 0
          ? E.consolidationSaves(formatUsdCents(-diff))
          : diff > 0
            ? E.consolidationCosts(formatUsdCents(diff))
            : E.consolidationSame;
      await dialog.getByTestId('aduana-diferencia-texto').getByText(sentence).waitFor();
    });
  });
});
