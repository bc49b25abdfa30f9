// Prints the gzip size of the JavaScript the home page loads before it can render: the entry
// script and every modulepreload of dist/index.html (run `npm run build -w client` first).
// Budget: 200 KB gzip (docs/product/fast-on-a-phone.md#budgets). `npm run build` prints this report and fails when the budget
// is exceeded, so a change that breaks it is seen at once. DIST points it at another build.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const dist = process.env.DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const htmlPath = path.join(dist, 'index.html');
if (!fs.existsSync(htmlPath)) {
  console.error('No existe client/dist/index.html: ejecuta primero `npm run build -w client`.');
  process.exit(2);
}
const html = fs.readFileSync(htmlPath, 'utf8');
const files = [
  ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
].map((m) => m[1]);

const kb = (bytes) => bytes / 1024;
let raw = 0;
let gz = 0;
const rows = [...new Set(files)].map((href) => {
  const content = fs.readFileSync(path.join(dist, href.replace(/^\//, '')));
  const size = { href, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
  raw += size.raw;
  gz += size.gzip;
  return size;
});
rows.sort((a, b) => b.gzip - a.gzip);
for (const r of rows)
  console.log(`${kb(r.gzip).toFixed(1).padStart(8)} KB gzip  ${kb(r.raw).toFixed(1).padStart(8)} KB  ${r.href}`);
console.log(
  `JavaScript inicial de /: ${kb(gz).toFixed(1)} KB gzip (${kb(raw).toFixed(1)} KB sin comprimir, ${rows.length} archivos); límite ${BUDGET_KB} KB.`,
);
if (kb(gz) > BUDGET_KB) {
  console.error(`Excede el límite por ${(kb(gz) - BUDGET_KB).toFixed(1)} KB.`);
  process.exit(1);
}
