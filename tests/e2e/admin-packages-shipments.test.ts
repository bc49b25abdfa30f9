// The warehouse in the browser: the demo admin creates a package for María and receives it
// into the warehouse with its WR number and a photo; processes her repack request with a WR
// number; creates a shipment from two of her packages, corrects it with the carrier's tracking
// number and moves it to delivered; creates another and removes it while it is being prepared,
// its package back in the warehouse. María sees each change in her area (Almacén with the photo, Reempaques, Envíos, Notificaciones).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGE_STATUS_LABELS, SHIPMENT_STATUS_LABELS, formatKg, formatUsdCents } from '@casillero/shared';
import { chromiumOrExplain } from './browser';
import { DEMO, fieldLabel, openPage, signIn, useBrowserSession } from './session';
import { openFromNavigation, withScreenshotOnFailure } from './screens';

const chromium = chromiumOrExplain();
const NEW_TRACKING = 'E2E-PKG-00001';
const INTAKE_WR = 'WR-E2E-7001';
const REPACK_WR = 'WR-E2E-7002';
const CARRIER_TRACKING = 'ZOOM-E2E-5501';

/** A small valid PNG (8×8 red), built by hand. */
function pngBytes(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const size = 8;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((1 + size * 3) * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) raw.set([220, 40, 40], y * (1 + size * 3) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.skipIf(!chromium)('paquetes, reempaques y envíos del administrador', () => {
  const { url, newPage } = useBrowserSession(chromium);
  let admin: Page;
  let maria: Page;
  let tmpDir: string;

  beforeAll(async () => {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-e2e-photo-'));
    fs.writeFileSync(path.join(tmpDir, 'foto.png'), pngBytes());
    admin = await newPage();
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
    maria = await newPage();
    await signIn(maria, url(), DEMO.customer, DEMO.password);
    await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
  });

  afterAll(async () => {
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  /** Picks an option of a Mantine Select by its label. */
  async function choose(page: Page, scope: Locator, label: string | RegExp, option: string | RegExp) {
    await scope.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option }).first().click();
  }

  /** Picks María in the customer picker, searching by her e-mail. */
  async function chooseMaria(page: Page, scope: Locator) {
    const box = scope.getByRole('combobox', { name: fieldLabel('Cliente') });
    await box.click();
    await box.fill('maria@casillero');
    await page
      .getByRole('option', { name: /maria@casillero\.test/ })
      .first()
      .click();
  }

  const toast = (page: Page, text: string) =>
    page.locator('.mantine-Notification-root').filter({ hasText: text }).first().waitFor();

  it('crea un paquete para María, lo recibe en almacén con WR y foto, y ella lo ve', async () => {
    await withScreenshotOnFailure(admin, 'paquetes-crear', async () => {
      await openFromNavigation(admin, 'Panel Admin', 'Paquetes');
      await admin.getByRole('heading', { name: 'Gestión de Paquetes' }).waitFor();
      await admin.getByRole('button', { name: 'Crear Paquete' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Crear Paquete' });

      // The rules answer in Spanish before anything is sent.
      await dialog.getByRole('button', { name: 'Crear Paquete' }).click();
      await dialog.getByText('Debe seleccionar un cliente').waitFor();
      await dialog.getByText('La descripción es requerida').waitFor();

      await chooseMaria(admin, dialog);
      await choose(admin, dialog, fieldLabel('Casillero'), /^MV-/);
      await dialog.getByRole('textbox', { name: 'Número de tracking' }).fill(NEW_TRACKING);
      await dialog.getByRole('textbox', { name: fieldLabel('Descripción') }).fill('Audífonos Sony WH-1000XM5');
      await dialog.getByRole('textbox', { name: 'Remitente' }).fill('Best Buy');
      await dialog.getByRole('textbox', { name: 'Peso (kg)' }).fill('0');
      await dialog.getByRole('button', { name: 'Crear Paquete' }).click();
      await dialog.getByText('El peso debe ser mayor a 0').waitFor();
      await dialog.getByRole('textbox', { name: 'Peso (kg)' }).fill('1.2');
      await dialog.getByRole('textbox', { name: 'Valor declarado (USD)' }).fill('349.99');
      await dialog.getByRole('button', { name: 'Crear Paquete' }).click();
      await toast(admin, 'El paquete se ha registrado correctamente.');
      await dialog.waitFor({ state: 'hidden' });

      await admin.getByRole('textbox', { name: 'Buscar' }).fill(NEW_TRACKING);
      await admin.waitForURL((u) => u.searchParams.get('q') === NEW_TRACKING);
      const row = admin.getByRole('row').filter({ hasText: NEW_TRACKING });
      await row.waitFor();
      expect(await row.textContent()).toContain('María');
      await expect.poll(() => row.getByRole('combobox').inputValue()).toBe('Pendiente');

      // Warehouse intake: WR, weight, shelf and a photo; the package becomes received.
      await row.getByRole('button', { name: `Recepción en almacén de ${NEW_TRACKING}` }).click();
      const intake = admin.getByRole('dialog', { name: 'Recepción en almacén' });
      await intake.getByRole('button', { name: 'Registrar recepción' }).click();
      await intake.getByText('Debes ingresar el número de recibo de almacén (WR).').waitFor();
      await intake.getByRole('textbox', { name: fieldLabel('Recibo de almacén (WR)') }).fill(INTAKE_WR);
      await intake.getByRole('textbox', { name: 'Ubicación en almacén' }).fill('E-2-01');
      await intake.locator('input[type="file"]').setInputFiles(path.join(tmpDir, 'foto.png'));
      await intake.getByRole('button', { name: 'Registrar recepción' }).click();
      await toast(admin, `Se registró el paquete con el WR ${INTAKE_WR}. Cliente notificado.`);
      await expect.poll(() => row.getByRole('combobox').inputValue()).toBe('Recibido');
      expect(await row.textContent()).toMatch(/Recibido \d{2}\/\d{2}\/\d{4}/);

      // Details show everything, the photo through a signed link.
      await row.getByRole('button', { name: `Ver detalles de ${NEW_TRACKING}` }).click();
      const details = admin.getByRole('dialog', { name: 'Detalles del paquete' });
      // (The first match: the package's history below repeats the values it changed.)
      await details.getByText(INTAKE_WR).first().waitFor();
      await details.getByText('E-2-01').first().waitFor();
      const photo = details.getByAltText('Foto 1 del paquete', { exact: true });
      await photo.waitFor();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
      // The details are a link: the URL names the package, and a reload opens them again.
      expect(new URL(admin.url()).searchParams.get('ver')).toMatch(/^[0-9a-f-]{36}$/);
      await admin.reload();
      await admin.getByRole('dialog', { name: 'Detalles del paquete' }).getByText(INTAKE_WR).first().waitFor();
      await admin.keyboard.press('Escape');
      await expect.poll(() => new URL(admin.url()).searchParams.has('ver')).toBe(false);
    });

    await withScreenshotOnFailure(maria, 'paquetes-cliente', async () => {
      await openPage(maria, `${url()}/dashboard/almacen`);
      const row = maria.getByRole('row').filter({ hasText: NEW_TRACKING });
      await row.waitFor();
      expect(await row.textContent()).toContain(`WR ${INTAKE_WR}`);
      expect(await row.textContent()).toContain('Recibido');
      // The warehouse's photo: a thumbnail that opens the photo over the page, through a signed link.
      await row.getByRole('button', { name: 'Ver foto 1 en tamaño completo' }).click();
      const viewer = maria.getByRole('dialog', { name: 'Foto 1 del paquete' });
      const shown = viewer.getByAltText('Foto 1 del paquete', { exact: true });
      await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
      const src = new URL((await shown.getAttribute('src'))!, url());
      expect(src.pathname).toMatch(/^\/files\//);
      const photo = await maria.request.get(src.href);
      expect(photo.status()).toBe(200);
      expect(photo.headers()['content-type']).toBe('image/png');
      // The same 8×8 picture (checked above), kept as a PNG re-encoded by the server, not the uploaded bytes.
      expect((await photo.body()).subarray(0, 8).equals(pngBytes().subarray(0, 8))).toBe(true);
      await maria.keyboard.press('Escape');
      await maria.goto(`${url()}/dashboard/notificaciones`);
      await maria
        .getByText(`Recibimos tu paquete ${NEW_TRACKING} en nuestro almacén (WR ${INTAKE_WR})`, { exact: false })
        .first()
        .waitFor();
    });
  });
  it('procesa la solicitud de reempaque de María con un número de WR y su caja, y ella lo ve', async () => {
    await withScreenshotOnFailure(admin, 'reempaques-procesar', async () => {
      await openFromNavigation(admin, 'Panel Admin', 'Reempaques');
      await admin.getByRole('heading', { name: 'Reempaques' }).waitFor();
      await admin.getByText(/^Pendientes \(\d+\)$/).click();
      await admin.waitForURL((u) => u.searchParams.get('status') === 'pending');
      const row = admin.getByRole('row').filter({ hasText: DEMO.customer }).first();
      await row.waitFor();
      expect(await row.textContent()).toContain('Aéreo');
      await row.getByRole('button', { name: 'Procesar' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Procesar reempaque' });
      await dialog.getByRole('button', { name: 'Procesar' }).click();
      await dialog.getByText('Debes ingresar el número de recibo de almacén (WR).').waitFor();
      await dialog.getByRole('textbox', { name: fieldLabel('Recibo de almacén (WR)') }).fill(REPACK_WR);
      // The finished box, weighed and measured: the customer's ship request prices it as one parcel.
      await dialog.getByRole('textbox', { name: fieldLabel('Peso de la caja (kg)') }).fill('6.4');
      await dialog.getByRole('textbox', { name: fieldLabel('Medidas de la caja (cm)') }).fill('50x40x30');
      await dialog.getByRole('button', { name: 'Procesar' }).click();
      await toast(admin, `La solicitud quedó procesada con el WR ${REPACK_WR}. Cliente notificado.`);

      await admin.getByText(/^Procesadas \(\d+\)$/).click();
      await admin.waitForURL((u) => u.searchParams.get('status') === 'processed');
      // The server searches by WR (or customer); the search lives in the URL.
      await admin.getByRole('textbox', { name: 'Buscar' }).fill(REPACK_WR);
      await admin.waitForURL((u) => u.searchParams.get('q') === REPACK_WR);
      await admin.getByText('1 solicitud', { exact: true }).waitFor();
      const processed = admin.getByRole('row').filter({ hasText: REPACK_WR });
      await processed.waitFor();
      expect(await processed.textContent()).toContain('Procesado');
      expect(await processed.textContent()).toContain(DEMO.customer);
      await processed.getByRole('button', { name: 'Marcar enviado' }).waitFor();
      await admin.getByText(/^Pendientes \(0\)$/).waitFor();
    });

    await withScreenshotOnFailure(maria, 'reempaques-cliente', async () => {
      await maria.goto(`${url()}/dashboard/reempaques`);
      await maria.getByText(`Recibo de almacén (WR): ${REPACK_WR}`).first().waitFor();
      await maria.goto(`${url()}/dashboard/notificaciones`);
      await maria
        .getByText(`Tu solicitud de reempaque fue procesada. Recibo de almacén (WR): ${REPACK_WR}.`)
        .first()
        .waitFor();
    });
  });
  it('crea un envío con dos paquetes de María, lo lleva a entregado, y ella lo ve', async () => {
    const nextMonth15 = new Date();
    nextMonth15.setMonth(nextMonth15.getMonth() + 1, 15);
    const estimated = `15/${String(nextMonth15.getMonth() + 1).padStart(2, '0')}/${nextMonth15.getFullYear()}`;
    // The delivery date is the business's day (America/Caracas), whatever the machine's zone.
    const today = new Intl.DateTimeFormat('es-ES', {
      timeZone: 'America/Caracas',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).format(new Date());
    let code = '';

    await withScreenshotOnFailure(admin, 'envios-crear', async () => {
      await openFromNavigation(admin, 'Panel Admin', 'Envíos');
      await admin.getByRole('heading', { name: 'Gestión de Envíos' }).waitFor();
      await admin.getByRole('button', { name: 'Crear Envío' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Crear Envío' });
      const submit = dialog.getByRole('button', { name: 'Crear Envío' });
      expect(await submit.isDisabled()).toBe(true);

      await chooseMaria(admin, dialog);
      // Her own entry is the default recipient; this one goes to her mother in Valencia, first
      // to be collected at an agency not chosen yet.
      const recipient = dialog.getByRole('combobox', { name: fieldLabel('Destinatario') });
      await expect.poll(() => recipient.inputValue()).toMatch(/^María Fernanda González/);
      await choose(admin, dialog, fieldLabel('Destinatario'), /^Carmen Rodríguez/);
      await dialog.getByText('Retiro en agencia').click();
      await expect.poll(() => dialog.getByTestId('delivery-fee').textContent()).toBe('Sin costo');

      // Only María's received or in-warehouse packages, in a picker about 15rem high.
      const picker = dialog.getByLabel('Paquetes disponibles');
      await picker.getByRole('checkbox', { name: new RegExp(NEW_TRACKING) }).waitFor();
      const box = await picker.boundingBox();
      expect(Math.round(box!.height)).toBe(240);
      expect(await picker.getByRole('checkbox', { name: /1Z7X2Y580312312399/ }).count()).toBe(0); // pending
      expect(await picker.getByRole('checkbox', { name: /9400111899223300112233/ }).count()).toBe(0); // in a shipment
      await picker.getByRole('checkbox', { name: new RegExp(NEW_TRACKING) }).check();
      await picker.getByRole('checkbox', { name: /1Z999AA10155512345/ }).check();
      const summary = dialog.getByLabel('Resumen del envío');
      // Contained: the grid writes its own <style> inside the summary.
      await expect
        .poll(() => summary.textContent())
        .toContain(`Paquetes2Peso total${formatKg(2.6)}Valor total${formatUsdCents(479_98)}`);

      await dialog.getByRole('textbox', { name: 'Costo de envío (USD)' }).fill('45.50');
      await dialog.getByRole('button', { name: 'Entrega estimada' }).click();
      await admin.locator('[data-direction="next"]').first().click();
      await admin.getByRole('button', { name: /^15 / }).first().click();
      await dialog.getByRole('button', { name: 'Entrega estimada' }).filter({ hasText: estimated }).waitFor();

      await submit.click();
      await dialog.getByText('Elige la agencia donde se retirará el envío.').waitFor();
      // Home delivery in Carabobo: the central region's fee.
      await dialog.getByText('Entrega a domicilio').click();
      await expect.poll(() => dialog.getByTestId('delivery-fee').textContent()).toBe(formatUsdCents(800));
      await dialog.getByText('Urb. La Granja, calle 3, casa 12, Naguanagua, Valencia, Carabobo').waitFor();
      await submit.click();
      const created = admin
        .locator('.mantine-Notification-root')
        .filter({ hasText: 'Envío creado exitosamente' })
        .first();
      await created.waitFor();
      code = /SH\d{8}/.exec((await created.textContent()) ?? '')![0];
      await dialog.waitFor({ state: 'hidden' });

      await admin.getByRole('textbox', { name: 'Buscar' }).fill(code);
      await admin.waitForURL((u) => u.searchParams.get('q') === code);
      const row = admin.getByRole('row').filter({ hasText: code });
      await row.waitFor();
      const text = (await row.textContent()) ?? '';
      expect(text).toContain('Valencia');
      expect(text).toContain('Carabobo');
      expect(text).toContain('2,6 kg');
      expect(text).toContain('45,50');
      expect(text).toContain(`Estimado ${estimated}`);
      const status = row.getByRole('combobox', { name: `Estado del envío ${code}` });
      expect(await status.inputValue()).toBe('Preparando');

      // 'Editar envío': the carrier's tracking number, with the same rules as creating.
      await row.getByRole('button', { name: `Editar envío ${code}` }).click();
      const edit = admin.getByRole('dialog', { name: 'Editar envío' });
      const editRecipient = edit.getByRole('combobox', { name: fieldLabel('Destinatario') });
      await expect.poll(() => editRecipient.inputValue()).toMatch(/^Carmen Rodríguez/);
      // Now to be collected at an agency in Valencia: one must be chosen.
      await edit.getByText('Retiro en agencia').click();
      await edit.getByRole('textbox', { name: /Tracking del transportista/ }).fill(CARRIER_TRACKING);
      await edit.getByRole('button', { name: 'Guardar cambios' }).click();
      await edit.getByText('Elige la agencia donde se retirará el envío.').waitFor();
      await choose(admin, edit, fieldLabel('Agencia'), /^MRW Valencia Centro/);
      await edit.getByRole('button', { name: 'Guardar cambios' }).click();
      await toast(admin, `Se guardaron los cambios del envío ${code}.`);
      await edit.waitFor({ state: 'hidden' });
      await row.getByText(CARRIER_TRACKING).waitFor();
      // The list finds the shipment by it.
      await admin.getByRole('textbox', { name: 'Buscar' }).fill(CARRIER_TRACKING.toLowerCase());
      await admin.waitForURL((u) => u.searchParams.get('q') === CARRIER_TRACKING.toLowerCase());
      await admin.getByText(/^1 de [\d.]+ envíos$/).waitFor();
      await row.waitFor();

      await status.click();
      await admin.getByRole('option', { name: 'Entregado' }).click();
      await toast(admin, 'El estado del envío se actualizó correctamente.');
      await row.getByText(`Entregado ${today}`).waitFor();
      expect(await status.inputValue()).toBe('Entregado');
      // Once it has left, it can no longer be removed.
      expect(await row.getByRole('button', { name: `Eliminar envío ${code}` }).isDisabled()).toBe(true);

      await row.getByRole('button', { name: `Ver detalles de ${code}` }).click();
      const details = admin.getByRole('dialog', { name: 'Detalles del envío' });
      await details.getByText('1. Preparación').waitFor();
      await details.getByText('2. Entregado').waitFor();
      await details.getByRole('cell', { name: NEW_TRACKING }).waitFor();
      await details.getByRole('cell', { name: '1Z999AA10155512345' }).waitFor();
      await details.getByText(CARRIER_TRACKING).waitFor();
      await admin.keyboard.press('Escape');

      // The packages now travel: the Packages screen shows the shipment and refuses deleting.
      await admin.goto(`${url()}/admin/paquetes?q=${NEW_TRACKING}`);
      const pkgRow = admin.getByRole('row').filter({ hasText: NEW_TRACKING });
      await pkgRow.getByText(`Envío ${code}`).waitFor();
      expect(await pkgRow.getByRole('button', { name: `Eliminar ${NEW_TRACKING}` }).isDisabled()).toBe(true);
    });

    await withScreenshotOnFailure(maria, 'envios-cliente', async () => {
      await maria.goto(`${url()}/dashboard/notificaciones`);
      await maria.getByText(`Preparamos tu envío ${code} con 2 paquetes hacia Valencia, Carabobo.`).first().waitFor();
      const notice = maria
        .getByRole('listitem')
        .filter({ hasText: `Tu envío ${code} ahora está «Entregado».` })
        .first();
      await notice.waitFor();
      // The shipment's notification leads to Envíos.
      await notice.getByRole('button', { name: 'Ver', exact: true }).click();
      await maria.waitForURL((u) => u.pathname === '/dashboard/envios');

      await openPage(maria, `${url()}/dashboard/almacen`);
      const row = maria.getByRole('row').filter({ hasText: NEW_TRACKING });
      await row.waitFor();
      expect(await row.textContent()).toContain(PACKAGE_STATUS_LABELS.shipped);
      expect(await row.textContent()).toContain(`${code} · ${SHIPMENT_STATUS_LABELS.delivered}`);
      // Almacén links the package to its shipment's detail.
      await row.getByRole('link', { name: code }).click();
      await maria.waitForURL((u) => u.pathname === '/dashboard/envios' && Boolean(u.searchParams.get('envio')));
      const detail = maria.getByRole('dialog', { name: 'Detalle del envío' });
      await detail.getByRole('heading', { name: code }).waitFor();
      await detail.getByText(SHIPMENT_STATUS_LABELS.delivered, { exact: true }).first().waitFor();
      await detail.getByText(CARRIER_TRACKING).waitFor();
      const packagesTable = detail.getByRole('table', { name: 'Paquetes del envío' });
      await packagesTable
        .getByRole('row')
        .filter({ hasText: NEW_TRACKING })
        .filter({ hasText: INTAKE_WR })
        .filter({ hasText: 'Audífonos Sony WH-1000XM5' })
        .waitFor();
      await packagesTable.getByRole('row').filter({ hasText: '1Z999AA10155512345' }).waitFor();
      const stages = detail.getByLabel('Etapas del envío');
      await stages.getByText('1. Preparación').waitFor();
      await stages.getByText(`2. ${SHIPMENT_STATUS_LABELS.delivered}`).waitFor();
      await maria.keyboard.press('Escape');
      await detail.waitFor({ state: 'hidden' });

      // Envíos, from the side navigation: the shipment delivered today in the list.
      await maria.goto(`${url()}/dashboard/mi-perfil`);
      await maria.getByRole('link', { name: 'Envíos', exact: true }).click();
      await maria.getByRole('heading', { name: 'Envíos', exact: true }).waitFor();
      const card = maria.getByRole('listitem', { name: `Envío ${code}` });
      await card.waitFor();
      const text = (await card.textContent()) ?? '';
      expect(text).toContain(SHIPMENT_STATUS_LABELS.delivered);
      expect(text).toContain('Hacia Valencia, Carabobo');
      expect(text).toContain('2 paquetes');
      expect(text).toContain(`Entregado${today}`);
      expect(text).toContain(`Entrega estimada${estimated}`);
      await card.getByRole('button', { name: `Ver detalle del envío ${code}` }).click();
      await detail.getByRole('heading', { name: code }).waitFor();
    });
  });

  it('elimina un envío en preparación: su paquete vuelve al almacén, disponible para otro envío', async () => {
    const PACKAGE = 'TBA301122334455';
    let code = '';
    await withScreenshotOnFailure(admin, 'envios-eliminar', async () => {
      await admin.goto(`${url()}/admin/envios`);
      await admin.getByRole('heading', { name: 'Gestión de Envíos' }).waitFor();
      await admin.getByRole('button', { name: 'Crear Envío' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Crear Envío' });
      await chooseMaria(admin, dialog);
      // Her own entry in her address book is the default recipient.
      await expect
        .poll(() => dialog.getByRole('combobox', { name: fieldLabel('Destinatario') }).inputValue())
        .toMatch(/^María Fernanda González/);
      await dialog.getByText(/Los Palos Grandes, Caracas, Miranda$/).waitFor();
      await dialog
        .getByLabel('Paquetes disponibles')
        .getByRole('checkbox', { name: new RegExp(PACKAGE) })
        .check();
      await dialog.getByRole('button', { name: 'Crear Envío' }).click();
      const created = admin
        .locator('.mantine-Notification-root')
        .filter({ hasText: 'Envío creado exitosamente' })
        .first();
      await created.waitFor();
      code = /SH\d{8}/.exec((await created.textContent()) ?? '')![0];
      await dialog.waitFor({ state: 'hidden' });

      await admin.getByRole('textbox', { name: 'Buscar' }).fill(code);
      await admin.waitForURL((u) => u.searchParams.get('q') === code);
      const row = admin.getByRole('row').filter({ hasText: code });
      await row.waitFor();
      await row.getByRole('button', { name: `Eliminar envío ${code}` }).click();
      const confirm = admin.getByRole('dialog', { name: 'Eliminar envío' });
      await confirm
        .getByText(`¿Eliminar el envío ${code}? Su paquete vuelve al almacén y queda disponible para otro envío.`)
        .waitFor();
      await confirm.getByRole('button', { name: 'Eliminar envío', exact: true }).click();
      await toast(admin, `El envío ${code} se eliminó y su paquete volvió al almacén. Cliente notificado.`);
      await confirm.waitFor({ state: 'hidden' });
      await admin.getByText('No se encontraron envíos').waitFor();
      expect(await row.count()).toBe(0);

      // The package can travel again.
      await admin.getByRole('button', { name: 'Crear Envío' }).click();
      await chooseMaria(admin, dialog);
      await dialog
        .getByLabel('Paquetes disponibles')
        .getByRole('checkbox', { name: new RegExp(PACKAGE) })
        .waitFor();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'hidden' });
    });

    await withScreenshotOnFailure(maria, 'envios-eliminado-cliente', async () => {
      await maria.goto(`${url()}/dashboard/notificaciones`);
      await maria
        .getByText(`Anulamos tu envío ${code}. Tu paquete sigue en nuestro almacén, disponible para un nuevo envío.`)
        .first()
        .waitFor();
    });
  });
});
