// Browser test of departures (docs/product/departures.md): the administrator creates a flight in
// /admin/despachos and scans five of María's shipments into it (made in the set-up through the
// API as 'Crear Envío' makes them); María, on a phone, sees the promise in
// Almacén. Then the flight's days go by: the administrator moves its cutoff and departure into the
// past (the server's clock cannot move, the plan can), records the cutoff on its day, the
// dashboard lists the departure as 'Retrasado' and links to it, 'Revisar retrasos' tells its
// customers, and María reads the delay in her notifications.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEPARTURE_MESSAGES as M, addDays, departureDay } from '@casillero/shared';
import { chromiumOrExplain } from './browser';
import { DEMO, fieldLabel, openPage, signIn, useBrowserSession } from './session';
import { DESKTOP, PHONE, withScreenshotOnFailure } from './screens';
import { trpcCaller } from './app-server';

const chromium = chromiumOrExplain();
const caracasToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Caracas' }).format(new Date());

describe.skipIf(!chromium)('despachos: del escaneo a la promesa y al retraso', () => {
  const { url, newPage } = useBrowserSession(chromium);
  const toast = (page: Page, text: string) =>
    page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();

  const call = trpcCaller(url);

  /**
   * Five air shipments of María's from Miami, one per parcel, as 'Crear Envío' makes them: her
   * parcels on the shelves, topped up with parcels received into her Miami mailbox as 'Crear
   * Paquete' registers them.
   */
  async function mariasShipments(admin: Page, count: number) {
    const clients = await call<{ rows: { userId: string; email: string }[] }>(
      admin,
      'clients.list',
      { q: DEMO.customer },
      'GET',
    );
    const userId = clients.rows.find((c) => c.email === DEMO.customer)!.userId;
    let parcels = await call<{ id: string }[]>(admin, 'shipments.availablePackages', { userId }, 'GET');
    const boxes = await call<{ id: string; country: string }[]>(admin, 'packages.customerMailboxes', { userId }, 'GET');
    const miami = boxes.find((b) => b.country === 'USA')!;
    for (let i = parcels.length; i < count; i++)
      await call(
        admin,
        'packages.create',
        {
          userId,
          mailboxId: miami.id,
          trackingNumber: `1ZDESP${Date.now()}${i}`,
          packageDescription: `Compra para el despacho ${i + 1}`,
          weightKg: 1.5,
          status: 'received',
        },
        'POST',
      );
    parcels = await call<{ id: string }[]>(admin, 'shipments.availablePackages', { userId }, 'GET');
    // Home delivery to María herself, the first entry of her address book.
    const [holder] = await call<{ id: string }[]>(admin, 'recipients.ofCustomer', { userId }, 'GET');
    const made: { code: string; scan: string }[] = [];
    for (const p of parcels.slice(0, count)) {
      const s = await call<{ id: string; shipmentCode: string }>(
        admin,
        'shipments.create',
        {
          userId,
          recipientId: holder!.id,
          deliveryMethod: 'home',
          agencyId: null,
          shippingMethod: 'aereo',
          packageIds: [p.id],
        },
        'POST',
      );
      const detail = await call<{ packages: { warehouseReceipt: string | null }[] }>(
        admin,
        'shipments.detail',
        { id: s.id },
        'GET',
      );
      // The warehouse label when the parcel has one, as the scanner reads it; else the shipment's code.
      made.push({ code: s.shipmentCode, scan: detail.packages[0]?.warehouseReceipt ?? s.shipmentCode });
    }
    return made;
  }

  it('el personal arma el vuelo y María ve la promesa y luego el aviso de retraso', async () => {
    const today = caracasToday();
    const admin = await newPage(DESKTOP.contextOptions);
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    const maria = await newPage(PHONE.contextOptions);
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));

    const shipments = await mariasShipments(admin, 5);
    expect(shipments).toHaveLength(5);

    let code = '';
    const details = admin.getByRole('dialog', { name: 'Despacho' });
    await withScreenshotOnFailure(admin, 'despacho-crear-escanear', async () => {
      await admin.goto(`${url()}/admin/despachos`);
      await admin.getByRole('button', { name: M.create }).click();
      const form = admin.getByRole('dialog', { name: M.create });
      await form.getByRole('textbox', { name: fieldLabel('Aerolínea') }).fill('Laser Airlines');
      await form.getByRole('textbox', { name: fieldLabel('Vuelo') }).fill('QL 1905');
      await form.getByLabel(fieldLabel('Cierre de recepción')).fill(addDays(today, 1));
      await form.getByLabel(fieldLabel('Salida prevista')).fill(addDays(today, 2));
      await form.getByRole('button', { name: 'Crear despacho' }).click();
      const created = admin
        .locator('.mantine-Notification-root')
        .filter({ hasText: /Despacho AER-MIA-\d{6}-\d+ creado/ });
      await created.first().waitFor();
      code = /AER-MIA-\d{6}-\d+/.exec((await created.first().textContent()) ?? '')![0];
      await form.waitFor({ state: 'hidden' });

      await admin.getByRole('button', { name: `Ver detalles de ${code}` }).click();
      await details.getByText(code).first().waitFor();
      // A hand scanner types each label and Enter.
      const scan = details.getByRole('textbox', { name: fieldLabel(M.scanLabel) });
      for (const s of shipments) {
        await scan.fill(s.scan);
        await scan.press('Enter');
        await details
          .getByRole('status')
          .filter({ hasText: `Envío ${s.code} de ` })
          .waitFor();
      }
      const table = details.getByRole('table', { name: 'Envíos del despacho' });
      for (const s of shipments) await table.getByText(s.code).waitFor();
    });

    await withScreenshotOnFailure(maria, 'despacho-promesa', async () => {
      // Almacén on her phone: the next air departure from Miami, with its days.
      await openPage(maria, `${url()}/dashboard/almacen`);
      const promise = maria.getByTestId('departure-promise');
      await promise
        .getByText(
          M.promise(departureDay(addDays(today, 1)), departureDay(addDays(today, 2)), departureDay(addDays(today, 4))),
        )
        .waitFor();
    });

    await withScreenshotOnFailure(admin, 'despacho-retraso', async () => {
      // Days go by: the cutoff was three days ago and the flight was due yesterday.
      await details.getByRole('button', { name: 'Editar' }).click();
      const edit = admin.getByRole('dialog', { name: 'Editar despacho' });
      await edit.getByLabel(fieldLabel('Cierre de recepción')).fill(addDays(today, -3));
      await edit.getByLabel(fieldLabel('Salida prevista')).fill(addDays(today, -1));
      await edit.getByRole('button', { name: 'Guardar cambios' }).click();
      await toast(admin, M.saved);
      await edit.waitFor({ state: 'hidden' });

      // The reception closed on its day; the departure has not happened.
      const cutoff = details.getByTestId('milestone-reception_closed');
      await cutoff.getByLabel('Fecha real de Cierre de recepción').fill(addDays(today, -3));
      await cutoff.getByRole('button', { name: 'Registrar Cierre de recepción' }).click();
      await toast(admin, M.recorded('Cierre de recepción'));
      await cutoff.getByText(`Real ${departureDay(addDays(today, -3))}`).waitFor();
      await details.getByText(M.delayed, { exact: true }).first().waitFor();

      // The dashboard lists it as late, and its code opens it.
      await admin.goto(`${url()}/admin`);
      const card = admin.getByRole('region', { name: M.dashboardDelayedTitle });
      await card.getByText(M.dashboardLateMilestone('Salida', departureDay(addDays(today, -1)))).waitFor();
      await card.getByRole('link', { name: code }).click();
      await admin.waitForURL((u) => u.pathname === '/admin/despachos' && u.searchParams.has('ver'));
      await details.getByText(code).first().waitFor();

      // 'Revisar retrasos' (what the daily job does) tells the flight's customers.
      await admin.keyboard.press('Escape');
      await details.waitFor({ state: 'hidden' });
      await admin.getByRole('button', { name: 'Revisar retrasos' }).click();
      await toast(admin, M.delayChecked(1));
    });

    await withScreenshotOnFailure(maria, 'despacho-aviso-retraso', async () => {
      await maria.goto(`${url()}/dashboard/notificaciones`);
      const notice = maria.getByRole('listitem').filter({ hasText: M.delayNoticeTitle(code) });
      await notice
        .filter({ hasText: `«Salida» estaba previsto para el ${departureDay(addDays(today, -1))} y aún no ocurre` })
        .filter({ hasText: `Nueva fecha estimada: ${departureDay(addDays(today, 2))}` })
        .first()
        .waitFor();
      // The cutoff's own notice came first.
      await maria
        .getByRole('listitem')
        .filter({ hasText: M.milestoneNoticeTitle(code, 'Cierre de recepción') })
        .first()
        .waitFor();
    });
  });

  it('registrada la Salida, el despacho se cierra, el envío de María está en tránsito y Almacén promete el siguiente', async () => {
    const today = caracasToday();
    const admin = await newPage(DESKTOP.contextOptions);
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    const maria = await newPage(PHONE.contextOptions);
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));

    // Two flights from Miami: this week's and next week's (staff's form is the first test's subject).
    const flight = (cutoff: number, voyage: string) =>
      call<{ id: string; code: string }>(
        admin,
        'departures.create',
        {
          mode: 'aereo',
          origin: 'miami',
          masterRef: null,
          containerNumber: null,
          carrier: 'Laser Airlines',
          voyage,
          arrivalPort: 'maiquetia',
          cutoffOn: addDays(today, cutoff),
          plannedDeparture: addDays(today, cutoff + 1),
          plannedArrival: null,
        },
        'POST',
      );
    const first = await flight(1, 'QL 1907');
    const next = await flight(5, 'QL 1911');
    const [shipment] = await mariasShipments(admin, 1);
    await call(admin, 'departures.scan', { departureId: first.id, code: shipment!.scan }, 'POST');
    const promiseOf = (cutoff: number) =>
      M.promise(
        departureDay(addDays(today, cutoff)),
        departureDay(addDays(today, cutoff + 1)),
        departureDay(addDays(today, cutoff + 3)),
      );

    await withScreenshotOnFailure(maria, 'despacho-promesa-antes-de-salir', async () => {
      await openPage(maria, `${url()}/dashboard/almacen`);
      await maria.getByTestId('departure-promise').getByText(promiseOf(1)).waitFor();
    });

    const details = admin.getByRole('dialog', { name: 'Despacho' });
    await withScreenshotOnFailure(admin, 'despacho-registrar-salida', async () => {
      await admin.goto(`${url()}/admin/despachos?ver=${first.id}`);
      await details.getByText(first.code).first().waitFor();
      const departed = details.getByTestId('milestone-departed');
      await departed.getByRole('button', { name: 'Registrar Salida' }).click();
      await toast(admin, `${M.recorded('Salida')} ${M.shipmentsMoved(1, 'En tránsito')}`);
      await departed.getByText(`Real ${departureDay(today)}`).waitFor();
      // Closed: no more scanning into it.
      await details.getByText('Cerrado', { exact: true }).waitFor();
      expect(await details.getByRole('textbox', { name: fieldLabel(M.scanLabel) }).count()).toBe(0);
    });

    await withScreenshotOnFailure(maria, 'despacho-promesa-siguiente', async () => {
      await openPage(maria, `${url()}/dashboard/almacen`);
      const promise = maria.getByTestId('departure-promise');
      await promise.getByText(promiseOf(5)).waitFor();
      expect(await promise.getByText(promiseOf(1)).count()).toBe(0);
      expect(next.code).toMatch(/^AER-MIA-/);

      await openPage(maria, `${url()}/dashboard/envios`);
      const card = maria.getByRole('listitem', { name: `Envío ${shipment!.code}` });
      await card.getByText('En tránsito', { exact: true }).waitFor();
      await card.getByRole('button', { name: `Ver detalle del envío ${shipment!.code}` }).click();
      await maria.getByLabel('Etapas del envío').getByText('2. En tránsito').waitFor();
    });
  });
});
