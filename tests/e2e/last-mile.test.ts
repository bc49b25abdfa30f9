// The last mile in the browser (docs/product/last-mile.md): María, on a phone, adds her mother to
// her recipients, ships two parcels from Almacén to an MRW agency in Valencia and finds the
// invoice in Facturas. The shipment travels (staff move it on); the agency's counter person,
// invited by the administrator, scans it on a phone, and hands it over with the code María
// received and a photo. María then reads the proof of delivery in the shipment's details. At the
// counter, made-up cédulas count against the same lock as wrong codes.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  COUNTER_TABS,
  COUNTER_TAB_LABELS,
  DELIVERY_CHOICE_LABELS,
  PICKUP_MESSAGES,
  PICKUP_STAFF_LABELS as P,
  RECIPIENT_LABELS as L,
  RECIPIENT_MESSAGES,
  SHIP_REQUEST_MESSAGES,
  addDays,
} from '@casillero/shared';
import { solidPng } from '../support/png';
import { chromiumOrExplain } from './browser';
import { DEMO, fieldLabel, openPage, signIn, useBrowserSession } from './session';
import {
  DESKTOP,
  expectNoHorizontalScroll,
  expectWithinViewportWidth,
  PHONE,
  withScreenshotOnFailure,
} from './screens';
import { trpcCaller, waitForEmailLink } from './app-server';

const chromium = chromiumOrExplain();
const MOTHER = { name: 'Rosa Elena González', idDocument: 'V-8.765.432', phone: '0414-7654321' };
const COUNTER = { email: 'mostrador.valencia@casillero.test', name: 'Pedro Mostrador', password: 'Mostrador2026!' };

describe.skipIf(!chromium)('la última milla: del Almacén a la agencia, con prueba de entrega', () => {
  const { url, newPage, server } = useBrowserSession(chromium);

  const call = trpcCaller(url);

  /** Picks an option of a Mantine Select inside `scope` (its options open in a portal of the page). */
  async function choose(page: Page, scope: Locator, combobox: string, option: string | RegExp) {
    await scope.getByRole('combobox', { name: fieldLabel(combobox) }).click();
    await page.getByRole('option', { name: option }).first().click();
  }

  /** A shipment of María's to the demo counter's agency (MRW Valencia Centro), as 'Crear Envío' makes it. */
  async function mariasShipmentToTheCounter(admin: Page, description: string) {
    const clients = await call<{ rows: { userId: string; email: string }[] }>(
      admin,
      'clients.list',
      { q: DEMO.customer },
      'GET',
    );
    const userId = clients.rows.find((c) => c.email === DEMO.customer)!.userId;
    const boxes = await call<{ id: string; country: string }[]>(admin, 'packages.customerMailboxes', { userId }, 'GET');
    const parcel = await call<{ id: string }>(
      admin,
      'packages.create',
      {
        userId,
        mailboxId: boxes.find((b) => b.country === 'USA')!.id,
        trackingNumber: `1ZMOSTR${Date.now()}`,
        packageDescription: description,
        weightKg: 2.5,
        status: 'received',
      },
      'POST',
    );
    const [holder] = await call<{ id: string }[]>(admin, 'recipients.ofCustomer', { userId }, 'GET');
    const agencies = await call<{ id: string; code: string }[]>(
      admin,
      'agencies.search',
      { state: 'Carabobo', city: 'Valencia' },
      'GET',
    );
    return call<{ id: string; shipmentCode: string }>(
      admin,
      'shipments.create',
      {
        userId,
        recipientId: holder!.id,
        deliveryMethod: 'agency',
        agencyId: agencies.find((a) => a.code === 'MRW-VLN-CENTRO')!.id,
        shippingMethod: 'aereo',
        packageIds: [parcel.id],
      },
      'POST',
    );
  }

  it('María envía dos paquetes a su madre en una agencia MRW de Valencia; la agencia lo entrega con el código y una foto', async () => {
    const maria = await newPage(PHONE.contextOptions);
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));

    await withScreenshotOnFailure(maria, 'ultima-milla-destinatario', async () => {
      await maria.goto(`${url()}/dashboard/mi-perfil`);
      await maria.getByRole('button', { name: L.add }).click();
      const form = maria.getByRole('dialog', { name: L.add });
      await form.getByRole('textbox', { name: fieldLabel(L.fullName) }).fill(MOTHER.name);
      await form.getByRole('textbox', { name: fieldLabel(L.idDocument) }).fill(MOTHER.idDocument);
      await form.getByRole('textbox', { name: fieldLabel(L.phone) }).fill(MOTHER.phone);
      await choose(maria, form, L.state, 'Carabobo');
      await form.getByRole('textbox', { name: fieldLabel(L.city) }).fill('Valencia');
      await form
        .getByRole('textbox', { name: fieldLabel(L.address) })
        .fill('Av. Bolívar Norte, Res. El Parque, apto 4B');
      await form.getByRole('button', { name: L.save }).click();
      await form.waitFor({ state: 'hidden' });
      await maria.getByText(MOTHER.name).first().waitFor();
    });

    let shipmentCode = '';
    await withScreenshotOnFailure(maria, 'ultima-milla-solicitud', async () => {
      await openPage(maria, `${url()}/dashboard/almacen`);
      await maria.getByRole('button', { name: 'Enviar a Venezuela' }).click();
      const dialog = maria.getByRole('dialog', { name: 'Enviar a Venezuela' });
      const parcels = dialog.getByRole('checkbox', { disabled: false });
      await parcels.first().waitFor();
      expect(await parcels.count()).toBeGreaterThanOrEqual(2);
      await parcels.nth(0).check();
      await parcels.nth(1).check();
      await choose(maria, dialog, 'Destinatario', new RegExp(`^${MOTHER.name}`));
      await dialog.getByText('Retiro en agencia').click();
      await choose(maria, dialog, 'Estado de la agencia', 'Carabobo');
      await dialog.getByRole('textbox', { name: fieldLabel('Ciudad') }).fill('Valencia');
      await choose(maria, dialog, 'Agencia', /^MRW .* · Valencia$/);
      await dialog.getByTestId('ship-request-total').waitFor();
      await dialog.getByRole('button', { name: 'Confirmar envío' }).click();
      const toast = maria.locator('.mantine-Notification-root').filter({ hasText: 'Solicitud enviada' }).first();
      await toast.waitFor();
      const text = (await toast.textContent()) ?? '';
      const [, code, invoice] = /envío (SH\d+) .*factura (F-\d{4}-\d+)/.exec(text)!;
      expect(text).toContain(SHIP_REQUEST_MESSAGES.created(code!, invoice!));
      shipmentCode = code!;
      await openPage(maria, `${url()}/dashboard/facturas`);
      await maria.getByText(invoice!).first().waitFor();
    });

    // Staff move the shipment on its way (paid, flown, landed: not this test's subject).
    const admin = await newPage(DESKTOP.contextOptions);
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    const listed = await call<{ rows: { id: string; shipmentCode: string }[] }>(
      admin,
      'shipments.list',
      { q: shipmentCode },
      'GET',
    );
    const shipmentId = listed.rows.find((r) => r.shipmentCode === shipmentCode)!.id;
    await call(admin, 'shipments.updateStatus', { id: shipmentId, status: 'in_transit' }, 'POST');
    const agencies = await call<{ id: string; carrier: string; city: string }[]>(
      admin,
      'agencies.search',
      { state: 'Carabobo', city: 'Valencia' },
      'GET',
    );
    const mrw = agencies.find((a) => a.carrier === 'MRW' && a.city === 'Valencia')!;
    await call(admin, 'staff.invite', { email: COUNTER.email, role: 'agencia', agencyId: mrw.id }, 'POST');

    const link = await waitForEmailLink(server(), { contains: 'Aceptar la invitación', path: '/invitacion' });
    const counter = await newPage(PHONE.contextOptions);
    await withScreenshotOnFailure(counter, 'ultima-milla-mostrador', async () => {
      await counter.goto(link);
      await counter.getByRole('textbox', { name: fieldLabel('Nombre completo') }).fill(COUNTER.name);
      await counter.getByLabel(fieldLabel('Contraseña')).fill(COUNTER.password);
      await counter.getByLabel(fieldLabel('Confirmar contraseña')).fill(COUNTER.password);
      await counter.getByRole('button', { name: 'Crear mi cuenta' }).click();
      await counter.waitForURL((u) => u.pathname === '/admin/mostrador');
      const scan = counter.getByRole('textbox', { name: 'Escanea el envío que llegó' });
      await scan.fill(shipmentCode);
      await scan.press('Enter');
      await counter.getByText(PICKUP_MESSAGES.markedReady(shipmentCode)).waitFor();
    });

    let pickupCode = '';
    await withScreenshotOnFailure(maria, 'ultima-milla-codigo', async () => {
      await maria.goto(`${url()}/dashboard/notificaciones`);
      const notice = maria
        .getByRole('listitem')
        .filter({ hasText: `El envío ${shipmentCode} está disponible` })
        .first();
      await notice.waitFor();
      pickupCode = /Código de retiro: (\d{6})/.exec((await notice.textContent()) ?? '')![1]!;
    });

    await withScreenshotOnFailure(counter, 'ultima-milla-entrega', async () => {
      const card = counter.getByTestId('counter-row').filter({ hasText: shipmentCode });
      await card.getByRole('button', { name: 'Entregar' }).click();
      const deliver = counter.getByTestId('counter-deliver');
      await deliver.getByRole('textbox', { name: 'Código de retiro' }).fill(pickupCode);
      await deliver.getByRole('textbox', { name: 'Recibe' }).fill(MOTHER.name);
      const [upload] = await Promise.all([
        counter.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/delivery/photos')),
        deliver
          .getByTestId('photo-capture-input')
          .setInputFiles({ name: 'entrega.png', mimeType: 'image/png', buffer: solidPng(640, 480, [40, 120, 200]) }),
      ]);
      expect(upload.status()).toBe(201);
      await deliver.getByRole('button', { name: 'Entregar' }).click();
      await counter.getByText(PICKUP_MESSAGES.delivered(shipmentCode)).waitFor();
    });

    await withScreenshotOnFailure(maria, 'ultima-milla-prueba', async () => {
      await maria.goto(`${url()}/dashboard/envios`);
      await maria.getByRole('button', { name: `Ver detalle del envío ${shipmentCode}` }).click();
      const proof = maria.getByTestId('delivery-proof');
      await proof.getByText(`Recibió: ${MOTHER.name}`).waitFor();
      await proof.getByRole('img', { name: 'Foto de la entrega' }).waitFor();
      expect(await proof.textContent()).toContain('Valencia');
    });
  });
  it('registrada la Salida del vuelo, el mostrador de MRW Valencia Centro ve el envío en «Por llegar», con sus pestañas legibles en el teléfono', async () => {
    const admin = await newPage(DESKTOP.contextOptions);
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Caracas' }).format(new Date());

    // A shipment of María's to the demo counter's agency, on a flight.
    const shipment = await mariasShipmentToTheCounter(admin, 'Licuadora para mamá');
    const flight = await call<{ id: string }>(
      admin,
      'departures.create',
      {
        mode: 'aereo',
        origin: 'miami',
        masterRef: null,
        containerNumber: null,
        carrier: 'Laser Airlines',
        voyage: 'QL 1915',
        arrivalPort: 'maiquetia',
        cutoffOn: today,
        plannedDeparture: addDays(today, 1),
        plannedArrival: null,
      },
      'POST',
    );
    await call(admin, 'departures.addShipment', { departureId: flight.id, shipmentId: shipment.id }, 'POST');
    await call(
      admin,
      'departures.recordMilestone',
      { departureId: flight.id, kind: 'departed', actualOn: today },
      'POST',
    );

    const counter = await newPage(PHONE.contextOptions);
    await signIn(counter, url(), 'agencia@casillero.test', DEMO.password);
    await withScreenshotOnFailure(counter, 'ultima-milla-por-llegar', async () => {
      await counter.waitForURL((u) => u.pathname === '/admin/mostrador');
      // The three tabs, whole, side by side on a 390 px phone.
      for (const tab of COUNTER_TABS)
        await expectWithinViewportWidth(counter.locator('label').filter({ hasText: COUNTER_TAB_LABELS[tab] }));
      await expectNoHorizontalScroll(counter);
      await counter.locator('label').filter({ hasText: COUNTER_TAB_LABELS.arriving }).click();
      const row = counter.getByTestId('counter-row').filter({ hasText: shipment.shipmentCode });
      await row.getByText('En tránsito', { exact: true }).waitFor();
    });
  });

  it('el personal agrega un destinatario en Crear Envío y registra una entrega a domicilio con su prueba', async () => {
    const admin = await newPage(DESKTOP.contextOptions);
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    const nephew = { name: 'Luis Alberto González', idDocument: 'V-20.111.222', phone: '0424-1112233' };

    await withScreenshotOnFailure(admin, 'ultima-milla-nuevo-destinatario', async () => {
      await admin.goto(`${url()}/admin/envios`);
      await admin.getByRole('button', { name: 'Crear Envío' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Crear Envío' });
      const customer = dialog.getByRole('combobox', { name: fieldLabel('Cliente') });
      await customer.click();
      await customer.fill('maria@casillero');
      await admin
        .getByRole('option', { name: /maria@casillero\.test/ })
        .first()
        .click();
      const recipient = dialog.getByRole('combobox', { name: fieldLabel(DELIVERY_CHOICE_LABELS.recipient) });
      await expect.poll(() => recipient.inputValue()).toMatch(/^María Fernanda González/);
      await dialog.getByRole('button', { name: DELIVERY_CHOICE_LABELS.newRecipient }).click();
      const form = admin.getByRole('dialog', { name: DELIVERY_CHOICE_LABELS.newRecipient });
      await form.getByRole('textbox', { name: fieldLabel(L.fullName) }).fill(nephew.name);
      await form.getByRole('textbox', { name: fieldLabel(L.idDocument) }).fill(nephew.idDocument);
      await form.getByRole('textbox', { name: fieldLabel(L.phone) }).fill(nephew.phone);
      await choose(admin, form, L.state, 'Lara');
      await form.getByRole('textbox', { name: fieldLabel(L.city) }).fill('Barquisimeto');
      await form.getByRole('textbox', { name: fieldLabel(L.address) }).fill('Calle 26 entre carreras 19 y 20');
      await form.getByRole('button', { name: L.save }).click();
      await form.waitFor({ state: 'hidden' });
      await admin
        .locator('.mantine-Notification-root')
        .filter({ hasText: RECIPIENT_MESSAGES.createdForCustomer('María Fernanda González') })
        .first()
        .waitFor();
      // The new recipient is chosen at once, and the shipment's dialog is still open.
      await expect.poll(() => recipient.inputValue()).toMatch(new RegExp(`^${nephew.name}`));
      expect(await dialog.isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
    });

    // María's shipment on its way to her home in Caracas (the demo's).
    const listed = await call<{ rows: { id: string; shipmentCode: string }[] }>(
      admin,
      'shipments.list',
      { q: 'CCS4471208' },
      'GET',
    );
    const home = listed.rows[0]!;
    await withScreenshotOnFailure(admin, 'ultima-milla-entrega-domicilio', async () => {
      await admin.goto(`${url()}/admin/envios?ver=${home.id}`);
      const form = admin.getByTestId('home-delivery-form');
      await form.getByRole('textbox', { name: P.receivedBy, exact: true }).fill('Luisa González');
      await form.getByRole('textbox', { name: P.idDocument }).fill('v-14.555.666');
      const [upload] = await Promise.all([
        admin.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/delivery/photos')),
        form
          .getByTestId('photo-capture-input')
          .setInputFiles({ name: 'puerta.png', mimeType: 'image/png', buffer: solidPng(640, 480, [200, 120, 40]) }),
      ]);
      expect(upload.status()).toBe(201);
      await form.getByRole('button', { name: P.recordHomeDelivery }).click();
      const proof = admin.getByTestId('delivery-proof');
      await proof.getByText('Recibió: Luisa González').waitFor();
      await proof.getByText('Cédula: V-14555666').waitFor();
      await proof.getByRole('img', { name: 'Foto de la entrega' }).waitFor();
      expect(await admin.getByTestId('home-delivery-form').count()).toBe(0);
    });

    const maria = await newPage(PHONE.contextOptions);
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
    await withScreenshotOnFailure(maria, 'ultima-milla-prueba-domicilio', async () => {
      await maria.goto(`${url()}/dashboard/envios`);
      await maria.getByRole('button', { name: `Ver detalle del envío ${home.shipmentCode}` }).click();
      const proof = maria.getByTestId('delivery-proof');
      await proof.getByText('Recibió: Luisa González').waitFor();
      expect(await proof.textContent()).toContain('Entrega a domicilio');
      // The customer reads who received it, not their cédula.
      expect(await proof.textContent()).not.toContain('V-14555666');
    });

    await withScreenshotOnFailure(admin, 'ultima-milla-recordatorio', async () => {
      await admin.goto(`${url()}/admin/agencias`);
      const settings = admin.getByTestId('pickup-settings');
      const days = settings.getByRole('textbox', { name: P.reminderDays });
      // The saved value arrives with the settings query, which a busy machine answers late.
      await expect.poll(() => days.inputValue(), { timeout: 15_000 }).toBe('7');
      await days.fill('3');
      await settings.getByRole('button', { name: P.saveSettings }).click();
      await admin.getByText(PICKUP_MESSAGES.settingsSaved).first().waitFor();
      expect(await call<{ reminderDays: number }>(admin, 'pickups.settings', {}, 'GET')).toEqual({
        reminderDays: 3,
      });
    });
  });

  it('en el mostrador, cinco cédulas ajenas bloquean el retiro del envío, como cinco códigos incorrectos', async () => {
    const admin = await newPage(DESKTOP.contextOptions);
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    const shipment = await mariasShipmentToTheCounter(admin, 'Tostadora para la tía');
    await call(admin, 'shipments.updateStatus', { id: shipment.id, status: 'in_transit' }, 'POST');

    const counter = await newPage(PHONE.contextOptions);
    await signIn(counter, url(), 'agencia@casillero.test', DEMO.password);
    await withScreenshotOnFailure(counter, 'ultima-milla-cedulas-bloqueo', async () => {
      await counter.waitForURL((u) => u.pathname === '/admin/mostrador');
      const scan = counter.getByRole('textbox', { name: 'Escanea el envío que llegó' });
      await scan.fill(shipment.shipmentCode);
      await scan.press('Enter');
      await counter.getByText(PICKUP_MESSAGES.markedReady(shipment.shipmentCode)).waitFor();

      const row = counter.getByTestId('counter-row').filter({ hasText: shipment.shipmentCode });
      await row.getByRole('button', { name: 'Entregar' }).click();
      const deliver = row.getByTestId('counter-deliver');
      await deliver.getByText('Cédula', { exact: true }).click();
      const [upload] = await Promise.all([
        counter.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/delivery/photos')),
        deliver
          .getByTestId('photo-capture-input')
          .setInputFiles({ name: 'mostrador.png', mimeType: 'image/png', buffer: solidPng(640, 480, [90, 90, 90]) }),
      ]);
      expect(upload.status()).toBe(201);
      const idDocument = deliver.getByRole('textbox', { name: 'Cédula de quien retira' });
      const send = deliver.getByRole('button', { name: 'Entregar' });
      // Made-up cédulas, one after another: each is counted against the same limit as wrong codes.
      for (let left = 4; left >= 0; left--) {
        await idDocument.fill(`V-3000000${left}`);
        await expect.poll(() => send.isEnabled()).toBe(true);
        await send.click();
        await deliver
          .getByRole('alert')
          .filter({ hasText: PICKUP_MESSAGES.idDocumentNotAllowed(left) })
          .waitFor();
      }
      await row.getByText(P.lockedAsk).waitFor();
      expect(await send.isDisabled()).toBe(true);
    });
    const listed = await call<{ id: string; locked: boolean }[]>(counter, 'pickups.list', { tab: 'ready' }, 'GET');
    expect(listed.find((r) => r.id === shipment.id)?.locked).toBe(true);
  });
});
