// The OCR of a phone photo of a printed receipt (the extraction's fixture receipt-photo.jpg):
// target 5 s or less (docs/product/prealerts-from-email.md#lectura). The first photo includes
// starting tesseract.js's worker and loading its English data; the next ones reuse the worker.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { extractFromFile, stopOcr } from '../src/services/prealert-mail/extraction';
import { FIXTURES_DIR } from '../src/services/prealert-mail/extraction/fixture-scores';

const PHOTOS = 5;
const TARGET_MS = 5_000;

export async function measureOcr() {
  const name = 'receipt-photo.jpg';
  const content = new Uint8Array(fs.readFileSync(path.join(FIXTURES_DIR, 'files', name)));
  const times: number[] = [];
  let total: number | null = null;
  for (let i = 0; i < PHOTOS; i++) {
    const t0 = performance.now();
    total = (await extractFromFile({ filename: name, contentType: 'image/jpeg', content })).totalUsdCents;
    times.push(performance.now() - t0);
  }
  await stopOcr();
  const [first, ...rest] = times;
  const sorted = [...rest].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  const s = (ms: number) => `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
  console.log(
    `\nOCR de la foto de un recibo (${name}, ${Math.round(content.byteLength / 1024)} KB, total leído ${total} centavos)`,
  );
  console.log(
    `  primera foto (con el arranque del worker) ${s(first)}; siguientes: mediana ${s(median)}, máximo ${s(sorted[sorted.length - 1])} ` +
      `${Math.max(...times) <= TARGET_MS ? `(dentro de la meta de ${s(TARGET_MS)})` : `(POR ENCIMA de la meta de ${s(TARGET_MS)})`}`,
  );
}
