// Compiles the built stylesheets (dist/assets/*.css) into beasties' plans, which the prerender
// and the server use to inline each page's critical CSS (src/lib/critical-css.ts): written to
// dist-ssr/critical-css.json, beside the server bundle (not served). See docs/decisions/014.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSheet, encodePlan } from 'beasties/compiler';
import postcss from 'postcss';

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.DIST ?? path.join(clientDir, 'dist');
const ssrDir = process.env.SSR_DIST ?? path.join(clientDir, 'dist-ssr');

/** Mantine's light-scheme prefix (the app is light only: every page's <html> says so), quoted or not. */
const LIGHT_SCHEME = /^:where\(\[data-mantine-color-scheme=['"]?light['"]?\]\)\s+/;
/** Selectors that never match here: the dark scheme, right-to-left text. */
const NEVER_HERE = /^:where\(\[(data-mantine-color-scheme=['"]?dark|dir=['"]?rtl)['"]?\]\)/;

/**
 * The stylesheet as beasties should read it. Beasties (0.5) strips a selector's pseudo-classes
 * from the first `:where(` to the last `)`, so it found nothing left of `:where([data-mantine-
 * color-scheme=light]) .x:where([data-active])` and left out the rule (the quote form's selected
 * transport had no background). Without the light prefix, a `:where()` of zero specificity that
 * every element here is inside, the selector means the same and beasties reads it right; the
 * dark and right-to-left rules never apply, so they are left out.
 */
function forCriticalCss(css) {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    const selectors = rule.selectors.filter((selector) => !NEVER_HERE.test(selector));
    if (selectors.length === 0) {
      // An at-rule left empty goes too: beasties writes `@media (…){};`, and the stray `;` costs the rule after it.
      let parent = rule.parent;
      rule.remove();
      while (parent && parent.type === 'atrule' && parent.nodes?.length === 0) {
        const emptied = parent;
        parent = parent.parent;
        emptied.remove();
      }
    } else rule.selectors = selectors.map((selector) => selector.replace(LIGHT_SCHEME, ''));
  });
  return root.toString();
}

const sheets = fs.readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.css'));
// `href` is how a plan finds its <link> in a page.
const plans = sheets.map((file) =>
  encodePlan(
    compileSheet(forCriticalCss(fs.readFileSync(path.join(dist, 'assets', file), 'utf8')), { href: `/assets/${file}` }),
  ),
);
fs.writeFileSync(path.join(ssrDir, 'critical-css.json'), JSON.stringify(plans));
console.log(
  `CSS crítico: ${sheets.length} hojas de estilo compiladas en ${path.relative(clientDir, ssrDir)}/critical-css.json`,
);
