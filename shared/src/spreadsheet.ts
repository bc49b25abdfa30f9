// The two files every table export offers (docs/product/formats.md#csv): an Excel workbook for a
// person at a spreadsheet (typed cells, so a Spanish-locale Excel shows and sums the numbers), and
// a CSV for another program. The buttons say which is which.

/** The formats of a table export: Excel first, it is the one a person opens. */
export const SPREADSHEET_FORMATS = ['xlsx', 'csv'] as const;
export type SpreadsheetFormat = (typeof SPREADSHEET_FORMATS)[number];

/** The buttons and links of every table export. */
export const SPREADSHEET_DOWNLOAD_LABELS: Record<SpreadsheetFormat, string> = {
  xlsx: 'Descargar Excel (.xlsx)',
  csv: 'Descargar CSV (para sistemas)',
};

/** The media type of an Excel (.xlsx) workbook. */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A CSV download path's sibling in another format: '/api/exports/audit.csv' → '…/audit.xlsx'. */
export const spreadsheetPath = (csvPath: string, format: SpreadsheetFormat) => csvPath.replace(/\.csv$/, `.${format}`);
