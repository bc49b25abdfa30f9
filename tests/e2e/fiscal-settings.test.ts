// The fiscal settings in the browser (docs/product/fiscal-invoices.md#settings): the administrator
// finds 'Datos fiscales' on /admin/tasas, a RIF with a wrong check digit is refused in Spanish and
// nothing is saved, the right one is saved and reads back, the switch as it was (the demo's fiscal data are on).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  FISCAL_ID_MESSAGES,
  FISCAL_MESSAGES,
  QUOTE_TAX_LABELS,
  SPREADSHEET_DOWNLOAD_LABELS,
  caracasDay,
  formatCountOf,
  formatRatePercent,
  formatUsdCents,
  formatVesCentimos,
  ivaLineLabel,
  quoteCompra,
  quoteTaxes,
  usdCentsToVesCentimos,
  type CompraFeeSettings,
  type FiscalQuoteTerms,
  type LineKind,
} from '@casillero/shared';
import { animationsDone, listRows, openFromNavigation, responsiveList, withScreenshotOnFailure } from './screens';
import { chromiumOrExplain } from './browser';
import { DEMO, fieldLabel, openPage, signIn, useBrowserSession } from './session';
import { trpcCaller } from './app-server';
import { pricesNow, usaQuoteNow } from './prices';

const chromium = chromiumOrExplain();

/** One charge of `usdCents` of that kind, taxed under the terms in force: its IVA, its total and the IVA's rate. */
function taxedCharge(usdCents: number, fiscal: FiscalQuoteTerms, kind?: LineKind) {
  const taxes = quoteTaxes([{ usdCents, kind }], fiscal);
  return { ivaUsdCents: taxes.ivaUsdCents, totalUsdCents: taxes.totalUsdCents, buckets: taxes.ivaBuckets };
}

type TaxedCharge = ReturnType<typeof taxedCharge>;

/** An amount as it is typed in a field: '23,20'. */
const typed = (usdCents: number) => (usdCents / 100).toFixed(2).replace('.', ',');

/** What the sales book's checks need of it (fiscal.salesBook). */
type BookNow = {
  rows: unknown[];
  totals: { totalUsdCents: number; totalVesCentimos: number; ivaUsdCents: number; ivaVesCentimos: number };
};

describe.skipIf(!chromium)('datos fiscales del administrador', () => {
  const { url, newPage } = useBrowserSession(chromium);

  it('refuses a RIF whose check digit is wrong, and saves the right one', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'datos-fiscales', async () => {
      await signIn(page, url(), DEMO.admin, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));
      await openFromNavigation(page, 'Panel Admin', 'Tasas');
      const section = page.getByRole('region', { name: 'Datos fiscales' });
      await section.waitFor();
      await section.getByRole('textbox', { name: 'Razón social' }).fill('Casillero Virtual C.A.');
      await section.getByRole('textbox', { name: 'Domicilio fiscal' }).fill('Av. Francisco de Miranda, Caracas');
      const rif = section.getByRole('textbox', { name: 'RIF' });
      await rif.fill('J-00002961-7');
      await section.getByRole('button', { name: 'Guardar datos fiscales' }).click();
      await page.getByText(FISCAL_ID_MESSAGES.rifCheckDigit).first().waitFor();

      await rif.fill('j000029610');
      await section.getByRole('button', { name: 'Guardar datos fiscales' }).click();
      await page.getByText(FISCAL_MESSAGES.settingsSaved).first().waitFor();
      // Read back as stored: the one way a factura prints it.
      await expect.poll(() => rif.inputValue()).toBe('J-00002961-0');
    });
  });
});

// Fiscal documents end to end (docs/product/fiscal-invoices.md): the administrator turns fiscal
// invoicing on; an invoice for Carlos (no cédula nor address) is a nota de cobro, and he is asked
// for his data in Acción requerida; once he gives them it is a factura. Staff issue a second
// invoice (a factura at once) and void it with a credit note for its whole amount; the sales book
// shows both rows in Bs. at the factura's own rate (the USD beneath), and its totals are the sum of
// its rows: what the month's book held before (the demo's facturas) and these three.
describe.skipIf(!chromium)('facturas, notas de crédito y libro de ventas', () => {
  const { url, newPage } = useBrowserSession(chromium);
  const call = trpcCaller(url);
  const CARLOS = 'Carlos Eduardo Rodríguez';

  async function carlosAccount(page: Page) {
    await page.goto(`${url()}/admin/clientes`);
    const row = page.getByRole('row').filter({ hasText: DEMO.otherCustomer });
    await row.getByRole('button', { name: `Ver detalles de ${CARLOS}` }).click();
    const details = page.getByRole('dialog', { name: 'Detalles del cliente' });
    const account = details.getByRole('region', { name: 'Estado de cuenta' });
    await account.getByRole('table', { name: 'Facturas del cliente' }).waitFor();
    await animationsDone(details);
    return account;
  }

  async function issueInvoice(page: Page, description: string, amount: string) {
    const account = await carlosAccount(page);
    const form = account.getByRole('form', { name: 'Emitir factura' });
    await form.getByRole('textbox', { name: fieldLabel('Descripción') }).fill(description);
    await form.getByRole('textbox', { name: fieldLabel('Línea 1') }).fill(description);
    await form.getByRole('textbox', { name: fieldLabel('Monto (USD)') }).fill(amount);
    await form.getByRole('button', { name: 'Emitir factura' }).click();
    const row = account
      .getByRole('table', { name: 'Facturas del cliente' })
      .getByRole('row')
      .filter({ hasText: description });
    await row.waitFor();
    return { account, row };
  }

  it('nota de cobro, the customer’s fiscal data, a factura voided by a credit note, and the sales book', async () => {
    const admin = await newPage();
    let before: BookNow | undefined;
    // The two staff-issued charges ($10,00 and $20,00, of no kind of their own) under the fiscal
    // terms in force (the demo's: IVA on every charge of the business).
    let ten: TaxedCharge | undefined;
    let twenty: TaxedCharge | undefined;
    await withScreenshotOnFailure(admin, 'facturas-fiscales', async () => {
      await signIn(admin, url(), DEMO.admin, DEMO.password);
      await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
      await openFromNavigation(admin, 'Panel Admin', 'Tasas');
      const section = admin.getByRole('region', { name: 'Datos fiscales' });
      await section.waitFor();
      await section.getByRole('textbox', { name: 'Razón social' }).fill('Casillero Virtual C.A.');
      await section.getByRole('textbox', { name: 'Domicilio fiscal' }).fill('Av. Francisco de Miranda, Caracas');
      await section.getByRole('textbox', { name: 'RIF' }).fill('J-00002961-0');
      const on = section.getByRole('switch', { name: /^Facturación fiscal/ });
      if (!(await on.isChecked())) await on.click({ force: true });
      await section.getByRole('button', { name: 'Guardar datos fiscales' }).click();
      await admin.getByText(FISCAL_MESSAGES.settingsSaved).first().waitFor();
      // The month's sales book as it starts (the facturas issued before this test, if any).
      before = await call<BookNow>(admin, 'fiscal.salesBook', { month: caracasDay(new Date()).slice(0, 7) }, 'GET');
      const { fiscal } = await pricesNow(admin, url);
      ten = taxedCharge(1000, fiscal);
      twenty = taxedCharge(2000, fiscal);
      expect(ten.ivaUsdCents, 'fiscal data on, with IVA on a staff-issued charge').toBeGreaterThan(0);

      // Carlos has no cédula nor address: his invoice is a nota de cobro, $10,00 and its IVA.
      const first = await issueInvoice(admin, 'Cargo de prueba fiscal', '10,00');
      const firstRow = first.row;
      await firstRow.getByText(/^Nota de cobro COB-\d{8}$/).waitFor();
      await firstRow.getByText('Base imponible: $10,00', { exact: false }).waitFor();
      await firstRow.getByText(`IVA: ${formatUsdCents(ten!.ivaUsdCents)}`, { exact: false }).waitFor();
    });

    // Carlos gives his fiscal data from Acción requerida; the nota is issued as a factura.
    const carlos = await newPage();
    await withScreenshotOnFailure(carlos, 'datos-fiscales-cliente', async () => {
      await signIn(carlos, url(), DEMO.otherCustomer, DEMO.password);
      await carlos.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      await openPage(carlos, `${url()}/dashboard/almacen`);
      const item = carlos.locator(`[aria-label="${FISCAL_MESSAGES.actionTitle}"]`);
      await item.waitFor();
      await item.getByRole('textbox', { name: fieldLabel('Cédula o RIF') }).fill('V-12345678');
      await item.getByRole('textbox', { name: fieldLabel('Dirección fiscal') }).fill('Av. Bolívar Norte 12, Valencia');
      await item.getByRole('button', { name: 'Guardar datos fiscales' }).click();
      await carlos.getByText(FISCAL_MESSAGES.customerDataSaved).first().waitFor();
      await openPage(carlos, `${url()}/dashboard/facturas`);
      await carlos
        .getByText(/^Factura FAC-\d{8}$/)
        .first()
        .waitFor();
      await carlos
        .getByText(`Total: ${formatUsdCents(ten!.totalUsdCents)}`, { exact: false })
        .first()
        .waitFor();
    });

    await withScreenshotOnFailure(admin, 'nota-de-credito', async () => {
      // Staff issue a second invoice: a factura at once ($20,00 and its IVA), then void it with a credit note.
      const second = await issueInvoice(admin, 'Cargo a anular', '20,00');
      const row = second.row;
      const factura = (await row.getByText(/^Factura FAC-\d{8}$/).textContent())!.replace('Factura ', '');
      await row.getByRole('button', { name: `Nota de crédito o débito sobre la factura ${factura}` }).click();
      const dialog = admin.getByRole('dialog', { name: `Nota sobre la factura ${factura}` });
      await dialog
        .getByRole('textbox', { name: fieldLabel('Monto de la nota, con impuestos (USD)') })
        .fill(typed(twenty!.totalUsdCents));
      await dialog.getByRole('textbox', { name: fieldLabel('Motivo') }).fill('Cargo anulado por error');
      await dialog.getByRole('button', { name: 'Emitir nota' }).click();
      await admin
        .getByText(new RegExp(`^Nota de crédito NC-\\d{8} emitida sobre la factura ${factura}\\.$`))
        .first()
        .waitFor();
      await expect.poll(async () => (await row.textContent())!).toMatch(/Nota de crédito NC-\d{8}/);
      const noteNumber = /NC-\d{8}/.exec((await row.textContent())!)![0];
      expect(await row.textContent()).toContain(formatUsdCents(-twenty!.totalUsdCents));
      expect(
        await row.getByRole('link', { name: `PDF de la nota de crédito ${noteNumber}` }).getAttribute('href'),
      ).toMatch(/^\/api\/fiscal-documents\/[0-9a-f-]{36}\/pdf$/);
      await expect.poll(async () => (await row.textContent())!).toContain('Pagada');

      // The sales book: both rows, the credit note negative, and the totals row their sum.
      await admin.keyboard.press('Escape');
      await openFromNavigation(admin, 'Panel Admin', 'Libro de ventas');
      const book = admin.getByRole('table', { name: /^Libro de ventas de / });
      await book.waitFor();
      const facturaRow = book.locator(`[data-document="${factura}"]`);
      const noteRow = book.locator(`[data-document="${noteNumber}"]`);
      const cell = (row: Locator, column: string) => row.locator(`[data-column="${column}"]`);
      expect(await facturaRow.textContent()).toContain('V-12345678');
      expect(await noteRow.textContent()).toContain(factura);
      // In Bs. at the factura's own rate (its Tasa column), the USD beneath: $20,00 and its IVA.
      const rate = (await cell(facturaRow, 'vesPerUsd').textContent())!.replace(/\./g, '').replace(',', '.');
      const ves = (...usdCents: number[]) => usdCents.reduce((s, c) => s + usdCentsToVesCentimos(c, rate), 0);
      expect(await cell(facturaRow, 'base').textContent()).toBe(`${formatVesCentimos(ves(2000))}$20,00`);
      expect(await cell(facturaRow, 'iva').textContent()).toBe(
        `${formatVesCentimos(ves(twenty!.ivaUsdCents))}${formatUsdCents(twenty!.ivaUsdCents)}`,
      );
      expect(await cell(facturaRow, 'total').textContent()).toBe(
        `${formatVesCentimos(ves(2000, twenty!.ivaUsdCents))}${formatUsdCents(twenty!.totalUsdCents)}`,
      );
      expect(await cell(facturaRow, 'alicuota').textContent()).toBe(
        `${twenty!.buckets.map((b) => formatRatePercent(b.rateBasisPoints)).join(' y ')} %`,
      );
      // The credit note: negative, at the factura's rate.
      expect(await cell(noteRow, 'total').textContent()).toBe(
        `${formatVesCentimos(-ves(2000, twenty!.ivaUsdCents))}${formatUsdCents(-twenty!.totalUsdCents)}`,
      );
      // Totals: the book's before and 3 documents; of these, the Bs. of Carlos's factura ($10,00 and its IVA) is what is left.
      const was = before!.totals;
      const totals = book.locator('[data-totals]');
      expect(await totals.textContent()).toContain(`Totales (${formatCountOf(before!.rows.length + 3, 'documentos')})`);
      const totalVes = was.totalVesCentimos + ves(1000, ten!.ivaUsdCents);
      const totalUsd = was.totalUsdCents + ten!.totalUsdCents;
      expect(await cell(totals, 'total').textContent()).toBe(
        `${formatVesCentimos(totalVes)}${formatUsdCents(totalUsd)}`,
      );
      expect(await cell(totals, 'iva').textContent()).toBe(
        `${formatVesCentimos(was.ivaVesCentimos + ves(ten!.ivaUsdCents))}${formatUsdCents(was.ivaUsdCents + ten!.ivaUsdCents)}`,
      );

      const excel = admin.getByRole('link', { name: SPREADSHEET_DOWNLOAD_LABELS.xlsx });
      expect(await excel.getAttribute('href')).toMatch(/^\/api\/libro-de-ventas\/\d{4}-\d{2}\.xlsx$/);
      const csv = admin.getByRole('link', { name: SPREADSHEET_DOWNLOAD_LABELS.csv });
      expect(await csv.getAttribute('href')).toMatch(/^\/api\/libro-de-ventas\/\d{4}-\d{2}\.csv$/);
      const body = await admin.evaluate(
        async (href) => (await fetch(href!, { credentials: 'include' })).text(),
        await csv.getAttribute('href'),
      );
      const lines = body.trim().split('\r\n');
      // The header, a line per document and the totals.
      expect(lines).toHaveLength(before!.rows.length + 3 + 2);
      // Machine numbers in the CSV: the totals' Bs. and USD.
      expect(lines.at(-1)).toContain(`"${(totalVes / 100).toFixed(2)}"`);
      expect(lines.at(-1)).toContain(`"${(totalUsd / 100).toFixed(2)}"`);
    });
  });
});

// What a customer confirms is what is invoiced (docs/product/fiscal-invoices.md#taxes): with fiscal
// invoicing on, the public calculator shows the IVA its invoice will carry; María's ship request by
// air shows the import taxes and the IVA (at the rate in force) and its total is the one her invoice
// in Facturas charges; her compra's quote shows the IVA on our fee and 'Aceptar y pagar' invoices
// exactly its total, computed from the compra's fee and the fiscal terms the server gives.
describe.skipIf(!chromium)('con facturación fiscal, lo que se confirma es lo que se factura', () => {
  const { url, newPage } = useBrowserSession(chromium);
  const call = trpcCaller(url);
  /** The IVA line's label for a charge of that kind under the terms in force: 'IVA (16 %)'. */
  const ivaLabel = (fiscal: FiscalQuoteTerms, kind: LineKind) =>
    ivaLineLabel(taxedCharge(100, fiscal, kind).buckets[0]!);

  /** Picks an option of a Mantine Select inside `scope` (its options open in a portal of the page). */
  async function choose(page: Page, scope: Locator, combobox: string, option: string | RegExp) {
    await scope.getByRole('combobox', { name: fieldLabel(combobox) }).click();
    await page.getByRole('option', { name: option }).first().click();
  }

  it('el envío aéreo: el total del diálogo, con su IVA y los impuestos de importación, es el de la factura', async () => {
    const admin = await newPage();
    await withScreenshotOnFailure(admin, 'fiscal-encender', async () => {
      await signIn(admin, url(), DEMO.admin, DEMO.password);
      await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
      await openFromNavigation(admin, 'Panel Admin', 'Tasas');
      const section = admin.getByRole('region', { name: 'Datos fiscales' });
      await section.waitFor();
      await section.getByRole('textbox', { name: 'Razón social' }).fill('Casillero Virtual C.A.');
      await section.getByRole('textbox', { name: 'Domicilio fiscal' }).fill('Av. Francisco de Miranda, Caracas');
      await section.getByRole('textbox', { name: 'RIF' }).fill('J-00002961-0');
      const on = section.getByRole('switch', { name: /^Facturación fiscal/ });
      if (!(await on.isChecked())) await on.click({ force: true });
      await section.getByRole('button', { name: 'Guardar datos fiscales' }).click();
      await admin.getByText(FISCAL_MESSAGES.settingsSaved).first().waitFor();
    });

    const maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    await withScreenshotOnFailure(maria, 'fiscal-envio', async () => {
      await openPage(maria, `${url()}/dashboard/almacen`);
      await maria.getByRole('button', { name: 'Enviar a Venezuela' }).click();
      const dialog = maria.getByRole('dialog', { name: 'Enviar a Venezuela' });
      const parcels = dialog.getByRole('checkbox');
      await parcels.first().waitFor();
      await parcels.first().check();
      await choose(maria, dialog, 'Destinatario', /^Carmen/);
      const price = dialog.getByTestId('ship-request-price');
      await price.getByTestId('ship-request-total').waitFor();
      const confirm = dialog.getByRole('button', { name: 'Confirmar envío' });
      await expect.poll(() => confirm.isEnabled()).toBe(true);
      const shown = (await price.getByTestId('ship-request-total').textContent())!.trim();
      await confirm.click();
      const toast = maria.locator('.mantine-Notification-root').filter({ hasText: 'Solicitud enviada' }).first();
      await toast.waitFor();
      const invoice = /factura (F-\d{4}-\d+)/.exec((await toast.textContent()) ?? '')![1]!;

      // Facturas: the invoice charges the total she confirmed, to the cent.
      await openPage(maria, `${url()}/dashboard/facturas`);
      const row = listRows(responsiveList(maria, 'Tus facturas')).filter({ hasText: invoice });
      await row.first().waitFor();
      await expect.poll(async () => (await row.first().textContent()) ?? '').toContain(`Total: ${shown}`);
    });

    // The dialog named the taxes the invoice carries: the import taxes apart, and the IVA.
    await withScreenshotOnFailure(maria, 'fiscal-envio-impuestos', async () => {
      await openPage(maria, `${url()}/dashboard/almacen`);
      await maria.getByRole('button', { name: 'Enviar a Venezuela' }).click();
      const dialog = maria.getByRole('dialog', { name: 'Enviar a Venezuela' });
      await dialog.getByRole('checkbox').first().check();
      const price = dialog.getByTestId('ship-request-price');
      // The price's own lines, not the customs estimate under the total, which names an IVA too.
      const priceLines = price.locator('xpath=.//*[not(ancestor-or-self::*[starts-with(@data-testid, "aduana-")])]');
      // The customs estimate is a line of the price (drawn by the lazily loaded customs parts).
      await price.getByText(QUOTE_TAX_LABELS.importTaxes, { exact: true }).first().waitFor();
      await price
        .getByText(ivaLabel((await pricesNow(maria, url)).fiscal, 'shipping'))
        .and(priceLines)
        .waitFor();
      await maria.keyboard.press('Escape');
    });
  });

  it('la compra asistida: el total de «Aceptar y pagar», con el IVA de la tarifa, es el de la factura', async () => {
    const maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    // A compra: atención quotes it; María sees the IVA on our fee and accepts the total she sees.
    const atencion = await newPage();
    await signIn(atencion, url(), DEMO.atencion, DEMO.password);
    await atencion.waitForURL((u) => u.pathname.startsWith('/admin'));
    await withScreenshotOnFailure(maria, 'fiscal-compra', async () => {
      const options = await call<{ mailboxes: { id: string; location: string }[]; settings: CompraFeeSettings }>(
        maria,
        'compras.options',
        null,
        'GET',
      );
      const miami = options.mailboxes.find((m) => m.location === 'miami')!;
      const { id } = await call<{ id: string }>(
        maria,
        'compras.create',
        {
          mailboxId: miami.id,
          items: [
            { url: 'https://www.amazon.com/dp/B0FISCALE2', name: 'Licuadora', quantity: 1, priceUsdCents: 35_900 },
          ],
        },
        'POST',
      );
      const detail = await call<{ items: { id: string; customerPriceUsdCents: number }[] }>(
        atencion,
        'compras.adminDetail',
        { id },
        'GET',
      );
      await call(
        atencion,
        'compras.quote',
        {
          id,
          items: detail.items.map((i) => ({ id: i.id, priceUsdCents: i.customerPriceUsdCents })),
          salesTaxUsdCents: 2_513,
          shippingUsdCents: 0,
        },
        'POST',
      );

      await openPage(maria, `${url()}/dashboard/compras?id=${id}`);
      const card = maria.getByTestId('compra-detail');
      const accept = card.getByRole('button', { name: 'Aceptar y pagar' });
      await accept.waitFor();
      // The quote's last line: 'Total $…'.
      const quoteText = (await card.getByLabel('Cotización').textContent()) ?? '';
      const shown = /Total(\$[\d.]+,\d{2})/.exec(quoteText)![1]!;
      await accept.click();
      const invoiceLine = card.getByText(/^Factura F-\d{4}-\d+: /);
      await invoiceLine.waitFor();
      expect((await invoiceLine.textContent())!).toContain(`: ${shown}`);
      // What the store charges on her behalf bears no IVA; our fee (the compras' settings) does.
      const { fiscal } = await pricesNow(maria, url);
      const quote = quoteCompra(
        { items: [{ priceUsdCents: 35_900, quantity: 1 }], salesTaxUsdCents: 2_513, shippingUsdCents: 0 },
        options.settings,
      );
      await card.getByText(ivaLabel(fiscal, 'purchase_fee')).waitFor();
      const expected = quoteTaxes(
        [
          { usdCents: quote.storeUsdCents, kind: 'purchase_on_behalf' },
          { usdCents: quote.feeUsdCents, kind: 'purchase_fee' },
        ],
        fiscal,
      );
      expect(shown).toBe(formatUsdCents(expected.totalUsdCents));
    });
  });

  it('la calculadora pública, en kilogramos, muestra el IVA de la factura', async () => {
    // The public calculator, in kilograms (the first unit): the IVA its invoice will carry.
    const visitor = await newPage();
    await withScreenshotOnFailure(visitor, 'fiscal-calculadora', async () => {
      await visitor.goto(`${url()}/cotizar`);
      await visitor.getByLabel('Peso real (kg)').fill('4,5');
      for (const side of ['Largo (cm)', 'Ancho (cm)', 'Alto (cm)']) await visitor.getByLabel(side).fill('20');
      const expected = usaQuoteNow(
        { peso: 4.5, unidad: 'kg', largo: 20, ancho: 20, alto: 20, valor: '', seguro: true, tipo: 'aereo' },
        await pricesNow(visitor, url),
      );
      const iva = expected.lineas.find((l) => l.key.startsWith('iva-'))!;
      const air = visitor.getByRole('region', { name: 'Envío aéreo' });
      await air.getByText(iva.label).waitFor();
      await air
        .getByTestId(`linea-${iva.key}`)
        .filter({ hasText: formatUsdCents(iva.amountUsdCents) })
        .waitFor();
      await air
        .getByTestId('total')
        .filter({ hasText: formatUsdCents(expected.totalUsdCents) })
        .waitFor();
      await air.getByText('4,5 kg (9,92 lb)', { exact: false }).waitFor();
    });
  });
});
