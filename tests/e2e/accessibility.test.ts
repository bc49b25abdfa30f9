// Accessibility of every screen: axe-core's WCAG 2.1 A and AA rules on each public, customer and
// staff route, as the page stands once loaded. A serious or critical finding fails the test (text
// contrast under 4.5:1, a field without its label, a control a keyboard cannot reach or name),
// and every Mantine component on it drawn with its styles (the signed-in areas load only the
// styles their components use: client/scripts/mantine-styles.mjs).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, signIn, useBrowserSession } from './session';
import { chromiumOrExplain } from './browser';
import { withScreenshotOnFailure } from './screens';
import { publicRoutes, routesUnder } from './routes';

const chromium = chromiumOrExplain();
const require = createRequire(import.meta.url);
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/** Every class Mantine's stylesheets give a rule to (its components' `m_…` classes). */
const MANTINE_STYLED_CLASSES = [
  ...new Set(
    ['@mantine/core/styles.css', '@mantine/dates/styles.css', '@mantine/notifications/styles.css'].flatMap((file) =>
      Array.from(fs.readFileSync(require.resolve(file), 'utf8').matchAll(/\.(m_[0-9a-f]+)/g), (m) => m[1]),
    ),
  ),
];

type Finding = { rule: string; impact: string; help: string; where: string[] };

/** axe-core's serious and critical findings on the page as it is now. */
async function findingsOf(page: Page): Promise<Finding[]> {
  await page.evaluate(axeSource);
  const unreachable = await page.evaluate(() => {
    // What looks clickable (a pointer cursor) must be reachable by Tab: focusable itself, inside
    // something focusable, or holding something focusable that does the same.
    const focusable =
      'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';
    const found: string[] = [];
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const style = getComputedStyle(element);
      if (style.cursor !== 'pointer' || style.visibility === 'hidden') continue;
      // Only where the pointer starts: its children inherit it.
      if (element.parentElement && getComputedStyle(element.parentElement).cursor === 'pointer') continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (element.closest(focusable) || element.querySelector(focusable)) continue;
      // A label clicks its own field, which Tab reaches.
      if (element.closest('label')) continue;
      found.push(`${element.tagName.toLowerCase()} «${element.textContent?.trim().slice(0, 40) ?? ''}»`);
    }
    return found;
  });
  const keyboard: Finding[] =
    unreachable.length > 0
      ? [{ rule: 'keyboard', impact: 'serious', help: 'Clickable but not reachable by keyboard', where: unreachable }]
      : [];
  const unstyled = await page.evaluate((styledByMantine) => {
    const inPage = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class]')))
      for (const name of Array.from(element.classList)) if (name.startsWith('m_')) inPage.add(name);
    const loaded = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule)
          for (const m of rule.selectorText.matchAll(/\.(m_[0-9a-f]+)/g)) loaded.add(m[1]);
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    return styledByMantine.filter((name) => inPage.has(name) && !loaded.has(name));
  }, MANTINE_STYLED_CLASSES);
  const styles: Finding[] =
    unstyled.length > 0
      ? [{ rule: 'mantine-styles', impact: 'serious', help: 'A Mantine component without its styles', where: unstyled }]
      : [];
  return keyboard.concat(styles, await axeFindings(page));
}

async function axeFindings(page: Page): Promise<Finding[]> {
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        rule: v.id,
        impact: v.impact ?? '',
        help: v.help,
        where: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.split('\n')[1] ?? ''}`),
      }));
  });
}

async function expectEveryRouteAccessible(page: Page, url: string, routes: string[]) {
  expect(routes.length).toBeGreaterThan(3);
  const found: Record<string, Finding[]> = {};
  for (const route of routes) {
    await page.goto(`${url}${route}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    // Transitions end before colours are measured.
    await page.waitForTimeout(300);
    const findings = await findingsOf(page);
    if (findings.length > 0) found[route] = findings;
  }
  expect(found).toEqual({});
}

describe.skipIf(!chromium)('accesibilidad (axe-core, WCAG 2.1 AA)', () => {
  const { url, newPage } = useBrowserSession(chromium, { viewport: { width: 1366, height: 768 } });

  it('every public page', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'a11y-publicas', async () => {
      await expectEveryRouteAccessible(page, url(), publicRoutes());
    });
  }, 300_000);

  it('every customer page', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'a11y-cliente', async () => {
      await signIn(page, url(), DEMO.customer, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/dashboard'));
      await expectEveryRouteAccessible(page, url(), routesUnder('/dashboard'));
    });
  }, 300_000);

  it('every staff page', async () => {
    const page = await newPage();
    await withScreenshotOnFailure(page, 'a11y-personal', async () => {
      await signIn(page, url(), DEMO.admin, DEMO.password);
      await page.waitForURL((u) => u.pathname.startsWith('/admin'));
      await expectEveryRouteAccessible(page, url(), routesUnder('/admin'));
    });
  }, 300_000);
});
