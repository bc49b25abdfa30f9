// The browser for the browser tests: find Chromium (CHROMIUM_PATH, or Debian's package), launch it
// with the features a person's Chromium has, and have every page's navigations wait for the app.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium as playwrightChromium,
  type Browser,
  type BrowserContextOptions,
  type LaunchOptions,
  type Page,
} from 'playwright-core';
import { APP_PRELOADS_ID } from '@casillero/shared';

export const TESTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const RESULTS_DIR = path.join(TESTS_DIR, 'test-results');

export const SKIP_MESSAGE =
  'Pruebas de navegador omitidas: no se encontró Chromium. Instálalo con: apt-get install -y chromium';

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
      throw new Error(`Añade a PLAYWRIGHT_DISABLED_FEATURES (tests/e2e/browser.ts): ${dropped.join(', ')}`);
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
