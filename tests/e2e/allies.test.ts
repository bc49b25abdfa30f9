// Browser test of allies (docs/product/allies.md): the administrator creates an ally at
// /admin/aliados; its login accepts the invitation and lands in the portal /aliado, creates a
// customer and sees the customer's mailbox code with the ally's prefix. The demo's ally creates an
// API key in its portal (docs/product/public-api.md#an-allys-keys), sees it once, and its system
// reads a customer's parcels and pre-alerts one for her, which the portal then lists.
import { describe, expect, it } from 'vitest';
import { ALLY_MESSAGES as M, API_KEY_MESSAGES, API_KEY_SCOPE_LABELS } from '@casillero/shared';
import { DEMO, fieldLabel, signIn, useBrowserSession, waitForHydration } from './session';
import { DESKTOP, openFromNavigation, withScreenshotOnFailure } from './screens';
import { chromiumOrExplain } from './browser';
import { waitForEmailLink } from './app-server';

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

  it('el aliado crea una clave de API en su portal y su sistema lee y prealerta por una de sus clientas', async () => {
    const ally = await newPage();
    await signIn(ally, url(), 'aliado@casillero.test', DEMO.password);
    await ally.waitForURL((u) => u.pathname === '/aliado');
    await withScreenshotOnFailure(ally, 'aliados-claves-api', async () => {
      // Yelitza's casillero, as Mis clientes shows it.
      const yelitza = ally.getByRole('table', { name: M.myCustomers }).getByRole('row').filter({
        hasText: 'Yelitza Contreras Mérida',
      });
      const code = (await yelitza.getByText(/^LA-/).first().textContent())!.trim();

      await ally.getByRole('link', { name: M.apiKeys }).click();
      await ally.getByRole('heading', { name: M.apiKeys, level: 1 }).waitFor();
      const card = ally.getByRole('region', { name: 'Claves de API' });
      const name = card.getByLabel('Nombre de la clave');
      await waitForHydration(name);
      await card.getByText(M.apiKeysIntro, { exact: false }).waitFor();
      // The demo's own key, made from this portal (README, "What you see").
      await card.getByRole('listitem', { name: 'Sistema de Encomiendas Los Andes', exact: true }).waitFor();
      await name.fill('Sistema de Los Andes');
      await card
        .getByRole('radiogroup', { name: 'Alcance' })
        .getByText(API_KEY_SCOPE_LABELS.read_write, { exact: true })
        .click();
      await card.getByRole('button', { name: 'Crear clave' }).click();
      await ally.getByText(API_KEY_MESSAGES.created).waitFor();
      const secret = (await card.getByTestId('api-key-secret').textContent())!.trim();
      expect(secret).toMatch(/^csk_[a-z2-7]{32}$/);
      await card.getByRole('listitem', { name: 'Sistema de Los Andes' }).getByText('Nunca usada').waitFor();

      // The ally's system: each call names the customer by her casillero.
      const api = (path: string, init: RequestInit = {}) =>
        fetch(`${url()}/api/v1${path}`, {
          ...init,
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
        });
      const parcels = await api(`/packages?customer=${code}`);
      expect(parcels.status).toBe(200);
      expect(((await parcels.json()) as { total: number }).total).toBeGreaterThan(0);
      const unnamed = await api('/packages');
      expect(unnamed.status).toBe(400);
      expect(await unnamed.json()).toEqual({ error: API_KEY_MESSAGES.allyCustomerRequired, code: 'BAD_INPUT' });
      const created = await api(`/prealerts?customer=${code}`, {
        method: 'POST',
        body: JSON.stringify({
          trackingNumber: '1Z999AA10123456784',
          carrier: 'UPS',
          description: 'Repuestos enviados por Los Andes',
          quantityItems: 1,
        }),
      });
      expect(created.status).toBe(201);

      // The portal lists it among its customers' pre-alerts, under Yelitza's casillero.
      await ally.getByRole('link', { name: M.prealerts }).click();
      const row = ally.getByRole('row').filter({ hasText: 'Repuestos enviados por Los Andes' });
      await row.waitFor();
      expect(await row.textContent()).toContain(code);
    });
  });
});
