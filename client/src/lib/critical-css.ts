// Critical CSS for the pages drawn with their content (the prerendered public pages and the
// signed-in pages the server renders): beasties inlines in a <style> the rules the page's
// markup uses (of the theme's custom properties, only those they use), and its stylesheets
// come after the first frame (public/boot.js), so the first paint needs the HTML alone, not a
// stylesheet that shares a slow connection with the scripts. The rules come from plans compiled
// at build time (scripts/critical-css.mjs); applying them takes a millisecond or two, so the
// server does it per request. See docs/decisions/014.
import { createProcessor, type CompactPlan } from 'beasties/runtime';
import { preloadsAfterContent } from '@casillero/shared';

/** Where beasties, which deferred a stylesheet, keeps its real media. */
const DEFERRED_MEDIA_ATTRIBUTE = 'data-beasties-media';
/**
 * Beasties' inline script that switches the stylesheets on. The Content-Security-Policy allows
 * no inline script, and public/boot.js adds the stylesheets instead: it is taken out.
 */
const INLINE_SWITCH = new RegExp(
  `<script>document\\.querySelectorAll\\('link\\[${DEFERRED_MEDIA_ATTRIBUTE}\\]'\\)[^<]*</script>`,
);
/**
 * Beasties' print-media copy of each stylesheet, loaded with the page and switched on by
 * script. It is taken out too: even as print media, the browser downloads and parses it
 * before the first frame (a quarter of a second on the benchmark's phone). The `<noscript>`
 * copy beside it stays, for a browser without JavaScript, and public/boot.js adds it to the
 * page after the first frame.
 */
const PRINT_MEDIA_COPY = new RegExp(`<link [^>]*${DEFERRED_MEDIA_ATTRIBUTE}="[^"]*"[^>]*>`, 'g');

/** A custom property's declaration (`--name: value;`, or the last one of its rule). */
const CUSTOM_PROPERTY_DECLARATION = /(--[\w-]+)\s*:([^;{}]*)(?:;|(?=\}))/g;
const CUSTOM_PROPERTY_USE = /var\(\s*(--[\w-]+)/g;
const RULE = /([^{}]*)\{([^{}]*)\}/g;

/**
 * The inline CSS without the custom properties nothing in the page uses. The theme's and
 * Mantine's variables (every shade of every colour, every size) are half of it, and most are
 * used by no element the HTML holds; the stylesheets that come after the first frame declare
 * them all again for what the app draws later. A property is kept when the page uses it (a
 * rule, an inline style, a `<style>` of its markup) or a kept property's value does.
 */
function withoutUnusedCustomProperties(html: string): string {
  const tag = html.indexOf('<style>');
  if (tag < 0 || tag > html.indexOf('</head>')) return html;
  const start = tag + '<style>'.length;
  const end = html.indexOf('</style>', start);
  const css = html.slice(start, end);
  const usesOf = new Map<string, string[]>();
  for (const [, name, value] of css.matchAll(CUSTOM_PROPERTY_DECLARATION)) {
    const uses = usesOf.get(name!) ?? [];
    for (const [, used] of value!.matchAll(CUSTOM_PROPERTY_USE)) uses.push(used!);
    usesOf.set(name!, uses);
  }
  const elsewhere = html.slice(0, start) + css.replace(CUSTOM_PROPERTY_DECLARATION, '') + html.slice(end);
  const used = new Set(Array.from(elsewhere.matchAll(CUSTOM_PROPERTY_USE), ([, name]) => name!));
  const pending = [...used];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    for (const next of usesOf.get(name) ?? []) {
      if (!used.has(next)) {
        used.add(next);
        pending.push(next);
      }
    }
  }
  const pruned = css
    .replace(CUSTOM_PROPERTY_DECLARATION, (declaration, name: string) => (used.has(name) ? declaration : ''))
    // A rule left with no declaration (an at-rule's block keeps its rules: it is not matched here).
    .replace(RULE, (rule, selector: string, body: string) =>
      body.trim() === '' && !selector.trim().startsWith('@') ? '' : rule,
    );
  return html.slice(0, start) + pruned + html.slice(end);
}

/**
 * A function that makes a page drawn with its content paint from its HTML alone: its critical
 * CSS inline (from the build's compiled plans), and its scripts asked for after its content or
 * after its first frame (preloadsAfterContent).
 */
export function criticalCssInliner(plans: CompactPlan[]): (html: string) => string {
  const processor = createProcessor(plans, { preload: 'media-script' });
  return (html) => {
    const processed = withoutUnusedCustomProperties(processor.process(html));
    if (!processed.includes(DEFERRED_MEDIA_ATTRIBUTE)) return preloadsAfterContent(processed);
    const withoutScript = processed.replace(INLINE_SWITCH, '');
    // A beasties upgrade that writes its script differently fails the build here, not the CSP in a browser.
    if (withoutScript === processed)
      throw new Error('beasties no escribió el script esperado para activar los estilos');
    return preloadsAfterContent(withoutScript.replace(PRINT_MEDIA_COPY, ''));
  };
}
