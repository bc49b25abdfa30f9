// The sales book's cells (docs/product/fiscal-invoices.md#the-sales-book), typed, in the order of
// SALES_BOOK_FILE_HEADERS: the legal columns in Bs., then the rate and the USD figures. The PDF,
// the Excel file and the CSV each write these same cells in their own way, so their columns and
// their totals cannot disagree.
import { SALES_BOOK_HEADERS, formatCountOf } from '@casillero/shared';
import type { SalesBook, SalesBookRow } from '../../queries/sales-book';

/** Who keeps the book: printed on top of the PDF and the spreadsheet. */
export type SalesBookIssuer = { legalName: string; rif: string };

export type SalesBookCell =
  | { type: 'text'; value: string }
  | { type: 'count'; value: number }
  /** An ISO day, 'YYYY-MM-DD'. */
  | { type: 'date'; value: string }
  /** Bs. céntimos; null when the document has no rate. */
  | { type: 'ves'; value: number | null }
  | { type: 'usd'; value: number }
  /** Bs. per USD as stored ('36.52140000'). */
  | { type: 'rate'; value: string | null }
  /** The IVA rates in basis points: one is a number, several a text, none an empty cell. */
  | { type: 'percent'; value: number[] };

const text = (value: string): SalesBookCell => ({ type: 'text', value });
const ves = (value: number | null): SalesBookCell => ({ type: 'ves', value });
const usd = (value: number): SalesBookCell => ({ type: 'usd', value });

/** How many of the cells are the legal book's (the PDF prints those alone). */
export const LEGAL_COLUMNS = SALES_BOOK_HEADERS.length;

export function salesBookRowCells(r: SalesBookRow): SalesBookCell[] {
  return [
    { type: 'count', value: r.operation },
    { type: 'date', value: r.issueDate },
    text(r.customerIdNumber ?? ''),
    text(r.customerName),
    text(r.kindLabel),
    text(r.number),
    text(r.controlNumber ?? 'Pendiente'),
    text(r.referencesNumber ?? ''),
    ves(r.totalVesCentimos),
    ves(r.exemptVesCentimos),
    ves(r.onBehalfVesCentimos),
    ves(r.baseVesCentimos),
    { type: 'percent', value: r.ivaRatesBasisPoints },
    ves(r.ivaVesCentimos),
    ves(r.igtfVesCentimos),
    { type: 'rate', value: r.vesPerUsd },
    usd(r.totalUsdCents),
    usd(r.exemptUsdCents),
    usd(r.onBehalfUsdCents),
    usd(r.baseUsdCents),
    usd(r.ivaUsdCents),
    usd(r.igtfUsdCents),
  ];
}

/** The last row: TOTALES, the number of documents, and each amount column's sum. */
export function salesBookTotalCells(book: SalesBook): SalesBookCell[] {
  const t = book.totals;
  return [
    text('TOTALES'),
    text(''),
    text(''),
    text(formatCountOf(book.rows.length, 'documentos')),
    text(''),
    text(''),
    text(''),
    text(''),
    ves(t.totalVesCentimos),
    ves(t.exemptVesCentimos),
    ves(t.onBehalfVesCentimos),
    ves(t.baseVesCentimos),
    { type: 'percent', value: [] },
    ves(t.ivaVesCentimos),
    ves(t.igtfVesCentimos),
    { type: 'rate', value: null },
    usd(t.totalUsdCents),
    usd(t.exemptUsdCents),
    usd(t.onBehalfUsdCents),
    usd(t.baseUsdCents),
    usd(t.ivaUsdCents),
    usd(t.igtfUsdCents),
  ];
}
