// The sales book (libro de ventas, docs/product/fiscal-invoices.md#the-sales-book): its month, its
// columns and its files. The legal columns are the ones SENIAT asks for, in bolívares at each
// document's own frozen rate; the reference columns beside them carry that rate and the figures in
// USD. Every file (screen, PDF, Excel, CSV) lists them in this order.
import { z } from '../zod-es';
import { csvNumberHeader } from '../format';
import { FISCAL_MESSAGES } from './messages';

/** A month of the sales book, 'YYYY-MM'. */
export const salesBookInput = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, FISCAL_MESSAGES.monthInvalid),
});

/**
 * The book SENIAT asks for, column by column; amounts in Bs. at each document's own rate. Beside the
 * exempt sales (the facturas' own figure, which includes what is not subject to IVA), a column of its
 * own says how much of it was collected on the customer's behalf (customs' import taxes, a compra's
 * goods): money that is not our income (docs/product/fiscal-invoices.md#the-sales-book).
 */
export const SALES_BOOK_HEADERS = [
  'N° de operación',
  'Fecha',
  'RIF / C.I.',
  'Nombre o razón social',
  'Tipo de documento',
  'N° de documento',
  'N° de control',
  'Factura afectada',
  'Total de ventas con IVA (Bs.)',
  'Ventas exentas o no sujetas (Bs.)',
  'De ello, cobrado por cuenta del cliente (Bs.)',
  'Base imponible (Bs.)',
  'Alícuota (%)',
  'IVA (Bs.)',
  'IGTF (Bs.)',
] as const;

/** The screen's heading of that column, which names what it holds. */
export const SALES_BOOK_ON_BEHALF_LABEL = 'De ello, cobrado por cuenta del cliente (aduana, compras)';

/** Beside the legal columns in the Excel and CSV files: the document's frozen rate and its USD figures. */
export const SALES_BOOK_REFERENCE_HEADERS = [
  'Tasa (Bs. por USD)',
  'Total de ventas con IVA (USD)',
  'Ventas exentas o no sujetas (USD)',
  'De ello, cobrado por cuenta del cliente (USD)',
  'Base imponible (USD)',
  'IVA (USD)',
  'IGTF (USD)',
] as const;

/** The Excel file's header: the legal columns, then the reference ones. */
export const SALES_BOOK_FILE_HEADERS = [...SALES_BOOK_HEADERS, ...SALES_BOOK_REFERENCE_HEADERS] as const;

/** Where the numbers start: the amounts, the rate and the percentage (docs/product/formats.md#csv). */
const FIRST_NUMERIC_COLUMN = SALES_BOOK_HEADERS.indexOf('Total de ventas con IVA (Bs.)');

/** The CSV header: its numeric columns say how numbers are written (docs/product/formats.md#csv). */
export const SALES_BOOK_CSV_HEADERS = SALES_BOOK_FILE_HEADERS.map((h, i) =>
  i >= FIRST_NUMERIC_COLUMN ? csvNumberHeader(h) : h,
);

/** The book's files: 'xlsx' for the accountant, 'csv' for other systems, 'pdf' to print. */
export const SALES_BOOK_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
export type SalesBookFormat = (typeof SALES_BOOK_FORMATS)[number];

export const salesBookPath = (month: string, format: SalesBookFormat) => `/api/libro-de-ventas/${month}.${format}`;
