// The measuring parts of the web benchmark (web.ts): the script that runs inside the page
// (largest contentful paint and the moment the main content is on screen, both on the page's
// own clock) and the byte and idle meter over a page's DevTools session.
import type { Browser, BrowserContext, CDPSession, ConsoleMessage, Page } from 'playwright-core';
import { call } from './web-bounded';

/** The element that means "the page's main content is on screen". */
export type ContentTarget = {
  /** CSS selector of the element. */
  selector: string;
  /** When given, the element must also contain one of these texts (a customer's trackings). */
  texts?: string[];
};

/**
 * When the content was shown, in ms since navigation start (performance.now()): painted, or
 * ready in the frame that was about to draw it when the browser reported no paint of it.
 */
export type ContentShown = {
  ms: number;
  painted: boolean;
  /** The page's performance.timeOrigin (ms since the epoch): where `ms` counts from. */
  timeOrigin: number;
};

/**
 * How the probe tells the bench that the content was shown: a console message the page sends
 * (this prefix, then the figures as JSON). The bench does not ask: a DevTools call into the page
 * runs at the first chance the page gives, and while the page was still being parsed it made the
 * parser stop after the <head> and the browser paint a frame without the content, some 50 ms
 * that no phone pays.
 */
const CONTENT_SHOWN_REPORT = 'web-bench:content-shown ';

/** What installProbe gets: the content to wait for, and the report's prefix (the probe runs in the page). */
export type ProbeOptions = ContentTarget & { report: string };
export const probeOptions = (target: ContentTarget): ProbeOptions => ({ ...target, report: CONTENT_SHOWN_REPORT });

type Probe = {
  /** The latest largest-contentful-paint entry's time, 0 before the first. */
  lcp: () => number;
};
type ProbeWindow = Window & { __webBench?: Probe };

/**
 * Installed with addInitScript, so it runs before the app's own scripts. Runs in the browser:
 * everything it needs is inside it.
 */
export function installProbe(target: ProbeOptions) {
  const PAINT_REPORT_WAIT_MS = 3_000;
  let lcp = 0;
  const takeEntries = (entries: PerformanceEntryList) => {
    for (const entry of entries) lcp = entry.startTime;
  };
  const lcpObserver = new PerformanceObserver((list) => takeEntries(list.getEntries()));
  lcpObserver.observe({ type: 'largest-contentful-paint', buffered: true });

  const wanted = target.texts ?? [];
  const candidates = () =>
    Array.from(document.querySelectorAll(target.selector)).filter(
      (el) => wanted.length === 0 || wanted.some((text) => el.textContent?.includes(text)),
    );
  const isVisible = (el: Element) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };

  // Element Timing tells when the browser painted an element carrying the attribute (text is
  // reported on the block that holds it, hence every descendant). Marked from the mutation
  // callback, which runs before the frame that first paints the new nodes.
  const MARK = 'web-bench';
  const mark = () => {
    for (const el of candidates()) {
      for (const node of [el, ...Array.from(el.querySelectorAll('*'))])
        if (!node.hasAttribute('elementtiming')) node.setAttribute('elementtiming', MARK);
    }
  };
  let firstPaint = Number.POSITIVE_INFINITY;
  type ElementTiming = PerformanceEntry & { identifier: string; renderTime: number; loadTime: number };
  const takeElementEntries = (entries: PerformanceEntryList) => {
    for (const entry of entries as ElementTiming[]) {
      if (entry.identifier === MARK) firstPaint = Math.min(firstPaint, entry.renderTime || entry.loadTime);
    }
  };
  const elementObserver = new PerformanceObserver((list) => takeElementEntries(list.getEntries()));
  elementObserver.observe({ type: 'element', buffered: true });

  const resolveShown = (shown: Omit<ContentShown, 'timeOrigin'>) =>
    console.debug(target.report + JSON.stringify({ ...shown, timeOrigin: performance.timeOrigin, url: location.href }));
  let done = false;
  let scheduled = false;
  /**
   * Once the element is in the page and visible: its first paint as Element Timing reports it,
   * or, when none comes (content below the fold is not painted), the frame that was about to
   * draw it.
   */
  const settle = async (readyAt: number) => {
    const deadline = performance.now() + PAINT_REPORT_WAIT_MS;
    while (performance.now() < deadline) {
      takeElementEntries(elementObserver.takeRecords());
      if (firstPaint < Number.POSITIVE_INFINITY) return resolveShown({ ms: firstPaint, painted: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    resolveShown({ ms: readyAt, painted: false });
  };
  // Checked once per frame, just before it renders, so the probe adds no layouts of its own.
  const checkBeforeNextFrame = () => {
    if (done || scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      if (done || !candidates().some(isVisible)) return;
      done = true;
      observer.disconnect();
      clearInterval(fallback);
      void settle(performance.now());
    });
  };
  const observer = new MutationObserver((records) => {
    // The probe's own attributes are no change of the page.
    if (records.every((r) => r.attributeName === 'elementtiming')) return;
    mark();
    checkBeforeNextFrame();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  // Style sheets arriving can show an element without any DOM change.
  const fallback = setInterval(checkBeforeNextFrame, 100);

  // Entries reach the callback in a later task: take the ones still queued when asked.
  (window as ProbeWindow).__webBench = {
    lcp: () => {
      takeEntries(lcpObserver.takeRecords());
      return lcp;
    },
  };
}

/**
 * The probe's report of when the content was shown at `url` (not on the page the tab left);
 * to be called before the tab is navigated there.
 */
export function contentShownAt(page: Page, url: string): Promise<ContentShown> {
  return new Promise((resolve) => {
    const onMessage = (message: ConsoleMessage) => {
      if (!message.text().startsWith(CONTENT_SHOWN_REPORT)) return;
      const { url: shownAt, ...shown } = JSON.parse(
        message.text().slice(CONTENT_SHOWN_REPORT.length),
      ) as ContentShown & {
        url: string;
      };
      if (shownAt !== url) return;
      page.off('console', onMessage);
      resolve(shown);
    };
    page.on('console', onMessage);
  });
}

/**
 * The largest contentful paint so far, in ms since navigation start; NaN if the page reported
 * none. The entry follows the frame that painted the content by a moment, so it is waited for.
 */
export function largestPaintAt(page: Page, waitMs = 2_000): Promise<number> {
  return page.evaluate(async (waitMs) => {
    const probe = (window as ProbeWindow).__webBench;
    const deadline = performance.now() + waitMs;
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const lcp = probe?.lcp() ?? 0;
      if (lcp > 0) return lcp;
    } while (performance.now() < deadline);
    return Number.NaN;
  }, waitMs);
}

export type Throttling = {
  latencyMs: number;
  downloadBitsPerSecond: number;
  uploadBitsPerSecond: number;
  cpuSlowdown: number;
};

const networkConditions = (t: Throttling) => ({
  offline: false,
  latency: t.latencyMs,
  // DevTools takes bytes per second.
  downloadThroughput: t.downloadBitsPerSecond / 8,
  uploadThroughput: t.uploadBitsPerSecond / 8,
});

/** Network and CPU throttling for one page, through its own DevTools session. */
export async function throttle(cdp: CDPSession, t: Throttling) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', networkConditions(t));
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: t.cpuSlowdown });
}

/**
 * The same network conditions for the app's service workers. DevTools' conditions apply to the
 * target they are set on, and a worker is a target of its own: without this, what the worker
 * fetches (a page the server renders, on a repeat visit) would skip the slow network a phone
 * pays. Attached through the browser's session (Playwright opens none for a worker); the CPU
 * slowdown cannot be set on a worker, so its own work runs at this machine's speed.
 * Returns how many workers were throttled, and how to let them go.
 */
export async function throttleServiceWorkers(browser: Browser, origin: string, t: Throttling, tab: Page) {
  // Only the visit's own context's worker: an earlier round's context leaves targets behind that
  // answer nothing (each cold visit of the second round gave up on one after 30 s).
  const tabSession = await call(tab.context().newCDPSession(tab), 'DevTools de la pestaña');
  const { targetInfo } = await call(tabSession.send('Target.getTargetInfo'), 'el contexto de la pestaña');
  void tabSession.detach().catch(() => {});
  const session = await call(browser.newBrowserCDPSession(), 'DevTools del navegador');
  const { targetInfos } = await call(session.send('Target.getTargets'), 'la lista de workers');
  const workers = targetInfos.filter(
    (target) =>
      target.type === 'service_worker' &&
      target.url.startsWith(origin) &&
      target.browserContextId === targetInfo.browserContextId,
  );
  let nextId = 0;
  const replies = new Map<number, (reply: { error?: { message: string } }) => void>();
  session.on('Target.receivedMessageFromTarget', (event) => {
    const reply = JSON.parse(event.message) as { id?: number; error?: { message: string } };
    if (reply.id !== undefined) replies.get(reply.id)?.(reply);
  });
  // A session of the old, nested kind: the browser's session relays its messages.
  const send = async (sessionId: string, method: string, params: object) => {
    const id = ++nextId;
    const reply = new Promise<{ error?: { message: string } }>((resolve) => replies.set(id, resolve));
    // A worker that stopped answers nothing: this is what once hung a run for ten minutes.
    const { error } = await call(
      session
        .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) })
        .then(() => reply),
      `${method} en el service worker`,
    ).finally(() => replies.delete(id));
    if (error) throw new Error(`${method} en el service worker: ${error.message}`);
  };
  try {
    for (const worker of workers) {
      const { sessionId } = await call(
        session.send('Target.attachToTarget', { targetId: worker.targetId, flatten: false }),
        'el service worker',
      );
      await send(sessionId, 'Network.enable', {});
      await send(sessionId, 'Network.emulateNetworkConditions', networkConditions(t));
    }
  } catch (err) {
    void session.detach().catch(() => {});
    throw err;
  }
  // The conditions last while the session is attached.
  return { workers: workers.length, release: () => session.detach().catch(() => {}) };
}

/**
 * Counts what a page downloads (encodedDataLength: compressed bodies plus headers; a response
 * from the memory cache or the HTTP cache is ~0) and tells when its network has been idle.
 * Responses a service worker answered are not counted here: what the worker itself fetched
 * over the network is counted by ServiceWorkerMeter.
 */
export function meterNetwork(cdp: CDPSession) {
  const inFlight = new Set<string>();
  const fromServiceWorker = new Set<string>();
  let bytes = 0;
  let requests = 0;
  let lastActivity = Date.now();
  let counting = true;

  const onRequest = (e: { requestId: string; type?: string }) => {
    if (!counting) return;
    // The live-updates stream (server-sent events) stays open as long as the page: it is a
    // connection, not a download the page waits for, so it never keeps the network "busy".
    if (e.type === 'EventSource') return;
    if (!inFlight.has(e.requestId)) requests += 1;
    inFlight.add(e.requestId);
    lastActivity = Date.now();
  };
  const onResponse = (e: { requestId: string; response: { fromServiceWorker?: boolean } }) => {
    if (e.response.fromServiceWorker) fromServiceWorker.add(e.requestId);
  };
  const onFinished = (e: { requestId: string; encodedDataLength: number }) => {
    if (!counting || !inFlight.delete(e.requestId)) return;
    if (!fromServiceWorker.has(e.requestId)) bytes += e.encodedDataLength;
    lastActivity = Date.now();
  };
  const onFailed = (e: { requestId: string }) => {
    if (!counting || !inFlight.delete(e.requestId)) return;
    lastActivity = Date.now();
  };
  cdp.on('Network.requestWillBeSent', onRequest);
  cdp.on('Network.responseReceived', onResponse);
  cdp.on('Network.loadingFinished', onFinished);
  cdp.on('Network.loadingFailed', onFailed);

  return {
    /** Resolves once nothing was in flight for quietMs (or after maxMs); true if it was quiet. */
    async idle(quietMs: number, maxMs: number): Promise<boolean> {
      const deadline = Date.now() + maxMs;
      while (Date.now() < deadline) {
        if (inFlight.size === 0 && Date.now() - lastActivity >= quietMs) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    },
    /** Stops counting; later requests (the bell's polling, say) belong to no visit. */
    stop() {
      counting = false;
      cdp.off('Network.requestWillBeSent', onRequest);
      cdp.off('Network.responseReceived', onResponse);
      cdp.off('Network.loadingFinished', onFinished);
      cdp.off('Network.loadingFailed', onFailed);
      return { bytes, requests, servedByServiceWorker: fromServiceWorker.size };
    },
  };
}

/**
 * What a context's service workers download themselves (a precache on the first visit, the
 * requests a worker forwards). DevTools throttling is per page, so these are not throttled:
 * they are counted, never timed.
 */
export function meterServiceWorkers(context: BrowserContext) {
  let pending: Promise<number>[] = [];
  context.on('requestfinished', (request) => {
    if (!request.serviceWorker()) return;
    pending.push(
      request
        .sizes()
        .then((s) => s.responseHeadersSize + s.responseBodySize)
        .catch(() => 0),
    );
  });
  return {
    /** Bytes of the worker requests finished since the last call (its sum), and their number. */
    async take(): Promise<{ bytes: number; requests: number }> {
      const taken = pending;
      pending = [];
      const sizes = await Promise.all(taken);
      return { bytes: sizes.reduce((a, b) => a + b, 0), requests: sizes.length };
    },
  };
}

/**
 * Once a page has loaded: waits until its service worker is active, if the app registers one
 * (registration may come a moment after load, so it is looked for during graceMs).
 * Returns whether there is one.
 */
export async function serviceWorkerActive(page: Page, graceMs: number, readyMs: number): Promise<boolean> {
  return page.evaluate(
    async ({ graceMs, readyMs }) => {
      if (!('serviceWorker' in navigator)) return false;
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const graceEnd = performance.now() + graceMs;
      let registration = await navigator.serviceWorker.getRegistration();
      while (!registration && performance.now() < graceEnd) {
        await sleep(100);
        registration = await navigator.serviceWorker.getRegistration();
      }
      if (!registration) return false;
      const ready = await Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        sleep(readyMs).then(() => false),
      ]);
      if (!ready) throw new Error(`El service worker no se activó en ${readyMs / 1000} s`);
      return true;
    },
    { graceMs, readyMs },
  );
}
