// Labels and photos in the browser (docs/product/warehouse-intake.md). Setup through the app's own API, as
// the reception screen does it: the demo admin uploads a photo (POST /api/reception/photos) and
// receives a parcel for María's casillero with it (reception.receive). Then the admin prints
// labels from the packages list (one from a row, two selected at once: each answer is a PDF with
// that many pages), scans the new WR into the list's search and the package opens with its
// photo; on Recepción the photo button refuses a file that is not a picture and sends a huge one
// scaled down by the browser; María sees the photo's thumbnail in Almacén, on a desktop and on a
// phone, and opens it.
import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumOrExplain } from './browser';
import { DEMO, openPage, signIn, useBrowserSession } from './session';
import { PHONE, responsiveList, withScreenshotOnFailure } from './screens';
import { trpcCaller } from './app-server';
import { solidPng, uncompressedPng } from '../support/png';

const chromium = chromiumOrExplain();
const TRACKING = '1Z999AA10123456784';

/** The pages of a PDF (its page objects; pdfkit writes them uncompressed). */
const pdfPageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

describe.skipIf(!chromium)('etiquetas y fotos del almacén', () => {
  const { url, newPage } = useBrowserSession(chromium);
  let admin: Page;
  let received: { packageId: string; warehouseReceipt: string };

  const call = trpcCaller(url);

  beforeAll(async () => {
    admin = await newPage();
    await signIn(admin, url(), DEMO.admin, DEMO.password);
    await admin.waitForURL((u) => u.pathname.startsWith('/admin'));

    // María's casillero, as the reception screen's operator reads it off the parcel.
    const [maria] = await call<{ userId: string }[]>(admin, 'packages.customers', { q: DEMO.customer }, 'GET');
    const boxes = await call<{ mailboxCode: string; status: string }[]>(
      admin,
      'packages.customerMailboxes',
      { userId: maria!.userId },
      'GET',
    );
    const mailbox = boxes.find((b) => b.status === 'active')!;

    const upload = await admin.request.post(`${url()}/api/reception/photos`, {
      headers: { origin: url() },
      multipart: { file: { name: 'foto.png', mimeType: 'image/png', buffer: solidPng(400, 300, [30, 140, 60]) } },
    });
    expect(upload.status()).toBe(201);
    const photo = (await upload.json()) as { fileId: string; thumbFileId: string };

    const result = await call<{ status: string; packageId: string; warehouseReceipt: string }>(
      admin,
      'reception.receive',
      {
        code: TRACKING,
        weightKg: 2.4,
        lengthCm: 30,
        widthCm: 20,
        heightCm: 15,
        mailboxCode: mailbox.mailboxCode,
        photos: [photo],
      },
      'POST',
    );
    expect(result.status).toBe('claimed');
    received = { packageId: result.packageId, warehouseReceipt: result.warehouseReceipt };
  });

  /** Runs `act` and answers the labels request it made (a new tab opens the PDF), fetched again to read it. */
  async function labelsOpenedBy(act: () => Promise<void>) {
    const [request] = await Promise.all([
      admin.context().waitForEvent('request', (r: Request) => new URL(r.url()).pathname === '/api/labels'),
      act(),
    ]);
    for (const tab of admin.context().pages()) if (tab !== admin) await tab.close();
    const res = await admin.request.get(request.url());
    return {
      url: new URL(request.url()),
      status: res.status(),
      type: res.headers()['content-type'],
      body: await res.body(),
    };
  }

  it('imprime la etiqueta de un paquete y las de varios seleccionados desde la lista de paquetes', async () => {
    await withScreenshotOnFailure(admin, 'etiquetas-lista', async () => {
      await admin.goto(`${url()}/admin/paquetes`);
      await admin.getByRole('heading', { name: 'Gestión de Paquetes' }).waitFor();
      const table = admin.getByRole('table', { name: 'Paquetes' });
      const row = table.getByRole('row').filter({ hasText: TRACKING });
      await row.waitFor();

      // One label, from the row's action.
      const one = await labelsOpenedBy(() =>
        row.getByRole('button', { name: `Imprimir etiqueta de ${TRACKING}` }).click(),
      );
      expect(one.url.searchParams.get('packages')).toBe(received.packageId);
      expect(one.status).toBe(200);
      expect(one.type).toBe('application/pdf');
      expect(one.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdfPageCount(one.body)).toBe(1);

      // Two ticked rows: one PDF with two pages.
      await row.getByRole('checkbox').check();
      const other = table
        .locator('tbody tr')
        .filter({ hasNotText: TRACKING })
        .filter({ has: admin.locator('input[type="checkbox"]:not([disabled])') })
        .first();
      await other.getByRole('checkbox').check();
      const both = await labelsOpenedBy(() => admin.getByRole('link', { name: 'Imprimir 2 etiquetas' }).click());
      expect(both.url.searchParams.get('packages')?.split(',')).toHaveLength(2);
      expect(both.url.searchParams.get('packages')).toContain(received.packageId);
      expect(both.type).toBe('application/pdf');
      expect(pdfPageCount(both.body)).toBe(2);
    });
  });

  it('un WR escaneado en la búsqueda de paquetes (número + Enter) abre ese paquete, con su foto', async () => {
    await withScreenshotOnFailure(admin, 'etiquetas-escaneo', async () => {
      await admin.goto(`${url()}/admin/paquetes`);
      const search = admin.getByRole('textbox', { name: 'Buscar' });
      await search.waitFor();
      // As a scanner types it: the characters, then Enter.
      await search.pressSequentially(received.warehouseReceipt, { delay: 5 });
      await search.press('Enter');
      const details = admin.getByRole('dialog', { name: 'Detalles del paquete' });
      await details.getByText(received.warehouseReceipt).first().waitFor();
      expect(new URL(admin.url()).searchParams.get('ver')).toBe(received.packageId);
      await expect.poll(() => search.inputValue()).toBe('');
      const thumb = details.getByAltText('Foto 1 del paquete', { exact: true });
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
      await admin.keyboard.press('Escape');

      // A WR that is nobody's says so, in Spanish.
      await search.pressSequentially('WR-2026-9999999', { delay: 5 });
      await search.press('Enter');
      await admin.getByText('No hay ningún paquete con el WR WR-2026-9999999.').waitFor();
    });
  });

  it('en Recepción toma fotos: una que no es imagen se rechaza en español, una enorme se reduce en el navegador y se sube, y se puede quitar', async () => {
    await withScreenshotOnFailure(admin, 'fotos-recepcion', async () => {
      await admin.goto(`${url()}/admin/recepcion`);
      const field = admin.getByLabel('Número de tracking o etiqueta WR');
      await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
      await admin.keyboard.type('9400 1118 9922 3344 5566 77', { delay: 5 });
      await admin.keyboard.press('Enter');
      const input = admin.getByTestId('photo-capture-input');
      await input.waitFor({ state: 'attached' });
      expect(await input.getAttribute('capture')).toBe('environment');
      expect(await input.getAttribute('accept')).toBe('image/*');

      await input.setInputFiles({
        name: 'foto.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('esto no es una foto'),
      });
      await admin
        .getByRole('alert')
        .filter({ hasText: 'El archivo no es una foto válida. Usa una imagen JPEG, PNG o WebP.' })
        .waitFor();

      // 3000×2000 pixels stored uncompressed: about 18 MB, over the server's 15 MB; the browser sends a JPEG of 2400 px.
      const big = uncompressedPng(3000, 2000, [90, 140, 200]);
      expect(big.length).toBeGreaterThan(15 * 1024 * 1024);
      // Handing 18 MB to the page, then decoding and shrinking it there, takes a while on a busy
      // machine (over 30 s in CI): a minute and a half for each.
      const [response] = await Promise.all([
        admin.waitForResponse((r) => new URL(r.url()).pathname === '/api/reception/photos', { timeout: 90_000 }),
        input.setInputFiles({ name: 'camara.png', mimeType: 'image/png', buffer: big }, { timeout: 90_000 }),
      ]);
      // Accepted: what arrived was under the server's limit, so the browser scaled it down.
      expect(response.status()).toBe(201);
      await admin.getByAltText('Foto 1 del paquete', { exact: true }).waitFor();
      await admin.getByText('1/4').waitFor();

      await admin.getByRole('button', { name: 'Quitar foto 1' }).click();
      await admin.getByAltText('Foto 1 del paquete', { exact: true }).waitFor({ state: 'detached' });
      await admin.getByText('0/4').waitFor();
    });
  }, 180_000);

  describe.each([
    { name: 'escritorio', options: {} },
    { name: PHONE.name, options: PHONE.contextOptions },
  ])('María en $name', ({ name, options }) => {
    it('ve la miniatura de la foto de su paquete en Almacén y la abre en grande', async () => {
      const maria = await newPage(options);
      await withScreenshotOnFailure(maria, `fotos-almacen-${name}`, async () => {
        await signIn(maria, url(), DEMO.customer, DEMO.password);
        await maria.waitForURL((u) => u.pathname.startsWith('/dashboard'));
        await openPage(maria, `${url()}/dashboard/almacen`);
        const list = responsiveList(maria, 'Paquetes en almacén');
        const item = list.getByRole('row').or(list.getByRole('listitem')).filter({ hasText: TRACKING }).first();
        await item.waitFor();
        expect(await item.textContent()).toContain(`WR ${received.warehouseReceipt}`);
        const thumb = item.getByAltText('Foto 1 del paquete', { exact: true });
        await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
        expect(new URL((await thumb.getAttribute('src'))!, url()).pathname).toMatch(/^\/files\/[0-9a-f-]{36}$/);

        await item.getByRole('button', { name: 'Ver foto 1 en tamaño completo' }).click();
        const large = maria
          .getByRole('dialog', { name: 'Foto 1 del paquete' })
          .getByAltText('Foto 1 del paquete', { exact: true });
        // The screen size: the 400×300 picture, never enlarged.
        await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
      });
    });
  });
});
