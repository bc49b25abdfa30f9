// Uploads on a phone's slow uplink (docs/product/customer-area.md#uploads): a 12-megapixel photo of
// a receipt goes up shrunk to 2000 px on its long side as JPEG, the upload shows its percentage
// and can be cancelled, and a cancelled upload keeps everything the customer typed.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES, UPLOAD_IMAGE_MAX_SIDE } from '@casillero/shared';
import { chromiumOrExplain } from './browser';
import { DEMO, fieldLabel, openPage, signIn, useBrowserSession } from './session';
import { PHONE, listRows, responsiveList, withScreenshotOnFailure } from './screens';

const chromium = chromiumOrExplain();

/**
 * Puts a 4000×3000 photo in the dialog's file input, made in the page as a camera's would be (a
 * noisy picture, JPEG at 0.98: over 5 MB) and handed to the input as a picked file; answers its size.
 */
async function pickBigPhoto(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext('2d')!;
    const image = context.createImageData(4000, 3000);
    // Random values in slices (the API fills at most 64 KB at a time).
    for (let i = 0; i < image.data.length; i += 65536) crypto.getRandomValues(image.data.subarray(i, i + 65536));
    for (let i = 3; i < image.data.length; i += 4) image.data[i] = 255;
    context.putImageData(image, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.98));
    const input = document.querySelector<HTMLInputElement>('[role="dialog"] input[type="file"]')!;
    const picked = new DataTransfer();
    picked.items.add(new File([blob], 'IMG_20261206_101500.jpg', { type: 'image/jpeg' }));
    input.files = picked.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    return blob.size;
  });
}

describe.skipIf(!chromium)('Subir un comprobante desde el teléfono', () => {
  const { url, newPage } = useBrowserSession(chromium, PHONE.contextOptions);
  const REFERENCE = `FOTO${Date.now().toString(36).toUpperCase()}`;

  async function fillReport(page: Page) {
    await page.getByRole('button', { name: 'Reportar pago' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Reportar pago' });
    await dialog.getByRole('combobox', { name: fieldLabel('Concepto') }).click();
    await page.getByRole('option', { name: 'Compra de créditos', exact: true }).click();
    await dialog.getByRole('radio', { name: /^Zelle/ }).click();
    await dialog.getByLabel(fieldLabel('Monto pagado en USD')).fill('20');
    await dialog.getByLabel(fieldLabel('Referencia')).fill(REFERENCE);
    const photoBytes = await pickBigPhoto(page);
    await dialog.getByRole('img', { name: 'Vista previa del comprobante' }).waitFor();
    return { dialog, photoBytes };
  }

  it('la subida muestra su porcentaje, se cancela y lo escrito queda; luego sube reducida a 2000 px', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'subida-comprobante-telefono', async () => {
      await signIn(page, url(), DEMO.customer, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      await openPage(page, `${url()}/dashboard/facturas`);
      const { dialog, photoBytes } = await fillReport(page);
      expect(photoBytes).toBeGreaterThan(5 * 1024 * 1024);

      // A slow uplink (about 20 KB/s): the upload is seen moving, then cancelled.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 200,
        downloadThroughput: 200 * 1024,
        uploadThroughput: 20 * 1024,
      });
      await dialog.getByRole('button', { name: 'Reportar pago' }).click();
      const progress = dialog.getByRole('progressbar');
      await progress.waitFor();
      await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
      await dialog.getByText(/^Subiendo… \d+ %$/).waitFor();
      await dialog.getByRole('button', { name: FILE_MESSAGES.cancel }).click();
      await dialog.getByText(FILE_MESSAGES.cancelled).waitFor();
      expect(await dialog.getByLabel(fieldLabel('Referencia')).inputValue()).toBe(REFERENCE);
      expect(await dialog.getByLabel(fieldLabel('Monto pagado en USD')).inputValue()).toBe('$20,00');
      expect(await dialog.getByRole('progressbar').count()).toBe(0);

      // At full speed again, the same report goes through, and what was stored is the shrunk photo.
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      const stored = page.waitForResponse((r) => r.url().endsWith('/api/files') && r.request().method() === 'POST');
      await dialog.getByRole('button', { name: 'Reportar pago' }).click();
      const answer = (await (await stored).json()) as { contentType: string; sizeBytes: number };
      expect(answer.contentType).toBe('image/jpeg');
      expect(answer.sizeBytes).toBeGreaterThan(0);
      expect(answer.sizeBytes).toBeLessThan(photoBytes / 2);
      await dialog.waitFor({ state: 'detached' });
      const row = listRows(responsiveList(page, 'Mis pagos')).filter({ hasText: REFERENCE });
      const receipt = row.getByRole('img', { name: `Comprobante del pago ${REFERENCE}` });
      await receipt.waitFor();
      const size = await receipt.evaluate(async (img: HTMLImageElement) => {
        await img.decode();
        return { width: img.naturalWidth, height: img.naturalHeight };
      });
      expect(size).toEqual({ width: UPLOAD_IMAGE_MAX_SIDE, height: 1500 });
    });
    // Drawing and shrinking a 12-megapixel picture takes seconds on a busy CI machine.
  }, 240_000);
});
