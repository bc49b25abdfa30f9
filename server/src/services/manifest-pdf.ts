// A departure's manifest as a PDF (docs/product/departures.md#manifest): the departure's references,
// every shipment with its customer, pieces, weight, volume, declared value and description, and
// the totals, on landscape Letter pages with the column header repeated on each. Standard PDF
// fonts, as the labels and invoices use: Spanish accents print as they are.
import PDFDocument from 'pdfkit';
import {
  DEPARTURE_MODE_LABELS,
  DEPARTURE_ORIGIN_LABELS,
  DEPARTURE_PORT_LABELS,
  DEPARTURE_STATUS_LABELS,
  MANIFEST_HEADERS,
  departureDay,
  formatDecimal,
  formatUsd,
} from '@casillero/shared';
import type { ManifestRow, manifestTotals } from '../queries/departures';
import type { departures } from '../db/schema';
import { LABEL_BUSINESS_NAME, printable } from './labels';

const PAGE: [number, number] = [792, 612];
const MARGIN = 36;
const BOTTOM = PAGE[1] - MARGIN;
/** Column widths, in the order of MANIFEST_HEADERS. */
const WIDTHS = [72, 140, 70, 40, 56, 74, 80, 188];

export const manifestFileName = (code: string, ext: 'csv' | 'pdf') =>
  `manifiesto-${code}.${ext}`.replace(/[^A-Za-z0-9._-]/g, '_');

const kg = (n: number) => formatDecimal(n, { decimals: 2, fixed: true });

export function manifestCells(r: ManifestRow): string[] {
  return [
    r.shipmentCode,
    `${r.customer} <${r.email}>`,
    r.mailboxCodes,
    String(r.pieces),
    kg(r.weightKg),
    String(r.volumeCm3),
    formatUsd(r.declaredUsd),
    r.description,
  ];
}

export async function renderManifestPdf(
  d: typeof departures.$inferSelect,
  rows: ManifestRow[],
  totals: ReturnType<typeof manifestTotals>,
): Promise<Buffer> {
  const doc = new PDFDocument({ size: PAGE, margin: MARGIN, info: { Title: `Manifiesto ${d.code}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const put = (text: string, x: number, y: number, w: number, font = 'Helvetica', size = 8) =>
    doc.font(font).fontSize(size).fillColor('#111111').text(printable(text), x, y, { width: w });

  put(`${LABEL_BUSINESS_NAME}: manifiesto del despacho ${d.code}`, MARGIN, MARGIN, 700, 'Helvetica-Bold', 14);
  const facts = [
    `${DEPARTURE_MODE_LABELS[d.mode]} desde ${DEPARTURE_ORIGIN_LABELS[d.origin]} a ${DEPARTURE_PORT_LABELS[d.arrivalPort]}`,
    `${d.mode === 'aereo' ? 'MAWB' : 'BL'}: ${d.masterRef ?? '—'}${d.containerNumber ? `   Contenedor: ${d.containerNumber}` : ''}`,
    `Transportista: ${d.carrier}   ${d.mode === 'aereo' ? 'Vuelo' : 'Buque y viaje'}: ${d.voyage}`,
    `Cierre: ${departureDay(d.cutoffOn)}   Salida: ${departureDay(d.plannedDeparture)}   Llegada: ${departureDay(d.plannedArrival)}   Estado: ${DEPARTURE_STATUS_LABELS[d.status]}`,
  ];
  let y = MARGIN + 22;
  for (const f of facts) {
    put(f, MARGIN, y, 720, 'Helvetica', 9);
    y += 13;
  }
  y += 6;

  const header = () => {
    doc.rect(MARGIN, y, PAGE[0] - 2 * MARGIN, 16).fill('#EEEEEE');
    let x = MARGIN + 2;
    MANIFEST_HEADERS.forEach((h, i) => {
      put(h, x, y + 4, WIDTHS[i]! - 4, 'Helvetica-Bold', 8);
      x += WIDTHS[i]!;
    });
    y += 20;
  };
  header();
  const line = (cells: string[], font = 'Helvetica') => {
    const height = Math.max(
      ...cells.map((c, i) =>
        doc
          .font(font)
          .fontSize(8)
          .heightOfString(printable(c), { width: WIDTHS[i]! - 4 }),
      ),
    );
    if (y + height > BOTTOM) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    let x = MARGIN + 2;
    cells.forEach((c, i) => {
      put(c, x, y, WIDTHS[i]! - 4, font);
      x += WIDTHS[i]!;
    });
    y += height + 4;
  };
  for (const r of rows) line(manifestCells(r));
  line(
    [
      'TOTALES',
      `${totals.shipments} envíos, ${totals.customers} clientes`,
      '',
      String(totals.pieces),
      kg(totals.weightKg),
      String(totals.volumeCm3),
      formatUsd(totals.declaredUsd),
      '',
    ],
    'Helvetica-Bold',
  );
  doc.end();
  return done;
}
