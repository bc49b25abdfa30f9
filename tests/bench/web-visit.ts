// One visit of npm run bench:web (docs/product/fast-on-a-phone.md#budgets), and the rounds made of
// them: a new tab of a phone's context (a 390×844 screen, Chrome on Android, the probe installed),
// arriving from a page of another site, throttled to slow 4G and the phone's CPU, and what it
// measured (bytes, largest contentful paint, the main content on screen); a cold load, the
// measured rounds and the warm-up. The benchmark itself, its pages and its report: web.ts.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Cookie } from 'playwright-core';
import { RESULTS_DIR } from '../e2e/browser';
import { REPO_ROOT } from '../support/server-process';
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
import { call, closeWithin, GaveUp, withTimeout } from './web-bounded';
import type { Figures, Visit } from './web-report';

/**
 * Slow 4G as Lighthouse defines it, and a mid-range phone's CPU: the slowdown is calibrated on
 * the machine that runs the benchmark (web-calibration.ts) unless --cpu gives one.
 */
export const SLOW_4G: Throttling = {
  latencyMs: 150,
  downloadBitsPerSecond: 1.6e6,
  uploadBitsPerSecond: 750e3,
  cpuSlowdown: 4,
};

/** A 390×844 phone at 3× (the common size of today's phones), as Chrome on Android. */
export const PHONE: BrowserContextOptions = {
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
export const LOADS_PER_ROUND = 3;

export const NETWORK_QUIET_MS = 500;

const CALL_SCREENSHOT_MS = 10_000;

/** largestPaintAt waits 2 s for the entry; more than this, the page's main thread is stuck. */
const LCP_WAIT_MS = 15_000;

export const NETWORK_QUIET_MAX_MS = 30_000;

export const CONTENT_TIMEOUT_MS = 60_000;

/** How long after load the app may take to register its service worker, and to activate it. */
export const SERVICE_WORKER_GRACE_MS = 5_000;

export const SERVICE_WORKER_READY_MS = 60_000;

/** What a wait bounded inside the page is given beyond its own limit before the bench gives up on the page itself. */
const CALL_MARGIN_MS = 10_000;

export type Account = 'customer' | 'admin';

export type BenchPage = {
  path: string;
  /** Another server than the app's (the bare page). */
  origin?: string;
  /** Signed in as this demo account (its session cookie is added to the cold context). */
  account?: Account;
  /** Filled in once the demo data is known (the customer's tracking numbers). */
  content: ContentTarget;
};

export async function newPhoneContext(browser: Browser, page: BenchPage, cookies: Cookie[]) {
  const context = await call(browser.newContext({ ...PHONE, userAgent: androidUserAgent(browser) }), 'el contexto');
  try {
    if (cookies.length > 0) await call(context.addCookies(cookies), 'las cookies');
    // tsx compiles with esbuild's keepNames, which wraps the functions sent to the page in
    // __name(fn, 'name'); the page has no __name, so it gets one that does nothing.
    await call(context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' }), 'el script inicial');
    await call(context.addInitScript(installProbe, probeOptions(page.content)), 'la sonda');
  } catch (err) {
    await closeWithin(context.close());
    throw err;
  }
  return context;
}

/** Chrome on Android with this Chromium's version, so the app sees a phone's browser. */
export function androidUserAgent(browser: Browser) {
  return `Mozilla/5.0 (Linux; Android 14; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version().split('.')[0]}.0.0.0 Mobile Safari/537.36`;
}

/** What a --trace run records: DevTools' own categories, with the service worker's and the loader's. */
export const TRACE_CATEGORIES = [
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

export type VisitOptions = {
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
export async function visit(context: BrowserContext, url: string, page: BenchPage, options: VisitOptions) {
  const { label, throttledFrom, tracePath } = options;
  const tab = await call(context.newPage(), 'la pestaña');
  const cdp = await call(context.newCDPSession(tab), 'DevTools');
  if (throttledFrom) {
    await tab.goto(throttledFrom, { waitUntil: 'load', timeout: CONTENT_TIMEOUT_MS }).catch((err: Error) => {
      throw new GaveUp(
        `la página de partida no cargó tras ${CONTENT_TIMEOUT_MS / 1000} s (${err.message.split('\n')[0]})`,
      );
    });
    await call(throttle(cdp, SLOW_4G), 'la limitación de red y CPU');
  } else await call(cdp.send('Network.enable'), 'DevTools');
  const network = meterNetwork(cdp);
  const browser = context.browser();
  let tracing = false;
  try {
    if (tracePath && browser) {
      fs.mkdirSync(path.dirname(tracePath), { recursive: true });
      await call(browser.startTracing(tab, { path: tracePath, categories: TRACE_CATEGORIES }), 'la traza');
      tracing = true;
    }
    const pageUrl = (page.origin ?? url) + page.path;
    const shown = contentShownAt(tab, pageUrl);
    const response = await tab
      .goto(pageUrl, { waitUntil: 'commit', timeout: CONTENT_TIMEOUT_MS })
      .catch((err: Error) => {
        throw new GaveUp(
          `sin respuesta del servidor tras ${CONTENT_TIMEOUT_MS / 1000} s (${err.message.split('\n')[0]})`,
        );
      });
    if (response && !response.ok()) throw new Error(`el servidor respondió ${response.status()}`);
    const content = await withTimeout(
      shown,
      CONTENT_TIMEOUT_MS,
      `sin contenido tras ${CONTENT_TIMEOUT_MS / 1000} s`,
    ).catch(async (err: unknown) => {
      const file = path.join(RESULTS_DIR, `bench-web${page.path.replace(/\W+/g, '-')}-${label}.png`);
      fs.mkdirSync(RESULTS_DIR, { recursive: true });
      await closeWithin(tab.screenshot({ path: file, timeout: CALL_SCREENSHOT_MS }));
      throw new GaveUp(
        `${(err as Error).message} (${page.content.selector}, URL ${tab.url()}; captura en ${path.relative(REPO_ROOT, file)})`,
      );
    });
    const quiet = await network.idle(NETWORK_QUIET_MS, NETWORK_QUIET_MAX_MS);
    if (!quiet)
      console.warn(
        `  ${page.path}: la red no quedó en silencio en ${NETWORK_QUIET_MAX_MS / 1000} s; se cuenta hasta aquí`,
      );
    // The page's main thread may be stuck: its LCP is then not measured, the rest is.
    const lcpMs = await withTimeout(largestPaintAt(tab), LCP_WAIT_MS, '').catch(() => Number.NaN);
    return { tab, content, lcpMs, ...network.stop() };
  } catch (err) {
    network.stop();
    throw err;
  } finally {
    if (tracing && browser) await closeWithin(browser.stopTracing());
    await closeWithin(cdp.detach());
  }
}

export type Visited = Awaited<ReturnType<typeof visit>>;

export const figures = (v: Visited, workers: { bytes: number }): Figures => ({
  pageKb: v.bytes / 1024,
  serviceWorkerKb: workers.bytes / 1024,
  lcpMs: v.lcpMs,
  contentMs: v.content.ms,
  contentPainted: v.content.painted,
  usableMs: Number.NaN,
});

/** A visit of measure() that gave up, and why; the visits after it in that context were not made. */
export class VisitFailed extends Error {
  constructor(
    readonly visit: Visit,
    readonly reason: string,
    readonly measured: Partial<Record<Visit, Figures>>,
  ) {
    super(reason);
  }
}

/**
 * A cold visit in a fresh context, nothing more: the floor's load, and a page's further cold
 * loads of a round. What a worker downloads is not counted here (NaN, left out of the median):
 * the context closes before the worker would have installed.
 */
export async function coldLoad(
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
    await closeWithin(context.close());
  }
}

/** A cold visit in a fresh context, then a repeat visit and the usual one, each in a new tab of the same context. */
export async function measure(
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
  const done: Partial<Record<Visit, Figures>> = {};
  let current: Visit = 'cold';
  try {
    const cold = await visit(context, url, page, measured('fria'));
    // The worker installs (and precaches) after the cold visit; the repeat visit needs it active,
    // and on the phone's network from then on.
    if (appHasServiceWorker) {
      await withTimeout(
        serviceWorkerActive(cold.tab, SERVICE_WORKER_GRACE_MS, SERVICE_WORKER_READY_MS),
        SERVICE_WORKER_GRACE_MS + SERVICE_WORKER_READY_MS + CALL_MARGIN_MS,
        `el service worker no se activó tras ${(SERVICE_WORKER_GRACE_MS + SERVICE_WORKER_READY_MS) / 1000} s`,
      );
      throttledWorkers = await throttleServiceWorkers(browser, url, SLOW_4G, cold.tab);
      if (throttledWorkers.workers === 0) throw new Error(`no se encontró el service worker de ${url}`);
    }
    await closeWithin(cold.tab.close());
    done.cold = figures(cold, await call(workers.take(), 'lo que bajó el service worker'));
    current = 'repeat';
    const repeat = await visit(context, url, page, measured('repetida'));
    await closeWithin(repeat.tab.close());
    done.repeat = figures(repeat, await call(workers.take(), 'lo que bajó el service worker'));
    current = 'usual';
    const usual = await visit(context, url, page, measured('habitual'));
    done.usual = figures(usual, await call(workers.take(), 'lo que bajó el service worker'));
    return done as Record<Visit, Figures>;
  } catch (err) {
    throw new VisitFailed(current, err instanceof Error ? err.message : String(err), done);
  } finally {
    if (throttledWorkers) await closeWithin(throttledWorkers.release());
    await closeWithin(context.close());
  }
}

/**
 * An un-throttled visit of each page first: checks that its content target is found (a wrong
 * selector fails here, fast), warms the server up, and tells whether the app registers a
 * service worker.
 */
export async function warmUp(browser: Browser, url: string, pages: BenchPage[], cookiesOf: (p: BenchPage) => Cookie[]) {
  let hasServiceWorker: boolean | undefined;
  for (const page of pages) {
    const context = await newPhoneContext(browser, page, cookiesOf(page));
    try {
      const { tab } = await visit(context, url, page, { label: 'preparacion' }).catch((err: Error) => {
        throw new Error(`${page.path} (preparación): ${err.message}`);
      });
      // One worker serves the whole app: asking the first page is enough.
      hasServiceWorker ??= await withTimeout(
        serviceWorkerActive(tab, SERVICE_WORKER_GRACE_MS, SERVICE_WORKER_READY_MS),
        SERVICE_WORKER_GRACE_MS + SERVICE_WORKER_READY_MS + CALL_MARGIN_MS,
        `${page.path} (preparación): el service worker no se activó`,
      );
    } finally {
      await closeWithin(context.close());
    }
  }
  return hasServiceWorker ?? false;
}
