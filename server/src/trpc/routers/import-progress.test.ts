// The progress of the manifest import and the bank statement (docs/product/warehouse-intake.md#manifest-import,
// docs/product/admin-payments-and-billing.md#reconciliation): the procedures report, between
// batches, the rows checked and then the rows applied, and nothing is applied when the check
// fails; the routes the admin's pages call stream those reports, line by line, before the result.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  IMPORT_MESSAGES as M,
  PARCEL_IMPORT_APPLY_PATH,
  PARCEL_IMPORT_PREVIEW_PATH,
  PROGRESS_CONTENT_TYPE,
  SESSION_COOKIE_NAME,
  STATEMENT_UPLOAD_PATH,
  type ProgressLine,
  type WorkProgress,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import { bankStatementLines, parcelImports, parcelIntakes } from '../../db/schema';
import { testConfig } from '../../env';
import { createServer } from '../../server';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { signedInCustomer, signedInStaff } from '../../test/factories';

const config = testConfig({ appUrl: TEST_APP_URL });
let database: Database;
const db = () => database.db;
let almacen: Awaited<ReturnType<typeof signedInStaff>>;
let caja: Awaited<ReturnType<typeof signedInStaff>>;

beforeAll(async () => {
  const { createTestDatabase } = await import('../../test/db');
  database = await createTestDatabase();
  almacen = await signedInStaff(db(), 'almacen');
  caja = await signedInStaff(db(), 'caja');
});
afterAll(async () => {
  await database?.close();
});

const run = Date.now().toString(36).toUpperCase();
let files = 0;
/** A manifest of `rows` numbers nobody pre-alerted (each becomes a parcel "sin dueño"). */
function manifest(rows: number, badLine?: number) {
  const file = ++files;
  const lines = ['tracking;peso'];
  for (let i = 0; i < rows; i++) {
    const weight = i + 2 === badLine ? 'abc' : '1,5';
    lines.push(`1ZPROG${run}${file}${String(i).padStart(5, '0')};${weight}`);
  }
  return lines.join('\n');
}

/** A bank statement of `credits` movements, each its own reference. */
function statement(credits: number) {
  const file = ++files;
  const lines = ['Fecha;Referencia;Descripción;Monto (Bs.)'];
  for (let i = 0; i < credits; i++) {
    lines.push(`05/03/2026;${run}${file}${String(i).padStart(6, '0')};PAGO MOVIL;${100 + i},50`);
  }
  return lines.join('\n');
}

const importCount = async () => (await db().select({ n: count() }).from(parcelImports))[0]!.n;

describe('the procedures report their progress through the caller', () => {
  it('a 2.500-row import: checking 0, 1.000, 2.000, 2.500, then applying the same, then the result', async () => {
    const seen: WorkProgress[] = [];
    const caller = callerFor(db(), almacen.visitor, config, (p) => void seen.push(p));
    const result = await caller.parcelImports.applyFile({ fileName: 'grande.csv', csv: manifest(2500) });
    expect(seen).toEqual([
      ...[0, 1000, 2000, 2500].map((done) => ({ phase: 'checking', done, total: 2500 })),
      ...[0, 1000, 2000, 2500].map((done) => ({ phase: 'applying', done, total: 2500 })),
    ]);
    expect(result).toMatchObject({ received: 0, unclaimed: 2500, skipped: 0 });
    const [stored] = await db().select().from(parcelImports).where(eq(parcelImports.id, result.importId));
    expect(stored).toMatchObject({ rowCount: 2500, receivedCount: 0, unclaimedCount: 2500, skippedCount: 0 });
    const [intakes] = await db()
      .select({ n: count() })
      .from(parcelIntakes)
      .where(eq(parcelIntakes.importId, result.importId));
    expect(intakes!.n).toBe(2500);
  });

  it('a row with an error: the check is reported to its end, nothing is applied', async () => {
    const before = await importCount();
    const seen: WorkProgress[] = [];
    const caller = callerFor(db(), almacen.visitor, config, (p) => void seen.push(p));
    const error = await trpcError(caller.parcelImports.applyFile({ fileName: 'mala.csv', csv: manifest(1500, 1400) }));
    expect(error.message).toBe(M.hasErrors(1));
    expect(seen.map((p) => p.phase)).toEqual(['checking', 'checking', 'checking']);
    expect(seen.at(-1)).toEqual({ phase: 'checking', done: 1500, total: 1500 });
    expect(await importCount()).toBe(before);
  });

  it('a 1.200-credit statement: checked, then stored 500 at a time', async () => {
    const seen: WorkProgress[] = [];
    const caller = callerFor(db(), caja.visitor, config, (p) => void seen.push(p));
    const result = await caller.reconciliation.upload({ fileName: 'banco.csv', content: statement(1200) });
    expect(seen).toEqual([
      { phase: 'checking', done: 1200, total: 1200 },
      ...[0, 500, 1000, 1200].map((done) => ({ phase: 'applying', done, total: 1200 })),
    ]);
    expect(result).toMatchObject({ lineCount: 1200, newLineCount: 1200, repeated: 0 });
    const [lines] = await db()
      .select({ n: count() })
      .from(bankStatementLines)
      .where(eq(bankStatementLines.statementId, result.statementId));
    expect(lines!.n).toBe(1200);
  });
});

describe('the routes stream the progress to the page', () => {
  /** The answer's lines, decompressed as the browser does. */
  function linesOf(res: { rawPayload: Buffer; headers: Record<string, unknown> }): ProgressLine<any>[] {
    const encoding = res.headers['content-encoding'];
    const body =
      encoding === 'br'
        ? zlib.brotliDecompressSync(res.rawPayload)
        : encoding === 'gzip'
          ? zlib.gunzipSync(res.rawPayload)
          : res.rawPayload;
    return body
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  }

  it('import, dry run and statement as the pages ask for them; a plain client gets plain JSON; refusals keep their status', async () => {
    const server = await createServer({ config, database });
    try {
      const customer = await signedInCustomer(db());
      const post = (path: string, token: string | null, payload: unknown, accept = PROGRESS_CONTENT_TYPE) =>
        server.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/json', accept, 'accept-encoding': 'br, gzip' },
          cookies: token ? { [SESSION_COOKIE_NAME]: token } : {},
          payload: JSON.stringify(payload),
        });

      const csv = manifest(1200);
      const dry = await post(PARCEL_IMPORT_PREVIEW_PATH, almacen.visitor.token, { fileName: 'm.csv', csv });
      expect(dry.statusCode).toBe(200);
      expect(dry.headers['content-type']).toContain(PROGRESS_CONTENT_TYPE);
      expect(dry.headers['content-encoding']).toBe('br');
      const dryLines = linesOf(dry);
      expect(dryLines.slice(0, -1)).toEqual(
        [0, 1000, 1200].map((done) => ({ progress: { phase: 'checking', done, total: 1200 } })),
      );
      expect((dryLines.at(-1) as { result: { summary: unknown } }).result.summary).toMatchObject({ unclaimed: 1200 });

      const applied = await post(PARCEL_IMPORT_APPLY_PATH, almacen.visitor.token, { fileName: 'm.csv', csv });
      const lines = linesOf(applied);
      expect(lines.filter((l) => 'progress' in l).map((l) => (l as { progress: WorkProgress }).progress)).toEqual([
        ...[0, 1000, 1200].map((done) => ({ phase: 'checking', done, total: 1200 })),
        ...[0, 1000, 1200].map((done) => ({ phase: 'applying', done, total: 1200 })),
      ]);
      expect(lines.at(-1)).toMatchObject({ result: { unclaimed: 1200, skipped: 0 } });

      // The benchmark's and a script's way: no Accept, the plain JSON answer.
      const plain = await post(PARCEL_IMPORT_APPLY_PATH, almacen.visitor.token, { fileName: 'm.csv', csv }, '*/*');
      expect(plain.statusCode).toBe(200);
      expect(plain.json()).toMatchObject({ received: 0, unclaimed: 0, skipped: 1200 });

      // An error found by the check: the reports, then the error; nothing stored.
      const before = await importCount();
      const bad = await post(PARCEL_IMPORT_APPLY_PATH, almacen.visitor.token, {
        fileName: 'mala.csv',
        csv: manifest(3, 3),
      });
      expect(bad.statusCode).toBe(200);
      expect(linesOf(bad).at(-1)).toEqual({ error: M.hasErrors(1) });
      expect(await importCount()).toBe(before);

      // Refused before any work: the status of the refusal, as JSON.
      const refused = await post(PARCEL_IMPORT_APPLY_PATH, customer.visitor.token, { fileName: 'm.csv', csv });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBeTruthy();
      expect((await post(PARCEL_IMPORT_APPLY_PATH, null, { fileName: 'm.csv', csv })).statusCode).toBe(401);
      expect(
        (await post(STATEMENT_UPLOAD_PATH, almacen.visitor.token, { fileName: 'b.csv', content: 'x' })).statusCode,
      ).toBe(403);

      const bank = await post(STATEMENT_UPLOAD_PATH, caja.visitor.token, {
        fileName: 'b.csv',
        content: statement(600),
      });
      const bankLines = linesOf(bank);
      expect(bankLines.slice(0, -1)).toEqual([
        { progress: { phase: 'checking', done: 600, total: 600 } },
        ...[0, 500, 600].map((done) => ({ progress: { phase: 'applying', done, total: 600 } })),
      ]);
      expect(bankLines.at(-1)).toMatchObject({ result: { lineCount: 600, newLineCount: 600 } });
    } finally {
      await server.stop();
    }
  });
});
