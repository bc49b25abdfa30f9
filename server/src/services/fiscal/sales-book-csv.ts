// The sales book as CSV (docs/product/fiscal-invoices.md#the-sales-book), for other systems: the
// same columns as the Excel file, numbers as machine numbers with a decimal point and dates as ISO
// days (docs/product/formats.md#csv). The accountant's file is the Excel one.
import { SALES_BOOK_CSV_HEADERS } from '@casillero/shared';
import type { SalesBook } from '../../queries/sales-book';
import { type CsvCell, csvNumber, toCsv } from '../../lib/csv';
import { type SalesBookCell, salesBookRowCells, salesBookTotalCells } from './sales-book-cells';

const amount = (cents: number) => csvNumber(cents / 100, 2);

function csvCell(cell: SalesBookCell): CsvCell {
  switch (cell.type) {
    case 'text':
    case 'date':
      return cell.value;
    case 'count':
      return cell.value;
    case 'ves':
      return cell.value === null ? '' : amount(cell.value);
    case 'usd':
      return amount(cell.value);
    case 'rate':
      return cell.value === null ? '' : csvNumber(Number(cell.value));
    case 'percent':
      // One rate is a number; a document with several (rare) names them as text.
      return cell.value.length === 1
        ? csvNumber(cell.value[0]! / 100, 2)
        : cell.value.map((bp) => (bp / 100).toFixed(2)).join(' y ');
  }
}

export function salesBookCsv(book: SalesBook): string {
  return toCsv(SALES_BOOK_CSV_HEADERS, [
    ...book.rows.map((r) => salesBookRowCells(r).map(csvCell)),
    salesBookTotalCells(book).map(csvCell),
  ]);
}
