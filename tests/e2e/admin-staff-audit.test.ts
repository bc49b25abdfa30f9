// Staff and audit in the browser (docs/product/product-decisions.md#d13-staff-have-roles): the administrator invites a warehouse person
// by e-mail; the person accepts through the link, lands in the admin area and sees only the
// warehouse's screens; a change the person makes shows in the audit log in words people read
// (the person and role, the action and fields in Spanish, the package by its number as a link,
// Caracas's time in a browser on another clock), found by the person's name and by the package's
// number, and in the package's own history; customer service reads the log and changes no
// customer; deactivated, the person's open page is refused.
import type { Page } from 'playwright-core';
import { STAFF_ROLE_DESCRIPTIONS, formatCaracasDateTime } from '@casillero/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { openFromNavigation, withScreenshotOnFailure } from './screens';
import { chromiumOrExplain } from './browser';
import { DEMO, fieldLabel, signIn, useBrowserSession } from './session';
import { waitForEmailLink } from './app-server';

const chromium = chromiumOrExplain();
const PERSON = { email: 'luis.almacen.e2e@casillero.test', name: 'Luis Almacén E2E', password: 'Almacen#E2E2026' };

describe.skipIf(!chromium)('personal y auditoría', () => {
  const { url, newPage, server } = useBrowserSession(chromium);
  let admin: Page;
  let person: Page;

  beforeAll(async () => {
    admin = await newPage({ timezoneId: 'Asia/Tokyo' });
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
  });

  it('the administrator invites a warehouse person, who accepts and sees only the warehouse screens', async () => {
    await withScreenshotOnFailure(admin, 'personal-invitar', async () => {
      await openFromNavigation(admin, 'Panel Admin', 'Personal');
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
      // The administrator's browser runs on Tokyo's clock: the log still shows Caracas's.
      const before = Date.now();
      await admin.goto(`${url()}/admin/auditoria`);
      await admin.getByRole('heading', { name: 'Auditoría' }).waitFor();
      // The person by name, typed without accents.
      await admin.getByRole('textbox', { name: 'Buscar' }).fill('luis almacen');
      await admin.waitForURL((u) => u.searchParams.get('q') === 'luis almacen');
      const table = admin.getByRole('table', { name: 'Registro de auditoría' });
      await table.getByRole('columnheader', { name: 'Fecha (hora de Caracas)' }).waitFor();
      // The change of status wrote the package (its status, then its first receipt date) and the
      // customer's notification: one entry per row written, each with the person and role, the
      // action in Spanish and the package by its number.
      const entries = table
        .getByRole('row')
        .filter({ hasText: PERSON.name })
        .filter({ hasText: 'Almacén' })
        .filter({ hasText: 'Cambió el estado de un paquete' })
        .filter({ has: admin.getByRole('link', { name: /^Paquete / }) });
      await entries.first().waitFor();
      expect(await table.getByText('packages.updateStatus', { exact: true }).count()).toBe(0);
      // Caracas's time of the change (the minute it was made, or the one before).
      const times = [before - 120_000, before - 60_000, before, Date.now()].map((ms) =>
        formatCaracasDateTime(new Date(ms)),
      );
      expect(times).toContain((await entries.first().getByRole('cell').first().textContent())?.trim());

      const drawer = admin.getByRole('dialog', { name: 'Entrada de auditoría' });
      const statusRow = drawer.getByRole('table', { name: 'Cambios' }).getByRole('row').filter({ hasText: 'Estado' });
      let packageName = '';
      for (const entry of await entries.all()) {
        await entry.getByRole('button', { name: /^Ver cambios de Paquete / }).click();
        await drawer.getByRole('table', { name: 'Cambios' }).waitFor();
        if ((await statusRow.count()) > 0) {
          // Fields and values in Spanish.
          await statusRow.getByText('Pendiente', { exact: true }).waitFor();
          await statusRow.getByText('Recibido', { exact: true }).waitFor();
          expect(await drawer.getByText('status', { exact: true }).count()).toBe(0);
          packageName = (await drawer.getByRole('link', { name: /^Paquete / }).textContent()) ?? '';
        }
        await admin.keyboard.press('Escape');
        await drawer.waitFor({ state: 'hidden' });
        if (packageName) break;
      }
      expect(packageName, 'an entry with the package’s status before and after').toMatch(/^Paquete \S+$/);

      // Searched by the package's number, the log shows only that package's entries.
      const number = packageName.replace('Paquete ', '');
      await admin.getByRole('textbox', { name: 'Buscar' }).fill(number);
      await admin.waitForURL((u) => u.searchParams.get('q') === number);
      const rows = table.getByRole('row').filter({ has: admin.getByRole('button', { name: /^Ver cambios de / }) });
      await table.getByRole('link', { name: packageName }).first().waitFor();
      await expect.poll(async () => (await rows.allTextContents()).every((t) => t.includes(packageName))).toBe(true);

      // The entity is a link to the package's own details, with its history.
      await table.getByRole('link', { name: packageName }).first().click();
      await admin.waitForURL((u) => u.pathname === '/admin/paquetes' && u.searchParams.has('ver'));
      const details = admin.getByRole('dialog', { name: 'Detalles del paquete' });
      await details
        .getByRole('region', { name: 'Historial de cambios' })
        .or(details.getByText('Historial de cambios'))
        .first()
        .waitFor();
      await details.getByText(PERSON.name).first().waitFor();
      await details.getByText('Cambió el estado de un paquete').first().waitFor();
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
      // Its role text is the permission map's; it reads the audit log and changes no customer.
      await support.getByText(`Tu rol: Atención al cliente. ${STAFF_ROLE_DESCRIPTIONS.atencion}`).waitFor();
      await support.getByRole('navigation').first().getByRole('link', { name: 'Auditoría', exact: true }).waitFor();
      await support.goto(`${url()}/admin/clientes`);
      const client = support.getByRole('row').filter({ hasText: DEMO.otherCustomer });
      await client.getByRole('button', { name: /^Ver detalles de / }).waitFor();
      expect(await client.getByRole('button', { name: /^Editar a / }).count()).toBe(0);
      expect(await support.getByRole('button', { name: 'Crear Casillero' }).count()).toBe(0);
      await support.goto(`${url()}/admin/auditoria`);
      await support.getByRole('table', { name: 'Registro de auditoría' }).getByRole('row').nth(1).waitFor();
      expect(await support.getByText('Sin acceso a esta sección').count()).toBe(0);
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
