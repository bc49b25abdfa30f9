// The sales book in bolívares (docs/product/fiscal-invoices.md#the-sales-book): a factura at one
// rate, a credit note on it, a second factura at another rate, and then a third rate recorded: each
// row's Bs. are its own document's, at its own frozen rate (never the latest one), the credit note
// negative, and TOTALES the exact sums of the rows. The Excel file read back with exceljs carries
// the same cells as typed numbers and dates under its header; the CSV as machine numbers. What was
// collected on the customer's behalf has a column of its own on screen and in every download.
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  SALES_BOOK_CSV_HEADERS,
  SALES_BOOK_FILE_HEADERS,
  SESSION_COOKIE_NAME,
  formatVesCentimos,
  salesBookPath,
  usdCentsToVesCentimos,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import { fiscalDocuments, fiscalIgtfCharges, userProfiles } from '../../db/schema';
import { testConfig } from '../../env';
import { businessToday } from '../../lib/business-clock';
import { salesBook, type SalesBook } from '../../queries/sales-book';
import { createServer } from '../../server';
import { TEST_APP_URL } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { csvRows } from '../../test/csv';
import { recordRate, signedInAdmin, signedInCustomer, signedInStaff } from '../../test/factories';
import { issueInvoice } from '../billing/invoices';
import { renderSalesBookPdf } from '../../pdf/sales-book';
import { salesBookCsv } from './sales-book-csv';
import { renderSalesBookXlsx, SALES_BOOK_XLSX_FORMATS } from './sales-book-xlsx';
import { FISCAL_TEST_SETTINGS } from '../../test/fiscal';

let database: Database;
const db = () => database.db;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let book: SalesBook;
const month = businessToday().slice(0, 7);
const docs: Record<'first' | 'note' | 'second', typeof fiscalDocuments.$inferSelect> = {} as never;

const settings = FISCAL_TEST_SETTINGS;

// Shipping $21,50 + IVA 16 % $3,44 and insurance $6,00 exento: $30,94.
const lines = [
  { description: 'Envío ENV-1', usdCents: 2150, kind: 'shipping' as const },
  { description: 'Seguro', usdCents: 600, kind: 'insurance' as const },
];

async function documentsOf(invoiceId: string) {
  return db()
    .select()
    .from(fiscalDocuments)
    .where(eq(fiscalDocuments.invoiceId, invoiceId))
    .orderBy(asc(fiscalDocuments.issueOrder));
}

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInAdmin(db());
  await admin.caller.fiscal.updateSettings(settings);
  const c = await signedInCustomer(db(), { nombre: 'Berta Bolívares' });
  await db()
    .update(userProfiles)
    .set({ cedula: 'V-12345678', venezuelaAddress: 'Calle 1, Maracay' })
    .where(eq(userProfiles.userId, c.user.id));
  const issue = () =>
    db().transaction((tx) =>
      issueInvoice(tx, { userId: c.user.id, concept: 'shipping_payment', description: 'Envío ENV-1', lines }),
    );

  await recordRate(db(), '36.5');
  const first = await issue();
  [docs.first] = await documentsOf(first.id);
  // A payment in dollars charged $0,90 of IGTF on the first factura.
  await db()
    .insert(fiscalIgtfCharges)
    .values({
      userId: c.user.id,
      paymentId: randomUUID(),
      invoiceId: first.id,
      paidUsdCents: 3094 + 90,
      igtfUsdCents: 90,
      basisPoints: 300,
    });
  await admin.caller.fiscal.issueNote({
    facturaId: docs.first.id,
    kind: 'nota_de_credito',
    amountUsd: 10,
    reason: 'Peso corregido',
  });
  [, docs.note] = await documentsOf(first.id);

  await recordRate(db(), '40.1234');
  const second = await issue();
  [docs.second] = await documentsOf(second.id);
  // A later rate changes nothing already issued.
  await recordRate(db(), '55');
  book = await salesBook(db(), month);
});
afterAll(() => database?.close());

/** The file read back as Excel would read it (exceljs types its Buffer with an older @types/node's). */
async function readXlsx(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  return workbook;
}

const rowOf = (number: string) => book.rows.find((r) => r.number === number)!;

describe('the sales book in bolívares', () => {
  it("gives each document's Bs. at its own frozen rate, credit notes negative", () => {
    expect(book.rows.map((r) => r.number)).toEqual([docs.first.number, docs.note.number, docs.second.number]);
    expect(book.rows.map((r) => r.operation)).toEqual([1, 2, 3]);
    const at = (rate: string, sign: 1 | -1, d: typeof docs.first) => ({
      vesPerUsd: d.vesPerUsd,
      exemptVesCentimos: sign * usdCentsToVesCentimos(d.exemptUsdCents, rate),
      baseVesCentimos: sign * usdCentsToVesCentimos(d.baseUsdCents, rate),
      ivaVesCentimos: sign * usdCentsToVesCentimos(d.ivaUsdCents, rate),
    });
    const first = rowOf(docs.first.number);
    expect(first).toMatchObject({
      ...at('36.5', 1, docs.first),
      kindLabel: 'Factura',
      customerIdNumber: 'V-12345678',
      customerName: 'Berta Bolívares',
      ivaRatesBasisPoints: [1600],
      totalUsdCents: 3094,
      // $30,94 at 36,5: Bs. 1.129,31; its IGTF $0,90 at the same rate, Bs. 32,85.
      totalVesCentimos: 112931,
      igtfUsdCents: 90,
      igtfVesCentimos: 3285,
    });
    expect(Number(first.vesPerUsd)).toBe(36.5);
    // The note: the first factura's rate, not the one in force when it was issued.
    const note = rowOf(docs.note.number);
    expect(note).toMatchObject({
      ...at('36.5', -1, docs.note),
      kindLabel: 'Nota de crédito',
      referencesNumber: docs.first.number,
      totalUsdCents: -1000,
      // $6,95 + $1,11 + $1,94, each at 36,5, summed.
      totalVesCentimos: -(25368 + 4052 + 7081),
      igtfVesCentimos: 0,
    });
    const second = rowOf(docs.second.number);
    expect(second).toMatchObject({
      ...at('40.1234', 1, docs.second),
      totalVesCentimos: 86265 + 24074 + 13802,
      igtfVesCentimos: 0,
    });
    expect(Number(second.vesPerUsd)).toBe(40.1234);
    // The Bs. are the ones each document stored, never converted again; the total is the sum of its parts.
    for (const [row, d, sign] of [
      [first, docs.first, 1],
      [note, docs.note, -1],
      [second, docs.second, 1],
    ] as const) {
      expect(row.totalVesCentimos).toBe(sign * d.totalVesCentimos!);
      expect(row.baseVesCentimos).toBe(sign * d.baseVesCentimos!);
      expect(row.exemptVesCentimos).toBe(sign * d.exemptVesCentimos!);
      expect(row.ivaVesCentimos).toBe(sign * d.ivaVesCentimos!);
      expect(row.baseVesCentimos! + row.exemptVesCentimos! + row.ivaVesCentimos!).toBe(row.totalVesCentimos);
    }
  });

  it('has totals that are the exact sums of its rows, column by column', () => {
    const sum = (k: keyof SalesBook['totals']) => book.rows.reduce((s, r) => s + (r[k] ?? 0), 0);
    for (const k of Object.keys(book.totals) as (keyof SalesBook['totals'])[]) expect(book.totals[k]).toBe(sum(k));
    expect(book.totals.totalVesCentimos).toBe(112931 - 36501 + 124141);
    expect(book.totals.igtfVesCentimos).toBe(3285);
    expect(book.withoutRate).toBe(0);
  });
});

describe('the sales book as an Excel file', () => {
  it('has its header, typed dates and numbers in Bs., and TOTALES', async () => {
    const workbook = await readXlsx(await renderSalesBookXlsx(book, settings));
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...SALES_BOOK_FILE_HEADERS]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(1 + 3 + 1);
    const col = (header: (typeof SALES_BOOK_FILE_HEADERS)[number]) => SALES_BOOK_FILE_HEADERS.indexOf(header) + 1;

    const first = sheet.getRow(2);
    expect(first.getCell(col('N° de operación')).value).toBe(1);
    const date = first.getCell(col('Fecha'));
    expect(date.value).toBeInstanceOf(Date);
    expect((date.value as Date).toISOString().slice(0, 10)).toBe(docs.first.issueDate);
    expect(date.numFmt).toBe(SALES_BOOK_XLSX_FORMATS.date);
    expect(first.getCell(col('N° de documento')).value).toBe(docs.first.number);
    expect(first.getCell(col('RIF / C.I.')).value).toBe('V-12345678');
    const total = first.getCell(col('Total de ventas con IVA (Bs.)'));
    expect(total.value).toBe(1129.31);
    expect(total.numFmt).toBe(SALES_BOOK_XLSX_FORMATS.ves);
    expect(first.getCell(col('IVA (Bs.)')).value).toBe(docs.first.ivaVesCentimos! / 100);
    expect(first.getCell(col('Alícuota (%)')).value).toBe(16);
    expect(first.getCell(col('IGTF (Bs.)')).value).toBe(32.85);
    expect(first.getCell(col('Tasa (Bs. por USD)')).value).toBe(36.5);
    expect(first.getCell(col('Total de ventas con IVA (USD)')).value).toBe(30.94);

    const note = sheet.getRow(3);
    expect(note.getCell(col('Total de ventas con IVA (Bs.)')).value).toBe(-365.01);
    expect(note.getCell(col('Factura afectada')).value).toBe(docs.first.number);
    expect(sheet.getRow(4).getCell(col('Tasa (Bs. por USD)')).value).toBe(40.1234);

    const totals = sheet.getRow(5);
    expect(totals.getCell(1).value).toBe('TOTALES');
    expect(totals.getCell(col('Nombre o razón social')).value).toBe('3 documentos');
    for (const header of SALES_BOOK_FILE_HEADERS.filter((h) => /\((Bs\.|USD)\)$/.test(h))) {
      const c = col(header);
      const rows = [2, 3, 4].map((r) => sheet.getRow(r).getCell(c).value as number);
      expect(typeof totals.getCell(c).value, header).toBe('number');
      // Sums of céntimos: exact once rounded to the céntimo.
      expect(Math.round((totals.getCell(c).value as number) * 100), header).toBe(
        Math.round(rows.reduce((s, v) => s + v * 100, 0)),
      );
    }
    expect(totals.getCell(col('Total de ventas con IVA (Bs.)')).value).toBe((112931 - 36501 + 124141) / 100);
  });

  it('downloads for staff who read reports, as Excel, CSV and PDF', async () => {
    const server = await createServer({ config: testConfig({ appUrl: TEST_APP_URL }), database });
    try {
      const cookie = `${SESSION_COOKIE_NAME}=${admin.visitor.token}`;
      const xlsx = await server.app.inject({ url: salesBookPath(month, 'xlsx'), headers: { cookie } });
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="libro-de-ventas-${month}.xlsx"`);
      const workbook = await readXlsx(xlsx.rawPayload);
      expect(workbook.worksheets[0]!.getRow(5).getCell(1).value).toBe('TOTALES');

      const csv = await server.app.inject({ url: salesBookPath(month, 'csv'), headers: { cookie } });
      const rows = csvRows(csv.body);
      expect(rows[0]).toEqual([...SALES_BOOK_CSV_HEADERS]);
      expect(rows[0]).toContain('Total de ventas con IVA (Bs., punto decimal)');
      const total = SALES_BOOK_CSV_HEADERS.indexOf('Total de ventas con IVA (Bs., punto decimal)');
      expect(rows.slice(1).map((r) => r[total])).toEqual(['1129.31', '-365.01', '1241.41', '2005.71']);

      const pdf = await server.app.inject({ url: salesBookPath(month, 'pdf'), headers: { cookie } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');

      const almacen = await signedInStaff(db(), 'almacen');
      const refused = await server.app.inject({
        url: salesBookPath(month, 'xlsx'),
        headers: { cookie: `${SESSION_COOKIE_NAME}=${almacen.visitor.token}` },
      });
      expect(refused.statusCode).toBe(403);
    } finally {
      await server.stop();
    }
  });
});

describe('what is collected on the customer’s behalf', () => {
  it('is kept apart: the customs’ import taxes are in the exempt amount and shown on their own, not as our sale', async () => {
    const c = await signedInCustomer(db(), { nombre: 'María Aduana' });
    await db()
      .update(userProfiles)
      .set({ cedula: 'V-23456789', venezuelaAddress: 'Calle 2, Valencia' })
      .where(eq(userProfiles.userId, c.user.id));
    const invoice = await db().transaction((tx) =>
      issueInvoice(tx, {
        userId: c.user.id,
        concept: 'shipping_payment',
        description: 'Envío ENV-2',
        lines: [
          { description: 'Envío ENV-2', usdCents: 2000, kind: 'shipping' },
          { description: 'Envío ENV-2: impuestos de importación', usdCents: 300, kind: 'import_taxes' },
        ],
      }),
    );
    const [doc] = await documentsOf(invoice.id);
    expect(doc!.kind).toBe('factura');
    const later = await salesBook(db(), month);
    const row = later.rows.find((r) => r.number === doc!.number)!;
    // $3,00 collected for customs: in the exempt amount, and apart as collected on her behalf.
    expect(row.onBehalfUsdCents).toBe(300);
    expect(row.exemptUsdCents).toBeGreaterThanOrEqual(300);
    expect(row.onBehalfVesCentimos).toBe(usdCentsToVesCentimos(300, doc!.vesPerUsd!));
    // The IVA base is only our sale (the freight): the customs' money bears none.
    expect(row.baseUsdCents).toBe(2000);
    expect(rowOf(docs.first.number).onBehalfUsdCents).toBe(0);
    expect(later.totals.onBehalfUsdCents).toBe(300);

    // Every download carries it in a column of its own, beside the exempt sales, row and TOTALES.
    const ves = row.onBehalfVesCentimos!;
    const issuer = { legalName: 'Casillero de Prueba, C.A.', rif: 'J-12345678-9' };
    const sheet = (await readXlsx(await renderSalesBookXlsx(later, issuer))).worksheets[0]!;
    const col = (header: (typeof SALES_BOOK_FILE_HEADERS)[number]) => SALES_BOOK_FILE_HEADERS.indexOf(header) + 1;
    expect(col('De ello, cobrado por cuenta del cliente (Bs.)')).toBe(col('Ventas exentas o no sujetas (Bs.)') + 1);
    expect(col('De ello, cobrado por cuenta del cliente (USD)')).toBe(col('Ventas exentas o no sujetas (USD)') + 1);
    const xlsxRow = sheet.getRow(later.rows.indexOf(row) + 2);
    const totals = sheet.getRow(later.rows.length + 2);
    expect(xlsxRow.getCell(col('De ello, cobrado por cuenta del cliente (Bs.)')).value).toBe(ves / 100);
    expect(xlsxRow.getCell(col('De ello, cobrado por cuenta del cliente (USD)')).value).toBe(3);
    expect(totals.getCell(col('De ello, cobrado por cuenta del cliente (USD)')).value).toBe(3);
    expect(totals.getCell(col('De ello, cobrado por cuenta del cliente (Bs.)')).value).toBe(ves / 100);

    const csv = csvRows(salesBookCsv(later));
    const inCsv = (h: string) => csv[0]!.indexOf(h);
    const usdColumn = inCsv('De ello, cobrado por cuenta del cliente (USD, punto decimal)');
    const vesColumn = inCsv('De ello, cobrado por cuenta del cliente (Bs., punto decimal)');
    expect(csv[later.rows.indexOf(row) + 1]![usdColumn]).toBe('3.00');
    expect(csv[later.rows.indexOf(row) + 1]![vesColumn]).toBe((ves / 100).toFixed(2));
    expect(csv.at(-1)![usdColumn]).toBe('3.00');
    expect(csv[1]![usdColumn]).toBe('0.00');

    const pdf = mupdf.Document.openDocument(await renderSalesBookPdf(later, issuer), 'application/pdf');
    const paper = pdf.loadPage(0).toStructuredText('preserve-whitespace').asText();
    const words = paper.replace(/\s+/g, ' ');
    expect(words).toContain('De ello, cobrado por cuenta del cliente (Bs.)');
    // Between the exempt sales and the base, on the document's row and on TOTALES.
    const between = (exempt: number | null, base: number | null, onBehalf: number | null) =>
      [exempt, onBehalf, base].map((v) => formatVesCentimos(v!)).join(' ');
    expect(words).toContain(between(row.exemptVesCentimos, row.baseVesCentimos, ves));
    const t = later.totals;
    expect(words).toContain(between(t.exemptVesCentimos, t.baseVesCentimos, t.onBehalfVesCentimos));
  });
});
