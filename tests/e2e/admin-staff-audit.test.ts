// Staff and audit in the browser (docs/product/product-decisions.md#d13-staff-have-roles): the administrator invites a warehouse person
// by e-mail; the person accepts through the link, lands in the admin area and sees only the
// warehouse's screens; a change the person makes shows in the audit log with its before and
// after and in the package's own history; deactivated, the person's open page is refused.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumOrExplain,
  DEMO,
  fieldLabel,
  signIn,
  useBrowserSession,
  waitForEmailLink,
  withScreenshotOnFailure,
} from './helpers';

const chromium = chromiumOrExplain();
const PERSON = { email: 'luis.almacen.e2e@casillero.test', name: 'Luis Almacén E2E', password: 'Almacen#E2E2026' };

describe.skipIf(!chromium)('personal y auditoría', () => {
  const { url, newPage, server } = useBrowserSession(chromium);
  let admin: Page;
  let person: Page;

  beforeAll(async () => {
    admin = await newPage();
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
  });

  it('the administrator invites a warehouse person, who accepts and sees only the warehouse screens', async () => {
    await withScreenshotOnFailure(admin, 'personal-invitar', async () => {
      await admin.getByRole('link', { name: 'Personal' }).click();
      await admin.getByRole('heading', { name: 'Personal', exact: true }).waitFor();
      // The demo staff are listed with their roles.
      await admin.getByRole('row').filter({ hasText: 'caja@casillero.test' }).waitFor();
      await admin.getByRole('button', { name: 'Invitar persona' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Invitar persona' });
      await dialog.getByRole('textbox', { name: fieldLabel('Email') }).fill(PERSON.email);
      await dialog.getByRole('combobox', { name: fieldLabel('Rol') }).click();
      await admin.getByRole('option', { name: 'Almacén' }).click();
      await dialog.getByRole('button', { name: 'Enviar invitación' }).click();
      await admin.getByText(`Invitación enviada a ${PERSON.email}. El enlace vence en 72 horas.`).waitFor();
      await admin.getByRole('table', { name: 'Invitaciones pendientes' }).getByText(PERSON.email).waitFor();
    });

    // The log masks addresses: the invitation e-mail is the one with its button's text.
    const link = await waitForEmailLink(server(), { contains: 'Aceptar la invitación', path: '/invitacion' });
    person = await newPage();
    await withScreenshotOnFailure(person, 'personal-aceptar', async () => {
      await person.goto(link);
      await person.getByText('Rol: Almacén').waitFor();
      await person.getByRole('textbox', { name: fieldLabel('Nombre completo') }).fill(PERSON.name);
      await person.getByLabel(fieldLabel('Contraseña')).fill(PERSON.password);
      await person.getByLabel(fieldLabel('Confirmar contraseña')).fill(PERSON.password);
      await person.getByRole('button', { name: 'Crear mi cuenta' }).click();
      await person.waitForURL((u) => u.pathname === '/admin');
      // No business figures for the warehouse: its home lists its screens instead.
      await person.getByRole('heading', { name: 'Tus secciones' }).waitFor();
      await person.getByRole('main').getByRole('link', { name: 'Paquetes' }).waitFor();
      expect(await person.getByText('Ingresos Mes').count()).toBe(0);
      const nav = person.getByRole('navigation').first();
      await nav.getByRole('link', { name: 'Paquetes' }).waitFor();
      for (const hidden of ['Pagos', 'Reportes', 'Personal', 'Auditoría']) {
        expect(await nav.getByRole('link', { name: hidden, exact: true }).count(), hidden).toBe(0);
      }
      // Typing a screen's address the role cannot use explains instead of showing it.
      await person.goto(`${url()}/admin/pagos`);
      await person.getByText('Sin acceso a esta sección').waitFor();
    });
  });

  it('the person’s change is in the audit log with its before and after, and in the package’s history', async () => {
    await withScreenshotOnFailure(person, 'auditoria-cambio', async () => {
      await person.goto(`${url()}/admin/paquetes`);
      const row = person
        .getByRole('row')
        .filter({ has: person.getByRole('combobox') })
        .first();
      await row.waitFor();
      await row.getByRole('combobox').click();
      await person.getByRole('option', { name: 'Recibido', exact: true }).first().click();
      await person.locator('.mantine-Notification-root').first().waitFor();
    });
    await withScreenshotOnFailure(admin, 'auditoria-ver', async () => {
      await admin.goto(`${url()}/admin/auditoria`);
      await admin.getByRole('heading', { name: 'Auditoría' }).waitFor();
      await admin.getByRole('textbox', { name: 'Buscar' }).fill('packages.updateStatus');
      await admin.waitForURL((u) => u.searchParams.get('action') === 'packages.updateStatus');
      // The change of status wrote the package (its status, then its first receipt date) and the
      // customer's notification: one entry per row written. Find the package's status change.
      const entries = admin.getByRole('row').filter({ hasText: PERSON.name }).filter({ hasText: 'Paquete' });
      await entries.first().waitFor();
      const drawer = admin.getByRole('dialog', { name: 'Entrada de auditoría' });
      const statusRow = drawer.getByRole('table', { name: 'Cambios' }).getByRole('row').filter({ hasText: 'status' });
      let packageId = '';
      for (const entry of await entries.all()) {
        await entry.getByRole('button', { name: /Ver la entrada/ }).click();
        await drawer.getByRole('table', { name: 'Cambios' }).waitFor();
        if ((await statusRow.count()) > 0) {
          await statusRow.getByText('pending', { exact: true }).waitFor();
          await statusRow.getByText('received', { exact: true }).waitFor();
          packageId = (await drawer.getByText(/^Paquete [0-9a-f-]{36}$/).textContent())!.replace('Paquete ', '');
        }
        await admin.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });
        if (packageId) break;
      }
      expect(packageId, 'an entry with the package’s status before and after').not.toBe('');

      // The package's own history, in its details drawer.
      await admin.goto(`${url()}/admin/paquetes?ver=${packageId}`);
      const details = admin.getByRole('dialog', { name: 'Detalles del paquete' });
      await details
        .getByRole('region', { name: 'Historial de cambios' })
        .or(details.getByText('Historial de cambios'))
        .first()
        .waitFor();
      await details.getByText(PERSON.name).first().waitFor();
    });
  });

  it('roles that only read a screen see no controls that change it', async () => {
    const cashier = await newPage();
    await withScreenshotOnFailure(cashier, 'caja-solo-lectura', async () => {
      await signIn(cashier, url(), DEMO.caja, DEMO.password);
      await cashier.waitForURL((u) => u.pathname.startsWith('/admin'));
      // The cashier sees the figures, reads clients and shipments, and changes neither.
      await cashier.getByText('Ingresos Mes').waitFor();
      await cashier.goto(`${url()}/admin/clientes`);
      const carlos = cashier.getByRole('row').filter({ hasText: DEMO.otherCustomer });
      await carlos.getByRole('button', { name: /^Ver detalles de / }).waitFor();
      expect(await carlos.getByRole('button', { name: /^Editar a / }).count()).toBe(0);
      expect(await carlos.getByRole('button', { name: /^Crear casillero para / }).count()).toBe(0);
      expect(await cashier.getByRole('button', { name: 'Crear Casillero' }).count()).toBe(0);
      await carlos.getByRole('button', { name: /^Ver detalles de / }).click();
      const details = cashier.getByRole('dialog', { name: 'Detalles del cliente' });
      await details.getByText('Casilleros').first().waitFor();
      expect(await details.getByRole('switch').count()).toBe(0);
      expect(await details.getByRole('button', { name: 'Editar' }).count()).toBe(0);
      await cashier.keyboard.press('Escape');
      await cashier.goto(`${url()}/admin/envios`);
      const firstShipment = cashier
        .getByRole('row')
        .filter({ has: cashier.getByRole('button', { name: /^Ver detalles de / }) })
        .first();
      await firstShipment.waitFor();
      expect(await cashier.getByRole('combobox', { name: /^Estado del envío / }).count()).toBe(0);
      expect(await cashier.getByRole('button', { name: /^Editar envío / }).count()).toBe(0);
    });
    const support = await newPage();
    await withScreenshotOnFailure(support, 'atencion-solo-lectura', async () => {
      await signIn(support, url(), DEMO.atencion, DEMO.password);
      await support.waitForURL((u) => u.pathname.startsWith('/admin'));
      await support.goto(`${url()}/admin/reempaques`);
      await support.getByRole('row').filter({ hasText: '@' }).first().waitFor();
      expect(await support.getByRole('button', { name: 'Procesar' }).count()).toBe(0);
      expect(await support.getByRole('button', { name: 'Marcar enviado' }).count()).toBe(0);
    });
  });

  it('deactivated, the person’s open page is refused on its next request', async () => {
    await withScreenshotOnFailure(admin, 'personal-desactivar', async () => {
      await admin.goto(`${url()}/admin/personal`);
      await admin.getByRole('button', { name: `Desactivar a ${PERSON.name}` }).click();
      const confirm = admin.getByRole('dialog', { name: 'Desactivar acceso' });
      await confirm.getByRole('button', { name: 'Desactivar' }).click();
      await admin.getByText('Acceso desactivado: todas sus sesiones se cerraron.').waitFor();
    });
    await withScreenshotOnFailure(person, 'personal-desactivado', async () => {
      await person.reload();
      await person.waitForURL((u) => u.pathname.startsWith('/login') || u.pathname.startsWith('/admin'));
      // Either sent to sign in, or told the session is no longer valid: never the admin screens.
      await person
        .getByRole('heading', { name: /Iniciar Sesión|Sesión no válida/ })
        .first()
        .waitFor();
    });
  });
});
