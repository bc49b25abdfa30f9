// What the staff met on a business day in the browser: the menu says Panel and a list of one says
// '1 cliente' (docs/product/formats.md#counts); the audit log names a customer's role and the ids
// an entry recorded (docs/product/staff-and-audit.md#audit-log); the report badges and Recepción's
// session list keep their whole text on a phone (and the badges on a laptop); the cashier's Panel
// shows the payments waiting for review (docs/product/admin-area.md#dashboard).
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLAIM_STATUS_LABELS, PENDING_PAYMENTS_CARD } from '@casillero/shared';
import { chromiumOrExplain } from './browser';
import { DEMO, landedInCustomerArea, openPage, signIn, useBrowserSession } from './session';
import { DESKTOP, PHONE, withScreenshotOnFailure } from './screens';
import { trpcCaller } from './app-server';

const chromium = chromiumOrExplain();
/** María's bag in the demo, and her pre-alerted parcel the warehouse receives below. */
const BAG = '1Z999AA10198765430';
const PREALERTED = 'TBA305812745000';
/** A value that is an id and nothing else. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The texts inside `scope` that their box cuts (an ellipsis, or hidden overflow). */
const clippedTexts = (scope: Locator) =>
  scope.evaluateAll((elements) =>
    elements.flatMap((root) =>
      [root, ...Array.from(root.querySelectorAll('*'))]
        .filter((e) => {
          const box = e as HTMLElement;
          return (
            box.clientWidth > 0 &&
            box.scrollWidth > box.clientWidth + 1 &&
            getComputedStyle(box).overflowX !== 'visible' &&
            (box.textContent ?? '').trim() !== ''
          );
        })
        .map((e) => (e.textContent ?? '').trim()),
    ),
  );

async function staffPage(newPage: () => Promise<Page>, url: string, email: string) {
  const page = await newPage();
  await signIn(page, url, email, DEMO.password);
  await page.waitForURL((u) => u.pathname.startsWith('/admin'));
  return page;
}

describe.skipIf(!chromium)('el día del personal', () => {
  const { url, newPage } = useBrowserSession(chromium, DESKTOP.contextOptions);
  const call = trpcCaller(url);
  const phone = () => newPage(PHONE.contextOptions);

  it('el menú dice Panel y la lista de un cliente dice «1 cliente»', async () => {
    const admin = await staffPage(newPage, url(), DEMO.admin);
    await withScreenshotOnFailure(admin, 'dia-personal-palabras', async () => {
      const menu = admin.getByRole('navigation', { name: 'Panel Admin' });
      await menu.getByRole('link', { name: 'Panel', exact: true }).waitFor();
      expect(await menu.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
      await openPage(admin, `${url()}/admin/clientes?q=${encodeURIComponent(DEMO.customer)}`);
      await admin
        .getByRole('status')
        .filter({ hasText: /^1 cliente$/ })
        .waitFor();
    });
  });

  it('la auditoría dice «Cliente» y nombra el paquete y la clienta, no sus ids', async () => {
    const maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL(landedInCustomerArea);
    const shelf = await call<{
      items: { id: string; trackingNumber: string | null; warehouseReceipt: string | null }[];
    }>(maria, 'packages.mine', { search: BAG }, 'GET');
    const bag = shelf.items.find((p) => p.trackingNumber === BAG)!;
    await call(
      maria,
      'claims.open',
      { kind: 'lost', packageId: bag.id, text: 'No encuentro el bolso.', photos: [] },
      'POST',
    );

    const admin = await staffPage(newPage, url(), DEMO.admin);
    await withScreenshotOnFailure(admin, 'dia-personal-auditoria', async () => {
      await openPage(admin, `${url()}/admin/auditoria?action=claims.open&entity=claims`);
      const row = admin.getByRole('row').filter({ hasText: 'María Fernanda González' }).first();
      await row.waitFor();
      expect(await row.textContent()).toContain('Cliente');
      expect(await row.textContent()).not.toMatch(/\buser\b/);
      await row.getByRole('button', { name: /^Ver cambios de / }).click();
      const changes = admin
        .getByRole('dialog', { name: 'Entrada de auditoría' })
        .getByRole('table', { name: 'Cambios' });
      await changes
        .getByRole('row')
        .filter({ hasText: 'Paquete' })
        .filter({ hasText: bag.warehouseReceipt ?? BAG })
        .waitFor();
      await changes
        .getByRole('row')
        .filter({ hasText: 'Estado' })
        .filter({ hasText: CLAIM_STATUS_LABELS.open })
        .waitFor();
      await changes.getByRole('row').filter({ hasText: 'María Fernanda González' }).first().waitFor();
      const cells = await changes.locator('td').allTextContents();
      expect(cells.filter((c) => UUID.test(c.trim()))).toEqual([]);
    });
  });

  it('las insignias de Reportes muestran su texto entero en un teléfono y en un portátil', async () => {
    for (const page of [await staffPage(phone, url(), DEMO.admin), await staffPage(newPage, url(), DEMO.admin)]) {
      await withScreenshotOnFailure(page, `dia-personal-reportes-${page.viewportSize()!.width}`, async () => {
        await openPage(page, `${url()}/admin/reportes`);
        const badges = page.locator('main .mantine-Badge-root');
        await badges.first().waitFor();
        expect(await badges.count()).toBeGreaterThan(0);
        expect(await clippedTexts(badges)).toEqual([]);
      });
    }
  });

  it('la lista de Recepción muestra entero el nombre de la clienta en un teléfono', async () => {
    const page = await staffPage(phone, url(), DEMO.admin);
    await withScreenshotOnFailure(page, 'dia-personal-recepcion-390', async () => {
      await openPage(page, `${url()}/admin/recepcion`);
      const field = page.getByLabel('Número de tracking o etiqueta WR');
      await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type(PREALERTED, { delay: 5 });
      await page.keyboard.press('Enter');
      await page.getByTestId('reception-owner').getByText('Paquete esperado').waitFor();
      await page.getByLabel('Peso (kg)').fill('1,35');
      await page.keyboard.press('Enter');
      await page.getByTestId('reception-saved').getByText('Paquete recibido').waitFor();
      const list = page.getByRole('list', { name: 'Recibidos en esta sesión' });
      await list.getByText('María Fernanda González', { exact: false }).waitFor();
      expect(await clippedTexts(list)).toEqual([]);
    });
  });

  it('Caja ve los pagos por revisar en su Panel y llega a ellos filtrados; Atención no', async () => {
    const caja = await staffPage(newPage, url(), DEMO.caja);
    await withScreenshotOnFailure(caja, 'dia-personal-caja', async () => {
      const card = caja.getByRole('region', { name: PENDING_PAYMENTS_CARD.title });
      await expect
        .poll(async () => Number(await card.getByTestId('pending-payments-count').textContent()))
        .toBeGreaterThan(0);
      await card.getByRole('link', { name: PENDING_PAYMENTS_CARD.link }).click();
      await caja.waitForURL((u) => u.pathname === '/admin/pagos' && u.searchParams.get('status') === 'pending');
    });
    const atencion = await staffPage(newPage, url(), DEMO.atencion);
    await atencion.getByRole('heading', { name: 'Panel de Administración' }).waitFor();
    expect(await atencion.getByRole('region', { name: PENDING_PAYMENTS_CARD.title }).count()).toBe(0);
  });
});
