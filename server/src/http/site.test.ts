// How the server delivers the web client (docs/decisions/014): precompressed files chosen by
// Accept-Encoding, compressed API answers, the prerendered pages at their URLs, the app shell
// for the rest, robots.txt and sitemap.xml from APP_URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_SHELL_FILE,
  PRERENDERED_PAGES,
  ROBOTS_DISALLOW,
  TRPC_MAX_BATCH_CALLS,
  appShellFile,
} from '@casillero/shared';
import type { Database } from '../db/client';
import { testConfig } from '../env';
import { createServer } from '../server';
import { DOCUMENT_ONLY_HEADERS, EARLY_TAP_SCRIPT_SOURCE } from './site';
import { createTestDatabase } from '../test/db';

let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;
let clientDist: string;

const SCRIPT = `export const message = ${JSON.stringify('Compra en USA y China, recíbelo en Venezuela. '.repeat(200))};\n`;
const pageHtml = (name: string) =>
  `<!doctype html><html lang="es-VE"><head><title>${name}</title></head><body><div id="root"><h1>${name}</h1>${'<p>Casilleros en Miami y Beijing.</p>'.repeat(100)}</div></body></html>`;

/** Writes a file and, as client/scripts/precompress.mjs does, its brotli and gzip copies. */
function writeWithCopies(file: string, content: string) {
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
}

/** A built client in miniature: pages, the shell and one script with its compressed copies. */
function writeClientDist(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, APP_SHELL_FILE), '<!doctype html><html><body><div id="root"></div></body></html>');
  for (const page of PRERENDERED_PAGES) writeWithCopies(path.join(dir, page.file), pageHtml(`página ${page.path}`));
  writeWithCopies(path.join(dir, 'assets/index-abc123.js'), SCRIPT);
  writeWithCopies(path.join(dir, 'sw.js'), SCRIPT);
  writeWithCopies(path.join(dir, 'boot.js'), SCRIPT);
  // One signed-in page with an app shell of its own.
  fs.mkdirSync(path.join(dir, path.dirname(appShellFile('/dashboard/mis-trackings'))), { recursive: true });
  writeWithCopies(path.join(dir, appShellFile('/dashboard/mis-trackings')), pageHtml('shell de Mis Trackings'));
}

beforeAll(async () => {
  clientDist = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-dist-'));
  writeClientDist(clientDist);
  database = await createTestDatabase();
  server = await createServer({ config: testConfig({ appUrl: 'https://casillero.example', clientDist }), database });
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
  fs.rmSync(clientDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  server.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('static files', () => {
  it('serves the brotli copy to a browser that accepts br, with Vary and the immutable cache of hashed assets', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 5);
  });

  it('sends the script that starts the app (its name has no hash) fresh on every visit, as the pages', async () => {
    const res = await get('/boot.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves the gzip copy to a browser that accepts only gzip', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('serves the file itself to a client that accepts no compression', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('sends a hashed asset without the headers only a document reads, and a page with all of them', async () => {
    const asset = await get('/assets/index-abc123.js', 'br');
    for (const name of DOCUMENT_ONLY_HEADERS) expect(asset.headers[name], name).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers.etag).toBeDefined();

    for (const url of ['/', '/dashboard/mis-trackings', '/sw.js']) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-security-policy'], url).toContain("script-src 'self'");
      // One inline script, by its hash: the taps before the app is ready (docs/decisions/036-early-taps.md).
      const scriptSrc = /script-src [^;]*/.exec(String(page.headers['content-security-policy']))?.[0];
      expect(scriptSrc, url).toBe(`script-src 'self' 'wasm-unsafe-eval' ${EARLY_TAP_SCRIPT_SOURCE}`);
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(page.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      // Asked for, Chromium would give the origin a renderer of its own once the page arrives (decision 014).
      expect(page.headers['origin-agent-cluster'], url).toBeUndefined();
    }
  });
});

describe('pages', () => {
  it('answers each prerendered page from its own HTML, fresh on every visit', async () => {
    for (const page of PRERENDERED_PAGES) {
      const res = await get(page.path, 'identity');
      expect(res.statusCode, page.path).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body, page.path).toContain(`<h1>página ${page.path}</h1>`);
    }
    expect((await get('/servicios/', 'identity')).body).toContain('<h1>página /servicios</h1>');
    expect((await get('/login?redirect=%2Fdashboard', 'identity')).body).toContain('<h1>página /login</h1>');
  });

  it('answers a signed-in page with its own app shell where the build wrote one', async () => {
    for (const url of ['/dashboard/mis-trackings', '/dashboard/mis-trackings/?ver=1']) {
      const res = await get(url, 'identity');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body, url).toContain('<h1>shell de Mis Trackings</h1>');
    }
  });

  it('answers every other page with the app shell, and an unknown file or API path with a 404', async () => {
    for (const url of ['/dashboard/facturas', '/admin/trackings?page=2', '/verificar-email']) {
      const res = await get(url, 'identity');
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(fs.readFileSync(path.join(clientDist, APP_SHELL_FILE), 'utf8'));
    }
    expect((await get('/assets/missing-123.js')).statusCode).toBe(404);
    expect((await get('/trpc/nothing.here')).statusCode).toBe(404);
  });

  it('serves the precompressed copy of a page to browsers that accept it', async () => {
    for (const url of ['/', '/servicios']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain(`<h1>página ${url}</h1>`);
    }
    const gzip = await get('/cotizar', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('<h1>página /cotizar</h1>');
  });
});

describe('API answers', () => {
  // A batch of public queries: an answer of a few kilobytes, as a list page gets.
  const batchUrl = `/trpc/${Array(TRPC_MAX_BATCH_CALLS).fill('site.config').join(',')}?batch=1&input=${encodeURIComponent('{}')}`;

  it('compresses an answer above 1 KB with brotli or gzip, as the browser asks', async () => {
    const identity = await get(batchUrl, 'identity');
    expect(identity.statusCode).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(Buffer.byteLength(identity.body)).toBeGreaterThan(1024);

    const br = await get(batchUrl, 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(identity.json());

    const gzip = await get(batchUrl, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(identity.json());
  });

  it('leaves a small answer uncompressed', async () => {
    const res = await get('/trpc/auth.me', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ result: { data: { user: null } } });
  });
});

describe('search engines', () => {
  it('robots.txt keeps crawlers out of the private areas and points at the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    for (const prefix of ROBOTS_DISALLOW) expect(res.body).toContain(`Disallow: ${prefix}\n`);
    expect(res.body).toContain('Sitemap: https://casillero.example/sitemap.xml');
  });

  it('sitemap.xml lists the public pages with absolute URLs from APP_URL', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://casillero.example/');
    expect(locs).toContain('https://casillero.example/cotizar');
    expect(locs).not.toContain('https://casillero.example/forgot-password');
    expect(locs.some((loc) => loc.includes('/dashboard') || loc.includes('/admin'))).toBe(false);
  });
});
