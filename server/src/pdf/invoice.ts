// An invoice as a PDF (docs/product/admin-payments-and-billing.md#invoice-pdf): what the customer downloads from Facturas and the
// cashier from Pagos. Everything on it is what the invoice froze when it was issued (number,
// customer and cédula/RIF, lines in USD, the rate of its day and its Bs. amount), plus what the
// ledger says today: its status, what is still owed (in Bs. at the invoice's own rate, never
// today's) and the payments received. Standard PDF fonts, as the labels use (services/labels.ts):
// Spanish accents print as they are.
import PDFDocument from 'pdfkit';
import {
  BILLING_MESSAGES,
  BUSINESS_FISCAL,
  INVOICE_STATUS_LABELS,
  PAYMENT_TYPE_LABELS,
  formatRate,
  formatUsdCents,
  formatVesCentimos,
  type InvoiceStatus,
} from '@casillero/shared';
import type { InvoiceDetail } from '../queries/billing';
import { BUSINESS_TIME_ZONE } from '../lib/business-clock';
import { LABEL_BUSINESS_NAME, pdfBuffer, printable } from './text';
import {
  BOTTOM,
  type Cursor,
  CONTINUED_TOP,
  INK,
  MARGIN,
  MUTED,
  PAGE,
  WIDTH,
  caption,
  room,
  rule,
  text,
  totalRow,
} from './page';
import { documentTitle, drawFiscalParties, drawFiscalTotals } from './fiscal-parties';

/** The brand on top of the invoice, the same as on the labels. */
export const INVOICE_BUSINESS_NAME = LABEL_BUSINESS_NAME;

/** The file an invoice downloads as. */
export const invoicePdfFileName = (number: string) => `factura-${number}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');

/** A YYYY-MM-DD day as people read it (dd/mm/aaaa), with no time-zone shift. */
export const invoiceDay = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

const dayOf = new Intl.DateTimeFormat('es-ES', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
/** A moment as the business's day (dd/mm/aaaa). */
const momentDay = (d: Date | string) => dayOf.format(new Date(d));

/** A payment received as the invoice lists it: its amount in the currency it was paid in. */
function paymentAmount(p: InvoiceDetail['payments'][number]) {
  if (p.currency === 'VES' && p.amountVesCents !== null)
    return `${formatVesCentimos(p.amountVesCents)} (${formatUsdCents(p.amountUsdCents)})`;
  return formatUsdCents(p.amountUsdCents);
}

const STATUS_INK: Record<InvoiceStatus, string> = {
  pending: '#9A6700',
  partial: '#B35900',
  paid: '#1E7A34',
  void: '#666666',
};

function drawHeader(doc: PDFKit.PDFDocument, at: Cursor, invoice: InvoiceDetail) {
  const half = WIDTH / 2;
  text(doc, INVOICE_BUSINESS_NAME, MARGIN, MARGIN, half, { font: 'Helvetica-Bold', size: 20 });
  let left = MARGIN + 26;
  const issuer = invoice.fiscalDocument
    ? {
        name: invoice.fiscalDocument.issuerName,
        rif: invoice.fiscalDocument.issuerRif,
        address: invoice.fiscalDocument.issuerAddress,
      }
    : BUSINESS_FISCAL;
  for (const line of [issuer.name, `RIF: ${issuer.rif}`, issuer.address]) {
    left = text(doc, line, MARGIN, left, half, { size: 9, color: MUTED }) + 1;
  }

  const rx = MARGIN + half;
  text(doc, documentTitle(invoice), rx, MARGIN, half, { font: 'Helvetica-Bold', size: 16, align: 'right' });
  text(doc, `Fecha de emisión: ${invoiceDay(invoice.issueDate)}`, rx, MARGIN + 24, half, { size: 10, align: 'right' });
  text(doc, `Estado: ${INVOICE_STATUS_LABELS[invoice.status]}`, rx, MARGIN + 39, half, {
    font: 'Helvetica-Bold',
    size: 10,
    color: STATUS_INK[invoice.status],
    align: 'right',
  });
  at.y = Math.max(left, MARGIN + 56) + 10;
  rule(doc, at.y, INK, 1.5);
  at.y += 14;
}

function drawCustomer(doc: PDFKit.PDFDocument, at: Cursor, invoice: InvoiceDetail) {
  const half = WIDTH / 2;
  caption(doc, 'Cliente', MARGIN, at.y, half);
  caption(doc, 'Concepto', MARGIN + half, at.y, half);
  const top = at.y + 12;
  let left = text(doc, invoice.customerName.trim() || '—', MARGIN, top, half - 10, {
    font: 'Helvetica-Bold',
    size: 12,
  });
  left = text(doc, `Cédula/RIF: ${invoice.customerIdNumber?.trim() || 'no registrada'}`, MARGIN, left + 2, half - 10, {
    size: 10,
  });

  let right = text(doc, PAYMENT_TYPE_LABELS[invoice.concept], MARGIN + half, top, half, {
    font: 'Helvetica-Bold',
    size: 12,
  });
  if (invoice.mailboxCode)
    right = text(doc, `Casillero: ${invoice.mailboxCode}`, MARGIN + half, right + 2, half, { size: 10 });
  if (invoice.shipmentCode)
    right = text(doc, `Envío: ${invoice.shipmentCode}`, MARGIN + half, right + 2, half, { size: 10 });
  at.y = Math.max(left, right) + 18;
}

function drawLines(doc: PDFKit.PDFDocument, at: Cursor, invoice: InvoiceDetail) {
  const amountWidth = 120;
  const descWidth = WIDTH - amountWidth - 16;
  const header = () => {
    doc.rect(MARGIN, at.y, WIDTH, 20).fill('#F0F0F0');
    text(doc, 'Descripción', MARGIN + 8, at.y + 6, descWidth, { font: 'Helvetica-Bold', size: 9 });
    text(doc, 'Monto (USD)', MARGIN + WIDTH - amountWidth - 8, at.y + 6, amountWidth, {
      font: 'Helvetica-Bold',
      size: 9,
      align: 'right',
    });
    at.y += 26;
  };
  room(doc, at, 50);
  header();
  for (const line of invoice.lines) {
    const description = printable(line.description);
    const height = doc.font('Helvetica').fontSize(10).heightOfString(description, { width: descWidth });
    if (at.y + height + 8 > BOTTOM) {
      doc.addPage();
      at.y = CONTINUED_TOP;
      header();
    }
    text(doc, description, MARGIN + 8, at.y, descWidth, { size: 10 });
    text(doc, formatUsdCents(line.usdCents), MARGIN + WIDTH - amountWidth - 8, at.y, amountWidth, {
      size: 10,
      align: 'right',
    });
    at.y += height + 6;
    rule(doc, at.y - 2);
    at.y += 4;
  }
  at.y += 6;
}

function drawTotals(doc: PDFKit.PDFDocument, at: Cursor, invoice: InvoiceDetail) {
  totalRow(doc, at, 'Total USD', formatUsdCents(invoice.usdCents), true);
  if (invoice.vesCentimos !== null && invoice.vesPerUsd)
    totalRow(doc, at, 'Total Bs.', formatVesCentimos(invoice.vesCentimos), true);
  at.y += 6;

  // The rate the Bs. amount was computed with, and when it was not the issue day's own.
  const notes: string[] = [];
  if (invoice.vesPerUsd && invoice.rateDate) {
    notes.push(BILLING_MESSAGES.rateUsed(formatRate(invoice.vesPerUsd), invoiceDay(invoice.rateDate)));
    if (invoice.rateIsEarlier) notes.push(BILLING_MESSAGES.rateNotToday(invoiceDay(invoice.rateDate)));
  } else {
    notes.push(BILLING_MESSAGES.noRate);
  }
  for (const note of notes) {
    room(doc, at, 28);
    at.y = text(doc, note, MARGIN, at.y, WIDTH, { size: 10, color: MUTED, align: 'right' }) + 4;
  }
  at.y += 12;
}

function drawStatus(doc: PDFKit.PDFDocument, at: Cursor, invoice: InvoiceDetail) {
  room(doc, at, 80);
  const ofWhat =
    invoice.fiscalDocument?.kind === 'nota_de_cobro' ? 'Estado de la nota de cobro' : 'Estado de la factura';
  caption(doc, ofWhat, MARGIN, at.y, WIDTH);
  at.y += 14;
  text(doc, INVOICE_STATUS_LABELS[invoice.status], MARGIN, at.y, WIDTH, {
    font: 'Helvetica-Bold',
    size: 12,
    color: STATUS_INK[invoice.status],
  });
  at.y += 18;
  if (invoice.status === 'void') {
    if (invoice.voidedAt)
      at.y =
        text(doc, `Anulada el ${momentDay(invoice.voidedAt)}: no se debe ningún monto por ella.`, MARGIN, at.y, WIDTH, {
          size: 10,
        }) + 6;
  } else {
    const paidUsdCents = Math.max(0, invoice.usdCents - invoice.remainingUsdCents);
    totalRow(doc, at, 'Pagado', formatUsdCents(paidUsdCents));
    const owedVes =
      invoice.remainingVesCentimos === null ? '' : ` · ${formatVesCentimos(invoice.remainingVesCentimos)}`;
    totalRow(doc, at, 'Saldo pendiente', `${formatUsdCents(invoice.remainingUsdCents)}${owedVes}`, true);
    if (invoice.remainingVesCentimos !== null && invoice.remainingUsdCents > 0) {
      room(doc, at, 16);
      at.y =
        text(doc, 'El saldo en bolívares se calcula con la tasa de esta factura.', MARGIN, at.y, WIDTH, {
          size: 9,
          color: MUTED,
          align: 'right',
        }) + 6;
    }
  }
  at.y += 10;
}

function drawPayments(doc: PDFKit.PDFDocument, at: Cursor, invoice: InvoiceDetail) {
  const received = invoice.payments.filter((p) => p.status === 'completed');
  if (received.length === 0) return;
  room(doc, at, 60);
  caption(doc, 'Pagos recibidos', MARGIN, at.y, WIDTH);
  at.y += 14;
  const cols = [
    { title: 'Fecha', width: 80 },
    { title: 'Método', width: 140 },
    { title: 'Referencia', width: 130 },
    { title: 'Monto', width: WIDTH - 350 - 10 },
  ];
  const row = (values: string[], font: string) => {
    room(doc, at, 18);
    let x = MARGIN + 8;
    values.forEach((v, i) => {
      const last = i === cols.length - 1;
      doc
        .font(font)
        .fontSize(9)
        .fillColor(INK)
        .text(printable(v), x, at.y, {
          width: cols[i]!.width - 6,
          align: last ? 'right' : 'left',
          lineBreak: false,
          ellipsis: true,
          height: 12,
        });
      x += cols[i]!.width;
    });
    at.y += 16;
  };
  row(
    cols.map((c) => c.title),
    'Helvetica-Bold',
  );
  rule(doc, at.y - 3);
  for (const p of received) {
    row(
      [
        momentDay(p.processedAt ?? p.reportedAt ?? new Date()),
        p.paymentMethod ?? '—',
        p.paymentReference ?? '—',
        paymentAmount(p),
      ],
      'Helvetica',
    );
  }
  at.y += 8;
}

function drawFooter(doc: PDFKit.PDFDocument, at: Cursor, invoice: InvoiceDetail) {
  room(doc, at, 30);
  rule(doc, at.y);
  at.y += 8;
  const f = invoice.fiscalDocument;
  const footer = `${f?.issuerName ?? BUSINESS_FISCAL.name} · RIF ${f?.issuerRif ?? BUSINESS_FISCAL.rif} · ${documentTitle(invoice)}`;
  text(doc, footer, MARGIN, at.y, WIDTH, {
    size: 8,
    color: MUTED,
    align: 'center',
  });
}

/** The invoice as a one-page (or longer, for many lines) Letter PDF. */
export function renderInvoicePdf(invoice: InvoiceDetail): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAGE,
    margin: MARGIN,
    info: {
      Title: documentTitle(invoice),
      Author: INVOICE_BUSINESS_NAME,
      Subject: printable(invoice.description),
    },
    lang: 'es',
  });
  const done = pdfBuffer(doc);
  const at: Cursor = { y: MARGIN };
  // Every page after the first names the invoice it continues.
  doc.on('pageAdded', () => {
    text(doc, `${INVOICE_BUSINESS_NAME} · ${documentTitle(invoice)} (continuación)`, MARGIN, MARGIN, WIDTH, {
      size: 9,
      color: MUTED,
    });
    rule(doc, MARGIN + 16);
  });
  drawHeader(doc, at, invoice);
  if (invoice.fiscalDocument) drawFiscalParties(doc, at, invoice.fiscalDocument);
  drawCustomer(doc, at, invoice);
  drawLines(doc, at, invoice);
  if (invoice.fiscalDocument) drawFiscalTotals(doc, at, invoice.fiscalDocument);
  drawTotals(doc, at, invoice);
  drawStatus(doc, at, invoice);
  drawPayments(doc, at, invoice);
  drawFooter(doc, at, invoice);
  doc.end();
  return done;
}
