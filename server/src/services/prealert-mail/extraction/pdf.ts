// A PDF invoice's text, read with unpdf (pdf.js) in a worker thread of its own with a heap limit
// and a time limit: a PDF bomb ends that thread, never the server.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { FILE_LIMITS, FileNotReadError, type FileLimits } from './limits';

const unpdfModule = createRequire(import.meta.url)
  .resolve('unpdf')
  .replace(/\.cjs$/, '.mjs');

// Plain JavaScript run by `new Worker(..., { eval: true })`: no build step, the same under tsx,
// vitest and the built server. Text items keep pdf.js's line ends.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { getDocumentProxy } = await import(require('node:url').pathToFileURL(workerData.unpdf).href);
  const pdf = await getDocumentProxy(workerData.bytes, { isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  const pages = Math.min(pdf.numPages, workerData.maxPages);
  let text = '';
  for (let n = 1; n <= pages && text.length < workerData.maxChars; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item) text += item.str + (item.hasEOL ? '\\n' : ' ');
    text += '\\n';
  }
  parentPort.postMessage({ ok: true, text: text.slice(0, workerData.maxChars), pages: pdf.numPages });
})().catch((e) => parentPort.postMessage({ ok: false, error: String((e && e.message) || e) }));
`;

/** The text of a PDF's first pages; throws FileNotReadError when it is not a PDF, too large, too slow or unreadable. */
export function pdfToText(bytes: Uint8Array, limits: FileLimits = FILE_LIMITS): Promise<string> {
  if (bytes.byteLength > limits.pdfMaxBytes)
    return Promise.reject(
      new FileNotReadError('too-large', `El PDF pesa más de ${limits.pdfMaxBytes / 1024 / 1024} MB.`),
    );
  if (Buffer.from(bytes.subarray(0, 1024)).indexOf('%PDF-') < 0)
    return Promise.reject(new FileNotReadError('not-a-pdf', 'El archivo no es un PDF.'));
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: {
        unpdf: unpdfModule,
        bytes: new Uint8Array(bytes),
        maxPages: limits.pdfMaxPages,
        maxChars: limits.maxTextChars,
      },
      resourceLimits: { maxOldGenerationSizeMb: limits.pdfMaxHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(new FileNotReadError('timeout', `El PDF no se pudo leer en ${limits.pdfTimeoutMs / 1000} s.`)),
        ),
      limits.pdfTimeoutMs,
    );
    worker.on('message', (m: { ok: true; text: string } | { ok: false; error: string }) =>
      settle(() =>
        m.ok ? resolve(m.text) : reject(new FileNotReadError('unreadable', `El PDF no se pudo leer: ${m.error}`)),
      ),
    );
    worker.on('error', (e) =>
      settle(() => reject(new FileNotReadError('unreadable', `El PDF no se pudo leer: ${e.message}`))),
    );
    worker.on('exit', () => settle(() => reject(new FileNotReadError('unreadable', 'El PDF no se pudo leer.'))));
  });
}
