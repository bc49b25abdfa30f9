// A public page that shows what staff change is drawn again when it changes
// (http/live-public-pages.ts): the FAQ on /contacto lists the travel rules in effect, the page
// a visitor gets carries them (and the answer the browser hydrates with), and a new rule version
// shows on the next visit, with no build. The client's server bundle is stood in for by one that
// lists the categories it is given; the real one is the browser test's (e2e/travel-rules.test.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_DATA_ID, TRAVEL_RULES_V1, prerenderedPage } from '@casillero/shared';
import type { Database } from '../db/client';
import { testConfig } from '../env';
import { createServer } from '../server';
import { publicHead, withPublicHead } from './public-head';
import { createTestDatabase } from '../test/db';
import { signedInAdmin } from '../test/factories';

let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;
let root: string;

const PRERENDERED =
  '<!doctype html><html><head><title>Ayuda y contacto | Casillero Virtual</title>' +
  // The page's critical CSS, as the build inlines it: the page is well above the compression threshold.
  `<style>${'.faq{color:red}'.repeat(100)}</style>` +
  '<link rel="stylesheet" href="/assets/contacto.css"></head><body>' +
  `<div id="root"><ul><li>De la compilación</li></ul></div><script type="application/json" id="${SERVER_DATA_ID}">["/contacto"]</script>` +
  '<script type="module" src="/assets/index.js"></script></body></html>';

/** Stands in for client/dist-ssr/entry-server.js: the FAQ is the names of the categories it is given. */
const BUNDLE = `
export async function render(url, answers) {
  const rules = Object.fromEntries(answers)['site.travelRules'];
  if (rules.commercialQuantity === 999) throw new Error('un dibujo que falla');
  const html = '<ul aria-label="Prohibidos">' + rules.categories.map((c) => '<li>' + c.name + '</li>').join('') + '</ul>';
  return { html, head: '', data: JSON.stringify([url, [['site', 'travelRules'], rules]]).replace(/</g, '\\\\u003c') };
}
`;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-live-'));
  const clientDist = path.join(root, 'dist');
  fs.mkdirSync(clientDist, { recursive: true });
  fs.writeFileSync(path.join(clientDist, 'shell.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(clientDist, 'contacto.html'), PRERENDERED);
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  fs.writeFileSync(path.join(root, 'dist-ssr/entry-server.js'), BUNDLE);
  database = await createTestDatabase();
  server = await createServer({ config: testConfig({ appUrl: 'http://localhost:3000', clientDist }), database });
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const visit = (headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url: '/contacto', headers: { 'accept-encoding': 'identity', ...headers } });

describe('/contacto drawn with the travel rules in effect', () => {
  it('lists the rules in effect, keeps the rest of the prerendered page, and answers 304 to a browser that has it', async () => {
    const res = await visit();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    for (const category of TRAVEL_RULES_V1.categories) expect(res.body).toContain(`<li>${category.name}</li>`);
    expect(res.body).not.toContain('De la compilación');
    // The head and the scripts of the prerendered page, and the answer the browser hydrates with.
    expect(res.body).toContain('<title>Ayuda y contacto | Casillero Virtual</title>');
    expect(res.body).toContain('<script type="module" src="/assets/index.js"></script>');
    expect(res.body).toContain(`id="${SERVER_DATA_ID}">["/contacto",[["site","travelRules"],`);

    const again = await visit({ 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('goes out compressed to a browser that accepts it', async () => {
    const res = await visit({ 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    for (const category of TRAVEL_RULES_V1.categories) expect(html).toContain(`<li>${category.name}</li>`);
  });

  it('shows a new rule version on the next visit, with a new ETag', async () => {
    const before = await visit();
    const admin = await signedInAdmin(database.db);
    const category = {
      id: 'imanes',
      name: 'Imanes de neodimio',
      kind: 'prohibited' as const,
      modes: 'both' as const,
      words: ['imán de neodimio'],
      exceptWords: [],
      reason: 'Su campo magnético afecta la navegación del avión.',
      advice: 'Envíalo por vía marítima.',
    };
    await admin.caller.travelRules.create({
      startDay: null,
      rules: { ...TRAVEL_RULES_V1, categories: [...TRAVEL_RULES_V1.categories, category] },
    });
    const after = await visit({ 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain('<li>Imanes de neodimio</li>');
    expect(before.body).not.toContain('Imanes de neodimio');
  });

  it('sends the prerendered page when the drawing fails, and draws again once it works', async () => {
    const admin = await signedInAdmin(database.db);
    const version = (rules: typeof TRAVEL_RULES_V1) => admin.caller.travelRules.create({ startDay: null, rules });
    await version({ ...TRAVEL_RULES_V1, commercialQuantity: 999 });
    const failed = await visit();
    expect(failed.statusCode).toBe(200);
    // As built, with the server's head (its link-preview tags and structured data).
    expect(failed.body).toBe(
      withPublicHead(PRERENDERED, publicHead(prerenderedPage('/contacto'), 'http://localhost:3000')),
    );

    await version({ ...TRAVEL_RULES_V1, categories: TRAVEL_RULES_V1.categories.slice(1) });
    const drawn = await visit();
    expect(drawn.body).not.toContain(`<li>${TRAVEL_RULES_V1.categories[0]!.name}</li>`);
    expect(drawn.body).toContain(`<li>${TRAVEL_RULES_V1.categories[1]!.name}</li>`);
  });
});
