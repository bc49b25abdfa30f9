// Printable parcel labels (docs/product/warehouse-intake.md#labels): one 100×150 mm (4×6 in) page per parcel, the size
// of a thermal label printer's roll, with the WR number as a Code 128 barcode (bwip-js encodes it,
// pdfkit draws its bars as vector rectangles so it stays sharp at any printer's resolution), the
// casillero code, the customer, weight, dimensions, the date received and the destination city.
// A parcel received "sin dueño" prints SIN DUEÑO and the code read off its label instead.
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { eq, inArray } from 'drizzle-orm';
import { WAREHOUSE_MESSAGES, formatKg, formatMeasures } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { mailboxes, packages, parcelIntakes, userProfiles, users } from '../db/schema';
import { withCustomerAndMailbox } from '../lib/joins';
import { BUSINESS_TIME_ZONE } from '../lib/business-clock';
import { DomainError } from '../lib/domain-error';
import { LABEL_BUSINESS_NAME, pdfBuffer, printable } from '../pdf/text';

/** The business name printed on top of every label. */
export { LABEL_BUSINESS_NAME, printable };

/** What one label shows. */
export type LabelData = {
  warehouseReceipt: string;
  /** The casillero the parcel belongs to; null while it is unclaimed. */
  mailboxCode: string | null;
  /** What the operator read off the carrier's label (unclaimed parcels). */
  mailboxCodeRead: string | null;
  customerName: string | null;
  destinationCity: string | null;
  weightKg: number | null;
  dimensionsCm: string | null;
  receivedAt: Date | null;
  trackingNumber: string | null;
};

const destination = (city: string | null, state: string | null) =>
  [city, state].filter((s) => s?.trim()).join(', ') || null;

/** Who a label is for: the customer's name, e-mail and city. */
const labelCustomerColumns = {
  customerName: userProfiles.fullName,
  customerEmail: users.email,
  city: userProfiles.venezuelaCity,
  state: userProfiles.venezuelaState,
};

/** The labels of these packages, in the order asked; NOT_FOUND if one is unknown, BAD_INPUT if one has no WR yet. */
export async function packageLabels(db: DbOrTx, ids: readonly string[]): Promise<LabelData[]> {
  if (ids.length === 0) return [];
  const rows = await withCustomerAndMailbox(
    db
      .select({
        id: packages.id,
        warehouseReceipt: packages.warehouseReceipt,
        mailboxCode: mailboxes.mailboxCode,
        ...labelCustomerColumns,
        weightKg: packages.weightKg,
        dimensionsCm: packages.dimensionsCm,
        receivedAt: packages.receivedDate,
        trackingNumber: packages.trackingNumber,
      })
      .from(packages)
      .$dynamic(),
    packages.userId,
    packages.mailboxId,
  ).where(inArray(packages.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id);
    if (!r) throw new DomainError('NOT_FOUND', WAREHOUSE_MESSAGES.labelsNotFound);
    if (!r.warehouseReceipt) throw new DomainError('BAD_INPUT', WAREHOUSE_MESSAGES.labelsNoReceipt);
    return {
      warehouseReceipt: r.warehouseReceipt,
      mailboxCode: r.mailboxCode,
      mailboxCodeRead: null,
      customerName: r.customerName ?? r.customerEmail,
      destinationCity: destination(r.city, r.state),
      weightKg: r.weightKg,
      dimensionsCm: r.dimensionsCm,
      receivedAt: r.receivedAt,
      trackingNumber: r.trackingNumber,
    };
  });
}

/** The labels of these received parcels (claimed or not), in the order asked; NOT_FOUND if one is unknown. */
export async function intakeLabels(db: DbOrTx, ids: readonly string[]): Promise<LabelData[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: parcelIntakes.id,
      warehouseReceipt: parcelIntakes.warehouseReceipt,
      status: parcelIntakes.status,
      mailboxCode: mailboxes.mailboxCode,
      mailboxCodeRead: parcelIntakes.mailboxCodeRead,
      ...labelCustomerColumns,
      weightKg: parcelIntakes.weightKg,
      dimensionsCm: parcelIntakes.dimensionsCm,
      receivedAt: parcelIntakes.receivedAt,
      trackingNumber: parcelIntakes.trackingNumber,
    })
    .from(parcelIntakes)
    .leftJoin(mailboxes, eq(mailboxes.id, parcelIntakes.mailboxId))
    .leftJoin(users, eq(users.id, mailboxes.userId))
    .leftJoin(userProfiles, eq(userProfiles.userId, mailboxes.userId))
    .where(inArray(parcelIntakes.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id);
    if (!r) throw new DomainError('NOT_FOUND', WAREHOUSE_MESSAGES.labelsNotFound);
    const claimed = r.status === 'claimed' && r.mailboxCode !== null;
    return {
      warehouseReceipt: r.warehouseReceipt,
      mailboxCode: claimed ? r.mailboxCode : null,
      mailboxCodeRead: claimed ? null : r.mailboxCodeRead,
      customerName: claimed ? (r.customerName ?? r.customerEmail) : null,
      destinationCity: claimed ? destination(r.city, r.state) : null,
      weightKg: r.weightKg,
      dimensionsCm: r.dimensionsCm,
      receivedAt: r.receivedAt,
      trackingNumber: r.trackingNumber,
    };
  });
}

// --- Drawing ------------------------------------------------------------------------------------

const MM = 72 / 25.4;
/** 100×150 mm in PDF points (4×6 in is 101.6×152.4 mm: the same rolls take it). */
export const LABEL_SIZE_PT: [number, number] = [100 * MM, 150 * MM];
const MARGIN = 5 * MM;
/** Code 128 needs 10 modules of white on each side to be read. */
const QUIET_ZONE_MODULES = 10;

const labelDate = new Intl.DateTimeFormat('es-ES', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const weightText = (kg: number | null) => (kg === null ? '—' : formatKg(kg));

/**
 * The bar and space widths of a Code 128 symbol, in modules, alternating from a bar (bwip-js's
 * encoder, which picks the code sets that make the shortest symbol).
 */
export function code128Modules(text: string): number[] {
  const [symbol] = bwipjs.raw('code128', text, {});
  if (!symbol || !('sbs' in symbol)) throw new Error('Code 128 sin barras');
  return symbol.sbs;
}

/** The largest font size (from max down to min) at which the text fits the width. */
function fitSize(doc: PDFKit.PDFDocument, text: string, font: string, max: number, min: number, width: number) {
  doc.font(font);
  let size = max;
  while (size > min && doc.fontSize(size).widthOfString(text) > width) size -= 0.5;
  return size;
}

/** One line of text that never wraps: shrunk to fit, then cut with an ellipsis. */
function line(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  font: string,
  max: number,
  min = max,
  align: 'left' | 'center' | 'right' = 'left',
) {
  text = printable(text);
  const size = fitSize(doc, text, font, max, min, width);
  doc
    .font(font)
    .fontSize(size)
    .fillColor('#000000')
    .text(text, x, y, { width, height: size * 1.3, ellipsis: true, lineBreak: true, align });
  return size;
}

function caption(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number) {
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor('#444444')
    .text(text.toUpperCase(), x, y, { width, lineBreak: false, characterSpacing: 0.5 });
}

/** The WR as Code 128 bars in the box (x, y, width, height), centred, the widest modules that fit. */
function drawBarcode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, height: number) {
  const modules = code128Modules(text);
  const total = modules.reduce((a, b) => a + b, 0) + 2 * QUIET_ZONE_MODULES;
  const module = Math.min(width / total, 3);
  let cursor = x + (width - total * module) / 2 + QUIET_ZONE_MODULES * module;
  doc.fillColor('#000000');
  modules.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(cursor, y, w * module, height);
    cursor += w * module;
  });
  doc.fill();
}

function drawLabel(doc: PDFKit.PDFDocument, label: LabelData) {
  const [W, H] = LABEL_SIZE_PT;
  const inner = W - 2 * MARGIN;
  let y = MARGIN;

  // Header: the business.
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor('#000000')
    .text(LABEL_BUSINESS_NAME, MARGIN, y, { width: inner, lineBreak: false });
  const date = label.receivedAt ? labelDate.format(label.receivedAt) : '—';
  y += 19;
  doc
    .moveTo(MARGIN, y)
    .lineTo(W - MARGIN, y)
    .lineWidth(1.5)
    .strokeColor('#000000')
    .stroke();
  y += 6;

  // The casillero, as large as fits: what the warehouse sorts by.
  caption(doc, 'Casillero', MARGIN, y, inner);
  y += 9;
  if (label.mailboxCode) {
    const size = line(doc, label.mailboxCode, MARGIN, y, inner, 'Helvetica-Bold', 34, 14);
    y += size * 1.15;
  } else {
    line(doc, WAREHOUSE_MESSAGES.labelUnclaimed, MARGIN, y, inner, 'Helvetica-Bold', 34, 14);
    y += 34 * 1.1;
    if (label.mailboxCodeRead) {
      line(doc, `Código leído: ${label.mailboxCodeRead}`, MARGIN, y, inner, 'Helvetica', 11, 7);
      y += 14;
    }
  }
  y += 4;

  caption(doc, 'Cliente', MARGIN, y, inner);
  y += 9;
  line(doc, label.customerName ?? '—', MARGIN, y, inner, 'Helvetica-Bold', 17, 9);
  y += 23;

  caption(doc, 'Destino', MARGIN, y, inner);
  y += 9;
  line(doc, label.destinationCity ?? '—', MARGIN, y, inner, 'Helvetica', 14, 8);
  y += 21;

  // Weight, dimensions and date, side by side.
  const col = inner / 3;
  const facts: [string, string][] = [
    ['Peso', weightText(label.weightKg)],
    // As es-VE writes them ('30 × 20 × 15,5 cm'), never as they were typed ('30x20x15.5').
    ['Dimensiones', label.dimensionsCm ? formatMeasures(label.dimensionsCm) : '—'],
    ['Recibido', date],
  ];
  facts.forEach(([name, value], i) => {
    caption(doc, name, MARGIN + i * col, y, col - 4);
    line(doc, value, MARGIN + i * col, y + 9, col - 4, 'Helvetica-Bold', 13, 7);
  });
  y += 30;

  if (label.trackingNumber) {
    caption(doc, 'Tracking', MARGIN, y, inner);
    line(doc, label.trackingNumber, MARGIN, y + 9, inner, 'Courier', 10, 6);
  }

  // The WR barcode at the bottom, its number under it in large type.
  const textSize = 16;
  const barHeight = 28 * MM;
  const barTop = H - MARGIN - textSize * 1.3 - barHeight;
  doc
    .moveTo(MARGIN, barTop - 8)
    .lineTo(W - MARGIN, barTop - 8)
    .lineWidth(0.75)
    .stroke();
  drawBarcode(doc, label.warehouseReceipt, MARGIN, barTop, inner, barHeight);
  line(doc, label.warehouseReceipt, MARGIN, barTop + barHeight + 3, inner, 'Helvetica-Bold', textSize, 10, 'center');
}

/** A PDF with one 100×150 mm page per label, in the order given. */
export function renderLabelsPdf(labels: readonly LabelData[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: LABEL_SIZE_PT,
    margin: 0,
    autoFirstPage: false,
    info: {
      Title: labels.length === 1 ? `Etiqueta ${labels[0]!.warehouseReceipt}` : 'Etiquetas',
      Author: LABEL_BUSINESS_NAME,
    },
    lang: 'es',
  });
  const done = pdfBuffer(doc);
  for (const label of labels) {
    doc.addPage();
    drawLabel(doc, label);
  }
  doc.end();
  return done;
}
