// The Letter page the invoices and notes are drawn on, and the few drawing helpers they share: a
// cursor that moves down, text in the standard fonts, captions, rules and page breaks.
import { printable } from './text';

export const PAGE: [number, number] = [612, 792]; // US Letter, the size Venezuelan offices print on
export const MARGIN = 50;
export const WIDTH = PAGE[0] - 2 * MARGIN;
export const BOTTOM = PAGE[1] - MARGIN;
/** Where a continuation page's content starts, under its running header. */
export const CONTINUED_TOP = MARGIN + 28;
export const INK = '#111111';
export const MUTED = '#555555';
export const RULE = '#BBBBBB';

export type Cursor = { y: number };

export function text(
  doc: PDFKit.PDFDocument,
  value: string,
  x: number,
  y: number,
  width: number,
  opts: { font?: string; size?: number; color?: string; align?: 'left' | 'right' | 'center' } = {},
) {
  doc
    .font(opts.font ?? 'Helvetica')
    .fontSize(opts.size ?? 10)
    .fillColor(opts.color ?? INK)
    .text(printable(value), x, y, { width, align: opts.align ?? 'left' });
  return doc.y;
}

export function caption(doc: PDFKit.PDFDocument, value: string, x: number, y: number, width: number) {
  doc
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(MUTED)
    .text(value.toUpperCase(), x, y, { width, lineBreak: false, characterSpacing: 0.5 });
}

export function rule(doc: PDFKit.PDFDocument, y: number, color = RULE, width = 0.75) {
  doc
    .moveTo(MARGIN, y)
    .lineTo(PAGE[0] - MARGIN, y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke();
}

/** Starts a new page when `height` more points would not fit on this one. */
export function room(doc: PDFKit.PDFDocument, at: Cursor, height: number) {
  if (at.y + height <= BOTTOM) return;
  doc.addPage();
  at.y = CONTINUED_TOP;
}

/** Label on the left, value on the right, one row of a totals box. */
export function totalRow(doc: PDFKit.PDFDocument, at: Cursor, label: string, value: string, bold = false) {
  room(doc, at, 18);
  const x = MARGIN + WIDTH / 2;
  const w = WIDTH / 2;
  const font = bold ? 'Helvetica-Bold' : 'Helvetica';
  text(doc, label, x, at.y, w * 0.5, { font, size: 11 });
  text(doc, value, x + w * 0.5, at.y, w * 0.5, { font, size: 11, align: 'right' });
  at.y += 18;
}
