// Writes each public page's link-preview card (client/dist/og/<page>.png, 1200×630, the image
// WhatsApp, Facebook and X show beside a shared link): an SVG drawn from the page's title and
// description (shared/src/public-pages.ts, through the server bundle) rendered to PNG by resvg,
// with the Inter font files of an npm package, so the card looks the same on any machine, with
// or without system fonts (docs/decisions/035-link-previews-and-not-found.md).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.DIST ?? path.join(clientDir, 'dist');
const ssrDir = process.env.SSR_DIST ?? path.join(clientDir, 'dist-ssr');

const { PRERENDERED_PAGES, PUBLIC_PAGE_TITLES, PUBLIC_PAGE_DESCRIPTIONS, BRAND_NAME, OG_CARD, ogCardFile } =
  await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href);

const require = createRequire(import.meta.url);
const FONT_FILES = [
  require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
];
// The site's logo (public/favicon.svg), drawn at the card's corner.
const LOGO = fs.readFileSync(path.join(clientDir, 'public/favicon.svg'));

const escapeXml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Splits a text into lines of at most `maxChars` characters at word boundaries; past `maxLines`
 * the last line ends with an ellipsis. Inter's average letter is about 0.55 of its size, so the
 * caller's limit keeps each line inside the card.
 */
function wrap(text, maxChars, maxLines) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length > maxChars && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1].replace(/[\s,.;:]+$/, '')}…`;
  return kept;
}

const tspans = (lines, x, lineHeight) =>
  lines.map((line, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : lineHeight}">${escapeXml(line)}</tspan>`).join('');

function cardSvg(page) {
  const { width, height } = OG_CARD;
  const title = wrap(PUBLIC_PAGE_TITLES[page.path], 24, 3);
  const titleSize = title.length > 2 ? 64 : 76;
  const titleTop = 250;
  const descriptionTop = titleTop + (title.length - 1) * titleSize * 1.15 + 80;
  const description = wrap(PUBLIC_PAGE_DESCRIPTIONS[page.path], 52, 5 - title.length);
  const logo = `data:image/svg+xml;base64,${LOGO.toString('base64')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="band" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#364fc7"/>
      <stop offset="1" stop-color="#1c2f8a"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#band)"/>
  <rect x="0" y="${height - 16}" width="${width}" height="16" fill="#fab005"/>
  <image href="${logo}" x="80" y="72" width="72" height="72"/>
  <text x="172" y="122" font-family="Inter" font-weight="700" font-size="36" fill="#ffffff">${escapeXml(BRAND_NAME)}</text>
  <text x="80" y="${titleTop}" font-family="Inter" font-weight="700" font-size="${titleSize}" fill="#ffffff">${tspans(title, 80, titleSize * 1.15)}</text>
  <text x="80" y="${descriptionTop}" font-family="Inter" font-weight="400" font-size="34" fill="#dbe4ff">${tspans(description, 80, 46)}</text>
</svg>`;
}

fs.mkdirSync(path.join(dist, path.dirname(ogCardFile({ file: 'x.html' }))), { recursive: true });
for (const page of PRERENDERED_PAGES) {
  const resvg = new Resvg(cardSvg(page), {
    fitTo: { mode: 'width', value: OG_CARD.width },
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'Inter' },
  });
  const png = resvg.render();
  if (png.width !== OG_CARD.width || png.height !== OG_CARD.height)
    throw new Error(`${page.path}: tarjeta de ${png.width}×${png.height}`);
  const file = path.join(dist, ogCardFile(page));
  fs.writeFileSync(file, png.asPng());
  console.log(
    `og-card ${page.path.padEnd(18)} → ${ogCardFile(page)} (${(fs.statSync(file).size / 1024).toFixed(1)} KB)`,
  );
}
