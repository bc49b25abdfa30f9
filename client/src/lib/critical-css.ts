// Critical CSS for the pages drawn with their content (the prerendered public pages and the
// signed-in pages the server renders): beasties inlines in a <style> the rules the page's
// markup uses and turns its stylesheet <link>s into print media, so the first paint needs the
// HTML alone, not a stylesheet that shares a slow connection with the scripts. The rules come
// from plans compiled at build time (scripts/critical-css.mjs); beasties' runtime applies them
// in about a millisecond, so the server does it per request. See docs/decisions/014.
import { createProcessor, type CompactPlan } from 'beasties/runtime';
import { DEFERRED_MEDIA_ATTRIBUTE } from './deferred-styles';

/**
 * Beasties' inline script that switches the stylesheets on. The Content-Security-Policy allows
 * no inline script, so the entry does it instead (deferred-styles.ts); this one is taken out.
 */
const INLINE_SWITCH = new RegExp(
  `<script>document\\.querySelectorAll\\('link\\[${DEFERRED_MEDIA_ATTRIBUTE}\\]'\\)[^<]*</script>`,
);

/** A function that inlines a page's critical CSS, from the build's compiled plans. */
export function criticalCssInliner(plans: CompactPlan[]): (html: string) => string {
  const processor = createProcessor(plans, { preload: 'media-script' });
  return (html) => {
    const processed = processor.process(html);
    if (!processed.includes(DEFERRED_MEDIA_ATTRIBUTE)) return processed;
    const withoutScript = processed.replace(INLINE_SWITCH, '');
    // A beasties upgrade that writes its script differently fails the build here, not the CSP in a browser.
    if (withoutScript === processed)
      throw new Error('beasties no escribió el script esperado para activar los estilos');
    return withoutScript;
  };
}
