// A departure's manifest as a PDF (docs/product/departures.md#manifest): the departure's references,
// every shipment with its customer, pieces, weight, volume, declared value and description, and
// the totals, drawn as a table (pdf/table.ts).
import {
  DEPARTURE_MODE_LABELS,
  DEPARTURE_ORIGIN_LABELS,
  DEPARTURE_PORT_LABELS,
  DEPARTURE_STATUS_LABELS,
  MANIFEST_HEADERS,
  departureDay,
  formatDecimal,
  formatUsd,
  formatCountOf,
} from '@casillero/shared';
import type { ManifestRow, manifestTotals } from '../queries/departures';
import type { departures } from '../db/schema';
import { LABEL_BUSINESS_NAME } from './text';
import { tablePdf } from './table';

/** Column widths, in the order of MANIFEST_HEADERS. */
const WIDTHS = [72, 140, 70, 40, 56, 74, 80, 188];

export const manifestFileName = (code: string, ext: 'xlsx' | 'csv' | 'pdf') =>
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
  const pdf = tablePdf({ title: `Manifiesto ${d.code}`, headers: MANIFEST_HEADERS, widths: WIDTHS });
  pdf.heading(`${LABEL_BUSINESS_NAME}: manifiesto del despacho ${d.code}`);
  for (const fact of [
    `${DEPARTURE_MODE_LABELS[d.mode]} desde ${DEPARTURE_ORIGIN_LABELS[d.origin]} a ${DEPARTURE_PORT_LABELS[d.arrivalPort]}`,
    `${d.mode === 'aereo' ? 'MAWB' : 'BL'}: ${d.masterRef ?? '—'}${d.containerNumber ? `   Contenedor: ${d.containerNumber}` : ''}`,
    `Transportista: ${d.carrier}   ${d.mode === 'aereo' ? 'Vuelo' : 'Buque y viaje'}: ${d.voyage}`,
    `Cierre: ${departureDay(d.cutoffOn)}   Salida: ${departureDay(d.plannedDeparture)}   Llegada: ${departureDay(d.plannedArrival)}   Estado: ${DEPARTURE_STATUS_LABELS[d.status]}`,
  ])
    pdf.fact(fact);
  for (const r of rows) pdf.row(manifestCells(r));
  pdf.row(
    [
      'TOTALES',
      `${formatCountOf(totals.shipments, 'envíos')}, ${formatCountOf(totals.customers, 'clientes')}`,
      '',
      String(totals.pieces),
      kg(totals.weightKg),
      String(totals.volumeCm3),
      formatUsd(totals.declaredUsd),
      '',
    ],
    'Helvetica-Bold',
  );
  return pdf.end();
}
