// The signed-in screens on the screens people use them on: each customer route and each staff
// route on a 390×844 phone, with nothing wider than the screen and no control out of reach; and
// the staff menu on a 1366×768 laptop, every entry in sight without scrolling.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, signIn, useBrowserSession } from './session';
import { openRoute, PHONE, withScreenshotOnFailure } from './screens';
import { chromiumOrExplain } from './browser';
import { routesUnder } from './routes';

const chromium = chromiumOrExplain();

/**
 * What does not fit a phone's width on the page as it is now: the page scrolling sideways, each
 * visible control (button, link, field, switch) that reaches past the screen's right edge, and
 * each text that does, cut off by its card or left in a box that scrolls sideways.
 */
function overflowOf(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > width) {
      problems.push(`la página mide ${document.documentElement.scrollWidth} px de ancho`);
    }
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type=hidden]), select, textarea, [role=switch], [role=checkbox], [role=tab]',
    );
    for (const control of Array.from(controls)) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // Wholly off to the left: a visually hidden element (the switch's own input, say).
      if (box.right <= 0) continue;
      if (box.right > width + 1) {
        const name = control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? control.tagName;
        problems.push(`${control.tagName.toLowerCase()} «${name}» llega a ${Math.round(box.right)} px`);
      }
    }
    // A text shortened on purpose ends in '…' where the screen ends: it is not cut off.
    const shortened = (element: Element | null): boolean => {
      for (let e = element; e && e !== document.body; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.textOverflow === 'ellipsis' || (style.webkitLineClamp && style.webkitLineClamp !== 'none'))
          return true;
      }
      return false;
    };
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const cut = new Set<Element>();
    for (let node = texts.nextNode(); node; node = texts.nextNode()) {
      const element = node.parentElement;
      if (!node.textContent?.trim() || !element || cut.has(element)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width === 0 || box.right <= 0 || getComputedStyle(element).visibility === 'hidden') continue;
      if (box.right > width + 1 && !shortened(element)) {
        cut.add(element);
        problems.push(`el texto «${node.textContent.trim().slice(0, 40)}» llega a ${Math.round(box.right)} px`);
      }
    }
    return problems;
  });
}

async function expectEveryRouteFits(page: Page, url: string, routes: string[]) {
  expect(routes.length).toBeGreaterThan(3);
  const found: Record<string, string[]> = {};
  for (const route of routes) {
    await openRoute(page, url, route);
    // Lists and details arrive after the heading: measure once the page has settled.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(300);
    const problems = await overflowOf(page);
    if (problems.length > 0) found[route] = problems;
  }
  expect(found).toEqual({});
}

describe.skipIf(!chromium)('pantallas en un teléfono 390×844', () => {
  const { url, newPage } = useBrowserSession(chromium, PHONE.contextOptions);

  it('every customer screen fits the phone', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'pantallas-cliente-390', async () => {
      await signIn(page, url(), DEMO.customer, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      await expectEveryRouteFits(page, url(), routesUnder('/dashboard'));
    });
  });

  it('every staff screen fits the phone', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'pantallas-personal-390', async () => {
      await signIn(page, url(), DEMO.admin, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));
      // The administrator holds every permission: every staff screen opens.
      const routes = routesUnder('/admin');
      expect(routes).toEqual(
        expect.arrayContaining(['/admin', '/admin/trackings', '/admin/reportes', '/admin/personal']),
      );
      await expectEveryRouteFits(page, url(), routes);
    });
    // Twenty screens, each measured once settled: more than one journey's time.
  }, 300_000);
});

/**
 * The menu's entries and group buttons that are not in sight: each must be drawn where it is,
 * not clipped by the menu's scrolling box nor covered by its footer, and above the window's bottom.
 */
function menuOutOfSight(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const menu = document.querySelector('nav[aria-label="Panel Admin"]')!;
    const entries = Array.from(menu.querySelectorAll<HTMLElement>('a[href], button'));
    return entries
      .filter((e) => e.getClientRects().length > 0)
      .filter((e) => {
        const box = e.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return box.bottom > window.innerHeight || !hit || !e.contains(hit);
      })
      .map((e) => e.textContent?.trim() ?? '');
  });
}

describe.skipIf(!chromium)('el menú del personal en un portátil 1366×768', () => {
  const { url, newPage } = useBrowserSession(chromium, { viewport: { width: 1366, height: 768 } });

  it('the administrator sees every group, and each group’s screens once opened, without scrolling', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'menu-admin-1366x768', async () => {
      await signIn(page, url(), DEMO.admin, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));
      const menu = page.getByRole('navigation', { name: 'Panel Admin' });
      await menu.getByRole('link', { name: 'Panel', exact: true }).waitFor();
      // The administrator holds every permission: the whole menu, in groups that open and close.
      const toggles = menu.getByRole('button');
      expect(await toggles.allTextContents()).toEqual(['Clientes', 'Almacén', 'Dinero', 'Administración']);
      for (const group of await toggles.all()) {
        await group.click();
        await expect.poll(() => group.getAttribute('aria-expanded')).toBe('true');
        const opened = group.locator('xpath=..').getByRole('link');
        await opened.last().waitFor();
        await page.waitForTimeout(200);
        expect(await menuOutOfSight(page), `con ${await group.textContent()} abierto`).toEqual([]);
        await group.click();
        await expect.poll(() => group.getAttribute('aria-expanded')).toBe('false');
      }
      await expect.poll(() => page.getByRole('link', { name: 'Panel Cliente' }).isVisible()).toBe(true);
    });
  });

  it('a group opens with a short animation, and at once when the browser asks for less motion', async () => {
    for (const [reducedMotion, animates] of [
      ['no-preference', true],
      ['reduce', false],
    ] as const) {
      const page = await newPage({ reducedMotion });
      await withScreenshotOnFailure(page, `menu-movimiento-${reducedMotion}`, async () => {
        await signIn(page, url(), DEMO.admin, DEMO.password);
        await page.waitForURL((u) => u.pathname.startsWith('/admin'));
        const group = page.getByRole('navigation', { name: 'Panel Admin' }).getByRole('button', { name: 'Dinero' });
        await group.waitFor();
        // Clicked in the page, then the group's list watched for a few frames: moving or not.
        const frames = await group.evaluate(async (button) => {
          const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
          if (!list) throw new Error('sin lista del grupo');
          (button as HTMLElement).click();
          const seen: { height: number; moving: boolean }[] = [];
          for (let i = 0; i < 10; i++) {
            await new Promise((resolve) => requestAnimationFrame(resolve));
            seen.push({ height: list.getBoundingClientRect().height, moving: list.getAnimations().length > 0 });
          }
          return seen;
        });
        const open = frames.at(-1)!.height;
        expect(open, reducedMotion).toBeGreaterThan(0);
        const moved = frames.some((f) => f.moving || (f.height > 0 && f.height < open));
        expect(moved, `${reducedMotion}: ${JSON.stringify(frames)}`).toBe(animates);
      });
    }
  });

  for (const [role, email] of [
    ['caja', DEMO.caja],
    ['atención', DEMO.atencion],
  ] as const) {
    it(`as ${role}, every screen of the menu is in sight at once`, async () => {
      const page = await newPage();
      await withScreenshotOnFailure(page, `menu-${role}-1366x768`, async () => {
        await signIn(page, url(), email, DEMO.password);
        await page.waitForURL((u) => u.pathname.startsWith('/admin'));
        const menu = page.getByRole('navigation', { name: 'Panel Admin' });
        await menu.getByRole('link').first().waitFor();
        // A shorter menu keeps its groups open: no button to open, every entry at once.
        expect(await menu.getByRole('button').count()).toBe(0);
        expect(await menuOutOfSight(page)).toEqual([]);
      });
    });
  }
});
