import { Parser } from 'htmlparser2';

/** Elements whose text is never read (scripts, styles, the head's metadata). */
const SKIPPED = new Set(['script', 'style', 'head', 'title', 'noscript', 'template', 'svg']);
/** Elements that end a line of text when they open or close. */
const BLOCKS = new Set([
  'p',
  'div',
  'br',
  'tr',
  'li',
  'ul',
  'ol',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'section',
  'article',
  'header',
  'footer',
  'blockquote',
  'hr',
  'center',
  'dd',
  'dt',
  'dl',
  'pre',
  'address',
]);
/** Cells are separated by two spaces, so "Item  Qty: 1  $12.00" stays on one line. */
const CELLS = new Set(['td', 'th']);

/** The most HTML read (a store's mail is far smaller); beyond it the rest is ignored. */
export const MAX_HTML_CHARS = 2_000_000;

/**
 * An HTML body as plain text, by a parser (never rendered: no image, no stylesheet, no link is
 * fetched; attributes, href included, are never read). Block elements end lines; entities are decoded.
 */
export function htmlToText(html: string): string {
  let out = '';
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipping++;
        else if (BLOCKS.has(name)) out += '\n';
        else if (CELLS.has(name)) out += '  ';
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
        else if (BLOCKS.has(name)) out += '\n';
      },
      ontext(text) {
        if (skipping === 0) out += text.replace(/\s+/g, ' ');
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html.slice(0, MAX_HTML_CHARS));
  parser.end();
  return normalizeText(out);
}

/** The most text read from a mail's body, a PDF or a photo, and from one of its lines. */
export const MAX_TEXT_CHARS = 200_000;
export const MAX_LINE_CHARS = 1_000;

/** Lines trimmed and cut, runs of spaces collapsed to at most two, blank lines dropped, non-breaking spaces as spaces. */
export function normalizeText(text: string): string {
  return text
    .slice(0, MAX_TEXT_CHARS * 2)
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2007\u202f\t]/g, ' ')
    .replace(/[\u200b-\u200d\ufeff]/g, '')
    .split('\n')
    .map((line) => line.replace(/ {3,}/g, '  ').trim().slice(0, MAX_LINE_CHARS))
    .filter((line) => line !== '')
    .join('\n')
    .slice(0, MAX_TEXT_CHARS);
}
