// The screens the browser tests look at: desktop and phone, the navigation, the responsive lists,
// no horizontal scroll, animations finished, and a screenshot when a step fails.
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { REPO_ROOT } from '../support/server-process';
import { RESULTS_DIR } from './browser';

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

/** The app's router, as TanStack Router leaves it on the window in the browser. */
type AppRouter = {
  navigate: (options: { href: string }) => Promise<void>;
  state: { status: string; isLoading: boolean; location: { href: string }; resolvedLocation?: { href: string } };
};

/**
 * Opens one of the app's routes and waits for its heading. Once the app is on the page, as a link
 * inside it does: the router's own navigation, without loading and starting the app again for each
 * page (what made a walk through every screen the slowest of the browser tests). The first page,
 * or a page not the app's, is a full load.
 */
export async function openRoute(
  page: Page,
  url: string,
  route: string,
  { headingTimeout }: { headingTimeout?: number } = {},
): Promise<void> {
  const navigated = await page
    .evaluate(async (href) => {
      const router = (self as { __TSR_ROUTER__?: AppRouter }).__TSR_ROUTER__;
      if (!router || document.documentElement.dataset.ready === undefined) return false;
      await router.navigate({ href });
      return true;
    }, route)
    .catch(() => false);
  if (!navigated) {
    await page.goto(`${url}${route}`);
  } else {
    // Settled: nothing left to load, and the location shown is the one asked for (or where it led).
    await page.waitForFunction(() => {
      const { state } = (self as { __TSR_ROUTER__?: AppRouter }).__TSR_ROUTER__!;
      return state.status === 'idle' && !state.isLoading && state.resolvedLocation?.href === state.location.href;
    });
  }
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: headingTimeout });
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
