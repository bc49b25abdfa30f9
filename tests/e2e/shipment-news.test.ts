// Shipment broadcasts in the browser (docs/product/messages-and-notifications.md#shipment-news): the demo admin posts 'Retrasado' with a new
// estimated date on María's shipment in transit; the admin sees how many customers were told;
// María reads the news in her shipment's timeline (Envíos), with the new date, and in the bell.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHIPMENT_NEWS_MESSAGES as N } from '@casillero/shared';
import { DEMO, fieldLabel, signIn, useBrowserSession } from './session';
import { chromiumOrExplain } from './browser';
import { withScreenshotOnFailure } from './screens';

const chromium = chromiumOrExplain();
/** The carrier tracking of María's demo shipment in transit (server/src/demo/). */
const MARIA_SHIPMENT_TRACKING = 'CCS4471208';

describe.skipIf(!chromium)('novedades de un envío', () => {
  const { url, newPage } = useBrowserSession(chromium);
  const toast = (page: Page, text: string) =>
    page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();

  it('el administrador publica «Retrasado» y María lo ve en Envíos y en la campana', async () => {
    const admin = await newPage();
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    const maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    const bell = maria.getByRole('link', { name: /^Notificaciones: / }).first();
    const unread = async () => Number(/(\d+) sin leer/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
    await maria
      .getByRole('link', { name: /^Notificaciones: / })
      .first()
      .waitFor();
    const unreadBefore = await unread();
    let code = '';
    let newDate = '';

    await withScreenshotOnFailure(admin, 'novedad-publicar', async () => {
      await admin.goto(`${url()}/admin/envios?q=${MARIA_SHIPMENT_TRACKING}`);
      await admin.getByRole('heading', { name: 'Gestión de Envíos' }).waitFor();
      const row = admin.getByRole('row').filter({ hasText: MARIA_SHIPMENT_TRACKING });
      await row.waitFor();
      code = /SH\d{8}/.exec((await row.textContent()) ?? '')![0];

      await row.getByRole('button', { name: `Publicar novedad del envío ${code}` }).click();
      const dialog = admin.getByRole('dialog', { name: 'Publicar novedad' });
      await dialog.getByRole('textbox', { name: fieldLabel('Mensaje para los clientes') }).waitFor();
      // 'Retrasado' is the first kind; without the new date the form refuses.
      expect(await dialog.getByRole('combobox', { name: fieldLabel('Tipo de novedad') }).inputValue()).toBe(
        'Retrasado',
      );
      await dialog.getByRole('button', { name: 'Publicar novedad' }).click();
      await dialog.getByText(N.dateRequired).waitFor();

      // The 15th of next month, from the calendar; the message follows the chosen date.
      await dialog.getByRole('button', { name: fieldLabel('Nueva fecha estimada de entrega') }).click();
      await admin.getByRole('button', { name: 'Mes siguiente' }).click();
      await admin.getByRole('button', { name: /^15 / }).first().click();
      const next = new Date();
      next.setDate(1);
      next.setMonth(next.getMonth() + 1);
      newDate = `15/${String(next.getMonth() + 1).padStart(2, '0')}/${next.getFullYear()}`;
      const message = dialog.getByRole('textbox', { name: fieldLabel('Mensaje para los clientes') });
      await expect.poll(() => message.inputValue()).toContain(newDate);
      await message.fill(
        `Tu envío ${code} viene con retraso por mal tiempo en Miami. La nueva fecha estimada de entrega es ${newDate}.`,
      );
      await dialog.getByRole('button', { name: 'Publicar novedad' }).click();
      await toast(admin, N.posted(1));
      await dialog.waitFor({ state: 'hidden' });

      // The history, in the shipment's details: the news and how many customers were told.
      await row.getByRole('button', { name: `Ver detalles de ${code}` }).click();
      const details = admin.getByRole('dialog', { name: 'Detalles del envío' });
      const history = details.getByRole('region', { name: N.historyTitle });
      await history.getByText('por mal tiempo en Miami', { exact: false }).waitFor();
      await history.getByText(N.recipients(1), { exact: false }).waitFor();
      await details.getByText(newDate).first().waitFor();
    });

    await withScreenshotOnFailure(maria, 'novedad-cliente', async () => {
      // The bell counts one more (live where the page listens for changes; after a reload here),
      // and Notificaciones shows it.
      await maria.reload();
      await maria
        .getByRole('link', { name: /^Notificaciones: / })
        .first()
        .waitFor();
      await expect.poll(unread, { timeout: 10_000 }).toBe(unreadBefore + 1);
      await maria.goto(`${url()}/dashboard/notificaciones`);
      await maria
        .getByRole('listitem')
        .filter({ hasText: `Envío ${code}: Retrasado` })
        .filter({ hasText: 'por mal tiempo en Miami' })
        .first()
        .waitFor();

      await maria.goto(`${url()}/dashboard/envios`);
      const card = maria.getByRole('listitem', { name: `Envío ${code}` });
      await card.getByRole('button', { name: `Ver detalle del envío ${code}` }).click();
      const detail = maria.getByRole('dialog', { name: 'Detalle del envío' });
      const news = detail.getByRole('list', { name: 'Novedades del envío' });
      await news.getByText('Retrasado', { exact: true }).waitFor();
      await news.getByText('por mal tiempo en Miami', { exact: false }).waitFor();
      await news.getByText(`Nueva fecha estimada ${newDate}`, { exact: false }).waitFor();
      // The shipment's estimated delivery moved to the new date.
      expect(await detail.textContent()).toContain(`Entrega estimada${newDate}`);
    });
  });
});
