// The admin's billing screens in the browser (docs/decisions/021-billing-in-bolivares.md): the cashier records today's exchange
// rate at /admin/tasas and finds it at the top of the history with her name (the seed's rate of
// the same day then reads as corrected); the administrator adds a payment method and deactivates
// it; the administrator opens María's details and reads her account (invoices in $ and Bs.),
// records an adjustment and finds it in her ledger with the balance moved by it. The warehouse
// sees no Tasas.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  NUMBER_MESSAGES,
  PAYMENT_METHOD_MESSAGES,
  RATE_MESSAGES,
  formatDate,
  formatUsdCents,
} from '@casillero/shared';
import { animationsDone, openFromNavigation, withScreenshotOnFailure } from './screens';
import { chromiumOrExplain } from './browser';
import { DEMO, fieldLabel, signIn, useBrowserSession } from './session';
import { invoicedUsdCents, pricesNow } from './prices';

const chromium = chromiumOrExplain();
const WAREHOUSE = 'almacen@casillero.test';
/** The demo cashier's name (server/src/demo/). */
const CASHIER_NAME = 'Daniela Caja Rojas';
const MARIA_NAME = 'María Fernanda González';

/** Today on the business's clock (Caracas), as the server reads it. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Caracas' }).format(new Date());
const todayShown = today.split('-').reverse().join('/');

/** 'Saldo pendiente: $1.234,50' → 123450; 'Saldo a favor: $3,00' → -300; 'Estás al día…' → 0. */
function balanceCents(text: string): number {
  const amount = /\$([\d.]+,\d{2})/.exec(text);
  if (!amount) return 0;
  const cents = Math.round(Number(amount[1].replace(/\./g, '').replace(',', '.')) * 100);
  return text.startsWith('Saldo a favor') ? -cents : cents;
}

describe.skipIf(!chromium)('facturación del administrador', () => {
  const { url, newPage } = useBrowserSession(chromium);

  async function signInAs(page: Page, email: string) {
    await signIn(page, url(), email, DEMO.password);
    await page.waitForURL((u) => u.pathname.startsWith('/admin'));
  }

  it('the cashier records today’s rate and finds it at the top of the history, with her name', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'tasas-caja', async () => {
      await signInAs(page, DEMO.caja);
      await openFromNavigation(page, 'Panel Admin', 'Tasas');
      await page.getByRole('heading', { name: 'Tasas y métodos de pago', level: 1 }).waitFor();
      // The cashier records rates but does not keep the payment methods (the administrator does).
      await page
        .getByRole('table', { name: 'Métodos de pago' })
        .getByText('Pago Móvil', { exact: true })
        .first()
        .waitFor();
      expect(await page.getByRole('button', { name: 'Agregar método' }).count()).toBe(0);

      const form = page.getByRole('form', { name: 'Registrar la tasa' });
      // The day defaults to today in Caracas.
      await expect
        .poll(() => form.getByRole('button', { name: fieldLabel('Fecha') }).textContent())
        .toContain(todayShown);
      // A rate that is not a number is refused before it is sent.
      await form.getByRole('textbox', { name: fieldLabel('Bs. por USD') }).fill('cuarenta');
      await form.getByRole('button', { name: 'Registrar tasa' }).click();
      await form.getByText(NUMBER_MESSAGES.unreadable('cuarenta')).waitFor();

      await form.getByRole('textbox', { name: fieldLabel('Bs. por USD') }).fill('263,1234');
      await form.getByText('Bs. 263,1234 por USD').waitFor();
      await form.getByRole('button', { name: 'Registrar tasa' }).click();
      const day = formatDate(`${today}T12:00:00`);
      // The seed has today's BCV rate already, so this one is a correction of it.
      await page
        .getByText(RATE_MESSAGES.corrected(day))
        .or(page.getByText(RATE_MESSAGES.recorded(day)))
        .first()
        .waitFor();

      const history = page.getByRole('table', { name: 'Historial de tasas' });
      const rows = history.getByRole('row');
      await expect.poll(() => rows.nth(1).textContent()).toContain('Bs. 263,1234 por USD');
      const top = (await rows.nth(1).textContent())!;
      expect(top).toContain(todayShown);
      expect(top).toContain(CASHIER_NAME);
      expect(top).toContain(DEMO.caja);
      expect(top).not.toContain('Corregida');
      // The seed's rate of the same day is still there, marked as corrected; nothing was overwritten.
      const earlier = (await rows.nth(2).textContent())!;
      expect(earlier).toContain(todayShown);
      expect(earlier).toContain('Corregida');
      expect(earlier).toContain('BCV');
      // The rate of the day now reads as the new one.
      await page
        .getByRole('region', { name: 'Tasa del día' })
        .getByText('Bs. 263,1234 por USD', { exact: true })
        .waitFor();

      // The history goes back a page at a time (the demo has a rate a day for over a year).
      await page.getByRole('button', { name: 'Anteriores' }).click();
      await page.getByText('Página 2').waitFor();
      await expect.poll(async () => (await rows.nth(1).textContent()) ?? '').not.toContain(todayShown);
      expect(await rows.count()).toBe(51);
    });
  });

  it('the administrator adds a payment method and deactivates it', async () => {
    const page = await newPage();
    const name = 'Zelle Prueba E2E';
    await withScreenshotOnFailure(page, 'tasas-metodo', async () => {
      await signInAs(page, DEMO.admin);
      await page.goto(`${url()}/admin/tasas`);
      await page.getByRole('heading', { name: 'Tasas y métodos de pago', level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Agregar método' }).click();
      const dialog = page.getByRole('dialog', { name: 'Agregar método de pago' });
      await dialog.getByRole('combobox', { name: fieldLabel('Tipo') }).click();
      await page.getByRole('option', { name: 'Zelle', exact: true }).click();
      await dialog.getByRole('textbox', { name: fieldLabel('Nombre') }).fill(name);
      // Every detail of the kind is required, checked before sending.
      await dialog.getByRole('button', { name: 'Agregar método' }).click();
      await dialog.getByText(PAYMENT_METHOD_MESSAGES.detailRequired('Correo Zelle')).waitFor();
      await dialog.getByRole('textbox', { name: fieldLabel('Correo Zelle') }).fill('e2e.zelle@casillero.test');
      await dialog.getByRole('textbox', { name: fieldLabel('Titular') }).fill('Casillero Virtual LLC');
      // A Zelle is paid in dollars: the currency followed the kind.
      expect(await dialog.getByRole('combobox', { name: fieldLabel('Moneda') }).inputValue()).toBe('Dólares (USD)');
      await dialog.getByRole('button', { name: 'Agregar método' }).click();
      await page.getByText(PAYMENT_METHOD_MESSAGES.saved).first().waitFor();
      await dialog.waitFor({ state: 'hidden' });

      const row = page.getByRole('table', { name: 'Métodos de pago' }).getByRole('row').filter({ hasText: name });
      await row.waitFor();
      const text = (await row.textContent())!;
      expect(text).toContain('Zelle');
      expect(text).toContain('Dólares (USD)');
      expect(text).toContain('Correo Zelle: e2e.zelle@casillero.test');
      const active = row.getByRole('switch', { name: `Método ${name} activo` });
      expect(await active.isChecked()).toBe(true);

      // Deactivated, it stays in the list (payments keep it) and customers no longer get it.
      // From the keyboard (a pointer scrolled to the row can land on the fixed header).
      await active.focus();
      await page.keyboard.press('Space');
      await page.getByText(`«${name}» está inactivo: los clientes ya no lo ven al pagar.`).waitFor();
      await expect.poll(() => active.isChecked()).toBe(false);
      await row.getByText('Inactivo').waitFor();
      const offered = await page.evaluate(async () => {
        const res = await fetch('/trpc/paymentMethods.active', { credentials: 'include' });
        const body = (await res.json()) as { result: { data: { name: string }[] } };
        return body.result.data.map((m) => m.name);
      });
      expect(offered).not.toContain(name);
      expect(offered).toContain('Pago Móvil');
    });
  });

  it('the administrator reads María’s account in $ and Bs. and records an adjustment', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'estado-de-cuenta', async () => {
      await signInAs(page, DEMO.admin);
      await page.goto(`${url()}/admin/clientes`);
      const row = page.getByRole('row').filter({ hasText: DEMO.customer });
      await row.getByRole('button', { name: `Ver detalles de ${MARIA_NAME}` }).click();
      const details = page.getByRole('dialog', { name: 'Detalles del cliente' });
      const account = details.getByRole('region', { name: 'Estado de cuenta' });

      // Her invoices, each in dollars and in bolívares at its own rate, with its PDF.
      const invoices = account.getByRole('table', { name: 'Facturas del cliente' }).getByRole('row');
      await invoices.nth(1).waitFor();
      const first = (await invoices.nth(1).textContent())!;
      expect(first).toMatch(/F-\d{4}-\d{6}/);
      expect(first).toMatch(/\$\d[\d.]*,\d{2}/);
      expect(first).toMatch(/Bs\. \d[\d.]*,\d{2}/);
      expect(first).toMatch(/Bs\. [\d.,]+ por USD/);
      const pdf = invoices.nth(1).getByRole('link', { name: /^PDF de la factura F-/ });
      expect(await pdf.getAttribute('href')).toMatch(/^\/api\/invoices\/[0-9a-f-]{36}\/pdf$/);
      expect(await pdf.getAttribute('target')).toBe('_blank');

      const balance = account.getByText(/^(Saldo pendiente: |Saldo a favor: |Estás al día)/);
      const before = balanceCents((await balance.textContent())!);
      // What she owes in Bs. is her invoices' frozen figure, the one she reads in Facturas; no estimate at today's rate.
      const card = account.getByLabel('Saldo del cliente');
      await card.getByText(/^En bolívares: Bs\. [\d.]+,\d{2}, a la tasa con la que se emitió cada factura/).waitFor();
      expect(await card.textContent()).not.toContain('≈');
      await account.getByText('Los movimientos nunca se editan ni se borran', { exact: false }).waitFor();

      await animationsDone(details);
      const form = account.getByRole('form', { name: 'Registrar ajuste o reembolso' });
      const reason = 'Recargo por manejo especial (prueba E2E)';
      await form.getByRole('textbox', { name: fieldLabel('Monto del ajuste (USD)') }).fill('7,25');
      await form.getByRole('textbox', { name: fieldLabel('Motivo') }).fill(reason);
      await form.getByRole('button', { name: 'Registrar movimiento' }).click();
      await page.getByText(BILLING_MESSAGES.adjustmentSaved).first().waitFor();

      const entry = account
        .getByRole('table', { name: 'Movimientos del cliente' })
        .getByRole('row')
        .filter({ hasText: reason });
      await entry.waitFor();
      const entryText = (await entry.textContent())!;
      expect(entryText).toContain('Ajuste');
      expect(entryText).toContain('+$7,25');
      expect(entryText).toContain(DEMO.admin);
      await expect.poll(async () => balanceCents((await balance.textContent())!)).toBe(before + 725);

      // A charge the system does not invoice by itself: an invoice with two lines, at today's rate.
      const issue = account.getByRole('form', { name: 'Emitir factura' });
      await issue.getByRole('textbox', { name: fieldLabel('Descripción') }).fill('Reempaque y seguro (prueba E2E)');
      await issue.getByRole('textbox', { name: fieldLabel('Línea 1') }).fill('Reempaque');
      await issue.getByRole('textbox', { name: fieldLabel('Monto (USD)') }).fill('3,50');
      await issue.getByRole('button', { name: 'Agregar línea' }).click();
      await issue.getByRole('textbox', { name: fieldLabel('Línea 2') }).fill('Seguro');
      await issue
        .getByRole('textbox', { name: fieldLabel('Monto (USD)') })
        .nth(1)
        .fill('1,25');
      await issue.getByRole('button', { name: 'Emitir factura' }).click();
      const issued = (await page
        .getByText(/^Se emitió la factura F-\d{4}-\d{6}/)
        .first()
        .textContent())!;
      const number = /F-\d{4}-\d{6}/.exec(issued)![0];
      const issuedRow = account
        .getByRole('table', { name: 'Facturas del cliente' })
        .getByRole('row')
        .filter({ hasText: number });
      await issuedRow.waitFor();
      // Its lines ($3,50 and $1,25, of no kind of their own) and, with fiscal data on, their IVA.
      const charged = invoicedUsdCents([{ usdCents: 350 }, { usdCents: 125 }], (await pricesNow(page, url)).fiscal);
      expect(await issuedRow.textContent()).toContain(formatUsdCents(charged));
      await expect.poll(async () => balanceCents((await balance.textContent())!)).toBe(before + 725 + charged);
    });
  });

  it('the warehouse does not see Tasas', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'tasas-almacen', async () => {
      await signInAs(page, WAREHOUSE);
      const nav = page.getByRole('navigation', { name: 'Panel Admin' }).first();
      await nav.getByRole('link', { name: 'Paquetes', exact: true }).waitFor({ state: 'attached' });
      expect(await nav.getByRole('link', { name: 'Tasas', exact: true }).count()).toBe(0);
      // No rate warning either: the warehouse sees no money.
      expect(await page.getByText(RATE_MESSAGES.noRateToday).count()).toBe(0);
      await page.goto(`${url()}/admin/tasas`);
      await page.getByText('Sin acceso a esta sección').waitFor();
    });
  });
});
