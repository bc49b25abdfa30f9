// A report as a PDF table (the departure manifest, the sales book, an ally's statement): landscape
// Letter, a title and a few lines of facts, then the columns' header repeated on every page and
// one row per line, each as tall as its tallest cell. Standard PDF fonts, as the labels and
// invoices use: Spanish accents print as they are.
import PDFDocument from 'pdfkit';
import { pdfBuffer, printable } from './text';

const PAGE: [number, number] = [792, 612];

export type TableLayout = {
  /** The document's title in the PDF's properties. */
  title: string;
  headers: readonly string[];
  /** Column widths in points, in the order of `headers`. */
  widths: readonly number[];
  margin?: number;
  /** The rows' font size (the header's is `headerFontSize`). */
  fontSize?: number;
  headerFontSize?: number;
  /** The grey band's height and how far down in it the header's text sits. */
  headerHeight?: number;
  headerTextOffset?: number;
  /** Columns whose text is aligned right (amounts). */
  alignRight?: (column: number) => boolean;
};

/** A table document: `heading`, then `fact` lines, then `row` after row; `end` gives the PDF. */
export function tablePdf(layout: TableLayout) {
  const {
    headers,
    widths,
    margin = 36,
    fontSize = 8,
    headerFontSize = fontSize,
    headerHeight = 16,
    headerTextOffset = 4,
    alignRight = () => false,
  } = layout;
  const bottom = PAGE[1] - margin;
  const doc = new PDFDocument({ size: PAGE, margin, info: { Title: layout.title } });
  const done = pdfBuffer(doc);
  const put = (text: string, x: number, y: number, w: number, font: string, size: number, right = false) =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor('#111111')
      .text(printable(text), x, y, { width: w, align: right ? 'right' : 'left' });

  let y = margin;
  let tableStarted = false;
  let hasFacts = false;
  const header = () => {
    doc.rect(margin, y, PAGE[0] - 2 * margin, headerHeight).fill('#EEEEEE');
    let x = margin + 2;
    headers.forEach((h, i) => {
      put(h, x, y + headerTextOffset, widths[i]! - 4, 'Helvetica-Bold', headerFontSize, alignRight(i));
      x += widths[i]!;
    });
    y += headerHeight + 4;
  };

  return {
    /** The title at the top of the first page. */
    heading(text: string, gap = 22) {
      put(text, margin, margin, 700, 'Helvetica-Bold', 14);
      y = margin + gap;
    },
    /** A line of facts under the title (references, dates, the month). */
    fact(text: string) {
      put(text, margin, y, 720, 'Helvetica', 9);
      y += 13;
      hasFacts = true;
    },
    /** One row; the first starts the table (a gap after the facts, then the header). */
    row(cells: readonly string[], font = 'Helvetica') {
      if (!tableStarted) {
        tableStarted = true;
        if (hasFacts) y += 6;
        header();
      }
      const height = Math.max(
        ...cells.map((c, i) =>
          doc
            .font(font)
            .fontSize(fontSize)
            .heightOfString(printable(c), { width: widths[i]! - 4 }),
        ),
      );
      if (y + height > bottom) {
        doc.addPage();
        y = margin;
        header();
      }
      let x = margin + 2;
      cells.forEach((c, i) => {
        put(c, x, y, widths[i]! - 4, font, fontSize, alignRight(i));
        x += widths[i]!;
      });
      y += height + 4;
    },
    end(): Promise<Buffer> {
      doc.end();
      return done;
    },
  };
}
