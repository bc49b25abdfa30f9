// When a form's page is usable (docs/product/fast-on-a-phone.md#budgets): a person fills the
// form as soon as it shows, and what counts is when doing so shows its result. A cold load of its
// own (a fresh phone, arriving from another site, slow 4G and the phone's CPU, as web-visit.ts):
// the probe reports the form on screen, the bench fills it at once (Playwright waits, as a thumb
// would, until a field takes what is typed), and the time runs from the navigation's start until
// the result is on screen: the quote's total, the customer's area after signing in.
import type { Browser, Cookie, Page } from 'playwright-core';
import { DEMO } from '../e2e/session';
import { call, closeWithin, GaveUp, withTimeout } from './web-bounded';
import { contentShownAt, throttle } from './web-probe';
import { type BenchPage, CONTENT_TIMEOUT_MS, newPhoneContext, SLOW_4G } from './web-visit';

/** A label as the form shows it, a required field's asterisk allowed (tests/e2e/session.ts). */
const field = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`);

export type UsableTask = {
  /** What the person does, as soon as the form shows. */
  fill: (tab: Page) => Promise<void>;
  /** What means it worked: a visible element, with this text when given, at an address whose path matches. */
  result: { selector: string; text?: string; path?: string };
  /** The result in the line printed when it never came ("sin total"). */
  missing: string;
};

/** The forms' tasks, by page. */
export const USABLE_TASKS: Record<string, UsableTask> = {
  // The calculator quotes once it has the weight and the three measures; a total is a dollar amount.
  '/cotizar': {
    async fill(tab) {
      for (const [label, value] of [
        ['Peso real (kg)', '10'],
        ['Largo (cm)', '30'],
        ['Ancho (cm)', '20'],
        ['Alto (cm)', '15'],
      ])
        await tab.getByLabel(label).pressSequentially(value, { timeout: CONTENT_TIMEOUT_MS });
    },
    result: { selector: '[data-testid="total"]', text: '$' },
    missing: 'sin total',
  },
  // Signed in: the customer's area (where she lands depends on what waits for her) with its page's
  // title drawn and nothing left loading in it.
  '/login': {
    async fill(tab) {
      const form = tab.locator('form').filter({ has: tab.getByLabel(field('Contraseña')) });
      await form.getByLabel(field('Email')).fill(DEMO.customer, { timeout: CONTENT_TIMEOUT_MS });
      await form.getByLabel(field('Contraseña')).fill(DEMO.password, { timeout: CONTENT_TIMEOUT_MS });
      await form.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click({ timeout: CONTENT_TIMEOUT_MS });
    },
    result: { selector: 'main h1', path: '^/dashboard/[a-z]' },
    missing: 'sin sesión iniciada',
  },
};

/**
 * Runs in the page at every frame: the moment (ms since the epoch, on the page's clock) the
 * result is on screen, or false.
 */
function resultShown(result: UsableTask['result']): number | false {
  if (result.path && !new RegExp(result.path).test(location.pathname)) return false;
  const shown = Array.from(document.querySelectorAll(result.selector)).some((el) => {
    const box = el.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.height > 0 &&
      (!result.text || el.textContent?.includes(result.text)) &&
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
    );
  });
  // A page of the customer's area is drawn once nothing in it is loading (QueryState's loader).
  const loading = document.querySelector('main [aria-label="Cargando"]');
  return shown && !loading ? performance.timeOrigin + performance.now() : false;
}

/** One cold load of a form's page, filled at once; ms from the navigation's start until its result showed. */
export async function usableLoad(
  browser: Browser,
  url: string,
  page: BenchPage,
  task: UsableTask,
  cookies: Cookie[],
  elsewhere: string,
): Promise<number> {
  const context = await newPhoneContext(browser, page, cookies);
  try {
    const tab = await call(context.newPage(), 'la pestaña');
    const cdp = await call(context.newCDPSession(tab), 'DevTools');
    await tab.goto(elsewhere, { waitUntil: 'load', timeout: CONTENT_TIMEOUT_MS });
    await call(throttle(cdp, SLOW_4G), 'la limitación de red y CPU');
    const pageUrl = url + page.path;
    const shown = contentShownAt(tab, pageUrl);
    await tab.goto(pageUrl, { waitUntil: 'commit', timeout: CONTENT_TIMEOUT_MS });
    const form = await withTimeout(shown, CONTENT_TIMEOUT_MS, `sin formulario tras ${CONTENT_TIMEOUT_MS / 1000} s`);
    await task.fill(tab).catch((err: Error) => {
      throw new GaveUp(`no se pudo llenar el formulario (${err.message.split('\n')[0]})`);
    });
    const at = await tab
      .waitForFunction(resultShown, task.result, { polling: 'raf', timeout: CONTENT_TIMEOUT_MS })
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => {
        throw new GaveUp(`${task.missing} tras ${CONTENT_TIMEOUT_MS / 1000} s (URL ${tab.url()})`);
      });
    return at - form.timeOrigin;
  } finally {
    await closeWithin(context.close());
  }
}
