// npm run bench:web: how the built app feels on a Venezuelan phone
// (docs/product/fast-on-a-phone.md#budgets). Starts the server as production does (fresh
// embedded database with the demo data, or the PostgreSQL database in BENCH_DATABASE_URL),
// drives Chromium with a slow 4G network, a CPU slowed down to the phone's (a low-tier phone's by
// default, a mid-range one's with --gama media; calibrated on this machine, web-calibration.ts)
// and a phone's screen, and prints per page, for a cold visit (empty cache), a repeat visit (same
// browser, new tab) and the usual visit after it, each arriving from a page of another site and
// the service worker on the same network as the tab: bytes transferred, largest contentful paint
// and the time until the page's main content is on screen, medians of --runs rounds (the cold
// visit, like the bare page, loaded three times a round); for the forms, when filling them at
// once shows their result (web-usable.ts). Beside each time, its ratio to a bare page with the
// same words measured in the same run: the targets are those ratios, which hold from one machine
// to the next. Then the common taps' interaction to next paint (web-interactions.ts) and two tasks
// with a file (web-tasks.ts). A benchmark, not a test: a missed target is printed with ✗, a wait
// that gives up leaves its sample out (web-bounded.ts), the exit code only reports broken tooling.
//   npm run bench:web -- [--runs 3] [--gama baja|media] [--pages /,/login] [--medir paginas,interacciones,tareas] [--cpu 4] [--trace]   (builds first; --cpu: no calibration)
//   npx tsx tests/bench/web.ts [the same options]   (the client/dist already built)
// --trace: each measured visit also writes a Chrome trace (open it in DevTools' Performance panel)
// to tests/test-results/bench-web-<page>-<visit>-<round>.json, to see where a figure's time went.

import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, Cookie } from 'playwright-core';
import { DEMO } from '../e2e/session';
import { findChromium, launchBrowser, SKIP_MESSAGE } from '../e2e/browser';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServerProcess } from '../support/server-process';
import { closeWithin, reasonOf, withTimeout } from './web-bounded';
import { calibrateCpu, heroWords, PHONE_TIERS, startFloorServer, type FloorServer } from './web-calibration';
import { measureInteractions } from './web-interactions';
import {
  FLOOR_LABEL,
  type Figures,
  fixed,
  median,
  medians,
  MISSING,
  printTable,
  type Tier,
  VISIT_LABEL,
  VISITS,
  type Visit,
} from './web-report';
import { measureTasks } from './web-tasks';
import { USABLE_TASKS, usableLoad } from './web-usable';
import {
  SLOW_4G,
  PHONE,
  LOADS_PER_ROUND,
  NETWORK_QUIET_MS,
  type Account,
  type BenchPage,
  coldLoad,
  measure,
  VisitFailed,
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

const TIERS = Object.keys(PHONE_TIERS) as Tier[];
const PARTS = ['paginas', 'interacciones', 'tareas'] as const;
type Part = (typeof PARTS)[number];

function options() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      pages: { type: 'string' },
      gama: { type: 'string', default: 'baja' },
      cpu: { type: 'string' },
      medir: { type: 'string', default: PARTS.join(',') },
      trace: { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs debe ser un entero positivo, no '${values.runs}'`);
  const cpu = values.cpu === undefined ? undefined : Number(values.cpu);
  if (cpu !== undefined && !(cpu >= 1)) throw new Error(`--cpu debe ser un número ≥ 1, no '${values.cpu}'`);
  const tier = values.gama as Tier;
  if (!TIERS.includes(tier)) throw new Error(`--gama debe ser ${TIERS.join(' o ')}, no '${values.gama}'`);
  const parts = values.medir.split(',').map((p) => p.trim()) as Part[];
  const unknownParts = parts.filter((p) => !PARTS.includes(p));
  if (unknownParts.length > 0) throw new Error(`--medir: ${unknownParts.join(', ')}? Se puede: ${PARTS.join(', ')}`);
  const wanted = values.pages
    ?.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = wanted?.filter((p) => !PAGES.some((page) => page.path === p)) ?? [];
  if (unknown.length > 0) {
    throw new Error(`Páginas desconocidas: ${unknown.join(', ')}. Disponibles: ${PAGES.map((p) => p.path).join(', ')}`);
  }
  const pages = !parts.includes('paginas') ? [] : wanted ? PAGES.filter((p) => wanted.includes(p.path)) : PAGES;
  return { runs, cpu, tier, parts, trace: values.trace, pages };
}

type RunningServer = { url: string; output: () => string; stop: () => Promise<void> };

/**
 * The app server as the browser tests start it (tests/e2e/app-server.ts: a fresh data directory,
 * production mode, webhooks kept), with more time to start: seeding the demo on a busy 2-core
 * machine took 100 s, past the tests' 90 s.
 */
const SERVER_START_MS = 5 * 60_000;
async function startBenchServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-bench-'));
  const url = `http://localhost:${port}`;
  const server = await startServerProcess(
    'del benchmark',
    { PORT: String(port), DATA_DIR: dataDir, APP_URL: url, NODE_ENV: 'production', WEBHOOKS_SEND: 'off', ...env },
    { startTimeoutMs: SERVER_START_MS },
  ).catch((err: unknown) => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  return {
    url,
    output: server.output,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
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

/** One line for a sample that gave up, e.g. "✗ /: visita fría, ronda 2: sin contenido tras 60 s". */
const gaveUp = (path: string, what: string, run: number, reason: string) =>
  console.log(`  ✗ ${path}: ${what}, ronda ${run}: ${reason}`);

/**
 * Every sample is bounded (web-bounded.ts); this is the net under them all, for a wait nobody
 * thought of: the sample is given up, the run goes on.
 */
const SAMPLE_MS = 6 * 60_000;
const sample = <T>(promise: Promise<T>) =>
  withTimeout(promise, SAMPLE_MS, `la muestra no terminó tras ${SAMPLE_MS / 60_000} min`);

async function main() {
  const { runs, cpu, tier, parts, trace, pages } = options();
  const executablePath = findChromium();
  if (!executablePath) throw new Error(SKIP_MESSAGE);

  let server: RunningServer | undefined;
  let floorServer: FloorServer | undefined;
  let browser: Browser | undefined;
  let cleaning: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await closeWithin(browser?.close() ?? Promise.resolve());
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
    server = await startBenchServer(databaseUrl ? { DATABASE_URL: databaseUrl, SEED_DEMO: '1' } : {});
    // This script closes the browser and the server on Ctrl-C; Playwright's own handler would
    // exit before the server is stopped.
    browser = await launchBrowser(executablePath, { handleSIGINT: false, handleSIGTERM: false });
    const url = server.url;

    // The floor: the home hero's words alone, from a server of its own, measured in every round.
    floorServer = await startFloorServer(await heroWords(url));
    const floorPage: BenchPage = { path: '/', origin: floorServer.url, content: { selector: 'h1' } };

    const sessions: Partial<Record<Account, Cookie[]>> = {};
    for (const account of ['customer', 'admin'] as const) {
      const { cookies, context } = await sessionCookies(browser, url, account);
      if (account === 'customer') {
        const trackings = PAGES.find((p) => p.path === '/dashboard/mis-trackings')!;
        trackings.content.texts = await customerTrackingNumbers(context, url);
      }
      sessions[account] = cookies;
      await closeWithin(context.close());
    }
    const cookiesOf = (page: BenchPage) => (page.account ? sessions[page.account]! : []);

    console.log(`Chromium ${browser.version()} (${executablePath})`);
    const phone = PHONE_TIERS[tier];
    const indices = TIERS.map((t) => `${PHONE_TIERS[t].label} ${PHONE_TIERS[t].index}`).join(', ');
    console.log(`Teléfono: ${phone.label} (${phone.phone}, índice ${phone.index}). Índices de referencia: ${indices}.`);
    if (cpu === undefined) {
      const calibration = await calibrateCpu(browser, PHONE, phone.index);
      SLOW_4G.cpuSlowdown = calibration.cpuSlowdown;
      console.log(
        `Calibración de la CPU: índice sin limitar ${calibration.unthrottledIndex.toFixed(0)}; ` +
          `objetivo ${phone.index} (${phone.label}); ` +
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
      console.log(
        `CPU ${cpu}× más lenta, fijada con --cpu (sin calibrar: los objetivos de la ${phone.label} no valen).`,
      );
    }
    console.log(
      `Perfil: red 4G lenta (${SLOW_4G.latencyMs} ms de ida y vuelta, ${SLOW_4G.downloadBitsPerSecond / 1e6} Mbit/s de bajada, ` +
        `${SLOW_4G.uploadBitsPerSecond / 1e3} kbit/s de subida), CPU ${SLOW_4G.cpuSlowdown}× más lenta, ` +
        `pantalla ${PHONE.viewport!.width}×${PHONE.viewport!.height} a ${PHONE.deviceScaleFactor}×, ${PHONE.locale}.`,
    );

    if (pages.length > 0)
      await measurePages({ browser, url, floorServer, floorPage, pages, cookiesOf, runs, tier, trace });
    if (parts.includes('interacciones')) await measureInteractions(browser, url, sessions, runs);
    if (parts.includes('tareas')) await measureTasks(browser, url, sessions);
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

type PagesRun = {
  browser: Browser;
  url: string;
  floorServer: FloorServer;
  floorPage: BenchPage;
  pages: BenchPage[];
  cookiesOf: (page: BenchPage) => Cookie[];
  runs: number;
  tier: Tier;
  trace: boolean;
};

/** The pages' rounds and their table. */
async function measurePages({ browser, url, floorServer, floorPage, pages, cookiesOf, runs, tier, trace }: PagesRun) {
  const hasServiceWorker = await warmUp(browser, url, pages, cookiesOf);
  console.log(
    hasServiceWorker
      ? 'La app registra un service worker: la visita repetida espera a que esté activo.'
      : 'La app no registra un service worker.',
  );

  const samples = new Map<string, Record<Visit, Figures[]> & { usable: number[] }>(
    pages.map((p) => [p.path, { cold: [], repeat: [], usual: [], usable: [] }]),
  );
  const floorSamples: Figures[] = [];
  const brief = (f: Figures) =>
    f.missing
      ? '—'
      : `contenido ${fixed(f.contentMs, 0)}${f.contentPainted ? '' : '*'} ms, LCP ${fixed(f.lcpMs, 0)} ms, ${fixed(f.pageKb, 1)} KB (+${fixed(f.serviceWorkerKb, 1)} KB SW)`;
  const list = (values: number[]) => values.map((v) => fixed(v, 0)).join(' / ');
  for (let run = 1; run <= runs; run++) {
    console.log(`Ronda ${run} de ${runs}...`);
    const floors: Figures[] = [];
    for (let load = 1; load <= LOADS_PER_ROUND; load++) {
      floors.push(
        await sample(coldLoad(browser, url, floorPage, [], floorServer.elsewhere)).catch((err: unknown) => {
          gaveUp(FLOOR_LABEL, `carga ${load}`, run, reasonOf(err));
          return MISSING;
        }),
      );
    }
    floorSamples.push(...floors);
    console.log(
      `  ${FLOOR_LABEL}: contenido ${list(floors.map((f) => f.contentMs))} ms, LCP ${list(floors.map((f) => f.lcpMs))} ms`,
    );
    for (const page of pages) {
      const got = samples.get(page.path)!;
      const result = await sample(
        measure(browser, url, page, cookiesOf(page), hasServiceWorker, floorServer.elsewhere, trace ? run : undefined),
      ).catch((err: unknown) => {
        const failed = err instanceof VisitFailed ? err : new VisitFailed('cold', reasonOf(err), {});
        gaveUp(page.path, `visita ${VISIT_LABEL[failed.visit]}`, run, failed.reason);
        return { cold: MISSING, repeat: MISSING, usual: MISSING, ...failed.measured };
      });
      const moreCold: Figures[] = [];
      for (let load = 2; load <= LOADS_PER_ROUND; load++)
        moreCold.push(
          await sample(coldLoad(browser, url, page, cookiesOf(page), floorServer.elsewhere)).catch((err: unknown) => {
            gaveUp(page.path, `visita fría (carga ${load})`, run, reasonOf(err));
            return MISSING;
          }),
        );
      for (const v of VISITS) got[v].push(result[v]);
      got.cold.push(...moreCold);
      console.log(`  ${page.path}: ${VISITS.map((v) => `${VISIT_LABEL[v]} ${brief(result[v])}`).join('; ')}`);
      console.log(
        `  ${page.path}: otras frías, contenido ${moreCold.map((f) => `${fixed(f.contentMs, 0)}${f.contentPainted ? '' : '*'}`).join(' / ')} ms, ` +
          `LCP ${list(moreCold.map((f) => f.lcpMs))} ms`,
      );
      const task = USABLE_TASKS[page.path];
      if (!task) continue;
      const usable: number[] = [];
      for (let load = 1; load <= LOADS_PER_ROUND; load++)
        usable.push(
          await sample(usableLoad(browser, url, page, task, cookiesOf(page), floorServer.elsewhere)).catch(
            (err: unknown) => {
              gaveUp(page.path, `formulario en uso (carga ${load})`, run, reasonOf(err));
              return Number.NaN;
            },
          ),
        );
      got.usable.push(...usable);
      console.log(`  ${page.path}: en uso (resultado en pantalla) ${list(usable)} ms`);
    }
  }

  console.log(`\nMedianas de ${runs} ${runs === 1 ? 'ronda' : 'rondas'} (${PHONE_TIERS[tier].label}):\n`);
  const floor = medians(floorSamples);
  // The bare page is usable as soon as it shows.
  floor.usableMs = floor.contentMs;
  const usableCount = (values: number[]) =>
    values.length === 0 ? undefined : { measured: values.filter((v) => !Number.isNaN(v)).length, taken: values.length };
  printTable(
    tier,
    [
      { path: FLOOR_LABEL, visit: 'cold' as Visit, figures: floor },
      ...pages.flatMap((page) =>
        VISITS.map((v) => {
          const got = samples.get(page.path)!;
          const figures = medians(got[v]);
          if (v !== 'cold' || got.usable.length === 0) return { path: page.path, visit: v, figures };
          return {
            path: page.path,
            visit: v,
            figures: { ...figures, usableMs: median(got.usable) },
            usableCount: usableCount(got.usable),
          };
        }),
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
      'Usable: en cargas frías aparte, el formulario se llena en cuanto se ve (/cotizar: peso y medidas; /login: email, ' +
      'contraseña y enviar), desde el inicio de la navegación hasta que el resultado está en pantalla (el total; el área ' +
      'del cliente con su página cargada). Muestras: las medidas de cada fila (y, tras «+», las de uso); ✗: alguna se ' +
      'abandonó por tiempo (arriba, la línea que dice cuál) y la mediana es de las demás. ' +
      `×: veces la ${FLOOR_LABEL.slice(1, -1)} (las palabras del inicio solas, sin estilo ni script, desde un servidor propio, ` +
      `con la misma red y CPU, visita fría); ella y la visita fría de cada página se cargan ${LOADS_PER_ROUND} veces en cada ronda ` +
      '(la mediana de todas; las visitas repetida y habitual, una vez); los objetivos de tiempo son esas razones.',
  );
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
