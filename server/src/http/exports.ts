// CSV and Excel downloads, apart from tRPC because they stream (docs/product/admin-trackings.md#csv-export, docs/decisions/008):
//   GET /api/exports/trackings.csv?q=…&status=…&priority=…&carrier=…&sort=…&dir=… (and trackings.xlsx)
//       admins only; the whole filtered set in the list's order, read a batch at a time by
//       keyset and written as it is read, so memory stays flat however many rows match.
//   GET /api/exports/reporte.xlsx?period=…
//       staff who read reports; the period's report as a workbook, a sheet per block.
import type {} from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import {
  fromCents,
  GENERIC_MESSAGES,
  PRIORITY_LABELS,
  REPORT_XLSX_PATH,
  reportPeriodInput,
  TRACKING_STATUS_LABELS,
  SPREADSHEET_FORMATS,
  TRACKINGS_CSV_PATH,
  spreadsheetPath,
  trackingListInput,
  csvNumberHeader,
} from '@casillero/shared';
import type { Db } from '../db/client';
import type { Config } from '../env';
import { businessToday, csvMoment } from '../lib/business-clock';
import { csvNumber, type CsvCell } from '../lib/csv';
import { sendSpreadsheetDownload, sendXlsx } from './xlsx-download';
import { reportExport } from '../services/report-export';
import { TRACKING_EXPORT_BATCH_SIZE, exportTrackingBatches, type TrackingExportRow } from '../queries/trackings/list';
import { requestStaff } from '../auth/request-session';
import { registerAuditExport } from './audit-export';
import { containsNulChar } from '../lib/nul-char';
import { sendError } from './errors';

/** The columns of the trackings CSV (docs/product/admin-trackings.md#csv-export). */
export const TRACKINGS_CSV_HEADERS = [
  'Tracking',
  'Cliente',
  'Casillero',
  'Estado',
  'Transportista',
  csvNumberHeader('Peso estimado (kg)'),
  csvNumberHeader('Valor estimado (USD)'),
  'Prioridad',
  'Fecha',
] as const;

/** The file name: trackings_YYYY-MM-DD.csv, the date on the business's clock. */
export function trackingsCsvFilename(now = new Date()): string {
  return `trackings_${businessToday(now)}.csv`;
}

/** One tracking as the CSV's cells, in the order of TRACKINGS_CSV_HEADERS. */
export function trackingCsvCells(r: TrackingExportRow): CsvCell[] {
  return [
    r.trackingNumber,
    r.clientName ? `${r.clientName} <${r.clientEmail}>` : r.clientEmail,
    r.mailboxCode,
    TRACKING_STATUS_LABELS[r.status],
    r.carrier,
    csvNumber(r.estimatedWeight, 2),
    csvNumber(fromCents(r.estimatedValueUsdCents), 2),
    PRIORITY_LABELS[r.priority],
    csvMoment(r.createdAt),
  ];
}

export type ExportRoutesOptions = {
  db: Db;
  config: Config;
  /** Rows per query; tests make it small to cross batch boundaries. */
  batchSize?: number;
};

export async function registerExportRoutes(
  app: FastifyInstance,
  { db, config, batchSize = TRACKING_EXPORT_BATCH_SIZE }: ExportRoutesOptions,
) {
  registerAuditExport(app, { db, config, batchSize });

  app.get(REPORT_XLSX_PATH, async (req, reply) => {
    if (!(await requestStaff(req, reply, db, config, 'reports.read'))) return reply;
    const parsed = reportPeriodInput.safeParse(req.query ?? {});
    if (!parsed.success) return sendError(reply, 400, GENERIC_MESSAGES.invalidInput);
    const { filename, tables } = await reportExport(db, parsed.data.period);
    return sendXlsx(
      reply,
      filename,
      tables.map((t) => ({ ...t, batches: [t.rows] })),
    );
  });

  for (const format of SPREADSHEET_FORMATS) {
    app.get(spreadsheetPath(TRACKINGS_CSV_PATH, format), async (req, reply) => {
      if (!(await requestStaff(req, reply, db, config, 'trackings.read'))) return reply;

      // The list's own URL schema: a bad value falls back to its default, as on the page.
      const parsed = trackingListInput.safeParse(req.query ?? {});
      // A NUL cannot reach PostgreSQL (as in the tRPC base middleware): invalid input, not a 500.
      if (!parsed.success || containsNulChar(parsed.data)) return sendError(reply, 400, GENERIC_MESSAGES.invalidInput);

      return sendSpreadsheetDownload(reply, format, {
        filename: trackingsCsvFilename(),
        sheet: 'Trackings',
        headers: TRACKINGS_CSV_HEADERS,
        batches: exportTrackingBatches(db, parsed.data, batchSize),
        cells: trackingCsvCells,
        onDone: (rows) => req.log.info({ rows, format }, 'Exportación de trackings'),
      });
    });
  }
}
