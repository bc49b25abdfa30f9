// Numbers as Venezuelans write them (docs/decisions/005): every number field reads
// "2,5" as 2.5 however the text arrives. Each field here gets its text the two ways that used
// to turn "2,5" into 25: a real paste from the clipboard (Ctrl+V) and Playwright's fill(), which
// sets the whole text at once as autofill, scale software or an Android keyboard do. Then the
// form is sent and the test checks what the person sees and what was saved. Text that cannot
// be read is refused with its Spanish message and nothing is saved; a weight far beyond the
// usual asks "¿Confirmas …?" first, and "Corregir" saves nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NUMBER_MESSAGES,
  confirmImplausibleQuestion,
  formatDecimal,
  formatMeasures,
  formatUsd,
  formatUsdCents,
} from '@casillero/shared';
import { chooseWeightUnit, DEMO, fieldLabel, openPage, signIn, useBrowserSession } from './session';
import { animationsDone, listRows, responsiveList, withScreenshotOnFailure } from './screens';
import { chromiumOrExplain } from './browser';
import { pricesNow, usaQuoteNow } from './prices';

const chromium = chromiumOrExplain();

/** María's pending pre-alert in the demo data; received here, then edited. */
const MARIA_NUMBER = 'TBA305812745000';
const MARIA_NAME = 'María Fernanda González';

/** The whole text pasted from the clipboard into the field, replacing what it had. */
async function paste(field: Locator, text: string) {
  await field.click();
  await field.press('ControlOrMeta+A');
  await field.page().evaluate((t) => navigator.clipboard.writeText(t), text);
  await field.press('ControlOrMeta+V');
  await expect.poll(() => field.inputValue()).toBe(text);
}

/** The field's text once left: es-VE. */
async function shownOnceLeft(field: Locator) {
  await field.blur();
  return field.inputValue();
}

/** The question asked before saving an implausible value, answered. */
async function answerConfirmation(page: Page, question: string, answer: 'Corregir' | 'Sí, guardar') {
  const dialog = page.getByRole('dialog', { name: NUMBER_MESSAGES.confirmTitle });
  await dialog.getByText(question, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: answer }).click();
  await dialog.waitFor({ state: 'hidden' });
}

const kg = (n: number) => `${formatDecimal(n, { decimals: 2 })} kg`;

describe.skipIf(!chromium)('campos numéricos con coma decimal', () => {
  const { url, newPage } = useBrowserSession(chromium, {
    viewport: { width: 1280, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  let admin: Page;
  let maria: Page;
  let tmpDir: string;

  beforeAll(async () => {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-e2e-decimal-'));
    // Any image will do as a receipt: the smallest PNG there is (1×1, grey).
    fs.writeFileSync(
      path.join(tmpDir, 'comprobante.png'),
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
        'base64',
      ),
    );
    admin = await newPage();
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
  });

  afterAll(() => {
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  it('recepción: refusa "2,5,5", pregunta por 250 kg, y guarda 2,5 kg pegado con medidas completadas', async () => {
    await withScreenshotOnFailure(admin, 'decimal-recepcion', async () => {
      await admin.goto(`${url()}/admin/recepcion`);
      const scan = admin.getByLabel('Número de tracking o etiqueta WR');
      await expect.poll(() => scan.evaluate((el) => el === document.activeElement)).toBe(true);
      await admin.keyboard.type(MARIA_NUMBER, { delay: 5 });
      await admin.keyboard.press('Enter');
      await admin.getByTestId('reception-owner').getByText(MARIA_NAME).waitFor();

      const weight = admin.getByLabel('Peso (kg)');
      const save = admin.getByRole('button', { name: 'Guardar recepción' });
      const saved = admin.getByTestId('reception-saved');

      // Unreadable: refused where it was typed, and nothing is saved.
      await paste(weight, '2,5,5');
      await save.click();
      await admin.getByText(NUMBER_MESSAGES.unreadable('2,5,5')).waitFor();
      // A thousands dot or a decimal point? Refused too, saying both readings.
      await weight.fill('2.500');
      await save.click();
      await admin.getByText(NUMBER_MESSAGES.ambiguous('2.500', '2500', '2,5')).waitFor();

      // 250 kg is a valid weight, but far beyond a parcel's: asked first, and "Corregir" saves nothing.
      await paste(weight, '250');
      await save.click();
      await answerConfirmation(admin, confirmImplausibleQuestion(['250 kg']), 'Corregir');
      expect(await saved.count()).toBe(0);
      expect(await weight.inputValue()).toBe('250');

      // The weight pasted, the measures filled in one go.
      await paste(weight, '2,5');
      await admin.getByLabel('Largo (cm)').fill('30,5');
      await admin.getByLabel('Ancho (cm)').fill('20');
      await admin.getByLabel('Alto (cm)').fill('15.5');
      expect(await shownOnceLeft(admin.getByLabel('Alto (cm)'))).toBe('15,5');
      expect(await shownOnceLeft(weight)).toBe('2,5');
      await save.click();
      await saved.getByText('Paquete recibido').waitFor();
      await admin
        .getByRole('list', { name: 'Recibidos en esta sesión' })
        .getByText(`${MARIA_NUMBER} · 2,5 kg`, { exact: false })
        .waitFor();

      // Saved as 2.5 kg (not 25) with its measures: the package's details say so.
      await admin.goto(`${url()}/admin/paquetes?q=${MARIA_NUMBER}`);
      const row = admin.getByRole('row').filter({ hasText: MARIA_NUMBER });
      await row.getByText(kg(2.5), { exact: true }).waitFor();
      await row.getByRole('button', { name: `Ver detalles de ${MARIA_NUMBER}` }).click();
      const details = admin.getByRole('dialog', { name: 'Detalles del paquete' });
      await details.getByText(kg(2.5), { exact: true }).waitFor();
      await details.getByText(formatMeasures([30.5, 20, 15.5]), { exact: true }).waitFor();
    });
  });

  it('editar paquete: el peso guardado se muestra con coma; 3,75 pegado y un valor con miles completado', async () => {
    await withScreenshotOnFailure(admin, 'decimal-editar-paquete', async () => {
      await admin.goto(`${url()}/admin/paquetes?q=${MARIA_NUMBER}`);
      const row = admin.getByRole('row').filter({ hasText: MARIA_NUMBER });
      await row.getByRole('button', { name: `Editar ${MARIA_NUMBER}` }).click();
      const dialog = admin.getByRole('dialog', { name: 'Editar paquete' });
      const weight = dialog.getByRole('textbox', { name: 'Peso (kg)' });
      await expect.poll(() => weight.inputValue()).toBe('2,5');
      await paste(weight, '3,75');
      const value = dialog.getByRole('textbox', { name: 'Valor declarado (USD)' });
      await value.fill('1.234,5');
      expect(await shownOnceLeft(value)).toBe('$1.234,50');
      await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await row.getByText(kg(3.75), { exact: true }).waitFor();
      expect(await row.textContent()).toContain(formatUsd(1234.5));
    });
  });

  it('prealerta: 1,2 kg pegado se guarda como 1,2 kg; "1,5" artículos se refusa', async () => {
    await withScreenshotOnFailure(maria, 'decimal-prealerta', async () => {
      await maria.goto(`${url()}/dashboard/prealertas`);
      await maria.getByRole('button', { name: 'Nueva prealerta' }).click();
      const dialog = maria.getByRole('dialog', { name: 'Nueva prealerta' });
      const number = '1ZDECIMAL0000000012';
      await dialog.getByRole('textbox', { name: fieldLabel('Número de tracking') }).fill(number);
      await dialog.getByRole('textbox', { name: fieldLabel('Descripción') }).fill('Báscula de cocina');
      const items = dialog.getByRole('textbox', { name: fieldLabel('Artículos') });
      await paste(items, '1,5');
      await dialog.getByRole('button', { name: 'Crear prealerta' }).click();
      await dialog.getByText(NUMBER_MESSAGES.wholeOnly).waitFor();
      await items.fill('2');
      await paste(dialog.getByRole('textbox', { name: fieldLabel('Peso estimado (kg)') }), '1,2');
      await dialog.getByRole('textbox', { name: fieldLabel('Monto gastado (USD)') }).fill('38,5');
      await dialog.getByRole('button', { name: 'Crear prealerta' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const card = maria.getByRole('article', { name: `Prealerta ${number}` });
      await card.getByText('1,2 kg', { exact: true }).waitFor();
      await card.getByText('38,50', { exact: false }).waitFor();
      // Saved so: the same after reloading.
      await maria.reload();
      await maria
        .getByRole('article', { name: `Prealerta ${number}` })
        .getByText('1,2 kg', { exact: true })
        .waitFor();
    });
  });

  it('calculadora: 12,5 lb pegado cotiza 12,5 lb, no 125', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'decimal-calculadora', async () => {
      await page.goto(`${url()}/cotizar`);
      await page.getByRole('heading', { name: 'Calculadora de envío USA → Venezuela' }).waitFor();
      await chooseWeightUnit(page, 'lb');
      const weight = page.getByLabel('Peso real (lb)');
      await weight.waitFor();
      await paste(weight, '12,5');
      for (const side of ['Largo (cm)', 'Ancho (cm)', 'Alto (cm)']) await page.getByLabel(side).fill('10');
      const quote = usaQuoteNow(
        { peso: 12.5, largo: 10, ancho: 10, alto: 10, valor: '', seguro: true, tipo: 'aereo' },
        await pricesNow(page, url),
      );
      expect(quote.pesoFacturable).toBe(12.5);
      const air = page.getByRole('region', { name: 'Envío aéreo' });
      await air.getByText('12,50 lb', { exact: false }).first().waitFor();
      await air
        .getByTestId('total')
        .filter({ hasText: formatUsdCents(quote.totalUsdCents) })
        .waitFor();
      // Unreadable: refused, and no quote.
      await weight.fill('2,5 kg');
      await weight.blur();
      await page.getByText(NUMBER_MESSAGES.unreadable('2,5 kg')).waitFor();
    });
  });

  it('reportar pago: 38,5 pegado es $38,50', async () => {
    await withScreenshotOnFailure(maria, 'decimal-reportar-pago', async () => {
      await openPage(maria, `${url()}/dashboard/facturas`);
      await maria.getByRole('heading', { name: 'Facturas', exact: true }).waitFor();
      await maria.getByRole('button', { name: 'Reportar pago' }).first().click();
      const dialog = maria.getByRole('dialog', { name: 'Reportar pago' });
      await dialog.getByLabel(fieldLabel('Concepto')).click();
      await maria.getByRole('option', { name: 'Compra de créditos', exact: true }).click();
      await dialog.getByRole('radio', { name: /^Zelle/ }).click();
      await dialog.getByRole('region', { name: 'Datos para pagar con Zelle' }).waitFor();
      const amount = dialog.getByLabel(fieldLabel('Monto pagado en USD'));
      await paste(amount, '38,5');
      expect(await shownOnceLeft(amount)).toBe('$38,50');
      const reference = `DEC${Date.now().toString(36).toUpperCase()}`;
      await dialog.getByLabel(fieldLabel('Referencia')).fill(reference);
      await dialog.locator('input[type="file"]').setInputFiles(path.join(tmpDir, 'comprobante.png'));
      await dialog.getByRole('img', { name: 'Vista previa del comprobante' }).waitFor();
      await dialog.getByRole('button', { name: 'Reportar pago' }).click();
      await dialog.waitFor({ state: 'detached' });
      const row = listRows(responsiveList(maria, 'Mis pagos')).filter({ hasText: reference });
      await row.waitFor();
      expect(await row.textContent()).toContain('$38,50');
    });
  });

  it('tasa: refusa "263.125", pregunta por Bs. 2.631,25 y guarda 263,1250 completado con coma', async () => {
    await withScreenshotOnFailure(admin, 'decimal-tasa', async () => {
      await admin.goto(`${url()}/admin/tasas`);
      const form = admin.getByRole('form', { name: 'Registrar la tasa' });
      const rate = form.getByRole('textbox', { name: fieldLabel('Bs. por USD') });
      const history = admin.getByRole('table', { name: 'Historial de tasas' }).getByRole('row');
      await history.nth(1).waitFor();
      const topBefore = await history.nth(1).textContent();

      await paste(rate, '263.125');
      await form.getByRole('button', { name: 'Registrar tasa' }).click();
      await form.getByText(NUMBER_MESSAGES.ambiguous('263.125', '263125', '263,125')).waitFor();

      // Ten times the seeded rate (Bs. 262,40): asked first; "Corregir" records nothing.
      await paste(rate, '2631,25');
      await form.getByRole('button', { name: 'Registrar tasa' }).click();
      await answerConfirmation(admin, confirmImplausibleQuestion(['Bs. 2.631,25 por USD']), 'Corregir');
      expect(await history.nth(1).textContent()).toBe(topBefore);

      await rate.fill('263,1250');
      await form.getByText('Bs. 263,125 por USD').waitFor();
      expect(await shownOnceLeft(rate)).toBe('263,1250');
      await form.getByRole('button', { name: 'Registrar tasa' }).click();
      await expect.poll(() => history.nth(1).textContent()).toContain('Bs. 263,125 por USD');
    });
  });

  it('ajuste y factura: -2,5 pegado es -$2,50; 12.5 completado con punto es $12,50, como 12,5', async () => {
    await withScreenshotOnFailure(admin, 'decimal-ajuste-factura', async () => {
      await admin.goto(`${url()}/admin/clientes`);
      await admin
        .getByRole('row')
        .filter({ hasText: DEMO.customer })
        .getByRole('button', { name: `Ver detalles de ${MARIA_NAME}` })
        .click();
      const details = admin.getByRole('dialog', { name: 'Detalles del cliente' });
      const account = details.getByRole('region', { name: 'Estado de cuenta' });
      await account.getByRole('table', { name: 'Facturas del cliente' }).getByRole('row').nth(1).waitFor();
      await animationsDone(details);

      const adjustment = account.getByRole('form', { name: 'Registrar ajuste o reembolso' });
      const reason = 'Corrección decimal (prueba E2E)';
      await paste(adjustment.getByRole('textbox', { name: fieldLabel('Monto del ajuste (USD)') }), '-2,5');
      await adjustment.getByRole('textbox', { name: fieldLabel('Motivo') }).fill(reason);
      await adjustment.getByRole('button', { name: 'Registrar movimiento' }).click();
      const entry = account
        .getByRole('table', { name: 'Movimientos del cliente' })
        .getByRole('row')
        .filter({ hasText: reason });
      await entry.waitFor();
      expect(await entry.textContent()).toContain('-$2,50');

      const issue = account.getByRole('form', { name: 'Emitir factura' });
      await issue.getByRole('textbox', { name: fieldLabel('Descripción') }).fill('Reempaque (prueba decimal)');
      await issue.getByRole('textbox', { name: fieldLabel('Línea 1') }).fill('Reempaque');
      // A decimal point reads as the comma does.
      await issue.getByRole('textbox', { name: fieldLabel('Monto (USD)') }).fill('12.5');
      await issue.getByRole('button', { name: 'Emitir factura' }).click();
      const issued = (await admin
        .getByText(/^Se emitió la factura F-\d{4}-\d{6}/)
        .first()
        .textContent())!;
      const invoiceNumber = /F-\d{4}-\d{6}/.exec(issued)![0];
      const invoiceRow = account
        .getByRole('table', { name: 'Facturas del cliente' })
        .getByRole('row')
        .filter({ hasText: invoiceNumber });
      await invoiceRow.waitFor();
      expect(await invoiceRow.textContent()).toContain('$12,50');
    });
  });
});
