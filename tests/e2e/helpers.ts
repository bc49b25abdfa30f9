// Helpers for the browser tests: find Chromium, start the real server on a free port with a
// fresh embedded database, launch the browser, sign in through the real form.
// Nothing here imports server code: the server is spawned exactly as `npm start` runs it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium as playwrightChromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type LaunchOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { APP_PRELOADS_ID } from '@casillero/shared';
import { REPO_ROOT, freePort, startServerProcess } from '../support/server-process';

export { REPO_ROOT };

export const TESTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_DIR = path.join(TESTS_DIR, 'test-results');

export const SKIP_MESSAGE =
  'Pruebas de navegador omitidas: no se encontró Chromium. Instálalo con: apt-get install -y chromium';

export const DEMO = {
  password: 'Demo1234!',
  admin: 'admin@casillero.test',
  customer: 'maria@casillero.test',
  otherCustomer: 'carlos@casillero.test',
  /** Demo staff of the roles other than the administrator's (docs/product/product-decisions.md#d13-staff-have-roles). */
  caja: 'caja@casillero.test',
  atencion: 'atencion@casillero.test',
} as const;

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The Chromium executable to drive: CHROMIUM_PATH, or Debian's package; undefined if none. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, ...CHROMIUM_CANDIDATES].filter((p): p is string => Boolean(p));
  return candidates.find((p) => fs.existsSync(p));
}

let explained = false;
/**
 * findChromium(), printing once why the browser suites are skipped when there is none.
 * In CI a missing browser is a failure, not a skip: the journeys must have run.
 */
export function chromiumOrExplain(): string | undefined {
  const found = findChromium();
  if (!found && process.env.CI) throw new Error(SKIP_MESSAGE);
  if (!found && !explained) {
    explained = true;
    console.warn(`\n${SKIP_MESSAGE}\n`);
  }
  return found;
}

/**
 * Chromium 156 opens, for every window, the omnibox popup as a web page of its own (a renderer
 * that loads some 500 KB of script, about a third of a core for seconds): a headless browser
 * never shows it, and it slowed the browser tests and the benchmark's pages.
 */
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];
/**
 * The features Playwright turns off (PaintHolding among them, which would hold a page's first
 * paint). Chromium reads only the last `--disable-features`, so ours repeats them;
 * expectPlaywrightFeaturesKept fails the browser tests when a Playwright upgrade changes its list.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Fails when a Playwright upgrade turned off a feature PLAYWRIGHT_DISABLED_FEATURES lacks
 * (the browser's command line, as chrome://version shows it). Run once per browser-test run
 * (global-setup.ts): it costs a page load.
 */
export async function expectPlaywrightFeaturesKept(): Promise<void> {
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto('chrome://version');
    const commandLine = (await page.locator('#command_line').textContent()) ?? '';
    const lists = (commandLine.match(/--disable-features=\S+/g) ?? []).map((flag) =>
      flag.slice('--disable-features='.length).split(','),
    );
    const inEffect = new Set(lists.at(-1));
    const dropped = lists.flat().filter((feature) => !inEffect.has(feature));
    if (lists.length === 0 || dropped.length > 0)
      throw new Error(`Añade a PLAYWRIGHT_DISABLED_FEATURES (tests/e2e/helpers.ts): ${dropped.join(', ')}`);
  } finally {
    await browser.close();
  }
}

/** `options`: Playwright's launch options besides the executable and its flags. */
export async function launchBrowser(executablePath = findChromium(), options: LaunchOptions = {}): Promise<Browser> {
  if (!executablePath) throw new Error(SKIP_MESSAGE);
  const browser = await playwrightChromium.launch({
    ...options,
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (contextOptions?: BrowserContextOptions) => {
    const context = await newContext(contextOptions);
    if (contextOptions?.javaScriptEnabled === false) return context;
    const newPage = context.newPage.bind(context);
    context.newPage = async () => navigationsWaitForTheApp(await newPage());
    return context;
  };
  return browser;
}

/**
 * The app starts after the page's first frame (client/public/boot.js), so a page's `load` event
 * no longer waits for it. A person waits for a page to respond before tapping, and so do the
 * tests: `goto` and `reload` resolve once the app has drawn the page (`data-ready`, set by
 * client/src/main.tsx), or at once for a document without the app. `waitUntil: 'commit'` or
 * `'domcontentloaded'` asks for the page before the app has it, as the tests of that moment do.
 */
function navigationsWaitForTheApp(page: Page): Page {
  const appStarted = (waitUntil: string | undefined) =>
    waitUntil === 'commit' || waitUntil === 'domcontentloaded'
      ? Promise.resolve()
      : page
          .locator(`html[data-ready], html:not(:has(link[data-app-entry], #${APP_PRELOADS_ID}))`)
          .waitFor({ state: 'attached' });
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await appStarted(options?.waitUntil);
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await appStarted(options?.waitUntil);
    return response;
  };
  return page;
}

export type RunningServer = {
  url: string;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts the app server from the repo root on a free port with a fresh embedded database in a
 * temporary DATA_DIR (a copy of the demo seeded once for the run by global-setup.ts, or seeded
 * on this first start when there is no copy), and nothing that could reach the outside world.
 * The client must already be built (`npm run test:e2e` builds it first).
 */
export async function startServer(
  options: {
    env?: Record<string, string>;
    /** The seeded data to start from; null: none (outside Vitest, as the benchmark runs). */
    templateDataDir?: string | null;
  } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-e2e-'));
  const template = options.templateDataDir === undefined ? inject('e2eTemplateDataDir') : options.templateDataDir;
  if (template) fs.cpSync(template, dataDir, { recursive: true });
  const url = `http://localhost:${port}`;
  const server = await startServerProcess('e2e', {
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: url,
    NODE_ENV: 'production',
    // Webhook deliveries stay queued: a test's subscription never reaches the internet.
    WEBHOOKS_SEND: 'off',
    ...options.env,
  }).catch((err: unknown) => {
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

/**
 * A field's label as the page shows it: the exact text, optionally followed by the required
 * asterisk that Mantine appends (" *"), so 'Contraseña' never matches 'Confirmar contraseña'.
 */
export function fieldLabel(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^\\s*${escaped}\\s*\\*?\\s*$`);
}

/**
 * Waits until React has taken over a prerendered element (the page is interactive). What is
 * typed earlier is kept and a tap does nothing (prerender.test.ts checks both); a person
 * waits for the page to respond, and so do the journeys.
 */
export async function waitForHydration(locator: Locator): Promise<void> {
  await locator.waitFor();
  await locator.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const ready = () => Object.keys(element).some((key) => key.startsWith('__reactProps$'));
        const check = () => (ready() ? resolve() : setTimeout(check, 25));
        check();
      }),
  );
}

/**
 * Opens a page and waits until React has it: a page the server renders with the customer's data
 * (Mis Trackings, Almacén, Facturas) shows its content before its JavaScript runs, and a tap
 * then does nothing, as on a prerendered page (waitForHydration).
 */
export async function openPage(page: Page, href: string): Promise<void> {
  // Resolves once React has the page (launchBrowser's pages wait for `data-ready` on every goto).
  await page.goto(href);
  // What the first effects changed (a phone's layout, measured once mounted) is drawn in the next frames.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Signs in through the /login form, using its Spanish labels. */
/**
 * A tRPC procedure over HTTP as the signed-in page calls it (no transformer: the input is the
 * JSON), for the steps a test sets up rather than shows: `const call = trpcCaller(url)`.
 */
export function trpcCaller(url: () => string) {
  return async function call<T>(page: Page, procedure: string, input: unknown, method: 'GET' | 'POST'): Promise<T> {
    const res =
      method === 'POST'
        ? await page.request.post(`${url()}/trpc/${procedure}`, { data: input, headers: { origin: url() } })
        : await page.request.get(`${url()}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
    const body = await res.json();
    expect(res.status(), JSON.stringify(body)).toBe(200);
    return body.result.data as T;
  };
}

/** The USA calculator's weight unit (kilograms first: docs/product/quote-calculators.md#inputs). */
export async function chooseWeightUnit(page: Page, unit: 'kg' | 'lb') {
  await page.getByRole('radiogroup', { name: 'Unidad de peso' }).getByText(unit, { exact: true }).click();
  await page.getByLabel(`Peso real (${unit})`).waitFor();
}

/**
 * A customer signed in and landed on a screen of their area: the one that needs them first
 * (docs/product/sign-up-and-sign-in.md#where-a-customer-lands), past /dashboard itself.
 */
export const landedInCustomerArea = (u: URL) => /^\/dashboard\/[a-z]/.test(u.pathname);

export async function signIn(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/login`);
  // The form that holds the password field (the header has its own 'Iniciar Sesión' button).
  const form = page.locator('form').filter({ has: page.getByLabel(fieldLabel('Contraseña')) });
  await waitForHydration(form.getByLabel(fieldLabel('Contraseña')));
  await form.getByLabel(fieldLabel('Email')).fill(email);
  await form.getByLabel(fieldLabel('Contraseña')).fill(password);
  await form.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
}

/**
 * One app server and one browser for a describe block, started before its tests and closed after
 * them. `newPage()` opens a page in a fresh browser context (its own cookies), as another person.
 */
export function useBrowserSession(
  chromium: string | undefined,
  contextOptions: BrowserContextOptions = {},
  /** The server's options, asked for when it starts (after the describe block's earlier beforeAll hooks). */
  serverOptions: () => Parameters<typeof startServer>[0] = () => ({}),
) {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    server = await startServer(serverOptions());
    browser = await launchBrowser(chromium);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await server?.stop();
  });
  return {
    server: () => server!,
    url: () => server!.url,
    /**
     * `options` adds to the session's context options for this page (JavaScript off, say). The
     * browser asks for reduced motion (the app then opens dialogs and groups at once): on a busy
     * machine a click computed while something was still moving landed where nothing was.
     */
    async newPage(options: BrowserContextOptions = {}): Promise<Page> {
      const context = await browser!.newContext({
        locale: 'es-ES',
        reducedMotion: 'reduce',
        ...contextOptions,
        ...options,
      });
      contexts.push(context);
      return context.newPage();
    },
  };
}

/** A screen the journeys run on: a desktop, or a phone (docs/product/fast-on-a-phone.md). */
export type ScreenProfile = { name: string; phone: boolean; contextOptions: BrowserContextOptions };
export const DESKTOP: ScreenProfile = {
  name: 'escritorio',
  phone: false,
  contextOptions: { viewport: { width: 1280, height: 900 } },
};
/** A common Android phone's screen: 390 × 844 CSS pixels, touch. */
export const PHONE: ScreenProfile = {
  name: 'teléfono 390×844',
  phone: true,
  contextOptions: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};
/** Every customer journey runs on both (`describe.each(SCREEN_PROFILES)('… en $name', …)`). */
export const SCREEN_PROFILES = [DESKTOP, PHONE];

/**
 * Opens a page of a signed-in area's side navigation ('Mi Cuenta', 'Panel Admin') as a person
 * does: on a phone the navigation is a drawer, opened by its burger first.
 */
export async function openFromNavigation(page: Page, navTitle: string, label: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: navTitle });
  const link = nav.getByRole('link', { name: label, exact: true });
  const burger = page.getByRole('button', { name: `Abrir ${navTitle}` });
  // A long menu (the administrator's) opens its groups one at a time: the link's group's button.
  const groupToggle = nav
    .getByRole('group')
    .filter({ has: page.getByRole('link', { name: label, exact: true, includeHidden: true }) })
    .getByRole('button', { expanded: false });
  const seen = async (locator: Locator) => (await locator.count()) > 0 && (await locator.first().isVisible());
  // The area's frame is on screen: its burger on a phone (the links are drawn once it opens),
  // its side navigation's links (or the link's closed group) on a wider screen.
  await expect
    .poll(async () => (await burger.isVisible()) || (await link.isVisible()) || (await seen(groupToggle)), {
      message: `navegación ${navTitle}`,
      // The area's frame comes after the session is read: more than the poll's default second on a busy machine.
      timeout: 15_000,
    })
    .toBe(true);
  if (await burger.isVisible()) await burger.click();
  await link.or(groupToggle).first().waitFor();
  // The session's pages ask for reduced motion (newPage): the group opens at once, the link in place.
  if (!(await link.isVisible())) await groupToggle.click();
  await link.click();
}

/**
 * A list drawn by the client's ResponsiveTable: a table named `name` on wide screens, a list of
 * cards with that name on phones. `listRows` finds its rows (table rows or cards) in either.
 */
export function responsiveList(page: Page, name: string): Locator {
  return page.getByRole('table', { name }).or(page.getByRole('list', { name }));
}
export function listRows(list: Locator): Locator {
  return list.getByRole('row').or(list.getByRole('listitem'));
}

/** Fails unless the page is no wider than its viewport: nothing to scroll sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `ancho de ${page.url()}` })
    .toBeLessThanOrEqual(width);
}

/** Fails unless the element lies within the viewport's width: seen without scrolling sideways. */
export async function expectWithinViewportWidth(locator: Locator): Promise<void> {
  const width = locator.page().viewportSize()!.width;
  await locator.waitFor();
  const span = async () => {
    const box = await locator.boundingBox();
    return box ? [Math.round(box.x), Math.round(box.x + box.width)] : null;
  };
  await expect
    .poll(span, { message: `${locator} dentro de 0..${width} px` })
    .toSatisfy((s) => s !== null && s[0] >= 0 && s[1] <= width);
}

/** Waits until the element's CSS transitions and animations (a drawer sliding in, say) have ended. */
export async function animationsDone(locator: Locator): Promise<void> {
  await locator.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );
}

/** Runs fn; if it throws, saves a screenshot of the page to tests/test-results/<name>.png. */
export async function withScreenshotOnFailure<T>(page: Page, name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => {});
    console.error(`Captura guardada en ${path.relative(REPO_ROOT, file)} (URL: ${page.url()})`);
    throw err;
  }
}

/**
 * Waits for the server to log an e-mail (no RESEND_API_KEY: the worker prints each e-mail with
 * its links) whose text contains `contains`, and returns its link to `path` (e.g.
 * '/verificar-email'). Use a unique name or text per test to find the right e-mail.
 */
export async function waitForEmailLink(
  server: RunningServer,
  {
    contains,
    path: linkPath,
    after = 0,
    timeoutMs = 20_000,
  }: { contains: string; path: string; after?: number; timeoutMs?: number },
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const escaped = linkPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const linkPattern = new RegExp(`https?://[^\\s"\\\\]+${escaped}\\?[^\\s"\\\\]+`);
  while (Date.now() < deadline) {
    for (const line of server.output().slice(after).split('\n')) {
      if (!line.includes(contains)) continue;
      const match = line.match(linkPattern);
      if (match) return match[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No se registró un e-mail con '${contains}' y un enlace a ${linkPath} en ${timeoutMs / 1000} s`);
}

/** What a stylesheet changes that shows: the box and its place (its size catches the rest of the layout), colour, text. */
const VISIBLE_PROPERTIES = [
  'display',
  'position',
  'top',
  'left',
  'width',
  'height',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border-top-width',
  'border-right-width',
  'border-bottom-width',
  'border-left-width',
  'border-top-color',
  'border-top-style',
  'border-top-left-radius',
  'color',
  'background-color',
  'background-image',
  'box-shadow',
  'opacity',
  'visibility',
  'overflow-x',
  'overflow-y',
  'z-index',
  'transform',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'text-align',
  'text-decoration-line',
  'text-transform',
  'white-space',
  'flex-direction',
  'justify-content',
  'align-items',
  'gap',
  'content',
  'cursor',
  'fill',
  'stroke',
];

/** Each element's visible style in the page's root, with its ::before and ::after where it has one. */
async function computedStyles(page: Page): Promise<{ label: string; style: string[] }[]> {
  return page.evaluate((properties) => {
    const styles: { label: string; style: string[] }[] = [];
    for (const element of Array.from(document.querySelectorAll('#root *'))) {
      for (const pseudo of [null, '::before', '::after']) {
        const computed = getComputedStyle(element, pseudo);
        if (pseudo && computed.content === 'none') continue;
        const classes = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
        styles.push({
          label: `${element.tagName.toLowerCase()}.${classes}${pseudo ?? ''}`,
          // A running animation (a loader) moves on between the two loads: its name says it is there.
          style: properties
            .filter((name) => name !== 'transform' || computed.animationName === 'none')
            .map((name) => `${name}: ${computed.getPropertyValue(name)}`),
        });
      }
    }
    return styles;
  }, VISIBLE_PROPERTIES);
}

/**
 * A page drawn with its content looks the same before its stylesheets arrive (its critical CSS
 * inlined, lib/critical-css.ts) as with them: loaded with JavaScript off once with every
 * stylesheet request refused, then with them all (the <noscript> links). Answers the first
 * differences, each as "element property: without → with"; none when it holds.
 */
export async function stylesWithoutStylesheets(page: Page, href: string): Promise<string[]> {
  // Every section drawn (a later section's height is otherwise a guess until it comes near).
  const drawAll = () =>
    page.evaluate(() => {
      const style = document.createElement('style');
      style.textContent = '* { content-visibility: visible !important; }';
      document.head.append(style);
    });
  await page.route('**/*.css', (route) => route.abort());
  await page.goto(href);
  await drawAll();
  const without = await computedStyles(page);
  await page.unroute('**/*.css');
  await page.goto(href, { waitUntil: 'load' });
  await drawAll();
  const withSheets = await computedStyles(page);
  if (without.length !== withSheets.length) return [`${without.length} → ${withSheets.length} elementos`];
  const differences: string[] = [];
  for (const [index, { label, style }] of without.entries()) {
    const other = withSheets[index]!;
    if (other.label !== label) differences.push(`${label} → ${other.label}`);
    else
      for (const [property, value] of style.entries()) {
        if (other.style[property] !== value) differences.push(`${label} ${value} → ${other.style[property]}`);
      }
  }
  return differences.slice(0, 5);
}
