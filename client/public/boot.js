// Starts the app once the page the browser received is painted (docs/decisions/014).
// - The app's module is linked as a modulepreload marked data-app-entry: an app shell's in its
//   head, so it downloads and compiles with the page; a page drawn with its content keeps it,
//   with its route code, in a <template> added here, so nothing competes with its first frame
//   (shared/src/page-parts.ts, preloadsAfterContent). Were it a module script, the browser would
//   evaluate it as soon as the page is parsed, and on a repeat visit (the code at once from the
//   service worker) a slow phone spent seconds on that before painting the list the HTML held.
// - A page drawn with its content carries the rules it uses inline, and its stylesheets only
//   in <noscript> (src/lib/critical-css.ts): they are added here, before the app, so what the
//   app draws next (a menu, a drawer, another page) finds every rule.
(() => {
  const start = () => {
    // A page drawn with its content: its entry and route code (shared/src/page-parts.ts, preloadsAfterContent).
    const preloads = document.getElementById('app-preloads');
    if (preloads) document.head.append(preloads.content);
    for (const noscript of document.head.querySelectorAll('noscript')) {
      if (noscript.textContent.includes('rel="stylesheet"'))
        noscript.insertAdjacentHTML('afterend', noscript.textContent);
    }
    const entry = document.querySelector('link[data-app-entry]');
    if (!entry) return;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = entry.crossOrigin;
    script.src = entry.href;
    document.body.appendChild(script);
  };
  // After the next frame (its callbacks run just before it is painted, the timer after); a tab
  // in the background paints nothing and gets no frames: it starts at once.
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
