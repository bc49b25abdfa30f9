// npm run bench:web: how the built app feels on a Venezuelan phone
// (docs/product/fast-on-a-phone.md#budgets). Starts the server as production does (fresh
// embedded database with the demo data, or the PostgreSQL database in BENCH_DATABASE_URL),
// drives Chromium with a slow 4G network, a CPU slowed down to a mid-range phone's (calibrated
// on this machine, web-calibration.ts) and a phone's screen, and prints per page, for a cold
// visit (empty cache), a repeat visit (same browser, new tab) and the usual visit after it, each
// arriving from a page of another site and the service worker on the same network as the tab:
// bytes transferred, largest contentful paint and the time until the page's main content is on
// screen, medians of --runs rounds (the cold visit, like the bare page, loaded three times a
// round). Beside each time, its ratio to a bare page with the same words measured in the same
// run: the targets are those ratios, which hold from one machine to the next. A benchmark, not
// a test: a missed target is printed with ✗, the exit code only reports broken tooling.
//   npm run bench:web -- [--runs 3] [--pages /,/login] [--cpu 4] [--trace]   (builds first; --cpu: no calibration)
//   npx tsx tests/bench/web.ts [--runs 3] [--pages /,/login] [--cpu 4] [--trace]   (the client/dist already built)
// --trace: each measured visit also writes a Chrome trace (open it in DevTools' Performance panel)
// to tests/test-results/bench-web-<page>-<visit>-<round>.json, to see where a figure's time went.

import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Cookie } from 'playwright-core';
import { DEMO } from '../e2e/session';
import { findChromium, launchBrowser, SKIP_MESSAGE } from '../e2e/browser';
import { startServer, type RunningServer } from '../e2e/app-server';
import { calibrateCpu, heroWords, MID_RANGE_PHONE_INDEX, startFloorServer, type FloorServer } from './web-calibration';
import { FLOOR_LABEL, type Figures, fixed, medians, printTable, VISIT_LABEL, VISITS, type Visit } from './web-report';
import {
  SLOW_4G,
  PHONE,
  LOADS_PER_ROUND,
  NETWORK_QUIET_MS,
  type Account,
  type BenchPage,
  coldLoad,
  measure,
  warmUp,
} from './web-visit';

const PAGES: BenchPage[] = [
  { path: '/', content: { selector: 'h1' } },
  // The calculator's form (no submit button: it quotes as you type).
  { path: '/cotizar', content: { selector: 'form[aria-label="Datos del paquete"]' } },
  { path: '/login', content: { selector: 'form:has(input[type="password"]) button[type="submit"]' } },
  // A card of one of María's own trackings (texts filled in from the server's answer).
  { path: '/dashboard/mis-trackings', account: 'customer', content: { selector: 'ul[aria-label="Trackings"] > li' } },
  // The first data row (a row of the empty state has a single cell), or its card if the list
  // is drawn as cards on phones.
  {
    path: '/admin/trackings',
    account: 'admin',
    content: { selector: 'table[aria-label="Trackings"] > tbody > tr:has(> td + td), ul[aria-label="Trackings"] > li' },
  },
];

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      pages: { type: 'string' },
      cpu: { type: 'string' },
      trace: { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs debe ser un entero positivo, no '${values.runs}'`);
  const cpu = values.cpu === undefined ? undefined : Number(values.cpu);
  if (cpu !== undefined && !(cpu >= 1)) throw new Error(`--cpu debe ser un número ≥ 1, no '${values.cpu}'`);
  const wanted = values.pages
    ?.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = wanted?.filter((p) => !PAGES.some((page) => page.path === p)) ?? [];
  if (unknown.length > 0) {
    throw new Error(`Páginas desconocidas: ${unknown.join(', ')}. Disponibles: ${PAGES.map((p) => p.path).join(', ')}`);
  }
  return { runs, cpu, trace: values.trace, pages: wanted ? PAGES.filter((p) => wanted.includes(p.path)) : PAGES };
}

const DEMO_EMAILS: Record<Account, string> = { customer: DEMO.customer, admin: DEMO.admin };

/**
 * Signs in un-throttled through the tRPC mutation the login form calls, in a context of its
 * own (the browser's request client shares its cookie jar); returns the session cookies.
 */
async function sessionCookies(
  browser: Browser,
  url: string,
  account: Account,
): Promise<{ cookies: Cookie[]; context: BrowserContext }> {
  const context = await browser.newContext(PHONE);
  const response = await context.request.post(`${url}/trpc/auth.signIn`, {
    data: { email: DEMO_EMAILS[account], password: DEMO.password },
    // Mutations must come from the app's own origin (server/src/trpc/init.ts).
    headers: { Origin: url },
  });
  if (!response.ok())
    throw new Error(
      `No se pudo iniciar sesión como ${DEMO_EMAILS[account]}: ${response.status()} ${await response.text()}`,
    );
  return { cookies: await context.cookies(), context };
}

/** María's tracking numbers as the server lists them to her. */
async function customerTrackingNumbers(context: BrowserContext, url: string): Promise<string[]> {
  const response = await context.request.get(`${url}/trpc/trackings.mine`);
  if (!response.ok()) throw new Error(`trackings.mine respondió ${response.status()}`);
  const body = (await response.json()) as { result: { data: { trackingNumber: string }[] } };
  const numbers = body.result.data.map((t) => t.trackingNumber);
  if (numbers.length === 0) throw new Error(`${DEMO.customer} no tiene trackings en los datos de demostración`);
  return numbers;
}

async function main() {
  const { runs, cpu, trace, pages } = options();
  const executablePath = findChromium();
  if (!executablePath) throw new Error(SKIP_MESSAGE);

  let server: RunningServer | undefined;
  let floorServer: FloorServer | undefined;
  let browser: Browser | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await browser?.close().catch(() => {});
      await floorServer?.close();
      await server?.stop();
    })());
  // Ctrl-C reaches this process twice (from the terminal and relayed by tsx): clean up once,
  // and stay alive until the server (its own process group) is gone.
  let interrupted = false;
  const onSignal = () => {
    if (interrupted) return;
    interrupted = true;
    void cleanUp().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    const databaseUrl = process.env.BENCH_DATABASE_URL;
    console.log(
      `Iniciando el servidor (NODE_ENV=production, ${databaseUrl ? 'BENCH_DATABASE_URL' : 'base embebida nueva'})...`,
    );
    server = await startServer({
      templateDataDir: null,
      ...(databaseUrl ? { env: { DATABASE_URL: databaseUrl, SEED_DEMO: '1' } } : {}),
    });
    // This script closes the browser and the server on Ctrl-C; Playwright's own handler would
    // exit before the server is stopped.
    browser = await launchBrowser(executablePath, { handleSIGINT: false, handleSIGTERM: false });
    const url = server.url;

    // The floor: the home hero's words alone, from a server of its own, measured in every round.
    floorServer = await startFloorServer(await heroWords(url));
    const floorPage: BenchPage = { path: '/', origin: floorServer.url, content: { selector: 'h1' } };

    const sessions: Partial<Record<Account, Cookie[]>> = {};
    for (const account of new Set(pages.map((p) => p.account).filter((a): a is Account => Boolean(a)))) {
      const { cookies, context } = await sessionCookies(browser, url, account);
      if (account === 'customer') {
        const trackings = PAGES.find((p) => p.path === '/dashboard/mis-trackings')!;
        trackings.content.texts = await customerTrackingNumbers(context, url);
      }
      sessions[account] = cookies;
      await context.close();
    }
    const cookiesOf = (page: BenchPage) => (page.account ? sessions[page.account]! : []);

    console.log(`Chromium ${browser.version()} (${executablePath})`);
    if (cpu === undefined) {
      const calibration = await calibrateCpu(browser, PHONE);
      SLOW_4G.cpuSlowdown = calibration.cpuSlowdown;
      console.log(
        `Calibración de la CPU: índice sin limitar ${calibration.unthrottledIndex.toFixed(0)}; ` +
          `objetivo ${MID_RANGE_PHONE_INDEX} (teléfono de gama media); ` +
          `${calibration.cpuSlowdown}× más lenta da ${calibration.throttledIndex.toFixed(0)}` +
          (calibration.attempts > 1 ? ` (intento ${calibration.attempts}).` : '.'),
      );
      if (!calibration.consistent)
        console.warn(
          `  Aviso: en ${calibration.attempts} intentos, el puntaje limitado no concordó con el de sin limitar ` +
            '(la máquina estuvo más ocupada en unas medidas que en otras); las cifras de esta corrida son dudosas.',
        );
    } else {
      SLOW_4G.cpuSlowdown = cpu;
      console.log(`CPU ${cpu}× más lenta, fijada con --cpu (sin calibrar).`);
    }
    console.log(
      `Perfil: red 4G lenta (${SLOW_4G.latencyMs} ms de ida y vuelta, ${SLOW_4G.downloadBitsPerSecond / 1e6} Mbit/s de bajada, ` +
        `${SLOW_4G.uploadBitsPerSecond / 1e3} kbit/s de subida), CPU ${SLOW_4G.cpuSlowdown}× más lenta, ` +
        `pantalla ${PHONE.viewport!.width}×${PHONE.viewport!.height} a ${PHONE.deviceScaleFactor}×, ${PHONE.locale}.`,
    );
    const hasServiceWorker = await warmUp(browser, url, pages, cookiesOf);
    console.log(
      hasServiceWorker
        ? 'La app registra un service worker: la visita repetida espera a que esté activo.'
        : 'La app no registra un service worker.',
    );

    const samples = new Map<string, Record<Visit, Figures[]>>(
      pages.map((p) => [p.path, { cold: [], repeat: [], usual: [] }]),
    );
    const floorSamples: Figures[] = [];
    for (let run = 1; run <= runs; run++) {
      console.log(`Ronda ${run} de ${runs}...`);
      const floors: Figures[] = [];
      for (let load = 0; load < LOADS_PER_ROUND; load++)
        floors.push(await coldLoad(browser, url, floorPage, [], floorServer.elsewhere));
      floorSamples.push(...floors);
      console.log(
        `  ${FLOOR_LABEL}: contenido ${floors.map((f) => fixed(f.contentMs, 0)).join(' / ')} ms, LCP ${floors.map((f) => fixed(f.lcpMs, 0)).join(' / ')} ms`,
      );
      for (const page of pages) {
        const result = await measure(
          browser,
          url,
          page,
          cookiesOf(page),
          hasServiceWorker,
          floorServer.elsewhere,
          trace ? run : undefined,
        );
        const moreCold: Figures[] = [];
        for (let load = 1; load < LOADS_PER_ROUND; load++)
          moreCold.push(await coldLoad(browser, url, page, cookiesOf(page), floorServer.elsewhere));
        for (const v of VISITS) samples.get(page.path)![v].push(result[v]);
        samples.get(page.path)!.cold.push(...moreCold);
        const brief = (f: Figures) =>
          `contenido ${fixed(f.contentMs, 0)}${f.contentPainted ? '' : '*'} ms, LCP ${fixed(f.lcpMs, 0)} ms, ${fixed(f.pageKb, 1)} KB (+${fixed(f.serviceWorkerKb, 1)} KB SW)`;
        console.log(`  ${page.path}: ${VISITS.map((v) => `${VISIT_LABEL[v]} ${brief(result[v])}`).join('; ')}`);
        console.log(
          `  ${page.path}: otras frías, contenido ${moreCold.map((f) => `${fixed(f.contentMs, 0)}${f.contentPainted ? '' : '*'}`).join(' / ')} ms, ` +
            `LCP ${moreCold.map((f) => fixed(f.lcpMs, 0)).join(' / ')} ms`,
        );
      }
    }

    console.log(`\nMedianas de ${runs} ${runs === 1 ? 'ronda' : 'rondas'}:\n`);
    const floor = medians(floorSamples);
    printTable(
      [
        { path: FLOOR_LABEL, visit: 'cold' as Visit, figures: floor },
        ...pages.flatMap((page) =>
          VISITS.map((v) => ({ path: page.path, visit: v, figures: medians(samples.get(page.path)![v]) })),
        ),
      ],
      floor,
    );
    console.log(
      '\nKB página: lo que descargó la pestaña (comprimido, con cabeceras) hasta mostrar el contenido y ' +
        `${NETWORK_QUIET_MS} ms sin red; lo servido por la caché o el service worker cuenta ~0. ` +
        'KB SW: lo que descargó el service worker por su cuenta (el precache, sin limitar, tras la visita fría; desde la repetida, ' +
        'con la misma red que la pestaña; su CPU no se puede limitar y va a la velocidad de esta máquina; el resto de una página ' +
        'que el worker une a su comienzo no cuenta: DevTools lo da por cancelado, sin tamaño, en cuanto lo entrega). ' +
        'Cada visita medida empieza en una página de otro sitio, como la de quien llega desde un buscador o un mensaje. ' +
        'LCP: largest contentful paint. Contenido: desde el inicio de la navegación hasta que el navegador pintó el contenido ' +
        'principal (Element Timing); * el navegador no informó de su pintura (queda bajo el pliegue): es el cuadro que iba a dibujarlo. ' +
        `×: veces la ${FLOOR_LABEL.slice(1, -1)} (las palabras del inicio solas, sin estilo ni script, desde un servidor propio, ` +
        `con la misma red y CPU, visita fría); ella y la visita fría de cada página se cargan ${LOADS_PER_ROUND} veces en cada ronda ` +
        '(la mediana de todas; las visitas repetida y habitual, una vez); los objetivos de tiempo son esas razones.',
    );
  } catch (err) {
    if (interrupted) return;
    if (server) console.error(`--- últimas líneas del servidor ---\n${server.output().slice(-4000)}\n---`);
    throw err;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await cleanUp();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
