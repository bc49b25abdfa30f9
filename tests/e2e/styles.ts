// A page drawn with its content looks the same before its stylesheets arrive as with them
// (docs/decisions/014-prerendered-and-compressed.md): the computed styles compared.

import type { Page } from 'playwright-core';

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
