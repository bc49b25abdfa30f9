// Two of the customer's tasks end to end on the phone (docs/product/fast-on-a-phone.md#tasks):
// from choosing the file to the confirmation on screen, on slow 4G (750 kbit/s up) and the phone's
// CPU. A payment's receipt is a 12-megapixel photo (4000×3000, drawn in the browser and encoded as
// a JPEG, as a phone's camera gives it), which the app makes smaller before sending
// (client/src/lib/files.ts); a pre-alert's invoice is a 1 MB PDF, sent as it is. The form is
// filled at full speed first; the phone's network and CPU start when the file is chosen.
import { randomBytes } from 'node:crypto';
import type { Browser, Cookie, Locator, Page } from 'playwright-core';
import { PAYMENT_MESSAGES } from '@casillero/shared';
import { call, closeWithin, GaveUp, reasonOf, withTimeout } from './web-bounded';
import { throttle } from './web-probe';
import { fixed } from './web-report';
import { type Account, androidUserAgent, CONTENT_TIMEOUT_MS, PHONE, SLOW_4G } from './web-visit';

const timeout = CONTENT_TIMEOUT_MS;
const field = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`);

/** Runs in the browser: a 4000×3000 JPEG that compresses like a photo (gradients and grain), base64. */
async function twelveMegapixelJpeg(): Promise<string> {
  const [width, height] = [4000, 3000];
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  const gradient = context.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#7a9cb8');
  gradient.addColorStop(0.5, '#e8d2a0');
  gradient.addColorStop(1, '#3b5d2a');
  context.fillStyle = gradient;
  context.fillRect(0, 0, width, height);
  const image = context.getImageData(0, 0, width, height);
  for (let i = 0; i < image.data.length; i += 4) {
    const grain = (Math.random() - 0.5) * 24;
    image.data[i] += grain;
    image.data[i + 1] += grain;
    image.data[i + 2] += grain;
  }
  context.putImageData(image, 0, 0);
  const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 })).arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** A one-page PDF of `size` bytes: an invoice as a store's site gives it (its weight is an image stream). */
function pdfOf(size: number): Buffer {
  const head =
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n';
  const page = '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R>>endobj\n';
  const tail = '\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';
  const streamLength = size - head.length - page.length - tail.length - 40;
  return Buffer.concat([
    Buffer.from(`${head}${page}4 0 obj<</Length ${streamLength}>>stream\n`.padEnd(head.length + page.length + 40)),
    randomBytes(streamLength),
    Buffer.from(tail),
  ]);
}

type Task = {
  name: string;
  path: string;
  account: Account;
  targetMs: number;
  /** Opens the form and fills it, at full speed; returns where the file goes. */
  prepare: (tab: Page) => Promise<Locator>;
  file: (browser: Browser) => Promise<{ name: string; mimeType: string; buffer: Buffer }>;
  /** After the file is chosen: what the person does and waits for until the confirmation shows. */
  finish: (tab: Page) => Promise<void>;
};

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

/** The pre-alert's tracking number, new each time, to find its card once created. */
let prealertTracking = '';

const TASKS: Task[] = [
  {
    name: 'reportar un pago con la foto del comprobante (12 MP)',
    path: '/dashboard/facturas',
    account: 'customer',
    targetMs: 10_000,
    async prepare(tab) {
      // The first invoice's button (the page's own, above the invoices, is a payment without one).
      await tab.getByRole('button', { name: 'Reportar pago', exact: true }).nth(1).tap({ timeout });
      const dialog = tab.getByRole('dialog', { name: 'Reportar pago' });
      await dialog.getByRole('radio', { name: /^Pago Móvil/ }).tap({ timeout });
      await dialog.getByLabel(field('Referencia')).fill(`BENCH${unique()}`, { timeout });
      return dialog.locator('input[type="file"]');
    },
    async file(browser) {
      const context = await call(browser.newContext(), 'el contexto');
      try {
        const tab = await call(context.newPage(), 'la pestaña');
        const base64 = await call(tab.evaluate(twelveMegapixelJpeg), 'la foto de 12 MP');
        return { name: 'comprobante.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
      } finally {
        await closeWithin(context.close());
      }
    },
    async finish(tab) {
      const dialog = tab.getByRole('dialog', { name: 'Reportar pago' });
      await dialog.getByRole('img', { name: 'Vista previa del comprobante' }).waitFor({ timeout });
      await dialog.getByRole('button', { name: 'Reportar pago', exact: true }).tap({ timeout });
      await tab.getByText(PAYMENT_MESSAGES.reportedMessage).first().waitFor({ timeout });
    },
  },
  {
    name: 'prealertar con la factura en PDF (1 MB)',
    path: '/dashboard/prealertas',
    account: 'customer',
    targetMs: 5_000,
    async prepare(tab) {
      await tab.getByRole('button', { name: 'Nueva prealerta' }).first().tap({ timeout });
      const dialog = tab.getByRole('dialog', { name: 'Nueva prealerta' });
      prealertTracking = `1ZBENCH${unique()}`;
      await dialog.getByRole('textbox', { name: field('Número de tracking') }).fill(prealertTracking, { timeout });
      await dialog.getByRole('textbox', { name: field('Tienda / remitente') }).fill('Amazon', { timeout });
      await dialog.getByRole('textbox', { name: field('Descripción') }).fill('Audífonos inalámbricos', { timeout });
      await dialog.getByRole('textbox', { name: field('Peso estimado (kg)') }).fill('0.5', { timeout });
      return dialog.locator('input[type="file"]');
    },
    file: async () => ({ name: 'factura.pdf', mimeType: 'application/pdf', buffer: pdfOf(1024 * 1024) }),
    async finish(tab) {
      const dialog = tab.getByRole('dialog', { name: 'Nueva prealerta' });
      await dialog.getByRole('button', { name: 'Crear prealerta' }).tap({ timeout });
      await dialog.waitFor({ state: 'hidden', timeout });
      await tab.getByRole('article', { name: `Prealerta ${prealertTracking}` }).waitFor({ timeout });
    },
  },
];

/** One task in a fresh context: ms from choosing the file until the confirmation showed. */
async function runTask(browser: Browser, url: string, task: Task, cookies: Cookie[]) {
  const file = await task.file(browser);
  const context = await call(browser.newContext({ ...PHONE, userAgent: androidUserAgent(browser) }), 'el contexto');
  try {
    await call(context.addCookies(cookies), 'las cookies');
    const tab = await call(context.newPage(), 'la pestaña');
    await tab.goto(url + task.path, { waitUntil: 'load', timeout });
    await tab.locator('html[data-ready]').waitFor({ state: 'attached', timeout });
    const input = await task.prepare(tab).catch((err: Error) => {
      throw new GaveUp(`no se pudo llenar el formulario (${err.message.split('\n')[0]})`);
    });
    const cdp = await call(context.newCDPSession(tab), 'DevTools');
    await call(throttle(cdp, SLOW_4G), 'la limitación de red y CPU');
    const start = Date.now();
    await input.setInputFiles(file, { timeout });
    await task.finish(tab).catch((err: Error) => {
      throw new GaveUp(`sin confirmación tras ${timeout / 1000} s (${err.message.split('\n')[0]})`);
    });
    return { ms: Date.now() - start, kb: file.buffer.length / 1024 };
  } finally {
    await closeWithin(context.close());
  }
}

/** Each task once (each leaves its payment or pre-alert behind), and their lines. */
export async function measureTasks(browser: Browser, url: string, sessions: Partial<Record<Account, Cookie[]>>) {
  console.log(
    '\nTareas de punta a punta (desde elegir el archivo hasta ver la confirmación, red y CPU del teléfono):\n',
  );
  for (const task of TASKS) {
    const result = await withTimeout(
      runTask(browser, url, task, sessions[task.account] ?? []),
      4 * timeout,
      `la tarea no terminó tras ${(4 * timeout) / 1000} s`,
    ).catch((err: unknown) => {
      console.log(`  ✗ ${task.path}: ${task.name}: ${reasonOf(err)}`);
      return null;
    });
    if (!result) continue;
    const mark = result.ms <= task.targetMs ? '✓' : '✗';
    console.log(
      `  ${task.path}: ${task.name} (${fixed(result.kb, 0)} KB elegidos): ${fixed(result.ms / 1000, 1)} s; ` +
        `objetivo ≤ ${task.targetMs / 1000} s ${mark}`,
    );
  }
}
