// Browser test of allies (docs/product/allies.md): the administrator creates an ally at
// /admin/aliados; its login accepts the invitation and lands in the portal /aliado, creates a
// customer and sees the customer's mailbox code with the ally's prefix.
import { describe, it } from 'vitest';
import { ALLY_MESSAGES as M } from '@casillero/shared';
import {
  DEMO,
  DESKTOP,
  chromiumOrExplain,
  fieldLabel,
  openFromNavigation,
  signIn,
  useBrowserSession,
  waitForEmailLink,
  withScreenshotOnFailure,
} from './helpers';

const chromium = chromiumOrExplain();
const ALLY = { name: 'Tienda E2E', prefix: 'TE', email: 'tienda.e2e@casillero.test', password: 'Aliado#E2E2026' };

describe.skipIf(!chromium)('aliados', () => {
  const { url, newPage, server } = useBrowserSession(chromium, DESKTOP.contextOptions);

  it('el administrador crea un aliado; el aliado entra a su portal, crea un cliente y ve su casillero con el prefijo', async () => {
    const admin = await newPage();
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    await withScreenshotOnFailure(admin, 'aliados-crear', async () => {
      await openFromNavigation(admin, 'Panel Admin', 'Aliados');
      await admin.getByRole('heading', { name: M.title, exact: true }).waitFor();
      await admin.getByRole('button', { name: M.create }).click();
      const dialog = admin.getByRole('dialog', { name: M.create });
      await dialog.getByRole('textbox', { name: fieldLabel(M.name) }).fill(ALLY.name);
      await dialog.getByRole('textbox', { name: fieldLabel(M.prefix) }).fill('te');
      await dialog.getByRole('textbox', { name: fieldLabel(M.contactEmail) }).fill(ALLY.email);
      await dialog.getByRole('textbox', { name: fieldLabel(M.adjustment) }).fill('-10');
      await dialog.getByRole('button', { name: M.create }).click();
      await admin.getByText(M.created(ALLY.name, ALLY.email)).waitFor();
      const row = admin.getByRole('table', { name: M.title }).getByRole('row').filter({ hasText: ALLY.name });
      await row.getByText('−10 %').waitFor();
      await row.getByText('Invitación pendiente').waitFor();
    });

    const link = await waitForEmailLink(server(), { contains: 'Crear mi contraseña', path: '/invitacion' });
    const ally = await newPage();
    await withScreenshotOnFailure(ally, 'aliados-portal', async () => {
      await ally.goto(link);
      await ally.getByRole('textbox', { name: fieldLabel('Nombre completo') }).fill('Dueño Tienda E2E');
      await ally.getByLabel(fieldLabel('Contraseña')).fill(ALLY.password);
      await ally.getByLabel(fieldLabel('Confirmar contraseña')).fill(ALLY.password);
      await ally.getByRole('button', { name: 'Crear mi cuenta' }).click();
      await ally.waitForURL((u) => u.pathname === '/aliado');
      await ally.getByRole('heading', { name: M.myCustomers }).waitFor();
      await ally.getByText(M.noCustomers).waitFor();

      await ally.getByRole('button', { name: M.newCustomer }).click();
      const dialog = ally.getByRole('dialog', { name: M.newCustomer });
      await dialog.getByRole('textbox', { name: fieldLabel(M.customerName) }).fill('Rosa Cliente Aliada');
      await dialog.getByRole('textbox', { name: fieldLabel(M.customerEmail) }).fill('rosa.aliada.e2e@casillero.test');
      await dialog.getByRole('textbox', { name: fieldLabel(M.customerCedula) }).fill('V-18765432');
      await dialog.getByRole('button', { name: M.newCustomer }).click();
      const row = ally.getByRole('table', { name: M.myCustomers }).getByRole('row').filter({
        hasText: 'Rosa Cliente Aliada',
      });
      await row.getByText(/^TE-MV-19487-\d{5}$/).waitFor();
      await row.getByText('Contraseña pendiente').waitFor();
    });
  });
});
