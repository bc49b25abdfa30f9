// Browser test of the price list (docs/product/price-lists.md): the administrator schedules a new
// air rate for tomorrow at /admin/tarifas; the public calculator keeps today's rate, says since
// when, and switches by itself once tomorrow starts in Caracas.
import { describe, it } from 'vitest';
import { PRICE_LIST_MESSAGES as M, caracasDay, caracasDayStart, nextDay } from '@casillero/shared';
import { chooseWeightUnit, DEMO, signIn, useBrowserSession } from './session';
import { DESKTOP, withScreenshotOnFailure } from './screens';
import { chromiumOrExplain } from './browser';

const chromium = chromiumOrExplain();

describe.skipIf(!chromium)('tarifas con fecha de vigencia', () => {
  const { url, newPage } = useBrowserSession(chromium, DESKTOP.contextOptions);

  it('el administrador programa una tarifa aérea para mañana; la calculadora cobra la de hoy hasta entonces', async () => {
    const tomorrow = nextDay(caracasDay(new Date()));
    const admin = await newPage();
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    await withScreenshotOnFailure(admin, 'tarifas-admin', async () => {
      await admin.goto(`${url()}/admin/tarifas`);
      await admin.getByRole('heading', { name: /Tarifa vigente: Versión 1/ }).waitFor();
      const form = admin.getByRole('form', { name: M.newVersion });
      const air = form.getByRole('textbox', { name: 'Aéreo desde Miami: tarifa por libra' });
      await air.fill('7,25');
      await form.getByRole('button', { name: M.save }).click();
      // Version 3: the demo has version 2 scheduled for next week (README, "What you see").
      await admin.getByText(M.created(3, tomorrow)).waitFor();
      await admin.getByRole('heading', { name: M.scheduled }).waitFor();
      await admin.getByText(/Versión 3 · Vigente desde/).waitFor();
    });

    const visitor = await newPage();
    await withScreenshotOnFailure(visitor, 'tarifas-calculadora', async () => {
      await visitor.goto(`${url()}/cotizar`);
      await visitor.getByText(/^Tarifa vigente desde \d{2}\/\d{2}\/\d{4}$/).waitFor();
      await chooseWeightUnit(visitor, 'lb');
      await visitor.getByLabel('Peso real (lb)').fill('10');
      for (const side of ['Largo (cm)', 'Ancho (cm)', 'Alto (cm)']) await visitor.getByLabel(side).fill('10');
      const air = visitor.getByRole('region', { name: 'Envío aéreo' });
      await air.getByText('$6,50 por lb').waitFor();
    });

    // Tomorrow at 00:00 in Caracas, for the browser: the page picks the scheduled version itself.
    const later = await newPage();
    await later.clock.setSystemTime(caracasDayStart(tomorrow));
    await withScreenshotOnFailure(later, 'tarifas-manana', async () => {
      await later.goto(`${url()}/cotizar`);
      await later.getByText(M.inEffectSince(tomorrow)).waitFor();
      await chooseWeightUnit(later, 'lb');
      await later.getByLabel('Peso real (lb)').fill('10');
      for (const side of ['Largo (cm)', 'Ancho (cm)', 'Alto (cm)']) await later.getByLabel(side).fill('10');
      await later.getByRole('region', { name: 'Envío aéreo' }).getByText('$7,25 por lb').waitFor();
    });
  });
});
