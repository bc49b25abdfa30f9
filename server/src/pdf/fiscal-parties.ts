// What a fiscal document adds to the invoice PDF (docs/product/fiscal-invoices.md#the-pdf): the
// kind in capitals (FACTURA, or NOTA DE COBRO with the notice that it is not a factura), its
// number and número de control, the business's and the customer's RIF and fiscal address, and the
// tax lines (base per IVA rate, exento with its legal ground, IVA, IGTF charged, total) in USD and
// in Bs. at the invoice's frozen rate. Drawn with page.ts's helpers; nothing else changes.
import {
  FISCAL_DOCUMENT_KIND_LABELS,
  FISCAL_MESSAGES,
  ON_BEHALF_TREATMENTS,
  formatRatePercent,
  formatUsdCents,
  formatVesCentimos,
  usdCentsToVesCentimos,
} from '@casillero/shared';
import type { InvoiceDetail } from '../queries/billing';
import type { LiveFiscalDocument } from '../queries/fiscal';
import { type Cursor, INK, MARGIN, MUTED, WIDTH, caption, room, rule, text } from './page';

/** 'Factura FAC-00000001', 'Nota de cobro COB-00000001', or the invoice's own number without one. */
export function documentTitle(invoice: Pick<InvoiceDetail, 'number' | 'fiscalDocument'>) {
  const f = invoice.fiscalDocument;
  return f ? `${FISCAL_DOCUMENT_KIND_LABELS[f.kind]} ${f.number}` : `Factura ${invoice.number}`;
}

export function drawFiscalParties(doc: PDFKit.PDFDocument, at: Cursor, f: LiveFiscalDocument) {
  const half = WIDTH / 2;
  room(doc, at, 90);
  text(doc, FISCAL_DOCUMENT_KIND_LABELS[f.kind].toUpperCase(), MARGIN, at.y, half, {
    font: 'Helvetica-Bold',
    size: 18,
  });
  const control =
    f.kind === 'nota_de_cobro' ? null : `N° de control: ${f.controlNumber ?? FISCAL_MESSAGES.pendingControl}`;
  let right = text(doc, `N° ${f.number}`, MARGIN + half, at.y, half, {
    font: 'Helvetica-Bold',
    size: 11,
    align: 'right',
  });
  if (control) right = text(doc, control, MARGIN + half, right + 2, half, { size: 10, align: 'right' });
  at.y = Math.max(at.y + 24, right + 4);
  if (f.kind === 'nota_de_cobro') {
    at.y =
      text(doc, FISCAL_MESSAGES.notaDeCobroNotice, MARGIN, at.y, WIDTH, {
        font: 'Helvetica-Bold',
        size: 10,
        color: '#B00020',
      }) + 6;
  }
  caption(doc, 'Datos fiscales del cliente', MARGIN, at.y, WIDTH);
  at.y += 12;
  at.y = text(doc, `Razón social / nombre: ${f.customerName || '—'}`, MARGIN, at.y, WIDTH, { size: 10 }) + 1;
  at.y =
    text(doc, `RIF / C.I. del cliente: ${f.customerIdNumber ?? 'no registrado'}`, MARGIN, at.y, WIDTH, { size: 10 }) +
    1;
  at.y = text(doc, `Domicilio fiscal: ${f.customerAddress ?? 'no registrado'}`, MARGIN, at.y, WIDTH, { size: 10 }) + 8;
  rule(doc, at.y);
  at.y += 10;
}

/** One row of the tax box: label, USD and Bs. */
function taxRow(doc: PDFKit.PDFDocument, at: Cursor, label: string, usd: number, ves: number | null, bold = false) {
  room(doc, at, 16);
  const font = bold ? 'Helvetica-Bold' : 'Helvetica';
  const x = MARGIN + WIDTH * 0.3;
  text(doc, label, x, at.y, WIDTH * 0.36, { font, size: 10 });
  text(doc, formatUsdCents(usd), x + WIDTH * 0.36, at.y, WIDTH * 0.14, { font, size: 10, align: 'right' });
  if (ves !== null)
    text(doc, formatVesCentimos(ves), x + WIDTH * 0.5, at.y, WIDTH * 0.2, { font, size: 10, align: 'right' });
  at.y += 15;
}

/** The exempt amount: exento and exonerado lines, and what is not subject to IVA (docs/product/fiscal-invoices.md#taxes). */
const EXEMPT_LABEL = 'Exento / exonerado / no sujeto';
const NOT_SUBJECT_GROUNDS = new Set<string>(Object.values(ON_BEHALF_TREATMENTS).map((t) => t.legalGround));

export function drawFiscalTotals(doc: PDFKit.PDFDocument, at: Cursor, f: LiveFiscalDocument) {
  room(doc, at, 110);
  caption(doc, 'Impuestos', MARGIN, at.y, WIDTH);
  at.y += 14;
  const ves = (usd: number) => (f.vesPerUsd ? usdCentsToVesCentimos(usd, f.vesPerUsd) : null);
  for (const b of f.ivaBuckets) {
    const pct = formatRatePercent(b.rateBasisPoints);
    taxRow(doc, at, `Base imponible (IVA ${pct} %)`, b.baseUsdCents, ves(b.baseUsdCents));
    taxRow(doc, at, `IVA ${pct} %`, b.ivaUsdCents, ves(b.ivaUsdCents));
  }
  if (f.exemptUsdCents > 0) taxRow(doc, at, EXEMPT_LABEL, f.exemptUsdCents, f.exemptVesCentimos);
  taxRow(doc, at, 'Total IVA', f.ivaUsdCents, f.ivaVesCentimos);
  taxRow(doc, at, 'Total', f.totalUsdCents, f.totalVesCentimos, true);
  if (f.igtfUsdCents > 0) {
    const bp = f.igtfCharges[0]?.basisPoints ?? 0;
    taxRow(doc, at, `IGTF ${formatRatePercent(bp)} % (pago en divisas)`, f.igtfUsdCents, ves(f.igtfUsdCents));
  } else if (f.igtfBasisPoints) {
    room(doc, at, 14);
    at.y =
      text(doc, FISCAL_MESSAGES.igtfNotice(formatRatePercent(f.igtfBasisPoints)), MARGIN, at.y, WIDTH, {
        size: 9,
        color: MUTED,
        align: 'right',
      }) + 2;
  }
  for (const ground of f.legalGrounds) {
    room(doc, at, 14);
    // What is paid on the customer's behalf carries its own words ('No sujeto al IVA: …').
    const line = NOT_SUBJECT_GROUNDS.has(ground) ? ground : `Exento / exonerado según: ${ground}`;
    at.y = text(doc, line, MARGIN, at.y, WIDTH, { size: 9, color: INK }) + 2;
  }
  at.y += 10;
}
