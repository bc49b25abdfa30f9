// The stylesheets of a page drawn with its content arrive deferred: the rules its markup uses
// are inlined in its <head> (lib/critical-css.ts), and its <link>s are print media, which does
// not hold the first paint. The entry switches them on before React takes the page over, so
// what React draws next (a menu, a drawer, another page) finds every rule.

/** Where beasties, which deferred a stylesheet, keeps its real media. */
export const DEFERRED_MEDIA_ATTRIBUTE = 'data-beasties-media';

/** Gives each deferred stylesheet its real media back. */
export function switchOnDeferredStyles(): void {
  for (const link of document.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_MEDIA_ATTRIBUTE}]`)) {
    link.media = link.getAttribute(DEFERRED_MEDIA_ATTRIBUTE) || 'all';
    link.removeAttribute(DEFERRED_MEDIA_ATTRIBUTE);
  }
}
