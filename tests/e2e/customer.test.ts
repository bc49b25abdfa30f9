// Browser test of the customer's area: the demo customer (María) opens each screen and sees
// her own data, creates a pre-alert, marks a notification read and changes her profile; all of
// it on a desktop and on a 390 px phone, where each list's status and actions stay in sight.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES, formatUsdCents } from '@casillero/shared';
import {
  chooseWeightUnit,
  DEMO,
  fieldLabel,
  openPage,
  signIn,
  useBrowserSession,
  landedInCustomerArea,
} from './session';
import {
  SCREEN_PROFILES,
  expectNoHorizontalScroll,
  expectWithinViewportWidth,
  listRows,
  openFromNavigation,
  responsiveList,
  withScreenshotOnFailure,
} from './screens';
import { chromiumOrExplain } from './browser';
import { pricesNow, usaQuoteNow } from './prices';

const chromium = chromiumOrExplain();

describe.skipIf(!chromium).each(SCREEN_PROFILES)('área del cliente en el navegador ($name)', (profile) => {
  const { url, newPage } = useBrowserSession(chromium, profile.contextOptions);
  /** A screenshot's name on failure, per screen: 'cliente-pantallas-teléfono-390×844'. */
  const shot = (name: string) => `${name}-${profile.name}`;

  async function signedInPage(): Promise<Page> {
    const page = await newPage();
    await signIn(page, url(), DEMO.customer, DEMO.password);
    await page.waitForURL(landedInCustomerArea);
    return page;
  }

  const go = (page: Page, path: string) => page.goto(`${url()}${path}`);

  /** The customer navigation, in its order: the test below opens every item. */
  const SCREENS = [
    'Mi Perfil',
    'Mis Casilleros',
    'Prealertas',
    'Mis Trackings',
    'Almacén',
    'Envíos',
    'Facturas',
    'Reempaques',
    'Compras',
    'Reclamos',
    'Notificaciones',
    'Calculadora',
    'Configuración',
  ];

  it('abre cada pantalla de la navegación y ve sus propios datos', async () => {
    const page = await signedInPage();
    await withScreenshotOnFailure(page, shot('cliente-pantallas'), async () => {
      const nav = page.getByRole('navigation', { name: 'Mi Cuenta' });
      // On a phone the navigation is the drawer its burger opens.
      if (profile.phone) await page.getByRole('button', { name: 'Abrir Mi Cuenta' }).click();
      await nav.getByRole('link', { name: SCREENS.at(-1), exact: true }).waitFor();
      const items = (await nav.getByRole('link').allTextContents())
        .map((t) => t.trim())
        .filter((t) => t !== 'Ir al inicio');
      expect(items).toEqual(SCREENS);
      if (profile.phone) await page.getByRole('button', { name: 'Cerrar Mi Cuenta' }).click();

      const opened: string[] = [];
      /** Opens a screen from the navigation (on a phone, its drawer) and waits for its title; it fits the screen's width. */
      const open = async (label: string, path: string) => {
        await openFromNavigation(page, 'Mi Cuenta', label);
        await page.waitForURL((u) => u.pathname === `/dashboard/${path}`);
        await page.getByRole('heading', { level: 1, name: label, exact: true }).waitFor();
        await expectNoHorizontalScroll(page);
        opened.push(label);
      };

      // An unknown sub-path lands on the profile.
      await go(page, '/dashboard/no-existe');
      await page.waitForURL((u) => u.pathname === '/dashboard/mi-perfil');

      // Mi Perfil, with her name, the read-only e-mail, her cédula and city.
      await open('Mi Perfil', 'mi-perfil');
      await expect
        .poll(() => page.getByRole('textbox', { name: fieldLabel('Nombre completo') }).inputValue())
        .toBe('María Fernanda González');
      expect(await page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(DEMO.customer);
      expect(await page.getByRole('textbox', { name: fieldLabel('Cédula') }).inputValue()).toBe('V-18456789');
      expect(await page.getByRole('textbox', { name: fieldLabel('Ciudad') }).inputValue()).toBe('Caracas');

      // Mis Casilleros: both mailboxes, the Chinese one waiting for its activation.
      await open('Mis Casilleros', 'mis-casilleros');
      await page
        .getByText(/^MV-19487-\d{5}$/)
        .first()
        .waitFor();
      await page
        .getByText(/^BJS\d{6}$/)
        .first()
        .waitFor();
      await page.getByText('Casillero pendiente de activación').waitFor();
      await page.getByRole('button', { name: 'Copiar dirección completa' }).first().waitFor();

      // Prealertas: her pending pre-alert and the warehouse's match.
      await open('Prealertas', 'prealertas');
      await page.getByRole('article', { name: 'Prealerta TBA305812745000' }).getByText('Amazon').first().waitFor();
      await page
        .getByText(/Tu paquete ya fue registrado por el almacén/)
        .first()
        .waitFor();

      // Mis Trackings, each with its status in sight; the history of one of them.
      await open('Mis Trackings', 'mis-trackings');
      // The card opens from its tracking number's button, stretched over the whole card.
      const ready = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: 'Ver tracking 781234567890' }) });
      await expectWithinViewportWidth(ready.getByText('Listo para enviar', { exact: true }));
      await ready.getByRole('button', { name: 'Ver tracking 781234567890' }).click();
      const detail = page.getByRole('dialog', { name: 'Detalle del tracking' });
      await detail.getByText('¿Qué sigue?').waitFor();
      await detail.getByText('Procede con el pago para autorizar el despacho', { exact: false }).first().waitFor();
      await detail.getByRole('heading', { name: 'Historial' }).waitFor();
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'hidden' });

      // Almacén: the stat cards and her packages with their days stored; one put in her
      // shipment stopped counting then (received 14 days ago, shipped about 3 days ago).
      await open('Almacén', 'almacen');
      await page.getByText('Total de paquetes').waitFor();
      const stored = responsiveList(page, 'Paquetes en almacén');
      await listRows(stored).filter({ hasText: 'TBA301928374650' }).getByText('5 días', { exact: true }).waitFor();
      await expectWithinViewportWidth(
        listRows(stored).filter({ hasText: 'TBA301122334455' }).getByText('En almacén', { exact: true }),
      );
      const inShipment = listRows(stored).filter({ hasText: '9400111899223300112233' });
      await inShipment.getByText(/^SH\d{8}$/).waitFor();
      await inShipment.getByText(/^1[01] días$/).waitFor();
      await page.getByPlaceholder('Buscar por tracking, descripción o remitente').fill('zzz-nada');
      await page.getByText('Ningún paquete coincide con la búsqueda').waitFor();

      // Envíos: her shipment on its way to Caracas with its two packages.
      await open('Envíos', 'envios');
      const shipment = page.getByRole('listitem', { name: /^Envío SH\d{8}$/ });
      await shipment.getByText('Hacia Caracas, Miranda').waitFor();
      await shipment.getByText('2 paquetes', { exact: true }).waitFor();
      await expectWithinViewportWidth(shipment.getByText('En tránsito', { exact: true }));
      await expectWithinViewportWidth(shipment.getByRole('button', { name: /^Ver detalle del envío SH\d{8}$/ }));

      // Facturas: her balance; her invoices, the shipping of her ready tracking pending with its
      // status and 'Reportar pago' in sight; and the payments she reported.
      await open('Facturas', 'facturas');
      await page
        .getByRole('region', { name: 'Tu saldo' })
        .getByText(/^Saldo pendiente: \$[\d.]+,\d{2}$/)
        .waitFor();
      const invoices = responsiveList(page, 'Tus facturas');
      const toReport = listRows(invoices).filter({ hasText: '781234567890' });
      await toReport.getByText(/^F-\d{4}-\d{6}$/).waitFor();
      await toReport.getByText(/^\$38,50 · Bs\. [\d.]+,\d{2}$/).waitFor();
      await expectWithinViewportWidth(toReport.getByText('Pendiente', { exact: true }));
      await expectWithinViewportWidth(toReport.getByRole('button', { name: 'Reportar pago' }));
      const payments = responsiveList(page, 'Mis pagos');
      await listRows(payments)
        .filter({ hasText: 'Ref. ZL9B3X7T1Q' })
        .getByText(/^Pago de envío SH\d{8}$/)
        .waitFor();
      await listRows(payments)
        .filter({ hasText: 'Ref. ZL7Q4M2K9P' })
        .getByText(/^Activación de casillero MV-19487-\d{5}$/)
        .waitFor();

      // Reempaques: her pending request for two of her packages.
      await open('Reempaques', 'reempaques');
      const request = page.locator('[data-repack-id]').filter({ hasText: 'Por favor consolidar ambos paquetes' });
      await expectWithinViewportWidth(request.getByText('Pendiente', { exact: true }));
      await request.getByText('TBA301928374650').waitFor();
      await request.getByText('1Z999AA10198765430').waitFor();

      // Compras: her assisted purchase of two items, its payment under review.
      await open('Compras', 'compras');
      await page
        .getByRole('list', { name: 'Mis compras' })
        .getByText('Audífonos inalámbricos con cancelación de ruido y 1 más', { exact: true })
        .waitFor();

      // Reclamos: none yet, and where to open one.
      await open('Reclamos', 'reclamos');
      await page.getByText(CLAIM_MESSAGES.empty).waitFor();

      // Notificaciones: read and unread ones of hers.
      await open('Notificaciones', 'notificaciones');
      await page.getByRole('listitem', { name: 'Sin leer: Tu envío va en camino', exact: true }).waitFor();
      await page.getByRole('listitem', { name: '¡Bienvenida a Casillero Virtual!', exact: true }).waitFor();

      // Calculadora: a quote appears once the weight and the dimensions are typed.
      await open('Calculadora', 'calculadora');
      const air = page.getByRole('region', { name: 'Envío aéreo' });
      await air.getByRole('status').waitFor();
      await chooseWeightUnit(page, 'lb');
      await page.getByLabel('Peso real (lb)').fill('10');
      await page.getByLabel('Largo (cm)').fill('30');
      await page.getByLabel('Ancho (cm)').fill('20');
      await page.getByLabel('Alto (cm)').fill('15');
      // The price list in effect with the taxes its invoice will carry (the demo's fiscal data are on).
      const quote = usaQuoteNow(
        { peso: 10, unidad: 'lb', largo: 30, ancho: 20, alto: 15, valor: '', seguro: true, tipo: 'aereo' },
        await pricesNow(page, url),
      );
      await air
        .getByTestId('total')
        .filter({ hasText: formatUsdCents(quote.totalUsdCents) })
        .waitFor();

      // Configuración: this session is listed.
      await open('Configuración', 'configuracion');
      await page.getByRole('heading', { name: 'Sesiones activas' }).waitFor();
      await page.getByText('Esta sesión').waitFor();

      expect(opened).toEqual(SCREENS);
    });
  });

  it('crea una prealerta', async () => {
    const page = await signedInPage();
    await withScreenshotOnFailure(page, shot('cliente-prealerta'), async () => {
      await go(page, '/dashboard/prealertas');
      await page.getByRole('button', { name: 'Nueva prealerta' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nueva prealerta' });
      await dialog.getByRole('textbox', { name: fieldLabel('Número de tracking') }).fill('1ZE2E0000000001');
      await dialog.getByRole('textbox', { name: fieldLabel('Tienda / remitente') }).fill('Best Buy');
      await dialog.getByRole('textbox', { name: fieldLabel('Descripción') }).fill('Teclado mecánico inalámbrico');
      await dialog.getByRole('textbox', { name: fieldLabel('Peso estimado (kg)') }).fill('1.1');
      await dialog.getByRole('button', { name: 'Crear prealerta' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const card = page.getByRole('article', { name: 'Prealerta 1ZE2E0000000001' });
      await card.getByText('Teclado mecánico inalámbrico').waitFor();
      await card.getByText('Pendiente').waitFor();
      await page.reload();
      await page.getByRole('article', { name: 'Prealerta 1ZE2E0000000001' }).waitFor();
    });
  });

  it('marca una notificación como leída y la campana se actualiza', async () => {
    const page = await signedInPage();
    await withScreenshotOnFailure(page, shot('cliente-notificacion'), async () => {
      const bell = page.getByRole('link', { name: /^Notificaciones: \d+ sin leer$/ });
      await bell.waitFor();
      const before = Number((await bell.getAttribute('aria-label'))!.match(/(\d+) sin leer/)![1]);
      expect(before).toBeGreaterThan(0);
      await bell.click();
      await page.waitForURL((u) => u.pathname === '/dashboard/notificaciones');
      const unread = page.getByRole('listitem', { name: /^Sin leer: / });
      await unread.first().waitFor();
      const title = (await unread.first().getAttribute('aria-label'))!.replace('Sin leer: ', '');
      await unread.first().getByRole('button', { name: 'Marcar como leída' }).click();
      await page.getByRole('listitem', { name: title, exact: true }).waitFor();
      await page
        .getByRole('link', {
          name: `Notificaciones: ${before - 1 === 0 ? 'ninguna sin leer' : `${before - 1} sin leer`}`,
        })
        .waitFor();
    });
  });

  it('cambia el perfil y lo ve después de recargar', async () => {
    const page = await signedInPage();
    await withScreenshotOnFailure(page, shot('cliente-perfil'), async () => {
      // Signing in lands on what needs her (docs/product/sign-up-and-sign-in.md#where-a-customer-lands): she opens her profile.
      await openPage(page, `${url()}/dashboard/mi-perfil`);
      const phone = page.getByRole('textbox', { name: fieldLabel('Teléfono') });
      await expect.poll(() => phone.inputValue()).not.toBe('');
      await phone.fill('+58 (412) 765-4321xyz');
      expect(await phone.inputValue()).toBe('+58 (412) 765-4321');
      await page.getByRole('textbox', { name: fieldLabel('Ciudad') }).fill('  Los Teques  ');
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await page.getByText('Los cambios se han guardado correctamente').waitFor();
      await page.reload();
      await expect
        .poll(() => page.getByRole('textbox', { name: fieldLabel('Ciudad') }).inputValue())
        .toBe('Los Teques');
      expect(await page.getByRole('textbox', { name: fieldLabel('Teléfono') }).inputValue()).toBe('+58 (412) 765-4321');

      // A one-letter name is refused with the spec's text.
      await page.getByRole('textbox', { name: fieldLabel('Nombre completo') }).fill('M');
      await page.getByRole('button', { name: 'Guardar cambios' }).click();
      await page.getByText('Error de validación').waitFor();
    });
  });

  if (profile.phone) {
    it('el menú es un cajón que se cierra al navegar', async () => {
      const page = await signedInPage();
      await withScreenshotOnFailure(page, shot('cliente-menu'), async () => {
        const nav = page.getByRole('navigation', { name: 'Mi Cuenta' });
        const almacen = nav.getByRole('link', { name: 'Almacén' });
        // Closed, the drawer's links are not drawn at all (the page's content comes first), or off-screen once it has been opened.
        const inView = async () =>
          (await almacen.count()) > 0 && (await almacen.evaluate((el) => el.getBoundingClientRect().right > 0));
        await page.getByRole('button', { name: 'Abrir Mi Cuenta' }).waitFor();
        expect(await inView()).toBe(false);
        await page.getByRole('button', { name: 'Abrir Mi Cuenta' }).click();
        await expect.poll(inView).toBe(true);
        await nav.getByRole('link', { name: 'Almacén' }).click();
        await page.waitForURL((u) => u.pathname === '/dashboard/almacen');
        await page.getByText('Total de paquetes').waitFor();
        // The drawer closed on navigation; the header still holds the bell and sign-out.
        await page.getByRole('button', { name: 'Abrir Mi Cuenta' }).waitFor();
        await expect.poll(inView).toBe(false);
        expect(await page.getByRole('button', { name: 'Cerrar sesión' }).isVisible()).toBe(true);
        await expectNoHorizontalScroll(page);
      });
    });
  } else {
    it('el menú lateral se oculta y se vuelve a mostrar', async () => {
      const page = await signedInPage();
      await withScreenshotOnFailure(page, shot('cliente-menu'), async () => {
        const nav = page.getByRole('navigation', { name: 'Mi Cuenta' });
        const inView = () =>
          nav.getByRole('link', { name: 'Almacén' }).evaluate((el) => el.getBoundingClientRect().right > 0);
        expect(await inView()).toBe(true);
        await page.getByRole('button', { name: 'Ocultar Mi Cuenta' }).click();
        await expect.poll(inView).toBe(false);
        await page.getByRole('button', { name: 'Mostrar Mi Cuenta' }).click();
        await expect.poll(inView).toBe(true);
        await nav.getByRole('link', { name: 'Almacén' }).click();
        await page.waitForURL((u) => u.pathname === '/dashboard/almacen');
        await page.getByText('Total de paquetes').waitFor();
        expect(await inView()).toBe(true);
      });
    });
  }
});
