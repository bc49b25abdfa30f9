// The demo on a fresh start fills the administrator's screens (README, "What you see"): the
// departures in /admin/despachos, the late one on the dashboard's card, the claims desk and the
// compras desk each show rows made by the demo, not their empty state; with fiscal data on, José's
// facturas carry their números de control and his claim's nota de crédito, in his Facturas, in
// his Estado de cuenta and in the month's sales book; Conciliación holds the bank's statement.
import { describe, expect, it } from 'vitest';
import { DEPARTURE_MESSAGES as M, RECONCILIATION_STATE_LABELS } from '@casillero/shared';
import { chromiumOrExplain } from './browser';
import { DESKTOP, withScreenshotOnFailure } from './screens';
import { DEMO, openPage, signIn, useBrowserSession } from './session';

const chromium = chromiumOrExplain();

const JOSE = { email: 'jose.perez@ejemplo.test', name: 'José Gregorio Pérez Márquez' };
const FACTURA = /^Factura FAC-\d{8}$/;
const CONTROL = /^N° de control 00-\d{8}/;
const CREDIT_NOTE = /^Nota de crédito NC-\d{8}$/;

describe.skipIf(!chromium)('la demostración llena las pantallas del administrador', () => {
  const { url, newPage } = useBrowserSession(chromium, DESKTOP.contextOptions);

  it('Despachos, el panel, Reclamos y Compras muestran filas de la demostración', async () => {
    const admin = await newPage();
    await withScreenshotOnFailure(admin, 'demo-pantallas', async () => {
      await signIn(admin, url(), DEMO.admin, DEMO.password);
      await admin.waitForURL((u) => u.pathname.startsWith('/admin'));

      // The dashboard's card: the flight from China whose Salida has not happened.
      const card = admin.getByRole('region', { name: M.dashboardDelayedTitle });
      await card.getByRole('link', { name: /^AER-CHN-\d{6}-\d+$/ }).waitFor();

      // Despachos: five departures, by air and by sea.
      await admin.goto(`${url()}/admin/despachos`);
      const details = admin.getByRole('button', { name: /^Ver detalles de (AER|MAR)-/ });
      await details.first().waitFor();
      await expect.poll(() => details.count()).toBe(5);
      await admin.getByRole('button', { name: /^Ver detalles de MAR-MIA-/ }).waitFor();

      // Reclamos: Luis's weight dispute waits on the desk.
      await admin.goto(`${url()}/admin/reclamos`);
      await admin.getByText('Luis Alberto Ramírez Colmenares').first().waitFor();

      // Compras: María's, José's and Daniela's requests.
      await admin.goto(`${url()}/admin/compras`);
      for (const customer of [
        'María Fernanda González',
        'José Gregorio Pérez Márquez',
        'Daniela Alejandra Suárez Briceño',
      ])
        await admin.getByText(customer).first().waitFor();
    });
  });

  it('datos fiscales: facturas con su número de control, la nota de crédito de José y el libro de ventas', async () => {
    const jose = await newPage();
    await withScreenshotOnFailure(jose, 'demo-facturas-cliente', async () => {
      // José's Facturas: his facturas with their control numbers, and his claim's credit note.
      await signIn(jose, url(), JOSE.email, DEMO.password);
      await jose.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      await openPage(jose, `${url()}/dashboard/facturas`);
      await jose.getByText(FACTURA).first().waitFor();
      await jose.getByText(CONTROL).first().waitFor();
      await jose.getByText(CREDIT_NOTE).first().waitFor();
    });

    const admin = await newPage();
    await withScreenshotOnFailure(admin, 'demo-facturas-admin', async () => {
      await signIn(admin, url(), DEMO.admin, DEMO.password);
      await admin.waitForURL((u) => u.pathname.startsWith('/admin'));

      // The same in his Estado de cuenta, in the client's details.
      await openPage(admin, `${url()}/admin/clientes`);
      await admin
        .getByRole('button', { name: `Ver detalles de ${JOSE.name}` })
        .first()
        .click();
      const account = admin
        .getByRole('dialog', { name: 'Detalles del cliente' })
        .getByRole('region', { name: 'Estado de cuenta' });
      const invoices = account.getByRole('table', { name: 'Facturas del cliente' });
      await invoices.getByText(FACTURA).first().waitFor();
      await invoices.getByText(CONTROL).first().waitFor();
      await invoices.getByText(CREDIT_NOTE).first().waitFor();

      // The month's sales book: facturas and the credit note, each with its control number, the
      // note naming the factura it corrects.
      await openPage(admin, `${url()}/admin/libro-de-ventas`);
      const book = admin.getByRole('table', { name: /^Libro de ventas de / });
      await book.waitFor();
      const facturas = book.locator('[data-document^="FAC-"]');
      await facturas.first().waitFor();
      expect(await facturas.count()).toBeGreaterThan(1);
      const note = book.locator('[data-document^="NC-"]').first();
      expect(await note.locator('[data-column="controlNumber"]').textContent()).toMatch(/^00-\d{8}$/);
      expect(await note.locator('[data-column="referencesNumber"]').textContent()).toMatch(/^FAC-\d{8}$/);
      for (const row of await facturas.all())
        expect(await row.locator('[data-column="controlNumber"]').textContent()).toMatch(/^00-\d{8}$/);

      // Conciliación: the bank's statement, María's Pago Móvil matching her report.
      await openPage(admin, `${url()}/admin/conciliacion`);
      await admin.getByRole('button', { name: /^Abrir banco-movimientos-/ }).click();
      const lines = admin.getByTestId('statement-lines');
      const maria = lines.getByRole('row').filter({ hasText: 'María Fernanda González' });
      await maria.getByText(RECONCILIATION_STATE_LABELS.matched, { exact: true }).waitFor();
      await lines.getByText(RECONCILIATION_STATE_LABELS.not_found, { exact: true }).first().waitFor();
    });
  });
});
