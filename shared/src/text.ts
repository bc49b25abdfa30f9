// Lengths of what people type, counted and cut by characters.
//
// JavaScript's `length` and `slice` count UTF-16 code units: an emoji is two of them, and
// cutting between them leaves half a character that PostgreSQL stores as U+FFFD. A limit here is
// a number of characters (Unicode code points, as PostgreSQL's varchar(n) counts them), and a cut
// never falls inside a character nor inside what a reader sees as one (a family emoji, a letter
// with its combining accent): it keeps the whole ones that fit.
/** The number of characters (code points) of a text, as PostgreSQL counts them. */
export function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/**
 * Whether a text has at most `max` characters: the check behind every text limit, as
 * `.refine(fitsCharacters(n), message)` (zod's `.max()` counts code units, so 255 emoji would be
 * refused as 510).
 */
export const fitsCharacters = (max: number) => (text: string) => text.length <= max || characterCount(text) <= max;

let graphemes: Intl.Segmenter | null | undefined;
/** Built on first use: most pages never cut a text. */
function graphemeSegmenter(): Intl.Segmenter | null {
  if (graphemes === undefined)
    graphemes = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('es', { granularity: 'grapheme' }) : null;
  return graphemes;
}

/**
 * The text cut to at most `max` characters, at the end of the last whole visible character
 * (grapheme) that fits; without Intl.Segmenter, at the last whole code point.
 */
export function cutToCharacters(text: string, max: number): string {
  if (text.length <= max) return text;
  const segmenter = graphemeSegmenter();
  let kept = 0;
  let end = 0;
  const pieces = segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text);
  for (const piece of pieces) {
    const size = characterCount(piece);
    if (kept + size > max) break;
    kept += size;
    end += piece.length;
  }
  return text.slice(0, end);
}
