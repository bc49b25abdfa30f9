// What every PDF of the app shares: the brand on top, text the standard PDF fonts can print, and
// the finished document as one Buffer.

/** The brand on top of labels, invoices and reports. */
export const LABEL_BUSINESS_NAME = 'Casillero Virtual';

/** Characters the standard PDF fonts (WinAnsi) have beyond Latin-1. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * The text as the label's standard fonts can print it: accents of Spanish and most Latin
 * scripts stay; another letter loses its accent when that makes it printable (ő → o),
 * and anything else becomes "?" rather than a wrong glyph.
 */
export function printable(text: string): string {
  let out = '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  for (const ch of text.replace(/[\u0000-\u001f\u007f]/g, ' ')) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(ch)) {
      out += ch;
      continue;
    }
    const bare = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    out += /^[\x20-\x7e]+$/.test(bare) ? bare : '?';
  }
  return out;
}

/**
 * The document's bytes once `doc.end()` has been called: collected from the start, so call this
 * right after creating the document, before drawing.
 */
export function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
