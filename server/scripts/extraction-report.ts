// `npm run extraction:report -w server`: how many fields the pre-alert extraction reads right,
// per store, over its fixtures (src/services/prealert-mail/extraction/fixtures/): precision
// (fields read that are right) and recall (expected fields that were read), then the PDF invoice
// and the invoice photos (OCR, with their time). A field is the store, the order number, the
// total, one item (description, quantity and unit price together) or one tracking (with its carrier).
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { extractFromFile, extractFromMail, stopOcr } from '../src/services/prealert-mail/extraction';
import {
  type ExpectedFields,
  type FieldScore,
  FIXTURES_DIR,
  loadMailFixtures,
  precision,
  recall,
  scoreFields,
} from '../src/services/prealert-mail/extraction/fixture-scores';

const rows = new Map<string, FieldScore & { fixtures: number; misses: string[] }>();
function add(row: string, name: string, score: FieldScore, kindRight: boolean) {
  const r = rows.get(row) ?? { fixtures: 0, right: 0, read: 0, expected: 0, misses: [] };
  r.fixtures++;
  r.right += score.right;
  r.read += score.read;
  r.expected += score.expected;
  if (score.right < Math.max(score.read, score.expected) || !kindRight) r.misses.push(name);
  rows.set(row, r);
}

for (const f of loadMailFixtures()) {
  const got = await extractFromMail(f.mail);
  add(f.group, f.name, scoreFields(f.expected, got), got.kind === f.expected.kind);
}

const FILES = path.join(FIXTURES_DIR, 'files');
const PHOTO_TYPES: Record<string, string> = { '.png': 'image/png', '.heic': 'image/heic' };
const ocrTimes: string[] = [];
for (const name of fs
  .readdirSync(FILES)
  .filter((n) => !n.endsWith('.json'))
  .sort()) {
  const pdf = name.endsWith('.pdf');
  const expected = JSON.parse(
    fs.readFileSync(path.join(FILES, name.replace(/\.\w+$/, '.expected.json')), 'utf8'),
  ) as ExpectedFields;
  const t0 = performance.now();
  const got = await extractFromFile({
    filename: name,
    contentType: pdf ? 'application/pdf' : (PHOTO_TYPES[path.extname(name)] ?? 'image/jpeg'),
    content: new Uint8Array(fs.readFileSync(path.join(FILES, name))),
  });
  const ms = performance.now() - t0;
  if (!pdf) ocrTimes.push(`${name} ${(ms / 1000).toFixed(1)} s`);
  add(pdf ? 'PDF (factura)' : 'foto (OCR)', name, scoreFields(expected, got), got.kind === expected.kind);
}
await stopOcr();

const pct = (x: number) => `${(x * 100).toFixed(0)} %`;
const total: FieldScore = { right: 0, read: 0, expected: 0 };
console.log('| tienda | fixtures | campos esperados | leídos | correctos | precisión | exhaustividad |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const [row, r] of rows) {
  total.right += r.right;
  total.read += r.read;
  total.expected += r.expected;
  console.log(
    `| ${row} | ${r.fixtures} | ${r.expected} | ${r.read} | ${r.right} | ${pct(precision(r))} | ${pct(recall(r))} |`,
  );
}
const fixtures = [...rows.values()].reduce((n, r) => n + r.fixtures, 0);
console.log(
  `| **total** | ${fixtures} | ${total.expected} | ${total.read} | ${total.right} | ${pct(precision(total))} | ${pct(recall(total))} |`,
);
const misses = [...rows.values()].flatMap((r) => r.misses);
console.log(`\nOCR (la primera incluye arrancar el worker): ${ocrTimes.join('; ')}`);
if (misses.length > 0) console.log(`Con campos errados o faltantes: ${misses.join(', ')}`);
