// What makes the web benchmark's figures comparable from one machine to the next
// (docs/product/fast-on-a-phone.md#budgets):
// - the CPU slowdown is calibrated, as Lighthouse and DevTools calibrate theirs: a fixed
//   JavaScript workload is scored in the browser (iterations per second, the benchmark index),
//   and the slowdown is chosen so that the throttled score is the phone's: a low-tier phone's
//   by default, a mid-range phone's with --gama media;
// - the floor: a bare static page with the home hero's words, served by a server of its own and
//   loaded with the same network and CPU, is what the network and the phone cost before any of
//   our bytes. Targets are ratios to it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { median, type Tier } from './web-report';
import { withTimeout } from './web-bounded';

/**
 * The phones, by their benchmark index on the scale of Lighthouse's BenchmarkIndex, whose
 * workload `benchmarkIndex` repeats: DevTools' CPU calibration presets. The low tier (a Moto G
 * Power 2022, 264) is the phone many customers have and the benchmark's own; the mid tier (a
 * Pixel 5 class phone, 1,000) is the one its first targets were set on.
 */
export const PHONE_TIERS: Record<Tier, { index: number; label: string; phone: string }> = {
  baja: { index: 264, label: 'gama baja', phone: 'Moto G Power 2022' },
  media: { index: 1000, label: 'gama media', phone: 'Pixel 5' },
};
/**
 * Scores taken at each slowdown; their median is used. A throttled score varies by ±20 % from
 * one half-second to the next on a 2-core machine: one score could set the slowdown off by that much.
 */
const SCORES_PER_STEP = 5;
/** How close the throttled median must come to the target before calibration stops. */
const CALIBRATION_TOLERANCE = 0.05;
const CALIBRATION_STEPS = 4;
/** Every call of the calibration into the browser gives up after this long (a score takes one second). */
const CALIBRATION_CALL_MS = 30_000;

/**
 * Runs in the page: the mean of two scores, iterations per second of building a 10,000-character
 * string (allocation and garbage collection) and of copying a 100,000-element array (no
 * allocation), each for half a second, each divided by ten as Lighthouse divides them (its scale
 * kept the magnitudes of an earlier workload ten times longer). Without that division every
 * score is ten times Lighthouse's, and a slowdown calibrated to 1,000 makes a phone ten times
 * slower than the mid-range one.
 */
export function benchmarkIndex(): number {
  const durationMs = 500;
  let start = Date.now();
  let iterations = 0;
  while (Date.now() - start < durationMs) {
    let text = '';
    for (let i = 0; i < 10_000; i++) text += 'a';
    if (text.length !== 10_000) throw new Error('workload');
    iterations++;
  }
  const withGarbage = Math.round(iterations / 10 / ((Date.now() - start) / 1000));

  const left: number[] = [];
  const right: number[] = [];
  for (let i = 0; i < 100_000; i++) left[i] = right[i] = i;
  start = Date.now();
  iterations = 0;
  while (iterations % 10 !== 0 || Date.now() - start < durationMs) {
    const [from, to] = iterations % 2 === 0 ? [left, right] : [right, left];
    for (let i = 0; i < from.length; i++) to[i] = from[i];
    iterations++;
  }
  const withoutGarbage = Math.round(iterations / 10 / ((Date.now() - start) / 1000));
  return (withGarbage + withoutGarbage) / 2;
}

export type Calibration = {
  /** The browser's score without throttling. */
  unthrottledIndex: number;
  /** The slowdown chosen, and the score measured with it. */
  cpuSlowdown: number;
  throttledIndex: number;
  /** How many times the calibration ran: it starts again when its scores disagree (below). */
  attempts: number;
  /** False when every attempt's scores disagreed: the slowdown is the last attempt's, and doubtful. */
  consistent: boolean;
};

/**
 * The throttled score times the slowdown stays close to the unthrottled score (0.91 to 0.96 of
 * it in the runs of 2026-11-29). Well below it, the machine was busier while the throttled
 * scores were taken than while the unthrottled one was: in one run a median came in at 58 %,
 * and the calibration settled on 1.6× instead of 2.8×, a phone almost twice as fast.
 */
const CONSISTENT_SHARE = 0.8;
const CALIBRATION_ATTEMPTS = 3;

/**
 * Finds the CPU slowdown that brings this machine's browser to the phone's score. The
 * throttled score is close to proportional to 1 / slowdown, with a constant a little below the
 * unthrottled score (throttling has a cost of its own): each step measures the median score at
 * the current slowdown and moves to the slowdown that constant gives for the target. The figures
 * returned are the slowdown used and the median measured at it. When the result disagrees with
 * the unthrottled score (CONSISTENT_SHARE), everything is measured again, up to
 * CALIBRATION_ATTEMPTS times. A machine slower than the phone gets no slowdown.
 */
export async function calibrateCpu(
  browser: Browser,
  contextOptions: BrowserContextOptions,
  targetIndex: number,
): Promise<Calibration> {
  // One score takes a second at any slowdown (it counts iterations for a fixed time).
  const bound = <T>(promise: Promise<T>, what: string) =>
    withTimeout(
      promise,
      CALIBRATION_CALL_MS,
      `calibración: ${what} sin respuesta tras ${CALIBRATION_CALL_MS / 1000} s`,
    );
  const context = await bound(browser.newContext(contextOptions), 'el contexto');
  try {
    const tab = await bound(context.newPage(), 'la pestaña');
    await tab.setContent('<!doctype html><title>calibración</title>', { timeout: CALIBRATION_CALL_MS });
    const cdp = await bound(context.newCDPSession(tab), 'DevTools');
    const medianScore = async (rate: number) => {
      await bound(cdp.send('Emulation.setCPUThrottlingRate', { rate }), 'la limitación de la CPU');
      const scores: number[] = [];
      for (let i = 0; i < SCORES_PER_STEP; i++) scores.push(await bound(tab.evaluate(benchmarkIndex), 'un puntaje'));
      return median(scores);
    };
    const round = (slowdown: number) => Math.max(1, Math.round(slowdown * 100) / 100);
    const calibrate = async () => {
      const unthrottledIndex = await medianScore(1);
      let cpuSlowdown = round(unthrottledIndex / targetIndex);
      if (cpuSlowdown === 1) return { unthrottledIndex, cpuSlowdown, throttledIndex: unthrottledIndex };
      let throttledIndex = await medianScore(cpuSlowdown);
      for (let step = 1; step < CALIBRATION_STEPS; step++) {
        if (Math.abs(throttledIndex / targetIndex - 1) <= CALIBRATION_TOLERANCE) break;
        cpuSlowdown = round((throttledIndex * cpuSlowdown) / targetIndex);
        throttledIndex = cpuSlowdown === 1 ? unthrottledIndex : await medianScore(cpuSlowdown);
      }
      return { unthrottledIndex, cpuSlowdown, throttledIndex };
    };
    await medianScore(1); // warms the engine up
    for (let attempts = 1; ; attempts++) {
      const result = await calibrate();
      const consistent =
        result.cpuSlowdown === 1 ||
        result.throttledIndex * result.cpuSlowdown >= CONSISTENT_SHARE * result.unthrottledIndex;
      if (consistent || attempts === CALIBRATION_ATTEMPTS) return { ...result, attempts, consistent };
    }
  } finally {
    await withTimeout(context.close(), CALIBRATION_CALL_MS, '').catch(() => {});
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The home page's first heading, as the server prerenders it, without its markup. */
export async function heroWords(url: string): Promise<string> {
  const html = await (await fetch(`${url}/`)).text();
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  if (!heading) throw new Error('La página de inicio no tiene <h1>: no hay palabras para la página mínima');
  return heading
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export type FloorServer = {
  url: string;
  /**
   * A page of another site (neither the floor's nor the app's): every measured visit starts
   * there, as a person arrives from a search or a link in a message (web.ts).
   */
  elsewhere: string;
  close: () => Promise<void>;
};

/**
 * Each loopback address is a site of its own: the app is on localhost, the floor on the first
 * address, the page each visit starts from on the second.
 */
const FLOOR_HOST = '127.0.0.1';
const ELSEWHERE_HOST = '127.0.0.2';

/**
 * A server of its own for the bare page: the hero's words in an <h1>, no style, no script, the
 * way the smallest page that says the same thing would arrive. It answers on a second address
 * too, the other site each visit starts from.
 */
export async function startFloorServer(words: string): Promise<FloorServer> {
  const body = `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Página mínima</title></head><body><h1>${escapeHtml(words)}</h1></body></html>`;
  const listen = async (host: string) => {
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(body);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, host, resolve);
    });
    return { server, url: `http://${host}:${(server.address() as AddressInfo).port}` };
  };
  const floor = await listen(FLOOR_HOST);
  const elsewhere = await listen(ELSEWHERE_HOST).catch((err: unknown) => {
    floor.server.close();
    throw new Error(`No se pudo escuchar en ${ELSEWHERE_HOST} (la página de otro sitio): ${(err as Error).message}`);
  });
  const close = (server: http.Server) => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    url: floor.url,
    elsewhere: `${elsewhere.url}/`,
    close: async () => {
      await Promise.all([close(floor.server), close(elsewhere.server)]);
    },
  };
}
