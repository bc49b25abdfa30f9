// The public API over real HTTP (docs/product/public-api.md): every endpoint's answer validated
// with ajv against the OpenAPI document the server itself serves (so the document and the
// routes cannot drift), key scopes and revocation, the per-key limit (429 with Retry-After),
// ownership (María's key never sees Carlos's data), and the audit entry of every write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { and, eq, sql } from 'drizzle-orm';
import {
  API_KEY_MESSAGES,
  BILLING_MESSAGES,
  PACKAGE_MESSAGES,
  PUBLIC_API_BASE,
  encodeListCursor,
} from '@casillero/shared';
import { rowsOf, type Database } from '../db/client';
import { apiKeys, auditLog, invoices, mailboxes, packages } from '../db/schema';
import { testConfig } from '../env';
import { createServer } from '../server';
import { callerFor, TEST_APP_URL } from '../test/caller';
import { createTestDatabase } from '../test/db';
import { homeDeliveryTo, signedInAdmin, signedInCustomer } from '../test/factories';
import type { OpenApiDocument } from './openapi';

type Signed = Awaited<ReturnType<typeof signedInCustomer>>;
let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;
let baseUrl: string;
let openApi: OpenApiDocument;
let admin: Signed;
let maria: Signed;
let carlos: Signed;
const LIMIT = 40;
const config = () => testConfig({ appUrl: TEST_APP_URL, port: 0, host: '127.0.0.1', apiKeyRequestsPerMinute: LIMIT });
const db = () => database.db;
const as = (s: Signed) => callerFor(db(), s.visitor, config());

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

async function call(method: string, path: string, key: string | null, body?: unknown) {
  const res = await fetch(new URL(`${PUBLIC_API_BASE}${path}`, baseUrl), {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const type = res.headers.get('content-type') ?? '';
  const payload = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, body: payload };
}

/** The answer validates against the document's schema for this operation and status. */
function expectMatchesDocument(method: string, path: string, status: number, body: unknown) {
  const operation = openApi.paths[`${PUBLIC_API_BASE}${path}`]?.[method.toLowerCase()] as
    | { responses: Record<string, { content?: Record<string, { schema: object }> }> }
    | undefined;
  expect(operation, `${method} ${path} en el documento`).toBeDefined();
  const schema = operation!.responses[String(status)]?.content?.['application/json']?.schema;
  expect(schema, `${method} ${path} ${status}`).toBeDefined();
  const validate = ajv.compile({ ...schema!, components: openApi.components });
  const ok = validate(body);
  expect(validate.errors ?? [], `${method} ${path} ${status}`).toEqual([]);
  expect(ok).toBe(true);
}

async function newKey(c: Signed, scope: 'read' | 'read_write', name = `Clave ${scope}`) {
  return as(c).account.createApiKey({ name, scope });
}

let seq = 0;
async function packageOf(c: Signed) {
  const [box] = await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.userId, c.user.id));
  const [row] = await db()
    .insert(packages)
    .values({
      userId: c.user.id,
      mailboxId: box.id,
      trackingNumber: `1ZAPI${Date.now().toString(36).toUpperCase()}${++seq}`,
      packageDescription: `Compra por API ${seq}`,
      senderName: 'Amazon',
      status: 'received',
      weightKg: 1.5,
      warehouseReceipt: `WR-API-${seq}`,
      receivedDate: new Date(),
    })
    .returning({ id: packages.id, trackingNumber: packages.trackingNumber });
  return row;
}

async function shipmentOf(c: Signed, packageIds: string[]) {
  return as(admin).shipments.create({
    userId: c.user.id,
    ...(await homeDeliveryTo(db(), c.user.id, {
      address: 'Av. Bolívar Norte, Torre Stratos',
      city: 'Valencia',
      state: 'Carabobo',
    })),
    estimatedDelivery: '2030-01-15',
    shippingCostUsdCents: 4250,
    packageIds,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await createServer({ config: config(), database });
  baseUrl = await server.listen();
  admin = await signedInAdmin(db());
  maria = await signedInCustomer(db(), { nombre: 'María API' });
  carlos = await signedInCustomer(db(), { nombre: 'Carlos API' });
  await db().update(mailboxes).set({ status: 'active' });
  const res = await fetch(new URL(`${PUBLIC_API_BASE}/openapi.json`, baseUrl));
  openApi = (await res.json()) as OpenApiDocument;
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
});

describe('the OpenAPI document and its reference page', () => {
  it('is OpenAPI 3.1 and describes every route with schemas ajv compiles', async () => {
    expect(openApi.openapi).toBe('3.1.0');
    const operations = Object.values(openApi.paths).flatMap((m) => Object.values(m)) as { operationId: string }[];
    expect(operations.map((o) => o.operationId).sort()).toEqual(
      [
        'createPrealert',
        'getInvoice',
        'getInvoicePdf',
        'getPackage',
        'getPrealert',
        'getShipment',
        'listInvoices',
        'listPackages',
        'listPrealerts',
        'listShipments',
        'trackParcel',
        'quoteUsa',
        'getPackagePhotos',
        'listRecipients',
        'listAgencies',
        'quoteShipRequest',
        'requestShipment',
        'quoteChina',
      ].sort(),
    );
    for (const [name, schema] of Object.entries(openApi.components.schemas)) {
      expect(() => ajv.compile({ ...schema, components: openApi.components }), name).not.toThrow();
    }
    // The create body is the procedure's own schema: its required description, Spanish rules aside.
    const body = (
      openApi.paths[`${PUBLIC_API_BASE}/prealerts`]!.post as {
        requestBody: { content: Record<string, { schema: { required: string[] } }> };
      }
    ).requestBody.content['application/json']!.schema;
    expect(body.required).toContain('description');
    // Every list takes a cursor and answers the next one.
    for (const [path, page] of [
      ['/prealerts', 'PrealertPage'],
      ['/packages', 'PackagePage'],
      ['/shipments', 'ShipmentPage'],
      ['/invoices', 'InvoicePage'],
    ] as const) {
      const list = openApi.paths[`${PUBLIC_API_BASE}${path}`]!.get as { parameters: { name: string }[] };
      expect(
        list.parameters.map((p) => p.name),
        path,
      ).toContain('cursor');
      expect(openApi.components.schemas[page]!.required, page).toContain('nextCursor');
    }
  });

  it('serves a reference page rendered by the app, with no outside script', async () => {
    const res = await fetch(new URL(`${PUBLIC_API_BASE}/docs`, baseUrl));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('POST /api/v1/prealerts');
    expect(html).toContain('Prealert');
    expect(html).not.toMatch(/<script|https?:\/\/(cdn|unpkg|jsdelivr)/);
  });
});

describe('keys in Configuración', () => {
  it('are shown once, stored hashed, listed without the secret, and only the owner revokes them', async () => {
    const created = await newKey(maria, 'read', 'Tienda en línea');
    expect(created.key).toMatch(/^csk_[a-z2-7]{32}$/);
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row.secretHash).not.toContain(created.key);
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    const list = await as(maria).account.apiKeys();
    expect(list.find((k) => k.id === created.id)).toMatchObject({
      name: 'Tienda en línea',
      scope: 'read',
      visiblePrefix: created.key.slice(0, 8),
      lastUsedAt: null,
    });
    expect(JSON.stringify(list)).not.toContain(created.key);
    expect(await as(carlos).account.apiKeys()).toEqual([]);
    await expect(as(carlos).account.revokeApiKey({ id: created.id })).rejects.toThrow(API_KEY_MESSAGES.notFound);

    // Creating and revoking leave audit entries naming María, without the hash.
    await as(maria).account.revokeApiKey({ id: created.id });
    const entries = await db().select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(entries.map((e) => [e.action, e.actorId])).toEqual(
      expect.arrayContaining([
        ['account.createApiKey', maria.user.id],
        ['account.revokeApiKey', maria.user.id],
      ]),
    );
    expect(JSON.stringify(entries)).not.toContain(row.secretHash);
  });

  it('refuse a missing, malformed or revoked key with 401 and the Spanish message', async () => {
    const none = await call('GET', '/prealerts', null);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ error: API_KEY_MESSAGES.missingKey, code: 'UNAUTHENTICATED' });
    expectMatchesDocument('GET', '/prealerts', 401, none.body);
    expect((await call('GET', '/prealerts', 'csk_inventada')).body).toEqual({
      error: API_KEY_MESSAGES.invalidKey,
      code: 'UNAUTHENTICATED',
    });

    const { id, key } = await newKey(maria, 'read');
    expect((await call('GET', '/prealerts', key)).status).toBe(200);
    const [used] = await db().select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(used.lastUsedAt).not.toBeNull();
    await as(maria).account.revokeApiKey({ id });
    expect((await call('GET', '/prealerts', key)).status).toBe(401);
  });
});

describe('the endpoints', () => {
  it('create, list and get pre-alerts with a read-write key; a read key may not write; every write audited', async () => {
    const { key: write, id: writeId } = await newKey(maria, 'read_write');
    const { key: read } = await newKey(maria, 'read');
    const input = {
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      description: 'Audífonos por API',
      quantityItems: 2,
    };

    const refused = await call('POST', '/prealerts', read, input);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: API_KEY_MESSAGES.readOnlyKey, code: 'FORBIDDEN' });
    expectMatchesDocument('POST', '/prealerts', 403, refused.body);

    const bad = await call('POST', '/prealerts', write, { ...input, description: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_INPUT');
    expect(bad.body.error).toMatch(/descripci/i);
    expectMatchesDocument('POST', '/prealerts', 400, bad.body);

    const created = await call('POST', '/prealerts', write, input);
    expect(created.status).toBe(201);
    expectMatchesDocument('POST', '/prealerts', 201, created.body);
    expect(created.body).toMatchObject({ description: 'Audífonos por API', status: 'pending', quantityItems: 2 });

    const again = await call('POST', '/prealerts', write, input);
    expect(again.status).toBe(409);
    expectMatchesDocument('POST', '/prealerts', 409, again.body);

    const list = await call('GET', '/prealerts?pageSize=10', read);
    expect(list.status).toBe(200);
    expectMatchesDocument('GET', '/prealerts', 200, list.body);
    expect(list.body).toMatchObject({ page: 1, pageSize: 10, total: 1 });
    expect(list.body.items[0].id).toBe(created.body.id);

    const one = await call('GET', `/prealerts/${created.body.id}`, read);
    expectMatchesDocument('GET', '/prealerts/{id}', 200, one.body);
    expect(one.body).toEqual(created.body);

    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api.prealerts.create'), eq(auditLog.actorId, maria.user.id)));
    expect(audit.map((a) => [a.entity, a.operation])).toEqual(
      expect.arrayContaining([
        ['api_keys', 'api_write'],
        ['prealerts', 'insert'],
      ]),
    );
    expect(audit.find((a) => a.entity === 'api_keys')!.entityId).toBe(writeId);
    // The refused and failed writes left no entry.
    expect(audit.filter((a) => a.entity === 'api_keys')).toHaveLength(1);
  });

  it('answer packages, shipments, invoices (and the PDF) and tracking in the document’s shapes, only the owner’s', async () => {
    const { key: mariaKey } = await newKey(maria, 'read');
    const { key: carlosKey } = await newKey(carlos, 'read');
    const p1 = await packageOf(maria);
    const p2 = await packageOf(maria);
    const carlosPackage = await packageOf(carlos);
    const shipment = await shipmentOf(maria, [p1.id]);
    const carlosShipment = await shipmentOf(carlos, [carlosPackage.id]);

    const pkgs = await call('GET', '/packages', mariaKey);
    expectMatchesDocument('GET', '/packages', 200, pkgs.body);
    expect(pkgs.body.items.map((p: { id: string }) => p.id).sort()).toEqual([p1.id, p2.id].sort());
    const pkg = await call('GET', `/packages/${p1.id}`, mariaKey);
    expectMatchesDocument('GET', '/packages/{id}', 200, pkg.body);
    expect(pkg.body).toMatchObject({ id: p1.id, shipmentId: shipment.id, weightKg: 1.5 });
    const foreignPkg = await call('GET', `/packages/${carlosPackage.id}`, mariaKey);
    expect(foreignPkg.status).toBe(404);
    expect(foreignPkg.body).toEqual({ error: PACKAGE_MESSAGES.notFound, code: 'NOT_FOUND' });
    expectMatchesDocument('GET', '/packages/{id}', 404, foreignPkg.body);

    const ships = await call('GET', '/shipments', mariaKey);
    expectMatchesDocument('GET', '/shipments', 200, ships.body);
    expect(ships.body.items.map((s: { id: string }) => s.id)).toEqual([shipment.id]);
    const ship = await call('GET', `/shipments/${shipment.id}`, mariaKey);
    expectMatchesDocument('GET', '/shipments/{id}', 200, ship.body);
    expect(ship.body.packages.map((p: { id: string }) => p.id)).toEqual([p1.id]);
    expect((await call('GET', `/shipments/${carlosShipment.id}`, mariaKey)).status).toBe(404);

    const invs = await call('GET', '/invoices', mariaKey);
    expectMatchesDocument('GET', '/invoices', 200, invs.body);
    const [mariaInvoice] = await db().select().from(invoices).where(eq(invoices.userId, maria.user.id));
    const [carlosInvoice] = await db().select().from(invoices).where(eq(invoices.userId, carlos.user.id));
    expect(invs.body.items.map((i: { id: string }) => i.id)).toContain(mariaInvoice.id);
    expect(invs.body.items.map((i: { id: string }) => i.id)).not.toContain(carlosInvoice.id);
    const inv = await call('GET', `/invoices/${mariaInvoice.id}`, mariaKey);
    expectMatchesDocument('GET', '/invoices/{id}', 200, inv.body);
    const pdf = await call('GET', `/invoices/${mariaInvoice.id}/pdf`, mariaKey);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const foreignPdf = await call('GET', `/invoices/${carlosInvoice.id}/pdf`, mariaKey);
    expect(foreignPdf.body).toEqual({ error: BILLING_MESSAGES.invoiceNotFound, code: 'NOT_FOUND' });

    // Carlos's key sees Carlos's, never María's.
    const carlosList = await call('GET', '/packages', carlosKey);
    expect(carlosList.body.items.map((p: { id: string }) => p.id)).toEqual([carlosPackage.id]);
    expect((await call('GET', `/prealerts?page=1`, carlosKey)).body.total).toBe(0);

    const tracking = await call('GET', `/tracking?number=${encodeURIComponent(p2.trackingNumber!)}`, mariaKey);
    expectMatchesDocument('GET', '/tracking', 200, tracking.body);
    expect(tracking.body.found).toBe(true);
    const missing = await call('GET', '/tracking?number=', mariaKey);
    expect(missing.status).toBe(400);
    expectMatchesDocument('GET', '/tracking', 400, missing.body);
  });

  it('pages as the app’s lists do: its page sizes, and pages past the reachable ones refused', async () => {
    const { key } = await newKey(maria, 'read');
    expect((await call('GET', '/packages?pageSize=500', key)).status).toBe(400);
    expect((await call('GET', '/packages?pageSize=100&page=101', key)).status).toBe(400);
    expect((await call('GET', '/packages?pageSize=100&page=100', key)).status).toBe(200);
    const unknown = await call('GET', '/nada', key);
    expect(unknown.body).toEqual({ error: API_KEY_MESSAGES.routeNotFound, code: 'NOT_FOUND' });
  });
});

describe('cursor pages', () => {
  type Page = { items: { id: string }[]; page: number | null; total: number; nextCursor: string | null };

  /** Every page of a list by cursor, from its first page; each answer checked against the document. */
  async function walk(path: string, key: string, pageSize: number) {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const sep = path.includes('?') ? '&' : '?';
      const url: string = `${path}${sep}pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await call('GET', url, key);
      expect(res.status, url).toBe(200);
      expectMatchesDocument('GET', path.split('?')[0]!, 200, res.body);
      pages.push(res.body as Page);
      cursor = (res.body as Page).nextCursor;
    } while (cursor && pages.length < 50);
    return pages;
  }
  const idsOf = (pages: Page[]) => pages.flatMap((p) => p.items.map((i) => i.id));

  /** `count` pre-alerts of a customer: four share each instant, the instants a microsecond apart (one millisecond for a Date). */
  async function prealertsAt(userId: string, count: number, start: string) {
    await db().execute(sql`
      insert into prealerts (user_id, description, created_at)
      select ${userId}, 'Compra ' || i,
             ${start}::timestamptz - (i / 4) * interval '1 microsecond' - (i / 8) * interval '1 minute'
      from generate_series(1, ${count}) i`);
  }
  const expectedPrealerts = async (userId: string) =>
    rowsOf<{ id: string }>(
      await db().execute(sql`select id from prealerts where user_id = ${userId} order by created_at desc, id desc`),
    ).map((r) => r.id);

  it('walk every pre-alert exactly once in the list’s order, rows of equal times included', async () => {
    const ana = await signedInCustomer(db(), { nombre: 'Ana Cursor' });
    const { key } = await newKey(ana, 'read');
    await prealertsAt(ana.user.id, 23, '2026-11-01 12:00:00.000500+00');
    const expected = await expectedPrealerts(ana.user.id);
    expect(expected).toHaveLength(23);

    const pages = await walk('/prealerts', key, 5);
    expect(idsOf(pages)).toEqual(expected);
    expect(pages.map((p) => p.items.length)).toEqual([5, 5, 5, 5, 3]);
    expect(pages.map((p) => p.page)).toEqual([1, null, null, null, null]);
    expect(pages.every((p) => p.total === 23)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    // A page that ends the list exactly has no cursor after it.
    const whole = await call('GET', '/prealerts?pageSize=25', key);
    expect(whole.body.items).toHaveLength(23);
    expect(whole.body.nextCursor).toBeNull();
    // The offset pages and the cursor pages are the same pages.
    const third = await call('GET', '/prealerts?pageSize=5&page=3', key);
    expect(third.body.items.map((i: { id: string }) => i.id)).toEqual(pages[2]!.items.map((i) => i.id));
  });

  it('walk packages by their arrival (received, else created), searched and filtered as the list is', async () => {
    const leo = await signedInCustomer(db(), { nombre: 'Leo Cursor' });
    const { key } = await newKey(leo, 'read');
    const [box] = await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.userId, leo.user.id));
    // Odd ones received (all at the same instant), even ones not yet: their creation orders them.
    await db().execute(sql`
      insert into packages (user_id, mailbox_id, tracking_number, package_description, status, received_date, created_at)
      select ${leo.user.id}, ${box!.id}, 'LEOCUR' || lpad(i::text, 3, '0'), 'Pedido ' || i,
             (case when i % 2 = 1 then 'received' else 'pending' end)::package_status,
             case when i % 2 = 1 then timestamptz '2026-11-02 08:00:00.000001+00' end,
             timestamptz '2026-11-02 08:00:00.000001+00' - (i % 3) * interval '1 microsecond'
      from generate_series(1, 14) i`);
    const expected = rowsOf<{ id: string }>(
      await db().execute(sql`
        select id from packages where user_id = ${leo.user.id}
        order by coalesce(received_date, created_at) desc, id desc`),
    ).map((r) => r.id);
    expect(idsOf(await walk('/packages', key, 4))).toEqual(expected);

    const searched = rowsOf<{ id: string }>(
      await db().execute(sql`
        select id from packages where user_id = ${leo.user.id} and tracking_number ilike '%CUR01%'
        order by coalesce(received_date, created_at) desc, id desc`),
    ).map((r) => r.id);
    expect(searched).toHaveLength(5);
    expect(idsOf(await walk('/packages?search=cur01', key, 2))).toEqual(searched);
    // A term too short for trigrams is a statement of its own: the same matches.
    expect(idsOf(await walk('/packages?search=r0', key, 5))).toEqual(expected);
    expect(idsOf(await walk('/packages?search=14', key, 5))).toEqual(
      rowsOf<{ id: string }>(
        await db().execute(sql`
          select id from packages where user_id = ${leo.user.id}
            and (tracking_number ilike '%14%' or package_description ilike '%14%' or sender_name ilike '%14%')
          order by coalesce(received_date, created_at) desc, id desc`),
      ).map((r) => r.id),
    );
    const receivedIds = rowsOf<{ id: string }>(
      await db().execute(sql`
        select id from packages where user_id = ${leo.user.id} and status = 'received'
        order by coalesce(received_date, created_at) desc, id desc`),
    ).map((r) => r.id);
    const received = await walk('/packages?status=received', key, 3);
    expect(idsOf(received)).toEqual(receivedIds);
    expect(received.every((p) => p.total === 7)).toBe(true);
  });

  it('walk shipments and invoices by cursor too', async () => {
    const { key } = await newKey(maria, 'read');
    for (const path of ['/shipments', '/invoices']) {
      const first = await call('GET', `${path}?pageSize=100`, key);
      const walked = idsOf(await walk(path, key, 1));
      expect(walked, path).toEqual(first.body.items.map((i: { id: string }) => i.id));
      expect(walked.length, path).toBeGreaterThan(0);
    }
  });

  it('never show another customer’s rows, whoever’s cursor is used', async () => {
    const ana = await signedInCustomer(db(), { nombre: 'Ana Ajena' });
    const beto = await signedInCustomer(db(), { nombre: 'Beto Ajeno' });
    const { key: anaKey } = await newKey(ana, 'read');
    const { key: betoKey } = await newKey(beto, 'read');
    await prealertsAt(ana.user.id, 12, '2026-11-03 12:00:00+00');
    await prealertsAt(beto.user.id, 12, '2026-11-03 12:00:00+00');
    const anaFirst = await call('GET', '/prealerts?pageSize=6', anaKey);
    const anaIds = await expectedPrealerts(ana.user.id);
    const betoIds = await expectedPrealerts(beto.user.id);

    // Ana's cursor in Beto's hands: Beto's own rows after that instant, and Beto's total.
    const borrowed = await call('GET', `/prealerts?pageSize=100&cursor=${anaFirst.body.nextCursor}`, betoKey);
    expect(borrowed.status).toBe(200);
    const seen = borrowed.body.items.map((i: { id: string }) => i.id);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((id: string) => betoIds.includes(id))).toBe(true);
    expect(seen.some((id: string) => anaIds.includes(id))).toBe(false);
    expect(borrowed.body.total).toBe(12);
    // A cursor naming one of Ana's rows by hand tells Beto nothing either.
    const forged = encodeListCursor({ micros: '1793707200000000', id: anaIds[0]! });
    const forgedPage = await call('GET', `/prealerts?cursor=${forged}`, betoKey);
    expect(forgedPage.body.items.every((i: { id: string }) => betoIds.includes(i.id))).toBe(true);
  });

  it('refuse a cursor this API did not write, and a cursor with a page, with 400 and the Spanish message', async () => {
    const { key } = await newKey(maria, 'read');
    const uuid = '0b9c6a3e-5f1d-4c2b-9a8e-7d6f5e4c3b2a';
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    for (const cursor of [
      '',
      'nada',
      '%%%',
      'x'.repeat(200),
      b64(`12345.${uuid}.7`),
      b64(`12345.no-es-un-id`),
      b64(`99999999999999999.${uuid}`),
      b64(`1e9.${uuid}`),
    ]) {
      const res = await call('GET', `/packages?cursor=${encodeURIComponent(cursor)}`, key);
      expect(res.status, cursor).toBe(400);
      expect(res.body, cursor).toEqual({ error: API_KEY_MESSAGES.cursorInvalid, code: 'BAD_INPUT' });
    }
    const bad = await call('GET', '/invoices?cursor=nada', key);
    expectMatchesDocument('GET', '/invoices', 400, bad.body);
    const both = await call('GET', `/prealerts?page=2&cursor=${b64(`12345.${uuid}`)}`, key);
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ error: API_KEY_MESSAGES.cursorWithPage, code: 'BAD_INPUT' });
  });
});

describe('quotes', () => {
  it('quote with the price list in effect, as the calculator does, in integer cents', async () => {
    const { key } = await newKey(carlos, 'read');
    const air = await call(
      'GET',
      '/quotes?method=aereo&weightLb=10&lengthCm=30&widthCm=20&heightCm=15&insurance=true',
      key,
    );
    expect(air.status).toBe(200);
    expectMatchesDocument('GET', '/quotes', 200, air.body);
    expect(air.body.totalUsdCents).toBe(air.body.freightUsdCents + air.body.insuranceUsdCents + air.body.taxesUsdCents);
    expect(
      air.body.lines.map((l: { amountUsdCents: number }) => l.amountUsdCents).reduce((a: number, b: number) => a + b),
    ).toBe(air.body.totalUsdCents);
    const bad = await call('GET', '/quotes?method=aereo&weightLb=0&lengthCm=30&widthCm=20&heightCm=15', key);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'El peso debe ser mayor que cero', code: 'BAD_INPUT' });
    expectMatchesDocument('GET', '/quotes', 400, bad.body);
  });
});

describe('the per-key limit', () => {
  it('answers 429 with Retry-After past the limit, for that key only', async () => {
    const { key } = await newKey(carlos, 'read');
    const { key: other } = await newKey(carlos, 'read');
    for (let i = 0; i < LIMIT; i++) expect((await call('GET', '/shipments', key)).status).toBe(200);
    const refused = await call('GET', '/shipments', key);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('TOO_MANY');
    expect(refused.body.error).toMatch(/Demasiadas solicitudes con esta clave/);
    expectMatchesDocument('GET', '/shipments', 429, refused.body);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await call('GET', '/shipments', other)).status).toBe(200);
  });
});
