// Renders the home-screen icons in client/public/icons/ from client/public/favicon.svg with
// Chromium (playwright-core, from the tests workspace). Run it again only when the logo changes:
// `node client/scripts/generate-icons.mjs`; the PNGs it writes are committed.
//   icon-192.png, icon-512.png   the favicon as it is (rounded square), purpose "any"
//   maskable-512.png             full-bleed background, glyph inside the 80% safe circle
//   apple-touch-icon.png (180)   full-bleed too: iOS rounds the corners itself
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public');
const favicon = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const background = favicon.match(/<rect[^>]*fill="([^"]+)"/)?.[1];
const glyph = favicon.match(/<path[^>]*\/>/)?.[0];
if (!background || !glyph) throw new Error('favicon.svg no tiene el <rect> de fondo y el <path> del logo esperados');

// The glyph spans about 18×20 of the 32-unit box; at 0.8 its corners stay within the maskable
// safe zone (a circle of 40% of the size around the centre).
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/>` +
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${glyph}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  { file: 'maskable-512.png', size: 512, svg: fullBleed(0.8) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.9) },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const outDir = path.join(publicDir, 'icons');
  fs.mkdirSync(outDir, { recursive: true });
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`,
    );
    await page.screenshot({ path: path.join(outDir, file), omitBackground: true });
    await page.close();
    console.log(`${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
