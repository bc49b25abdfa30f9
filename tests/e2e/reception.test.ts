// Reception by scanning in the browser (docs/decisions/019-warehouse-intake.md). The demo admin opens Recepción
// and does what a USB scanner does: types María's pre-alerted Amazon number (as the scanner
// reads it, in lower case with spaces) and Enter. The screen shows her name and casillero; the
// weight + Enter saves, the WR appears with its label link and the field is ready for the next
// scan. Scanning the same number again says "Ya recibido" with that WR. A number nobody expects
// is received "sin dueño" and shows in that queue. María finds the parcel in Almacén. On a
// phone the screen offers the camera and the same scan works; and the camera itself reads a
// Code 128 label (Chromium's fake camera plays a picture of one), with the ZXing WebAssembly
// served by our own server under its CSP.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { chromium as playwrightChromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, signIn, useBrowserSession } from './session';
import {
  PHONE,
  expectNoHorizontalScroll,
  listRows,
  openFromNavigation,
  responsiveList,
  withScreenshotOnFailure,
} from './screens';
import { chromiumOrExplain } from './browser';
import { startServer, type RunningServer } from './app-server';

const chromium = chromiumOrExplain();
/** María's pending pre-alert in the demo data (Amazon, TBA305812745000), as a scanner might type it. */
const MARIA_NUMBER = 'TBA305812745000';
const SCANNED = 'tba 3058 1274 5000';
const NOBODYS = '1z e2e 999 00 0000 0001';
/** How the warehouse stores it: without spaces, in upper case. */
const NOBODYS_STORED = '1ZE2E9990000000001';

/** What a USB scanner does: the characters one by one, then Enter. */
async function scan(page: Page, code: string) {
  const field = page.getByLabel('Número de tracking o etiqueta WR');
  await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

describe.skipIf(!chromium)('recepción por escaneo', () => {
  const { url, newPage } = useBrowserSession(chromium);
  let admin: Page;

  beforeAll(async () => {
    admin = await newPage();
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));
  });

  it('recibe un paquete prealertado con el lector, una sola vez', async () => {
    await withScreenshotOnFailure(admin, 'recepcion-escaneo', async () => {
      await openFromNavigation(admin, 'Panel Admin', 'Recepción');
      await admin.waitForURL((u) => u.pathname === '/admin/recepcion');

      await scan(admin, SCANNED);
      const owner = admin.getByTestId('reception-owner');
      await owner.getByText('Paquete esperado').waitFor();
      await owner.getByText('María Fernanda González').waitFor();
      await owner.getByText(/^MV-19487-\d{5}$/).waitFor();
      const mailboxCode = (await owner.getByText(/^MV-19487-\d{5}$/).textContent())!;

      // The weight field has the focus: type it and Enter, as the operator does.
      const weight = admin.getByLabel('Peso (kg)');
      await expect.poll(() => weight.evaluate((el) => el === document.activeElement)).toBe(true);
      await admin.keyboard.type('1.35');
      await admin.keyboard.press('Enter');

      const saved = admin.getByTestId('reception-saved');
      await saved.getByText('Paquete recibido').waitFor();
      const wr = (await saved.getByText(/^WR-\d{4}-\d+$/).textContent())!;
      await saved.getByText(`María Fernanda González · ${mailboxCode}`, { exact: false }).waitFor();
      await saved.getByText('Cliente notificado.').waitFor();
      expect(await saved.getByRole('link', { name: 'Imprimir etiqueta' }).getAttribute('href')).toMatch(
        /^\/api\/labels\?packages=[0-9a-f-]{36}$/,
      );
      // This session's list has it, and the scan field is empty and focused for the next parcel.
      await admin.getByRole('list', { name: 'Recibidos en esta sesión' }).getByText(wr).waitFor();
      const field = admin.getByLabel('Número de tracking o etiqueta WR');
      expect(await field.inputValue()).toBe('');

      // The same number again (as the carrier prints it): refused, with the WR it got.
      await scan(admin, MARIA_NUMBER);
      const already = admin.getByRole('alert').filter({ hasText: 'Ya recibido' });
      await already.getByText(wr, { exact: false }).waitFor();
      await already.getByText('No se registró de nuevo', { exact: false }).waitFor();
      await expect.poll(() => field.inputValue()).toBe('');
      expect(await admin.getByTestId('reception-owner').count()).toBe(0);

      // Its WR label scanned on this screen opens the package.
      await scan(admin, wr);
      await admin.waitForURL((u) => u.pathname === '/admin/paquetes' && u.searchParams.has('ver'));
      await admin.getByRole('dialog').getByText(MARIA_NUMBER).first().waitFor();
    });
  });

  it('recibe sin dueño un número que nadie espera y lo muestra en la cola', async () => {
    await withScreenshotOnFailure(admin, 'recepcion-sin-dueno', async () => {
      await admin.goto(`${url()}/admin/recepcion`);
      await scan(admin, NOBODYS);
      const owner = admin.getByTestId('reception-owner');
      await owner.getByText('Sin dueño', { exact: true }).waitFor();
      await owner.getByText('UPS', { exact: true }).waitFor();
      await admin.getByLabel('Código de casillero en la etiqueta (opcional)').fill('XX-NO-EXISTE');
      await admin.getByLabel('Peso (kg)').fill('0.8');
      await admin.getByRole('button', { name: 'Guardar recepción' }).click();
      const saved = admin.getByTestId('reception-saved');
      const wr = (await saved.getByText(/^WR-\d{4}-\d+$/).textContent())!;
      await saved.getByText('Sin dueño', { exact: false }).waitFor();
      expect(await saved.getByRole('link', { name: 'Imprimir etiqueta' }).getAttribute('href')).toMatch(
        /^\/api\/labels\?intakes=[0-9a-f-]{36}$/,
      );

      await openFromNavigation(admin, 'Panel Admin', 'Sin dueño');
      await admin.waitForURL((u) => u.pathname === '/admin/sin-dueno');
      const row = listRows(responsiveList(admin, 'Paquetes sin dueño')).filter({ hasText: wr });
      await row.getByText('XX-NO-EXISTE').waitFor();
      await row.getByText(NOBODYS_STORED).waitFor();
    });
  });

  it('María ve el paquete recibido en Almacén', async () => {
    const maria = await newPage();
    await withScreenshotOnFailure(maria, 'recepcion-almacen-maria', async () => {
      await signIn(maria, url(), DEMO.customer, DEMO.password);
      await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      await openFromNavigation(maria, 'Mi Cuenta', 'Almacén');
      await maria.waitForURL((u) => u.pathname === '/dashboard/almacen');
      await listRows(responsiveList(maria, 'Paquetes en almacén')).filter({ hasText: MARIA_NUMBER }).first().waitFor();
    });
  });

  it('en un teléfono ofrece la cámara y el escaneo funciona igual', async () => {
    const phone = await newPage(PHONE.contextOptions);
    await withScreenshotOnFailure(phone, 'recepcion-telefono', async () => {
      await signIn(phone, url(), DEMO.admin, DEMO.password);
      await phone.waitForURL((u) => u.pathname.startsWith('/admin'));
      await phone.goto(`${url()}/admin/recepcion`);
      await phone.getByRole('button', { name: 'Escanear con la cámara' }).waitFor();
      await scan(phone, MARIA_NUMBER);
      await phone.getByRole('alert').filter({ hasText: 'Ya recibido' }).waitFor();
      await expectNoHorizontalScroll(phone);
    });
  });
});

/** bwip-js (the server's barcode library, as the labels use it): the bars of a linear symbol. */
const bwipjs = createRequire(import.meta.url)('bwip-js') as {
  raw: (bcid: string, text: string, opts: object) => { sbs: number[] }[];
};

/**
 * A video for Chromium's fake camera (--use-file-for-fake-video-capture): a few frames of a
 * Code 128 barcode of `text`, black bars on white, in the raw Y4M format (grey: only luma).
 */
function barcodeVideo(text: string, file: string) {
  const [symbol] = bwipjs.raw('code128', text, {});
  const W = 640;
  const H = 480;
  const module = 3;
  const width = symbol!.sbs.reduce((a, b) => a + b, 0) * module;
  const luma = Buffer.alloc(W * H, 255);
  let x = Math.floor((W - width) / 2);
  symbol!.sbs.forEach((units, i) => {
    if (i % 2 === 0) for (let y = 160; y < 320; y++) luma.fill(0, y * W + x, y * W + x + units * module);
    x += units * module;
  });
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frames = Array.from({ length: 5 }, () => [Buffer.from('FRAME\n'), luma, chroma, chroma]).flat();
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), ...frames]));
}

describe.skipIf(!chromium)('recepción con la cámara del teléfono', () => {
  let server: RunningServer;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-e2e-camera-'));
    barcodeVideo(MARIA_NUMBER, path.join(dir, 'etiqueta.y4m'));
    server = await startServer();
    browser = await playwrightChromium.launch({
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${path.join(dir, 'etiqueta.y4m')}`,
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lee el código de barras de la etiqueta y muestra de quién es', async () => {
    const context = await browser.newContext({ ...PHONE.contextOptions, locale: 'es-ES', permissions: ['camera'] });
    const phone = await context.newPage();
    const wasm: { status: number; type: string | undefined; sameOrigin: boolean }[] = [];
    phone.on('response', (r) => {
      if (r.url().endsWith('.wasm'))
        wasm.push({
          status: r.status(),
          type: r.headers()['content-type'],
          sameOrigin: r.url().startsWith(server.url),
        });
    });
    await withScreenshotOnFailure(phone, 'recepcion-camara', async () => {
      await signIn(phone, server.url, DEMO.admin, DEMO.password);
      await phone.waitForURL((u) => u.pathname.startsWith('/admin'));
      await phone.goto(`${server.url}/admin/recepcion`);
      await phone.getByRole('button', { name: 'Escanear con la cámara' }).click();
      const owner = phone.getByTestId('reception-owner');
      await owner.getByText('María Fernanda González').waitFor({ timeout: 20_000 });
      await owner.getByText(MARIA_NUMBER).waitFor();
      expect(await phone.getByLabel('Número de tracking o etiqueta WR').inputValue()).toBe(MARIA_NUMBER);
      // Chromium on Linux has no BarcodeDetector of its own: the polyfill read it, with our WASM.
      expect(wasm).toEqual([{ status: 200, type: 'application/wasm', sameOrigin: true }]);
    });
    await context.close();
  });
});
