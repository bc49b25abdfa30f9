// The public API over real HTTP (docs/product/public-api.md): every endpoint's answer validated
// with ajv against the OpenAPI document the server itself serves (so the document and the
// routes cannot drift), key scopes and revocation, the per-key limit (429 with Retry-After),
// ownership (María's key never sees Carlos's data), and the audit entry of every write. Its lists
// by cursor: public-api-cursors.test.ts.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  API_KEY_MESSAGES,
  API_MAX_OFFSET,
  BILLING_MESSAGES,
  PACKAGE_MESSAGES,
  PUBLIC_API_BASE,
} from '@casillero/shared';
import { apiKeys, auditLog, invoices } from '../db/schema';
import {
  LIMIT,
  ajv,
  as,
  baseUrl,
  call,
  carlos,
  db,
  expectMatchesDocument,
  maria,
  newKey,
  openApi,
  packageOf,
  shipmentOf,
  usePublicApi,
} from '../test/public-api';

usePublicApi();

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

  it('serves a reference page rendered by the app, whose one script is its own "Probar"', async () => {
    const res = await fetch(new URL(`${PUBLIC_API_BASE}/docs`, baseUrl));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('POST /api/v1/prealerts');
    expect(html).toContain('Prealert');
    expect(html).not.toMatch(/https?:\/\/(cdn|unpkg|jsdelivr)/);
    expect([...html.matchAll(/<script[^>]*>/g)].map((m) => m[0])).toEqual(['<script src="docs/try.js" defer>']);
    // Every operation can be tried, the create's body filled with the document's example.
    expect(html.match(/<form data-try/g)?.length).toBe(Object.values(openApi.paths).flatMap(Object.values).length);
    expect(html).toContain('&quot;description&quot;: &quot;Audífonos inalámbricos&quot;');
    const script = await fetch(new URL(`${PUBLIC_API_BASE}/docs/try.js`, baseUrl));
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
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

  it('pages with the app’s page sizes; a page number reaches the first rows, deeper pages point to the cursor', async () => {
    const { key } = await newKey(maria, 'read');
    expect((await call('GET', '/packages?pageSize=500', key)).status).toBe(400);
    const lastByNumber = API_MAX_OFFSET / 100;
    expect((await call('GET', `/packages?pageSize=100&page=${lastByNumber}`, key)).status).toBe(200);
    expect((await call('GET', `/packages?pageSize=25&page=${API_MAX_OFFSET / 25}`, key)).status).toBe(200);
    for (const path of [
      `/packages?pageSize=100&page=${lastByNumber + 1}`,
      `/prealerts?pageSize=25&page=${API_MAX_OFFSET / 25 + 1}`,
    ]) {
      const deep = await call('GET', path, key);
      expect(deep.status, path).toBe(400);
      expect(deep.body).toEqual({ error: API_KEY_MESSAGES.pageOutOfRange, code: 'BAD_INPUT' });
      expect(deep.body.error).toContain('cursor=<nextCursor>');
    }
    const unknown = await call('GET', '/nada', key);
    expect(unknown.body).toEqual({ error: API_KEY_MESSAGES.routeNotFound, code: 'NOT_FOUND' });
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
