// The demo customer's Facturas and Reempaques in the browser: reports a payment with a receipt
// image and sees it listed with its receipt; asks for a repack of two packages and sees it pending;
// pays the shipping of her ready tracking, which the admin approves: 'Pago aprobado' on both sides.
// All of it on a desktop and on a 390 px phone, where the lists' statuses stay in sight.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumOrExplain } from './browser';
import { DEMO, fieldLabel, openPage, signIn, useBrowserSession } from './session';
import {
  expectNoHorizontalScroll,
  expectWithinViewportWidth,
  listRows,
  openFromNavigation,
  responsiveList,
  SCREEN_PROFILES,
  withScreenshotOnFailure,
} from './screens';

const chromium = chromiumOrExplain();

/**
 * A receipt as a phone photographs one: portrait, taller than a phone's screen is wide (a blue
 * 240×480 PNG built by hand). Its height is what pushes the review form below the fold.
 */
const RECEIPT_WIDTH = 240;
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
  const width = RECEIPT_WIDTH;
  const height = RECEIPT_WIDTH * 2;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((1 + width * 3) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set([34, 139, 230], y * (1 + width * 3) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Each screen gets its own server and demo data: the journeys below build on each other.
describe.skipIf(!chromium).each(SCREEN_PROFILES)(
  'Facturas y Reempaques de la clienta de demostración ($name)',
  (profile) => {
    const { url, newPage } = useBrowserSession(chromium, profile.contextOptions);
    /** A screenshot's name on failure, per screen. */
    const shot = (name: string) => `${name}-${profile.name}`;
    let tmpDir: string;

    beforeAll(() => {
      tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-e2e-files-'));
      fs.writeFileSync(path.join(tmpDir, 'comprobante.png'), pngBytes());
      fs.writeFileSync(path.join(tmpDir, 'no-es-imagen.png'), 'Esto es texto, no una imagen.');
    });

    afterAll(() => {
      fs.rmSync(tmpDir, { recursive: true, force: true });
    });

    /** Her payments, as a table or as cards, and one of them by a text it shows. */
    const payment = (page: Page, text: string) => listRows(responsiveList(page, 'Mis pagos')).filter({ hasText: text });

    async function choose(page: Page, label: string, option: string) {
      await page
        .getByRole('dialog')
        .getByRole('combobox', { name: fieldLabel(label) })
        .click();
      await page.getByRole('option', { name: option, exact: true }).click();
    }

    /** Picks a payment method by its name (a card in the dialog); its details show up. */
    async function pickMethod(page: Page, name: string) {
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: new RegExp(`^${name}`) }).click();
      await dialog.getByRole('region', { name: `Datos para pagar con ${name}` }).waitFor();
    }

    it('reporta un pago con la imagen del comprobante y lo ve en la lista con su comprobante', async () => {
      const page = await newPage();
      await withScreenshotOnFailure(page, shot('facturas-reportar-pago'), async () => {
        await signIn(page, url(), DEMO.customer, DEMO.password);
        await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
        await openFromNavigation(page, 'Mi Cuenta', 'Facturas');
        await page.getByRole('heading', { name: 'Facturas', exact: true }).waitFor();
        // The seeded payments are listed, including the China activation reported with its receipt.
        await page.getByRole('img', { name: 'Comprobante del pago 2871654390128745123' }).waitFor();

        await page.getByRole('button', { name: 'Reportar pago' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Reportar pago' });
        await dialog.waitFor();
        await choose(page, 'Concepto', 'Compra de créditos');
        // Zelle is paid in dollars: the amount is in USD.
        await pickMethod(page, 'Zelle');
        await dialog.getByLabel(fieldLabel('Monto pagado en USD')).fill('15');
        const reference = `E2E${Date.now().toString(36).toUpperCase()}`;
        await dialog.getByLabel(fieldLabel('Referencia')).fill(reference);
        await dialog.getByLabel(fieldLabel('Descripción (opcional)')).fill('Créditos para el curso de importación');

        // A file that is not an image is refused at once, by its content.
        const fileInput = dialog.locator('input[type="file"]');
        await fileInput.setInputFiles(path.join(tmpDir, 'no-es-imagen.png'));
        await dialog.getByText('El archivo no es una imagen válida. Sube una imagen JPEG, PNG o WebP.').waitFor();

        await fileInput.setInputFiles(path.join(tmpDir, 'comprobante.png'));
        await dialog.getByRole('img', { name: 'Vista previa del comprobante' }).waitFor();
        await dialog.getByRole('button', { name: 'Reportar pago' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByText('Recibimos tu reporte de pago. Te avisaremos cuando sea verificado.').waitFor();

        const row = payment(page, reference);
        await row.waitFor();
        // Its status in sight, on a phone too, and nothing to scroll sideways.
        await expectWithinViewportWidth(row.getByText('Pendiente', { exact: true }));
        await expectNoHorizontalScroll(page);
        const rowText = (await row.textContent()) ?? '';
        expect(rowText).toContain('Compra de créditos');
        expect(rowText).toContain('Pendiente');
        expect(rowText).toContain('Zelle');
        const receipt = row.getByRole('img', { name: `Comprobante del pago ${reference}` });
        await receipt.waitFor();
        await page.waitForFunction(
          ({ ref, width }) => {
            const img = document.querySelector<HTMLImageElement>(`img[alt="Comprobante del pago ${ref}"]`);
            return Boolean(img?.complete && img.naturalWidth === width);
          },
          { ref: reference, width: RECEIPT_WIDTH },
        );
        const src = await receipt.getAttribute('src');
        expect(src).toMatch(/^\/files\/[0-9a-f-]{36}\?exp=\d+&sig=/);

        // Reporting the same transfer again is refused with a clear message.
        await page.getByRole('button', { name: 'Reportar pago' }).first().click();
        await dialog.waitFor();
        await choose(page, 'Concepto', 'Compra de créditos');
        await pickMethod(page, 'Zelle');
        await dialog.getByLabel(fieldLabel('Monto pagado en USD')).fill('15');
        await dialog.getByLabel(fieldLabel('Referencia')).fill(reference);
        await dialog.locator('input[type="file"]').setInputFiles(path.join(tmpDir, 'comprobante.png'));
        await dialog.getByRole('button', { name: 'Reportar pago' }).click();
        await dialog
          .getByText(
            'Ya existe un pago reportado con este método y esta referencia. Verifica la referencia de tu pago.',
          )
          .waitFor();
      });
    });

    it('solicita el reempaque de dos paquetes y lo ve pendiente', async () => {
      // The demo already has María's two warehouse packages in a pending request: the warehouse
      // processes it first (through the API, as the admin screen comes later), freeing them. The
      // admin's context is closed with the others after the suite.
      const admin = (await newPage()).context();
      const signedIn = await admin.request.post(`${url()}/trpc/auth.signIn`, {
        data: { email: DEMO.admin, password: DEMO.password },
      });
      expect(signedIn.ok()).toBe(true);
      const list = await (await admin.request.get(`${url()}/trpc/repacks.adminList`)).json();
      const pending = list.result.data.filter(
        (r: { status: string; customer: { email: string } }) =>
          r.status === 'pending' && r.customer.email === DEMO.customer,
      );
      for (const r of pending) {
        const processed = await admin.request.post(`${url()}/trpc/repacks.process`, {
          data: { id: r.id, warehouseReceipt: `WR-E2E-${r.id.slice(0, 4)}`, weightKg: 3.5, dimensionsCm: '40x30x20' },
        });
        expect(processed.ok()).toBe(true);
      }

      const page = await newPage();
      await withScreenshotOnFailure(page, shot('reempaques-solicitar'), async () => {
        await signIn(page, url(), DEMO.customer, DEMO.password);
        await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
        await openFromNavigation(page, 'Mi Cuenta', 'Reempaques');
        await page.getByRole('heading', { name: 'Reempaques' }).waitFor();
        // The processed request shows its warehouse receipt number.
        await page
          .getByText(/Recibo de almacén \(WR\): WR-E2E-/)
          .first()
          .waitFor();

        const boxes = page.getByRole('checkbox', { disabled: false });
        await boxes.first().waitFor();
        expect(await boxes.count()).toBeGreaterThanOrEqual(2);
        const chosen = [
          (await boxes.nth(0).getAttribute('aria-label'))!,
          (await boxes.nth(1).getAttribute('aria-label'))!,
        ];
        await boxes.nth(0).click();
        await boxes.nth(1).click();
        await page.getByRole('radio', { name: 'Marítimo' }).check();
        await page.getByLabel('Instrucciones de empaque').fill('Consolidar ambos en una sola caja reforzada.');
        await page.getByRole('button', { name: 'Solicitar reempaque' }).click();
        await page
          .getByText('Recibimos tu solicitud de reempaque de 2 paquetes. Te avisaremos cuando sea procesada.')
          .waitFor();

        const newest = page.locator('[data-repack-id]').first();
        await newest.getByText('Consolidar ambos en una sola caja reforzada.').waitFor();
        await expectWithinViewportWidth(newest.getByText('Pendiente', { exact: true }));
        await expectNoHorizontalScroll(page);
        const text = (await newest.textContent()) ?? '';
        expect(text).toContain('Pendiente');
        expect(text).toContain('Envío marítimo');
        for (const tracking of chosen) expect(text).toContain(tracking);
        // Both packages are now marked as being in a pending request.
        for (const tracking of chosen)
          expect(await page.getByRole('checkbox', { name: tracking }).isDisabled()).toBe(true);
      });
    });

    // María's tracking ready to ship in the demo: she pays its shipping, the admin approves it.
    const READY_TRACKING = '781234567890';
    const SHIPPING_REFERENCE = `ENVIO${Date.now().toString(36).toUpperCase()}`;

    it('reporta el pago del envío de su tracking listo para enviar, eligiéndolo', async () => {
      const page = await newPage();
      await withScreenshotOnFailure(page, shot('facturas-pago-envio'), async () => {
        await signIn(page, url(), DEMO.customer, DEMO.password);
        await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
        await openPage(page, `${url()}/dashboard/facturas`);
        await page.getByRole('heading', { name: 'Facturas', exact: true }).waitFor();
        await page.getByRole('button', { name: 'Reportar pago' }).first().click();
        const dialog = page.getByRole('dialog', { name: 'Reportar pago' });
        await dialog.waitFor();
        // The tracking picker is only for shipping payments.
        await choose(page, 'Concepto', 'Compra de créditos');
        expect(await dialog.getByLabel(fieldLabel('Trackings que pagas')).count()).toBe(0);
        await choose(page, 'Concepto', 'Pago de envío');
        await pickMethod(page, 'Zelle');
        await dialog.getByLabel(fieldLabel('Monto pagado en USD')).fill('38,5');
        await dialog.getByLabel(fieldLabel('Referencia')).fill(SHIPPING_REFERENCE);
        await dialog.locator('input[type="file"]').setInputFiles(path.join(tmpDir, 'comprobante.png'));
        await dialog.getByRole('img', { name: 'Vista previa del comprobante' }).waitFor();

        // Without a tracking the report is refused with a clear message.
        await dialog.getByRole('button', { name: 'Reportar pago' }).click();
        await dialog.getByText('Selecciona los trackings que pagas con este envío.').waitFor();

        await dialog.getByLabel(fieldLabel('Trackings que pagas')).click();
        await page.getByRole('option', { name: new RegExp(`^${READY_TRACKING} · `) }).click();
        await dialog.getByRole('heading', { name: 'Reportar pago' }).click();
        await dialog.getByRole('button', { name: 'Reportar pago' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.getByText('Recibimos tu reporte de pago. Te avisaremos cuando sea verificado.').waitFor();
        const row = payment(page, SHIPPING_REFERENCE);
        await row.getByText('Pago de envío').waitFor();
        await expectWithinViewportWidth(row.getByText('Pendiente'));
      });
    });

    it('el admin ve qué trackings paga, lo aprueba y el tracking queda «Pago aprobado»', async () => {
      const page = await newPage();
      await withScreenshotOnFailure(page, shot('admin-aprueba-pago-envio'), async () => {
        await signIn(page, url(), DEMO.admin, DEMO.password);
        await page.waitForURL((u) => u.pathname.startsWith('/admin'));
        await page.goto(`${url()}/admin/pagos`);
        await page.getByRole('heading', { name: 'Gestión de Pagos' }).waitFor();
        await page.getByRole('textbox', { name: 'Buscar' }).fill(SHIPPING_REFERENCE);
        // As a person does: the list narrowed to the search first (the search is in the URL), then
        // 'Ver Detalles'; a click while the search is still being written can be undone by it.
        await page.waitForURL((u) => u.searchParams.get('q') === SHIPPING_REFERENCE);
        await page.getByText(/^1 de \d+ pagos$/).waitFor();
        // A table row on a desktop, a card on a phone.
        const row = listRows(responsiveList(page, 'Pagos')).filter({ hasText: SHIPPING_REFERENCE });
        await row.getByRole('button', { name: /Ver Detalles/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Detalles del Pago' });
        await dialog.getByText(`${READY_TRACKING} · Listo para enviar`).waitFor();
        await dialog.getByRole('img', { name: `Comprobante del pago ${SHIPPING_REFERENCE}` }).waitFor();
        const status = dialog.getByRole('radiogroup', { name: 'Estado del pago' });
        await status.getByRole('radio', { name: 'Aprobado' }).check();
        // What she saves is what the field shows.
        expect(await status.getByRole('radio', { name: 'Aprobado' }).isChecked()).toBe(true);
        await dialog.getByRole('button', { name: 'Actualizar Pago' }).click();
        await page.getByText('El estado del pago ha sido actualizado exitosamente').waitFor();
        await dialog.waitFor({ state: 'hidden' });

        await openPage(page, `${url()}/admin/trackings`);
        await page.getByRole('textbox', { name: 'Buscar' }).fill(READY_TRACKING);
        const tracking = listRows(responsiveList(page, 'Trackings')).filter({ hasText: READY_TRACKING });
        await tracking.getByText('Listo para enviar', { exact: true }).waitFor();
        await tracking.getByText('Pago aprobado', { exact: true }).waitFor();
      });
    });

    it('la clienta ve su tracking con el pago aprobado, listo para despacho', async () => {
      const page = await newPage();
      await withScreenshotOnFailure(page, shot('mis-trackings-pago-aprobado'), async () => {
        await signIn(page, url(), DEMO.customer, DEMO.password);
        await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
        await openPage(page, `${url()}/dashboard/mis-trackings`);
        const card = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('button', { name: `Ver tracking ${READY_TRACKING}` }) });
        await expectWithinViewportWidth(card.getByText('Pago aprobado', { exact: true }));
        await expectNoHorizontalScroll(page);
        await card.click();
        const drawer = page.getByRole('dialog', { name: 'Detalle del tracking' });
        await drawer.getByText(/^Pago aprobado, listo para despacho\./).waitFor();
        await drawer.getByText('Pago aprobado: despacho autorizado').waitFor();
        expect(await drawer.getByRole('link', { name: 'Ir a Facturas para pagar' }).count()).toBe(0);
      });
    });
  },
);
