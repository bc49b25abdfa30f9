// The customer's first screens rendered on the server (docs/decisions/033-server-rendered-signed-in-pages.md):
// a valid session gets the page with its own data and nobody else's, private and never stored;
// no session, an expired one or a failing render gets the plain app shell. The client's server
// bundle is stood in for by a small one that lists what `trackings.mine` answers through the
// server's in-process queries (the real bundle is the browser test's: e2e/server-rendered.test.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PART_HEADER, PAGE_REST, SESSION_COOKIE_NAME, appShellFile, splitPage } from '@casillero/shared';
import type { Database } from '../db/client';
import { mailboxes, sessions, trackings } from '../db/schema';
import { testConfig } from '../env';
import { createServer } from '../server';
import { createTestDatabase } from '../test/db';
import { signedInCustomer } from '../test/factories';
import { composePage } from './signed-in-pages';

let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;
let root: string;
const db = () => database.db;

const SHELL =
  '<!doctype html><html><head><meta name="viewport" content="width=device-width">' +
  '<link rel="stylesheet" crossorigin href="/assets/index.css">' +
  '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/trpc/trackings.mine?batch=1&amp;preload=1">' +
  '<title>Casillero</title><link rel="modulepreload" crossorigin href="/assets/index.js" data-app-entry>' +
  '<script defer src="/boot.js"></script></head><body><div id="root"></div></body></html>';

/** Stands in for client/dist-ssr/entry-server.js: the page is the customer's tracking numbers. */
const BUNDLE = `
export async function renderSignedIn(url, query, onPhone) {
  if (url.includes('falla')) await query('auth.signOut', {});
  const me = await query('auth.me', undefined);
  if (!me.user) return null;
  const list = await query('trackings.mine', undefined);
  const html = '<ul aria-label="Trackings" data-layout="' + (onPhone ? 'phone' : 'desktop') + '">' + list.map((t) => '<li>' + t.trackingNumber + '</li>').join('') + '</ul>';
  const data = JSON.stringify([url, [['trackings', 'mine'], list]]).replace(/</g, '\\\\u003c');
  return { html, head: '<title>Mis Trackings</title>', data };
}
// The real one inlines the rules the page uses, from the build's plans (client/src/lib/critical-css.ts).
export function criticalCssInliner(plans) {
  const rules = '.rule{color:red}'.repeat(200);
  return (html) => html.replace('</head>', '<style data-critical-from="' + plans.join(' ') + '">' + rules + '</style></head>');
}
`;

async function customerWithTracking(nombre: string, trackingNumber: string) {
  const who = await signedInCustomer(db(), { nombre });
  const [mailbox] = await db()
    .update(mailboxes)
    .set({ status: 'active' })
    .where(eq(mailboxes.userId, who.user.id))
    .returning({ id: mailboxes.id });
  await db().insert(trackings).values({
    trackingNumber,
    userId: who.user.id,
    mailboxId: mailbox!.id,
    description: 'Zapatos deportivos',
    senderName: 'Nike',
    carrier: 'UPS',
  });
  return who;
}

let maria: Awaited<ReturnType<typeof customerWithTracking>>;
let carlos: Awaited<ReturnType<typeof customerWithTracking>>;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-ssr-'));
  const clientDist = path.join(root, 'dist');
  fs.mkdirSync(path.join(clientDist, 'app/dashboard'), { recursive: true });
  fs.writeFileSync(path.join(clientDist, 'shell.html'), SHELL);
  fs.writeFileSync(path.join(clientDist, appShellFile('/dashboard/mis-trackings')), SHELL);
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  fs.writeFileSync(path.join(root, 'dist-ssr/entry-server.js'), BUNDLE);
  fs.writeFileSync(path.join(root, 'dist-ssr/critical-css.json'), JSON.stringify(['plan-a', 'plan-b']));
  database = await createTestDatabase();
  server = await createServer({ config: testConfig({ appUrl: 'http://localhost:3000', clientDist }), database });
  maria = await customerWithTracking('María González', 'MARIA0001');
  carlos = await customerWithTracking('Carlos Pérez', 'CARLOS0001');
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The browser opening a page (a navigation), or `fetched` by a script such as the service worker. */
const page = (url: string, token?: string | null, fetched: Record<string, string> = {}) =>
  server.app.inject({
    method: 'GET',
    url,
    headers: {
      'accept-encoding': 'identity',
      accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      'sec-fetch-dest': 'document',
      'sec-fetch-mode': 'navigate',
      ...(token ? { cookie: `${SESSION_COOKIE_NAME}=${token}` } : {}),
      ...fetched,
    },
  });

describe('Mis Trackings rendered on the server', () => {
  it("shows María's trackings to María and Carlos's to Carlos, one after the other, private and never stored", async () => {
    for (const [who, mine, theirs] of [
      [maria, 'MARIA0001', 'CARLOS0001'],
      [carlos, 'CARLOS0001', 'MARIA0001'],
      [maria, 'MARIA0001', 'CARLOS0001'],
    ] as const) {
      const res = await page('/dashboard/mis-trackings', who.visitor.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(String(res.headers.vary).toLowerCase()).toContain('cookie');
      expect(res.body).toContain(`<li>${mine}</li>`);
      expect(res.body).not.toContain(theirs);
      // The page's title; the data in the page, not preloaded again.
      expect(res.body).toContain('<title>Mis Trackings</title>');
      expect(res.body).not.toContain('<title>Casillero</title>');
      expect(res.body).toContain('<script type="application/json" id="server-data">');
      expect(res.body).not.toContain('rel="preload" as="fetch"');
      // Its critical CSS inlined, from the build's plans.
      expect(res.body).toMatch(/<style data-critical-from="plan-a plan-b">(\.rule\{color:red\})+<\/style><\/head>/);
    }
  });

  it("renders a phone's layout for a phone (its client hint, else its User-Agent) and says so to the browser", async () => {
    const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
    const tablet = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
    const cases = [
      [{ 'sec-ch-ua-mobile': '?1' }, true],
      [{ 'sec-ch-ua-mobile': '?0', 'user-agent': android }, false],
      [{ 'user-agent': android }, true],
      [{ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1' }, true],
      [{ 'user-agent': tablet }, false],
      [{}, false],
    ] as const;
    for (const [headers, onPhone] of cases) {
      const res = await page('/dashboard/mis-trackings', maria.visitor.token, headers);
      expect(res.body, JSON.stringify(headers)).toContain(
        `<div id="root"${onPhone ? ' data-phone' : ''}><ul aria-label="Trackings" data-layout="${onPhone ? 'phone' : 'desktop'}">`,
      );
    }
  });

  it('goes out compressed to a browser that accepts it', async () => {
    const res = await page('/dashboard/mis-trackings', maria.visitor.token, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('<li>MARIA0001</li>');
    expect(res.rawPayload.length).toBeLessThan(html.length / 2);
  });

  it('renders it with its search params too', async () => {
    const res = await page('/dashboard/mis-trackings?tracking=abc', maria.visitor.token);
    expect(res.body).toContain('<li>MARIA0001</li>');
  });

  it('sends the plain app shell without a session, with an unknown or expired one, and to another page', async () => {
    const expired = await signedInCustomer(db(), { nombre: 'Sesión Vencida' });
    await db()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.user.id));
    for (const token of [null, 'no-es-un-token', expired.visitor.token]) {
      const res = await page('/dashboard/mis-trackings', token);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(SHELL);
      expect(res.body).not.toContain('MARIA0001');
      expect(String(res.headers.vary).toLowerCase()).toContain('cookie');
    }
    // Not one of the server-rendered pages: the shell, even with a session.
    expect((await page('/dashboard/prealertas', maria.visitor.token)).body).toBe(SHELL);
  });

  it('falls back to the app shell when the render fails, and only queries run', async () => {
    const res = await page('/dashboard/mis-trackings?falla=1', maria.visitor.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SHELL);
    // The mutation the bundle tried was refused: María is still signed in.
    expect((await page('/dashboard/mis-trackings', maria.visitor.token)).body).toContain('<li>MARIA0001</li>');
  });
});

describe('the service worker', () => {
  it('passing a visit on to the network gets the rendered page (Chrome sends it as a navigation, destination empty)', async () => {
    const res = await page('/dashboard/mis-trackings', maria.visitor.token, { 'sec-fetch-dest': 'empty' });
    expect(res.body).toContain('<li>MARIA0001</li>');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it("gets the plain shell with a session: what it stores is never a customer's page", async () => {
    for (const fetched of [
      { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors', accept: '*/*' },
      { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'same-origin', accept: 'text/html' },
      // A browser without Sec-Fetch headers: a script's fetch does not ask for HTML.
      { 'sec-fetch-dest': '', 'sec-fetch-mode': '', accept: '*/*' },
    ]) {
      const headers = Object.fromEntries(Object.entries(fetched).filter(([, value]) => value !== ''));
      const res = await server.app.inject({
        method: 'GET',
        url: '/dashboard/mis-trackings?__WB_REVISION__=abc',
        headers: { 'accept-encoding': 'identity', cookie: `${SESSION_COOKIE_NAME}=${maria.visitor.token}`, ...headers },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(SHELL);
    }
  });
});

describe("the service worker joining a page's start and rest", () => {
  /** The worker's request for the rest: a script's fetch, with its header. */
  const rest = { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors', accept: '*/*', [PAGE_PART_HEADER]: PAGE_REST };
  const start = splitPage(SHELL)!.start;

  it("gets the customer's page after the start it keeps: hers alone, its code after its content, no rules of its own, never stored", async () => {
    expect(start).toBe(
      '<!doctype html><html><head><meta name="viewport" content="width=device-width">' +
        '<link rel="stylesheet" crossorigin href="/assets/index.css"><script defer src="/boot.js"></script>',
    );
    for (const [who, mine, theirs] of [
      [maria, 'MARIA0001', 'CARLOS0001'],
      [carlos, 'CARLOS0001', 'MARIA0001'],
    ] as const) {
      const res = await page('/dashboard/mis-trackings', who.visitor.token, rest);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(String(res.headers.vary).toLowerCase()).toContain(PAGE_PART_HEADER);
      expect(res.body).toContain(`<li>${mine}</li>`);
      expect(res.body).not.toContain(theirs);
      // The start and this rest are one document, with the page's title, its data not preloaded again.
      const joined = start + res.body;
      expect(joined.match(/<html>|<head>|<\/head>|<body>|<title>/g)).toEqual([
        '<html>',
        '<head>',
        '<title>',
        '</head>',
        '<body>',
      ]);
      expect(joined).toContain('<title>Mis Trackings</title>');
      expect(joined).not.toContain('rel="preload" as="fetch"');
      // The start links the stylesheets: no critical CSS; the entry waits in the template.
      expect(res.body).not.toContain('data-critical-from');
      expect(res.body).toContain(
        '<template id="app-preloads"><link rel="modulepreload" crossorigin href="/assets/index.js" data-app-entry></template></body>',
      );
    }
  });

  it("gets the app shell's rest without a session, and when the render fails", async () => {
    for (const [url, token] of [
      ['/dashboard/mis-trackings', null],
      ['/dashboard/mis-trackings', 'no-es-un-token'],
      ['/dashboard/mis-trackings?falla=1', maria.visitor.token],
    ] as const) {
      const res = await page(url, token, rest);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(splitPage(SHELL)!.rest);
      expect(start + res.body).toContain('<title>Casillero</title>');
      expect(res.body).not.toContain('MARIA0001');
    }
  });
});

describe('composePage', () => {
  it('puts the markup in the root, the data after it and the head in <head>', () => {
    const html = composePage(SHELL, { html: '<p>hola</p>', head: '<title>Facturas</title>', data: '{"href":"/x"}' });
    expect(html).toContain(
      '<div id="root"><p>hola</p></div><script type="application/json" id="server-data">{"href":"/x"}</script>',
    );
    expect(html).toContain('<title>Facturas</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });
});
