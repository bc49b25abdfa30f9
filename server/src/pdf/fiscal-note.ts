// A note of credit or debit as a PDF (docs/product/fiscal-invoices.md#notes-of-credit-and-debit):
// the same page as a factura (page.ts's helpers, fiscal-parties.ts's parties and tax
// box): NOTA DE CRÉDITO / NOTA DE DÉBITO, its number and número de control, the factura it
// references (number, control number and date), the reason, and its tax lines in USD and Bs. at
// the factura's frozen rate.
import PDFDocument from 'pdfkit';
import { FISCAL_DOCUMENT_KIND_LABELS, FISCAL_MESSAGES, formatRate, formatUsdCents } from '@casillero/shared';
import type { FiscalDocumentDetail } from '../queries/fiscal';
import { drawFiscalParties, drawFiscalTotals } from './fiscal-parties';
import { INVOICE_BUSINESS_NAME, invoiceDay } from './invoice';
import { type Cursor, MARGIN, MUTED, WIDTH, caption, rule, text } from './page';
import { pdfBuffer } from './text';

export const fiscalDocumentPdfFileName = (number: string) => `${number}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');

export function renderFiscalNotePdf(note: FiscalDocumentDetail): Promise<Buffer> {
  const title = `${FISCAL_DOCUMENT_KIND_LABELS[note.kind]} ${note.number}`;
  const doc = new PDFDocument({
    size: [612, 792],
    margin: MARGIN,
    info: { Title: title, Author: INVOICE_BUSINESS_NAME },
    lang: 'es',
  });
  const done = pdfBuffer(doc);
  const at: Cursor = { y: MARGIN };
  const half = WIDTH / 2;
  text(doc, INVOICE_BUSINESS_NAME, MARGIN, MARGIN, half, { font: 'Helvetica-Bold', size: 20 });
  let left = MARGIN + 26;
  for (const line of [note.issuerName, `RIF: ${note.issuerRif}`, note.issuerAddress])
    left = text(doc, line, MARGIN, left, half, { size: 9, color: MUTED }) + 1;
  text(doc, title, MARGIN + half, MARGIN, half, { font: 'Helvetica-Bold', size: 16, align: 'right' });
  text(doc, `Fecha de emisión: ${invoiceDay(note.issueDate)}`, MARGIN + half, MARGIN + 24, half, {
    size: 10,
    align: 'right',
  });
  at.y = Math.max(left, MARGIN + 56) + 10;
  rule(doc, at.y, '#111111', 1.5);
  at.y += 14;
  drawFiscalParties(doc, at, { ...note, igtfCharges: [], igtfUsdCents: 0 });

  caption(doc, 'Documento afectado', MARGIN, at.y, WIDTH);
  at.y += 12;
  if (note.references) {
    const control = note.references.controlNumber ?? FISCAL_MESSAGES.pendingControl;
    at.y =
      text(
        doc,
        `Factura N° ${note.references.number} · N° de control: ${control} · del ${invoiceDay(note.references.issueDate)}`,
        MARGIN,
        at.y,
        WIDTH,
        { size: 10 },
      ) + 4;
  }
  if (note.reason) at.y = text(doc, `Motivo: ${note.reason}`, MARGIN, at.y, WIDTH, { size: 10 }) + 10;
  rule(doc, at.y);
  at.y += 10;
  drawFiscalTotals(doc, at, { ...note, igtfBasisPoints: null, igtfCharges: [], igtfUsdCents: 0 });
  if (note.vesPerUsd)
    at.y =
      text(doc, `Tasa de la factura: ${formatRate(note.vesPerUsd)}`, MARGIN, at.y, WIDTH, {
        size: 9,
        color: MUTED,
        align: 'right',
      }) + 8;
  text(
    doc,
    `${note.issuerName} · RIF ${note.issuerRif} · ${title} · ${formatUsdCents(note.totalUsdCents)}`,
    MARGIN,
    at.y + 10,
    WIDTH,
    {
      size: 8,
      color: MUTED,
      align: 'center',
    },
  );
  doc.end();
  return done;
}
