// What the accessibility test finds on a page as it stands: axe-core's WCAG 2.2 A/AA findings
// (through @axe-core/playwright) of serious or critical impact, what looks clickable but a keyboard
// cannot reach, and a Mantine component drawn without its styles. docs/product/accessibility.md.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);

/** The WCAG levels enforced: A and AA of 2.0, 2.1 and 2.2 (2.2's AA brings target size, 24 × 24 px). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The impacts that fail the test. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** Every class Mantine's stylesheets give a rule to (its components' `m_…` classes). */
const MANTINE_STYLED_CLASSES = [
  ...new Set(
    ['@mantine/core/styles.css', '@mantine/dates/styles.css', '@mantine/notifications/styles.css'].flatMap((file) =>
      Array.from(fs.readFileSync(require.resolve(file), 'utf8').matchAll(/\.(m_[0-9a-f]+)/g), (m) => m[1]!),
    ),
  ),
];

/** One failing finding: the rule, its impact, what it asks, and where (up to 6 elements' selectors). */
export type Finding = { rule: string; impact: string; help: string; where: string[] };

/** Everything found on the page as it is now that fails the test. */
export async function findingsOf(page: Page): Promise<Finding[]> {
  return [...(await unreachableByKeyboard(page)), ...(await unstyledMantine(page)), ...(await axeFindings(page))];
}

/** The elements listed per finding; the rest are counted. */
const ELEMENTS_LISTED = 8;

/** axe-core's serious and critical findings of the enforced WCAG levels. */
async function axeFindings(page: Page): Promise<Finding[]> {
  // The public pages leave their later sections unpainted until they come near (content-visibility:
  // auto, client/src/components/public/public.module.css): axe reads colours from what is painted,
  // and would take such a section's text as lying on the bare page. Painted, they are measured as seen.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  // Only the violations are collected in full: the passes' selectors, built for every node of a long
  // list, are most of axe's time on a large page and are not read here.
  const result = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact && FAILING_IMPACTS.has(v.impact))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      where: [
        ...v.nodes.slice(0, ELEMENTS_LISTED).map((n) => {
          const why = n.failureSummary?.split('\n')[1]?.trim();
          return `${n.target.join(' ')}${why ? ` :: ${why}` : ''}`;
        }),
        ...(v.nodes.length > ELEMENTS_LISTED ? [`… y ${v.nodes.length - ELEMENTS_LISTED} más`] : []),
      ],
    }));
}

/** What looks clickable (a pointer cursor) must be reachable by Tab. */
async function unreachableByKeyboard(page: Page): Promise<Finding[]> {
  const unreachable = await page.evaluate(() => {
    // Focusable itself, inside something focusable, or holding something focusable that does the same.
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
  return unreachable.length > 0
    ? [{ rule: 'keyboard', impact: 'serious', help: 'Clickable but not reachable by keyboard', where: unreachable }]
    : [];
}

/** Every Mantine component on the page drawn with its styles (client/scripts/mantine-styles.mjs). */
async function unstyledMantine(page: Page): Promise<Finding[]> {
  const unstyled = await page.evaluate((styledByMantine) => {
    const inPage = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class]')))
      for (const name of Array.from(element.classList)) if (name.startsWith('m_')) inPage.add(name);
    const loaded = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule)
          for (const m of rule.selectorText.matchAll(/\.(m_[0-9a-f]+)/g)) loaded.add(m[1]!);
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    return styledByMantine.filter((name) => inPage.has(name) && !loaded.has(name));
  }, MANTINE_STYLED_CLASSES);
  return unstyled.length > 0
    ? [{ rule: 'mantine-styles', impact: 'serious', help: 'A Mantine component without its styles', where: unstyled }]
    : [];
}

/** The findings as a list a person reads: one block per page and rule, its elements below. */
export function report(found: { screen: string; findings: Finding[] }[]): string {
  return found
    .flatMap(({ screen, findings }) =>
      findings.map((f) =>
        [`${screen} — ${f.rule} (${f.impact}): ${f.help}`, ...f.where.map((w) => `    ${w}`)].join('\n'),
      ),
    )
    .join('\n');
}
