import { describe, expect, it } from 'vitest';
import { APP_PRELOADS_ID, preloadsAfterContent, splitPage } from './page-parts';

// An app shell as the build writes it (client/scripts/prerender.mjs), trimmed.
const SHELL = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <link rel="preload" as="fetch" crossorigin="use-credentials" href="/trpc/auth.me?batch=1">
    <link rel="stylesheet" crossorigin href="/assets/index.css">
    <meta name="description" content="Casilleros en Miami y Beijing." />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>Casillero Virtual</title>
    <link rel="modulepreload" crossorigin href="/assets/index.js" data-app-entry>
    <script defer src="/boot.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/route.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const tags = (html: string) => (html.match(/<[a-z][^>]*>/g) ?? []).sort();

describe('splitPage', () => {
  it('keeps in the start what every page of the shell shares, up to boot.js, and moves what is the page’s to the rest', () => {
    const { start, rest } = splitPage(SHELL)!;
    expect(start.trimEnd().endsWith('<script defer src="/boot.js"></script>')).toBe(true);
    expect(start).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(start).toContain('<link rel="icon"');
    for (const own of ['<title>', 'name="description"', 'rel="preload"', 'rel="modulepreload"'])
      expect(start, own).not.toContain(own);
    expect(rest).toContain('<title>Casillero Virtual</title>');
    expect(rest).toContain('</head>');
    // Nothing lost, nothing added: the same tags in one order or the other.
    expect(tags(start + rest)).toEqual(tags(SHELL));
  });

  it('does not split a page without boot.js in its head', () => {
    expect(splitPage('<!doctype html><html><head><title>x</title></head><body></body></html>')).toBeNull();
    expect(splitPage('<html><head></head><body><script defer src="/boot.js"></script></body></html>')).toBeNull();
  });
});

describe('preloadsAfterContent', () => {
  it('moves the module preloads, the entry first, into a template at the end of the body', () => {
    const html = preloadsAfterContent(SHELL);
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('modulepreload');
    expect(html).toContain(
      `<template id="${APP_PRELOADS_ID}"><link rel="modulepreload" crossorigin href="/assets/index.js" data-app-entry>` +
        '<link rel="modulepreload" crossorigin href="/assets/route.js"></template></body>',
    );
  });
});
