// The sales book as an Excel file (docs/product/fiscal-invoices.md#the-sales-book), for the
// accountant: one sheet, a header row that stays in view, typed cells (dates as dates, amounts as
// numbers formatted in Bs. or USD, so a Spanish-locale Excel shows them with its own separators
// and sums them), the legal columns in Bs. then the rate and the USD figures, and TOTALES.
// exceljs loads on the first download, not with the server.
import { SALES_BOOK_FILE_HEADERS } from '@casillero/shared';
import type { SalesBook } from '../../queries/sales-book';
import { LABEL_BUSINESS_NAME } from '../labels';
import { type SalesBookCell, salesBookRowCells, salesBookTotalCells } from './sales-book-cells';
import type { SalesBookIssuer } from './sales-book-cells';

/** Excel's number formats: the separators are the reader's locale's ('Bs. 1.234,50' in es-VE). */
export const SALES_BOOK_XLSX_FORMATS = {
  ves: '"Bs." #,##0.00;-"Bs." #,##0.00',
  usd: '"$"#,##0.00;-"$"#,##0.00',
  rate: '#,##0.0000',
  date: 'dd/mm/yyyy',
  /** The alícuota as a number of percent (16): whole, or with its two decimals (12,5 → 12,50). */
  percent: '0" %"',
  percentDecimal: '0.00" %"',
} as const;

/** Column widths in characters, in the order of SALES_BOOK_FILE_HEADERS. */
const WIDTHS = [11, 12, 15, 34, 16, 16, 16, 16, 18, 18, 20, 18, 10, 16, 14, 14, 16, 16, 20, 16, 14, 12];

const cents = (value: number) => value / 100;

function put(cell: import('exceljs').Cell, value: SalesBookCell) {
  const f = SALES_BOOK_XLSX_FORMATS;
  switch (value.type) {
    case 'text':
      cell.value = value.value;
      return;
    case 'count':
      cell.value = value.value;
      return;
    case 'date':
      // Excel's days have no time zone: the ISO day at midnight UTC is that day.
      cell.value = new Date(`${value.value}T00:00:00Z`);
      cell.numFmt = f.date;
      return;
    case 'ves':
      if (value.value === null) return;
      cell.value = cents(value.value);
      cell.numFmt = f.ves;
      return;
    case 'usd':
      cell.value = cents(value.value);
      cell.numFmt = f.usd;
      return;
    case 'rate':
      if (value.value === null) return;
      cell.value = Number(value.value);
      cell.numFmt = f.rate;
      return;
    case 'percent':
      if (value.value.length === 1) {
        const percent = value.value[0]! / 100;
        cell.value = percent;
        cell.numFmt = Number.isInteger(percent) ? f.percent : f.percentDecimal;
      } else if (value.value.length > 1) cell.value = value.value.map((bp) => String(bp / 100)).join(' y ');
  }
}

export async function renderSalesBookXlsx(book: SalesBook, issuer: SalesBookIssuer): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = issuer.legalName || LABEL_BUSINESS_NAME;
  workbook.title = `Libro de ventas ${book.month}`;
  const sheet = workbook.addWorksheet(`Libro de ventas ${book.month}`, {
    views: [{ state: 'frozen', ySplit: 1 }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    headerFooter: {
      oddHeader: `&L${issuer.legalName || LABEL_BUSINESS_NAME}${issuer.rif ? ` · RIF ${issuer.rif}` : ''}&RLibro de ventas ${book.month}`,
      oddFooter: '&RPágina &P de &N',
    },
  });
  sheet.columns = SALES_BOOK_FILE_HEADERS.map((header, i) => ({ header, width: WIDTHS[i] }));
  const head = sheet.getRow(1);
  head.font = { bold: true };
  head.alignment = { wrapText: true, vertical: 'middle' };
  head.height = 45;
  const write = (cells: SalesBookCell[]) => {
    const row = sheet.addRow([]);
    for (const [i, c] of cells.entries()) put(row.getCell(i + 1), c);
    return row;
  };
  for (const r of book.rows) write(salesBookRowCells(r));
  write(salesBookTotalCells(book)).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: SALES_BOOK_FILE_HEADERS.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
