// The fiscal settings in the browser (docs/product/fiscal-invoices.md#settings): the administrator
// finds 'Datos fiscales' on /admin/tasas, a RIF with a wrong check digit is refused in Spanish and
// nothing is saved, the right one is saved and reads back. Saved off, so the demo's invoices stay.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FISCAL_ID_MESSAGES, FISCAL_MESSAGES, formatVesCentimos, usdCentsToVesCentimos } from '@casillero/shared';
import {
  animationsDone,
  chromiumOrExplain,
  DEMO,
  fieldLabel,
  openFromNavigation,
  openPage,
  signIn,
  useBrowserSession,
  withScreenshotOnFailure,
} from './helpers';

const chromium = chromiumOrExplain();

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
// its rows.
describe.skipIf(!chromium)('facturas, notas de crédito y libro de ventas', () => {
  const { url, newPage } = useBrowserSession(chromium);
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

      // Carlos has no cédula nor address: his invoice is a nota de cobro, $10,00 + IVA 16 %.
      const first = await issueInvoice(admin, 'Cargo de prueba fiscal', '10,00');
      const firstRow = first.row;
      await firstRow.getByText(/^Nota de cobro COB-\d{8}$/).waitFor();
      await firstRow.getByText('Base imponible: $10,00', { exact: false }).waitFor();
      await firstRow.getByText('IVA: $1,60', { exact: false }).waitFor();
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
      await carlos.getByText('Total: $11,60', { exact: false }).first().waitFor();
    });

    await withScreenshotOnFailure(admin, 'nota-de-credito', async () => {
      // Staff issue a second invoice: a factura at once ($20,00 + $3,20), then void it with a credit note.
      const second = await issueInvoice(admin, 'Cargo a anular', '20,00');
      const row = second.row;
      const factura = (await row.getByText(/^Factura FAC-\d{8}$/).textContent())!.replace('Factura ', '');
      await row.getByRole('button', { name: `Nota de crédito o débito sobre la factura ${factura}` }).click();
      const dialog = admin.getByRole('dialog', { name: `Nota sobre la factura ${factura}` });
      await dialog.getByRole('textbox', { name: fieldLabel('Monto de la nota, con impuestos (USD)') }).fill('23,20');
      await dialog.getByRole('textbox', { name: fieldLabel('Motivo') }).fill('Cargo anulado por error');
      await dialog.getByRole('button', { name: 'Emitir nota' }).click();
      await admin
        .getByText(new RegExp(`^Nota de crédito NC-\\d{8} emitida sobre la factura ${factura}\\.$`))
        .first()
        .waitFor();
      await expect.poll(async () => (await row.textContent())!).toMatch(/Nota de crédito NC-\d{8}/);
      const noteNumber = /NC-\d{8}/.exec((await row.textContent())!)![0];
      expect(await row.textContent()).toContain('-$23,20');
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
      // In Bs. at the factura's own rate (its Tasa column), the USD beneath: $20,00 + IVA $3,20.
      const rate = (await cell(facturaRow, 'vesPerUsd').textContent())!.replace(/\./g, '').replace(',', '.');
      const ves = (...usdCents: number[]) => usdCents.reduce((s, c) => s + usdCentsToVesCentimos(c, rate), 0);
      expect(await cell(facturaRow, 'base').textContent()).toBe(`${formatVesCentimos(ves(2000))}$20,00`);
      expect(await cell(facturaRow, 'iva').textContent()).toBe(`${formatVesCentimos(ves(320))}$3,20`);
      expect(await cell(facturaRow, 'total').textContent()).toBe(`${formatVesCentimos(ves(2000, 320))}$23,20`);
      expect(await cell(facturaRow, 'alicuota').textContent()).toBe('16 %');
      // The credit note: negative, at the factura's rate.
      expect(await cell(noteRow, 'total').textContent()).toBe(`${formatVesCentimos(-ves(2000, 320))}-$23,20`);
      // Totals: 3 documents; the Bs. of Carlos's factura ($10,00 + $1,60) is what is left.
      const totals = book.locator('[data-totals]');
      expect(await totals.textContent()).toContain('Totales (3 documentos)');
      expect(await cell(totals, 'total').textContent()).toBe(`${formatVesCentimos(ves(1000, 160))}$11,60`);
      expect(await cell(totals, 'iva').textContent()).toBe(`${formatVesCentimos(ves(160))}$1,60`);

      const excel = admin.getByRole('link', { name: 'Excel', exact: true });
      expect(await excel.getAttribute('href')).toMatch(/^\/api\/libro-de-ventas\/\d{4}-\d{2}\.xlsx$/);
      const csv = admin.getByRole('link', { name: 'CSV (para sistemas)' });
      expect(await csv.getAttribute('href')).toMatch(/^\/api\/libro-de-ventas\/\d{4}-\d{2}\.csv$/);
      const body = await admin.evaluate(
        async (href) => (await fetch(href!, { credentials: 'include' })).text(),
        await csv.getAttribute('href'),
      );
      const lines = body.trim().split('\r\n');
      expect(lines).toHaveLength(5);
      // Machine numbers in the CSV: the totals' Bs. and USD.
      expect(lines[4]).toContain(`"${(ves(1000, 160) / 100).toFixed(2)}"`);
      expect(lines[4]).toContain('"11.60"');
    });
  });
});
