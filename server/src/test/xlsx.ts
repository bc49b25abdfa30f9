// An Excel download read back as Excel would read it (docs/product/formats.md#csv), and the
// checks every workbook export owes its reader: the content type and a .xlsx name, a bold header
// row frozen in view.
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { XLSX_CONTENT_TYPE } from '@casillero/shared';

/** The workbook in a downloaded file (exceljs types its Buffer with an older @types/node's). */
export async function readXlsx(bytes: Buffer | Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  return workbook;
}

/** The answer is a workbook download named `*.xlsx`; its first sheet, checked for a bold, frozen header. */
export async function xlsxSheetOf(
  response: { statusCode: number; headers: Record<string, unknown>; rawPayload: Buffer },
  headers: readonly string[],
) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.xlsx"$/);
  const workbook = await readXlsx(response.rawPayload);
  const sheet = workbook.worksheets[0]!;
  expect(rowValues(sheet, 1)).toEqual([...headers]);
  expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  return sheet;
}

/** A row's cell values, from column 1 (exceljs leaves index 0 empty). */
export const rowValues = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
