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
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser, BrowserContext, BrowserContextOptions, Cookie } from 'playwright-core';
import {
  DEMO,
  findChromium,
  launchBrowser,
  REPO_ROOT,
  RESULTS_DIR,
  SKIP_MESSAGE,
  startServer,
  type RunningServer,
} from '../e2e/helpers';
import {
  contentShownAt,
  installProbe,
  probeOptions,
  largestPaintAt,
  meterNetwork,
  meterServiceWorkers,
  serviceWorkerActive,
  throttle,
  throttleServiceWorkers,
  type ContentTarget,
  type Throttling,
} from './web-probe';
import { calibrateCpu, heroWords, MID_RANGE_PHONE_INDEX, startFloorServer, type FloorServer } from './web-calibration';
import { FLOOR_LABEL, type Figures, fixed, medians, printTable, VISIT_LABEL, VISITS, type Visit } from './web-report';

/**
 * Slow 4G as Lighthouse defines it, and a mid-range phone's CPU: the slowdown is calibrated on
 * the machine that runs the benchmark (web-calibration.ts) unless --cpu gives one.
 */
const SLOW_4G: Throttling = {
  latencyMs: 150,
  downloadBitsPerSecond: 1.6e6,
  uploadBitsPerSecond: 750e3,
  cpuSlowdown: 4,
};
/** A 390×844 phone at 3× (the common size of today's phones), as Chrome on Android. */
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  locale: 'es-VE',
  timezoneId: 'America/Caracas',
};
/**
 * The floor, and every page's cold visit, are loaded this many times in every round, and each
 * figure is the median of all those loads: on a 2-core machine one load varies by up to twice
 * its time, every ratio of the run shares the floor's figure, and a page's median of three loads
 * moved its ratio by 0.1 from one run to the next (the home's cold visit read 1.43× to 1.53×).
 */
const LOADS_PER_ROUND = 3;
const NETWORK_QUIET_MS = 500;
const NETWORK_QUIET_MAX_MS = 30_000;
const CONTENT_TIMEOUT_MS = 60_000;
/** How long after load the app may take to register its service worker, and to activate it. */
const SERVICE_WORKER_GRACE_MS = 5_000;
const SERVICE_WORKER_READY_MS = 60_000;

type Account = 'customer' | 'admin';
type BenchPage = {
  path: string;
  /** Another server than the app's (the bare page). */
  origin?: string;
  /** Signed in as this demo account (its session cookie is added to the cold context). */
  account?: Account;
  /** Filled in once the demo data is known (the customer's tracking numbers). */
  content: ContentTarget;
};

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

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function newPhoneContext(browser: Browser, page: BenchPage, cookies: Cookie[]) {
  const context = await browser.newContext({ ...PHONE, userAgent: androidUserAgent(browser) });
  if (cookies.length > 0) await context.addCookies(cookies);
  // tsx compiles with esbuild's keepNames, which wraps the functions sent to the page in
  // __name(fn, 'name'); the page has no __name, so it gets one that does nothing.
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  await context.addInitScript(installProbe, probeOptions(page.content));
  return context;
}

/** Chrome on Android with this Chromium's version, so the app sees a phone's browser. */
function androidUserAgent(browser: Browser) {
  return `Mozilla/5.0 (Linux; Android 14; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version().split('.')[0]}.0.0.0 Mobile Safari/537.36`;
}

/** What a --trace run records: DevTools' own categories, with the service worker's and the loader's. */
const TRACE_CATEGORIES = [
  '-*',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'toplevel',
  'blink.user_timing',
  'loading',
  'ServiceWorker',
  'navigation',
];

type VisitOptions = {
  label: string;
  /** A measured visit: the page of another site it starts from (at full speed), then slow 4G and the phone's CPU. */
  throttledFrom?: string;
  tracePath?: string;
};

/**
 * One navigation in a new tab of the context; the tab stays open. A measured visit starts on a
 * page of another site (loaded at full speed, not counted), as a person's does: a link in a
 * search or a message. From an empty tab the browser could keep the tab's first renderer for a
 * page without Cross-Origin-Opener-Policy (the bare page) but not for the app's pages, which send
 * it, and the ratios would count that swap, which a visit from another site pays either way.
 */
async function visit(context: BrowserContext, url: string, page: BenchPage, options: VisitOptions) {
  const { label, throttledFrom, tracePath } = options;
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  if (throttledFrom) {
    await tab.goto(throttledFrom, { waitUntil: 'load' });
    await throttle(cdp, SLOW_4G);
  } else await cdp.send('Network.enable');
  const network = meterNetwork(cdp);
  const browser = context.browser();
  if (tracePath && browser) {
    fs.mkdirSync(path.dirname(tracePath), { recursive: true });
    await browser.startTracing(tab, { path: tracePath, categories: TRACE_CATEGORIES });
  }
  try {
    const pageUrl = (page.origin ?? url) + page.path;
    const shown = contentShownAt(tab, pageUrl);
    const response = await tab.goto(pageUrl, {
      waitUntil: 'commit',
      timeout: CONTENT_TIMEOUT_MS,
    });
    if (response && !response.ok())
      throw new Error(`${page.path} (${label}): el servidor respondió ${response.status()}`);
    const content = await withTimeout(
      shown,
      CONTENT_TIMEOUT_MS,
      `${page.path} (${label}): el contenido (${page.content.selector}) no apareció en ${CONTENT_TIMEOUT_MS / 1000} s (URL: ${tab.url()})`,
    ).catch(async (err: unknown) => {
      const file = path.join(RESULTS_DIR, `bench-web${page.path.replace(/\W+/g, '-')}-${label}.png`);
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      await tab.screenshot({ path: file }).catch(() => {});
      throw new Error(`${(err as Error).message}; captura en ${path.relative(REPO_ROOT, file)}`);
    });
    const quiet = await network.idle(NETWORK_QUIET_MS, NETWORK_QUIET_MAX_MS);
    if (!quiet)
      console.warn(
        `  ${page.path}: la red no quedó en silencio en ${NETWORK_QUIET_MAX_MS / 1000} s; se cuenta hasta aquí`,
      );
    const lcpMs = await largestPaintAt(tab);
    return { tab, content, lcpMs, ...network.stop() };
  } catch (err) {
    network.stop();
    throw err;
  } finally {
    if (tracePath && browser) await browser.stopTracing().catch(() => {});
    await cdp.detach().catch(() => {});
  }
}

type Visited = Awaited<ReturnType<typeof visit>>;
const figures = (v: Visited, workers: { bytes: number }): Figures => ({
  pageKb: v.bytes / 1024,
  serviceWorkerKb: workers.bytes / 1024,
  lcpMs: v.lcpMs,
  contentMs: v.content.ms,
  contentPainted: v.content.painted,
});

/**
 * A cold visit in a fresh context, nothing more: the floor's load, and a page's further cold
 * loads of a round. What a worker downloads is not counted here (NaN, left out of the median):
 * the context closes before the worker would have installed.
 */
async function coldLoad(
  browser: Browser,
  url: string,
  page: BenchPage,
  cookies: Cookie[],
  elsewhere: string,
): Promise<Figures> {
  const context = await newPhoneContext(browser, page, cookies);
  try {
    const cold = await visit(context, url, page, { label: 'fria', throttledFrom: elsewhere });
    return figures(cold, { bytes: Number.NaN });
  } finally {
    await context.close();
  }
}

/** A cold visit in a fresh context, then a repeat visit and the usual one, each in a new tab of the same context. */
async function measure(
  browser: Browser,
  url: string,
  page: BenchPage,
  cookies: Cookie[],
  appHasServiceWorker: boolean,
  elsewhere: string,
  /** The round, when each visit writes a trace (--trace). */
  traceRound?: number,
) {
  const context = await newPhoneContext(browser, page, cookies);
  const workers = meterServiceWorkers(context);
  let throttledWorkers: Awaited<ReturnType<typeof throttleServiceWorkers>> | undefined;
  const measured = (label: string): VisitOptions => ({
    label,
    throttledFrom: elsewhere,
    tracePath:
      traceRound === undefined
        ? undefined
        : path.join(RESULTS_DIR, `bench-web${page.path.replace(/\W+/g, '-')}-${label}-${traceRound}.json`),
  });
  try {
    const cold = await visit(context, url, page, measured('fria'));
    // The worker installs (and precaches) after the cold visit; the repeat visit needs it active,
    // and on the phone's network from then on.
    if (appHasServiceWorker) {
      await serviceWorkerActive(cold.tab, SERVICE_WORKER_GRACE_MS, SERVICE_WORKER_READY_MS);
      throttledWorkers = await throttleServiceWorkers(browser, url, SLOW_4G);
      if (throttledWorkers.workers === 0) throw new Error(`${page.path}: no se encontró el service worker de ${url}`);
    }
    await cold.tab.close();
    const coldWorkers = await workers.take();
    const repeat = await visit(context, url, page, measured('repetida'));
    await repeat.tab.close();
    const repeatWorkers = await workers.take();
    const usual = await visit(context, url, page, measured('habitual'));
    const usualWorkers = await workers.take();
    return {
      cold: figures(cold, coldWorkers),
      repeat: figures(repeat, repeatWorkers),
      usual: figures(usual, usualWorkers),
    };
  } finally {
    await throttledWorkers?.release();
    await context.close();
  }
}

/**
 * An un-throttled visit of each page first: checks that its content target is found (a wrong
 * selector fails here, fast), warms the server up, and tells whether the app registers a
 * service worker.
 */
async function warmUp(browser: Browser, url: string, pages: BenchPage[], cookiesOf: (p: BenchPage) => Cookie[]) {
  let hasServiceWorker: boolean | undefined;
  for (const page of pages) {
    const context = await newPhoneContext(browser, page, cookiesOf(page));
    try {
      const { tab } = await visit(context, url, page, { label: 'preparacion' });
      // One worker serves the whole app: asking the first page is enough.
      hasServiceWorker ??= await serviceWorkerActive(tab, SERVICE_WORKER_GRACE_MS, SERVICE_WORKER_READY_MS);
    } finally {
      await context.close();
    }
  }
  return hasServiceWorker ?? false;
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
