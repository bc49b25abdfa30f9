// What a crawler gets from the server (docs/decisions/035-link-previews-and-not-found.md): each
// public page's link-preview tags with absolute URLs from APP_URL and its structured data, in
// the HTML itself; 404 with the not-found page for a URL no route of the app matches, 200 for
// every route of the client's route tree.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_SHELL_FILE,
  COMPRA_PAGE,
  FAQ_SECTIONS,
  PRERENDERED_PAGES,
  PUBLIC_PAGE_DESCRIPTIONS,
  ROUTE_PATHS_FILE,
  SERVICE_LOCKERS,
  TRAVEL_RULES_V1,
  pageTitle,
  travelRulesFaqLines,
} from '@casillero/shared';
import type { Database } from '../db/client';
import { REPO_ROOT, testConfig } from '../env';
import { createServer } from '../server';
import { createTestDatabase } from '../test/db';

const APP_URL = 'https://casillero.example';
const SHELL =
  '<!doctype html><html lang="es-VE"><head><title>Casillero Virtual</title></head><body><div id="root"></div></body></html>';

/** The client's route paths as its router writes them, read off the committed route tree. */
const ROUTE_PATHS = [
  ...new Set(
    [
      ...fs.readFileSync(path.join(REPO_ROOT, 'client/src/routeTree.gen.ts'), 'utf8').matchAll(/fullPath: '([^']+)'/g),
    ].map((m) => m[1]!),
  ),
];

let root: string;
let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;

beforeAll(async () => {
  // A built client in miniature: client/dist with its pages, client/dist-ssr with the route paths.
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-head-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(dist);
  fs.writeFileSync(path.join(dist, APP_SHELL_FILE), SHELL);
  for (const page of PRERENDERED_PAGES) {
    fs.writeFileSync(
      path.join(dist, page.file),
      `<!doctype html><html lang="es-VE"><head><title>${pageTitle(page.path)}</title></head><body><div id="root"><h1>${page.path}</h1></div></body></html>`,
    );
  }
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  fs.writeFileSync(path.join(root, 'dist-ssr', ROUTE_PATHS_FILE), JSON.stringify(ROUTE_PATHS));
  database = await createTestDatabase();
  server = await createServer({ config: testConfig({ appUrl: APP_URL, clientDist: dist }), database });
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = (url: string) => server.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });

const decodeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The content of each `<meta>` with this name or property, in the page's order. */
const metas = (html: string, key: string) =>
  [...html.matchAll(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`, 'g'))].map((m) =>
    decodeEntities(m[1]!),
  );

type Thing = { '@type': string; '@id'?: string; [key: string]: unknown };
const structuredData = (html: string): Thing[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const data = JSON.parse(m[1]!) as Thing | Thing[];
    return Array.isArray(data) ? data : [data];
  });

describe('link previews of the public pages', () => {
  it('each public page carries its title, description, card, canonical URL and language in its HTML', async () => {
    for (const page of PRERENDERED_PAGES) {
      const res = await get(page.path);
      expect(res.statusCode, page.path).toBe(200);
      const html = res.body;
      const url = new URL(page.path, APP_URL).href;
      expect(html, page.path).toContain(`<h1>${page.path}</h1>`);
      expect(html, page.path).toMatch(/^<!doctype html><html lang="es-VE">/);
      expect(metas(html, 'og:title'), page.path).toEqual([pageTitle(page.path)]);
      expect(metas(html, 'description'), page.path).toEqual([PUBLIC_PAGE_DESCRIPTIONS[page.path]]);
      expect(metas(html, 'og:description'), page.path).toEqual([PUBLIC_PAGE_DESCRIPTIONS[page.path]]);
      expect(metas(html, 'og:url'), page.path).toEqual([url]);
      expect(html, page.path).toContain(`<link rel="canonical" href="${url}">`);
      expect(metas(html, 'og:image'), page.path).toEqual([`${APP_URL}/og/${page.file.replace('.html', '.png')}`]);
      expect(metas(html, 'og:image:width'), page.path).toEqual(['1200']);
      expect(metas(html, 'og:image:height'), page.path).toEqual(['630']);
      expect(metas(html, 'og:locale'), page.path).toEqual(['es_VE']);
      expect(metas(html, 'twitter:card'), page.path).toEqual(['summary_large_image']);
      // The tags are in <head>, where crawlers read them.
      expect(html.indexOf('og:image'), page.path).toBeLessThan(html.indexOf('</head>'));
    }
    expect(metas((await get('/')).body, 'og:title')).toEqual([
      'Casillero Virtual · Casilleros en Miami y China con envío a Venezuela',
    ]);
    expect(metas((await get('/servicios/')).body, 'og:url')).toEqual([`${APP_URL}/servicios`]);
  });

  it("a tracking number's link previews as the tracking page, on the app that shows its answer", async () => {
    const res = await get('/rastreo/1Z999AA10123456784');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(metas(res.body, 'og:title')).toEqual([pageTitle('/rastreo')]);
    expect(metas(res.body, 'og:image')).toEqual([`${APP_URL}/og/rastreo.png`]);
    expect(res.body).toContain(`<link rel="canonical" href="${APP_URL}/rastreo">`);
  });

  it('every public page names the business, and each page the same one', async () => {
    for (const page of PRERENDERED_PAGES) {
      const organizations = structuredData((await get(page.path)).body).filter((t) => t['@type'] === 'Organization');
      expect(organizations, page.path).toEqual([
        expect.objectContaining({
          '@id': `${APP_URL}/#organizacion`,
          name: 'Casillero Virtual',
          url: `${APP_URL}/`,
          logo: `${APP_URL}/icons/icon-512.png`,
        }),
      ]);
    }
  });

  it('the FAQ page lists every question the page shows with its answer, the travel rules included', async () => {
    const faqs = structuredData((await get('/contacto')).body).filter((t) => t['@type'] === 'FAQPage');
    expect(faqs).toHaveLength(1);
    const questions = faqs[0]!.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    const items = FAQ_SECTIONS.flatMap((section) => section.items);
    expect(questions.map((q) => q.name)).toEqual(items.map((item) => item.question));
    for (const [i, item] of items.entries()) {
      expect(questions[i]!.acceptedAnswer.text).toContain(item.answer);
      if (item.rules)
        for (const line of travelRulesFaqLines(TRAVEL_RULES_V1))
          expect(questions[i]!.acceptedAnswer.text).toContain(line);
    }
    for (const page of PRERENDERED_PAGES.filter((p) => p.path !== '/contacto')) {
      expect(
        structuredData((await get(page.path)).body).some((t) => t['@type'] === 'FAQPage'),
        page.path,
      ).toBe(false);
    }
  });

  it('the services page describes each service it shows, offered by the business', async () => {
    const services = structuredData((await get('/servicios')).body).filter((t) => t['@type'] === 'Service');
    expect(services.map((s) => s.name)).toEqual([
      SERVICE_LOCKERS.usa.title,
      SERVICE_LOCKERS.china.title,
      COMPRA_PAGE.title,
    ]);
    for (const service of services) {
      expect(service.provider).toEqual({ '@id': `${APP_URL}/#organizacion` });
      expect(service.description).toEqual(expect.any(String));
    }
    expect(structuredData((await get('/')).body).some((t) => t['@type'] === 'Service')).toBe(false);
  });
});

describe('unknown URLs', () => {
  /** A URL of a route path, its parameters filled in. */
  const urlOf = (routePath: string) => routePath.replace(/\$[A-Za-z]+/g, 'ABC123').replace(/\/\$$/, '/algo/mas');

  it('every route of the app answers 200 with the app, parameterised ones and the signed-in areas included', async () => {
    expect(ROUTE_PATHS).toEqual(
      expect.arrayContaining(['/rastreo/$numero', '/dashboard/mis-trackings', '/admin/trackings']),
    );
    for (const routePath of ROUTE_PATHS) {
      const res = await get(urlOf(routePath));
      expect(res.statusCode, routePath).toBe(200);
      expect(res.headers['content-type'], routePath).toMatch(/text\/html/);
    }
    for (const url of [
      '/rastreo/1Z999AA10123456784',
      '/Servicios',
      '/dashboard/mis-trackings/?ver=1',
      '/login?redirect=%2Fadmin',
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('a URL no route matches answers 404 with the app, whose router shows the not-found page', async () => {
    for (const url of [
      '/no-existe',
      '/servicios/extra',
      '/rastreo/ABC123/mas',
      '/dashboardx',
      '/admin/no-existe?x=1',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toBe(SHELL);
    }
  });

  it('the API and tRPC keep answering an unknown path with JSON', async () => {
    for (const url of ['/api/no-existe', '/trpc/nada.aqui', '/api']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
    }
  });
});
