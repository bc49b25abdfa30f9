// A CSV download streamed a batch at a time (docs/product/admin-trackings.md#csv-export, docs/decisions/008): memory holds
// one batch however many rows the export has.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { CSV_BOM, csvLine } from '../lib/csv';

export type CsvDownload<Row> = {
  filename: string;
  headers: readonly string[];
  /** The export's batches, in order; stopped (`return`) when the download is. */
  batches: AsyncGenerator<Row[], void, undefined>;
  /** One row's cells, in the order of `headers`. */
  cells: (row: Row) => unknown[];
  /** Told how many rows were written once the last batch is. */
  onDone?: (rows: number) => void;
};

/**
 * Answers with the CSV: the header row, then each batch's rows as they are read. The first
 * batch is read before answering, so a failing query still answers a proper error; a download
 * cancelled early stops reading batches too.
 */
export async function sendCsvDownload<Row>(
  reply: FastifyReply,
  { filename, headers, batches, cells, onDone }: CsvDownload<Row>,
) {
  const first = await batches.next();
  async function* chunks() {
    let rows = 0;
    yield Buffer.from(CSV_BOM + csvLine(headers), 'utf8');
    let next = first;
    while (!next.done) {
      rows += next.value.length;
      yield Buffer.from(next.value.map((row) => csvLine(cells(row))).join(''), 'utf8');
      next = await batches.next();
    }
    onDone?.(rows);
  }
  const body = Readable.from(chunks(), { objectMode: false });
  body.once('close', () => void batches.return(undefined));
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}
