// What a shared link and a mistyped one give (docs/decisions/035-link-previews-and-not-found.md):
// each public page's HTML, fetched as WhatsApp's crawler fetches it (no JavaScript), points at
// the page's card, a 1200×630 PNG the build wrote and the server serves; a URL the app does not
// have answers 404, and the browser shows the not-found page in Spanish.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_MESSAGES, OG_CARD, PRERENDERED_PAGES, ogCardFile } from '@casillero/shared';
import { useBrowserSession } from './session';
import { chromiumOrExplain } from './browser';
import { withScreenshotOnFailure } from './screens';
import { REPO_ROOT } from '../support/server-process';

const chromium = chromiumOrExplain();

/** A PNG's size, from its header (the IHDR chunk right after the signature). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe.skipIf(!chromium)('vistas previas de enlaces y página no encontrada', () => {
  const session = useBrowserSession(chromium);

  it('cada página pública apunta a su tarjeta, un PNG de 1200×630 que el servidor entrega', async () => {
    for (const page of PRERENDERED_PAGES) {
      const built = fs.readFileSync(path.join(REPO_ROOT, 'client/dist', ogCardFile(page)));
      expect(pngSize(built), page.path).toEqual({ width: OG_CARD.width, height: OG_CARD.height });

      const res = await fetch(new URL(page.path, session.url()));
      expect(res.status, page.path).toBe(200);
      const html = await res.text();
      expect(html, page.path).toMatch(/<html lang="es-VE"/);
      expect(html, page.path).toContain('<meta name="twitter:card" content="summary_large_image">');
      expect(html, page.path).toContain('<script type="application/ld+json">');
      const image = /<meta property="og:image" content="([^"]+)">/.exec(html)?.[1];
      expect(image, page.path).toBe(`${session.url()}/${ogCardFile(page)}`);

      const card = await fetch(image!);
      expect(card.status, image).toBe(200);
      expect(card.headers.get('content-type'), image).toBe('image/png');
      expect(Buffer.from(await card.arrayBuffer()).equals(built), image).toBe(true);
    }
  });

  it('una dirección que no existe responde 404 y muestra la página no encontrada en español', async () => {
    const page = await session.newPage();
    await withScreenshotOnFailure(page, 'pagina-no-encontrada', async () => {
      const response = await page.goto(`${session.url()}/esta-pagina-no-existe`);
      expect(response?.status()).toBe(404);
      await page.getByText(NOT_FOUND_MESSAGES.title).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('es-VE');

      await page.getByRole('link', { name: NOT_FOUND_MESSAGES.home }).click();
      await page.waitForURL(`${session.url()}/`);

      // A page of the app with a parameter is still the app's.
      const tracking = await page.goto(`${session.url()}/rastreo/1Z999AA10123456784`);
      expect(tracking?.status()).toBe(200);
    });
  });
});
