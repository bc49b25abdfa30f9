// What María met on a business day in the browser: the ship request shows the parcels waiting
// for a repack without offering them (docs/product/last-mile.md#the-ship-request); the pre-alert
// form warns of a prohibited item while she types, and staff's pre-alert list flags it
// (docs/product/travel-rules.md); signing in, she lands on the screen that needs her, unless she
// asked for a page first (docs/product/sign-up-and-sign-in.md#where-a-customer-lands).
import { describe, expect, it } from 'vitest';
import { CUSTOMER_LANDINGS, SHIP_REQUEST_LABELS, TRAVEL_RULES_MESSAGES } from '@casillero/shared';
import { chromiumOrExplain } from './browser';
import {
  DEMO,
  fieldLabel,
  landedInCustomerArea,
  openPage,
  signIn,
  useBrowserSession,
  waitForHydration,
} from './session';
import { DESKTOP, PHONE, withScreenshotOnFailure } from './screens';

const chromium = chromiumOrExplain();

/** In the demo, María's bag waits in a repack request the warehouse has not done yet. */
const IN_PENDING_REPACK = '1Z999AA10198765430';

describe.skipIf(!chromium)('el día de María, clienta', () => {
  const { url, newPage } = useBrowserSession(chromium, PHONE.contextOptions);

  it('Enviar a Venezuela muestra el paquete que espera un reempaque, sin dejarlo marcar', async () => {
    const maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    await withScreenshotOnFailure(maria, 'dia-cliente-envio-reempaque', async () => {
      await openPage(maria, `${url()}/dashboard/almacen`);
      await maria.getByRole('button', { name: SHIP_REQUEST_LABELS.action }).click();
      const dialog = maria.getByRole('dialog', { name: SHIP_REQUEST_LABELS.action });
      const waiting = dialog.getByRole('checkbox', { name: new RegExp(`^${IN_PENDING_REPACK} · `) });
      await waiting.waitFor();
      expect(await waiting.isDisabled()).toBe(true);
      await dialog.getByText(SHIP_REQUEST_LABELS.waitingRepack).first().waitFor();
      // The others can still be ticked.
      expect(await dialog.getByRole('checkbox', { disabled: false }).count()).toBeGreaterThan(0);
    });
  });

  it('la prealerta avisa del power bank mientras María escribe, y el personal la ve marcada', async () => {
    const tracking = '1ZE2E0000000088';
    const warning = `${TRAVEL_RULES_MESSAGES.warning}: Baterías de litio sueltas`;
    const maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    await withScreenshotOnFailure(maria, 'dia-cliente-prealerta-aviso', async () => {
      await openPage(maria, `${url()}/dashboard/prealertas`);
      await maria.getByRole('button', { name: 'Nueva prealerta' }).click();
      const dialog = maria.getByRole('dialog', { name: 'Nueva prealerta' });
      await dialog.getByRole('textbox', { name: fieldLabel('Número de tracking') }).fill(tracking);
      await dialog.getByRole('textbox', { name: fieldLabel('Descripción') }).fill('Power bank Anker de 20000 mAh');
      // Before saving: the same words the server checks.
      await dialog.getByText(warning).waitFor();
      await dialog.getByText('Solo puede viajar por vía marítima.', { exact: false }).waitFor();
      await dialog.getByRole('textbox', { name: fieldLabel('Descripción') }).fill('Libros de cocina');
      await dialog.getByText(warning).waitFor({ state: 'detached' });
      await dialog.getByRole('textbox', { name: fieldLabel('Descripción') }).fill('Power bank Anker de 20000 mAh');
      await dialog.getByText(warning).waitFor();
      await dialog.getByRole('button', { name: 'Crear prealerta' }).click();
      await dialog.waitFor({ state: 'hidden' });
    });

    const admin = await newPage(DESKTOP.contextOptions);
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    await withScreenshotOnFailure(admin, 'dia-personal-prealerta-marcada', async () => {
      await openPage(admin, `${url()}/admin/prealertas?q=${tracking}`);
      const card = admin.getByRole('article', { name: `Prealerta ${tracking}` });
      await card.getByText(warning).waitFor();
    });
  });

  it('al iniciar sesión María llega a la factura que debe, no a Mi Perfil; la página que pidió antes manda', async () => {
    const maria = await newPage();
    await withScreenshotOnFailure(maria, 'dia-cliente-llegada', async () => {
      await signIn(maria, url(), DEMO.customer, DEMO.password);
      await maria.waitForURL(landedInCustomerArea);
      // Her China casillero's activation is still unpaid in the demo.
      expect(new URL(maria.url()).pathname).toBe(CUSTOMER_LANDINGS.unpaidInvoice);
      await maria.getByRole('heading', { level: 1, name: 'Facturas', exact: true }).waitFor();
    });

    const asked = await newPage();
    await withScreenshotOnFailure(asked, 'dia-cliente-llegada-pedida', async () => {
      await asked.goto(`${url()}/dashboard/prealertas`);
      await asked.waitForURL(
        (u) => u.pathname === '/login' && u.searchParams.get('redirect') === '/dashboard/prealertas',
      );
      const form = asked.locator('form').filter({ has: asked.getByLabel(fieldLabel('Contraseña')) });
      await waitForHydration(form.getByLabel(fieldLabel('Contraseña')));
      await form.getByLabel(fieldLabel('Email')).fill(DEMO.customer);
      await form.getByLabel(fieldLabel('Contraseña')).fill(DEMO.password);
      await form.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
      await asked.waitForURL((u) => u.pathname === '/dashboard/prealertas');
    });
  });
});
