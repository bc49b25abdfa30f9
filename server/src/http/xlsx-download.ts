// An export's Excel download beside its CSV (docs/product/formats.md#csv): the same description
// (file name, header, batches, one row's cells) written as a workbook by lib/xlsx.ts, streamed a
// batch at a time like the CSV (docs/decisions/008).
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { XLSX_CONTENT_TYPE, type SpreadsheetFormat } from '@casillero/shared';
import { writeXlsx, type XlsxTable } from '../lib/xlsx';
import { type CsvDownload, sendCsvDownload } from './csv-download';

/** The file name in the other format: 'trackings_2026-05-01.csv' → '….xlsx'. */
export const withExtension = (filename: string, format: SpreadsheetFormat) =>
  `${filename.replace(/\.(csv|xlsx)$/, '')}.${format}`;

/**
 * Answers with a workbook of these sheets, written as the answer is read. An error once the
 * answer has started ends it (the browser reports a failed download), as with the CSV.
 */
export function sendXlsx(
  reply: FastifyReply,
  filename: string,
  tables: readonly XlsxTable[],
  onDone?: (rows: number) => void,
) {
  const body = new PassThrough();
  writeXlsx(body, tables).then(
    (rows) => {
      if (!body.destroyed) onDone?.(rows);
    },
    (err: unknown) => {
      reply.log.error({ err }, 'Exportación Excel interrumpida');
      body.destroy(err instanceof Error ? err : new Error(String(err)));
    },
  );
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${withExtension(filename, 'xlsx')}"`)
    .send(body);
}

/**
 * The Excel counterpart of sendCsvDownload: the first batch is read before answering, so a
 * failing query still answers a proper error; a cancelled download stops reading batches.
 */
export async function sendXlsxDownload<Row>(
  reply: FastifyReply,
  { filename, headers, batches, cells, onDone, sheet }: CsvDownload<Row> & { sheet: string },
) {
  const first = await batches.next();
  async function* rows() {
    try {
      let next = first;
      while (!next.done) {
        yield next.value.map(cells);
        next = await batches.next();
      }
    } finally {
      await batches.return(undefined);
    }
  }
  return sendXlsx(reply, filename, [{ sheet, headers, batches: rows() }], onDone);
}

/** The export in the format asked for; the description's file name takes the format's extension. */
export function sendSpreadsheetDownload<Row>(
  reply: FastifyReply,
  format: SpreadsheetFormat,
  download: CsvDownload<Row> & { sheet: string },
) {
  const filename = withExtension(download.filename, format);
  return format === 'xlsx'
    ? sendXlsxDownload(reply, { ...download, filename })
    : sendCsvDownload(reply, { ...download, filename });
}
