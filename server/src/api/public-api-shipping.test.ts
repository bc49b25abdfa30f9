// The public API's shipping side (docs/product/public-api.md): a package's photos as signed links
// that open without the key and only until they expire, the recipients and agencies a ship
// request names, the request's quote (nothing written) and the request itself (a shipment and its
// invoice, audited as the key's write), the quote from China, and a quote's declared value in cents
// beside the deprecated dollars. Every answer validates against the OpenAPI document the server
// serves; another customer's parcel or recipient is a missing one.
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { and, eq, inArray } from 'drizzle-orm';
import {
  API_KEY_MESSAGES,
  DELIVERY_MESSAGES,
  PACKAGE_MESSAGES,
  PRICE_LIST_V1,
  PUBLIC_API_BASE,
  SHIP_REQUEST_MESSAGES,
  SIGNED_LINK_TTL_SECONDS,
  quoteChina,
  quoteUsa,
} from '@casillero/shared';
import type { Database } from '../db/client';
import { auditLog, invoices, mailboxes, packages, shipments } from '../db/schema';
import { testConfig } from '../env';
import { createFileStore } from '../files/file-store';
import { storeFile } from '../files/store';
import { createServer } from '../server';
import { callerFor, TEST_APP_URL } from '../test/caller';
import { withCustomsV1 } from '../test/customs-charge';
import { createTestDatabase } from '../test/db';
import { customerWithActiveMailbox, homeDeliveryTo, type CustomerWithMailbox } from '../test/factories';
import type { OpenApiDocument } from './openapi';

let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;
let baseUrl: string;
let openApi: OpenApiDocument;
let storageDir: string;
let maria: CustomerWithMailbox;
let carlos: CustomerWithMailbox;
const config = () => testConfig({ appUrl: TEST_APP_URL, port: 0, host: '127.0.0.1', storageDir });
const db = () => database.db;
const as = (c: CustomerWithMailbox) => callerFor(db(), c.visitor, config());

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

async function call(method: string, pathAndQuery: string, key: string | null, body?: unknown) {
  const res = await fetch(new URL(`${PUBLIC_API_BASE}${pathAndQuery}`, baseUrl), {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/** The answer validates against the document's schema for this operation and status. */
function expectMatchesDocument(method: string, documentPath: string, status: number, body: unknown) {
  const operation = openApi.paths[`${PUBLIC_API_BASE}${documentPath}`]?.[method.toLowerCase()] as
    | { responses: Record<string, { content?: Record<string, { schema: object }> }> }
    | undefined;
  expect(operation, `${method} ${documentPath} en el documento`).toBeDefined();
  const schema = operation!.responses[String(status)]?.content?.['application/json']?.schema;
  expect(schema, `${method} ${documentPath} ${status}`).toBeDefined();
  const validate = ajv.compile({ ...schema!, components: openApi.components });
  validate(body);
  expect(validate.errors ?? [], `${method} ${documentPath} ${status}`).toEqual([]);
}

let seq = 0;
async function parcel(c: CustomerWithMailbox, weightKg: number, dims: string, photoFileId: string | null = null) {
  const t = `${Date.now().toString(36).toUpperCase()}${++seq}`;
  const [row] = await db()
    .insert(packages)
    .values({
      userId: c.user.id,
      mailboxId: c.mailboxId,
      trackingNumber: `1ZSHIP${t}`,
      packageDescription: `Zapatos deportivos ${t}`,
      senderName: 'Amazon',
      status: 'in_warehouse',
      weightKg,
      dimensionsCm: dims,
      estimatedValueUsdCents: 8000,
      warehouseReceipt: `WR-SHIP-${t}`,
      receivedDate: new Date(),
      photoFileId,
    })
    .returning({ id: packages.id });
  return row.id;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  storageDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'api-photos-'));
  database = await createTestDatabase();
  server = await createServer({ config: config(), database });
  baseUrl = await server.listen();
  maria = await customerWithActiveMailbox(db(), { nombre: 'María Envíos' });
  carlos = await customerWithActiveMailbox(db(), { nombre: 'Carlos Envíos' });
  await db().update(mailboxes).set({ status: 'active' });
  openApi = (await (await fetch(new URL(`${PUBLIC_API_BASE}/openapi.json`, baseUrl))).json()) as OpenApiDocument;
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
  await fsp.rm(storageDir, { recursive: true, force: true });
});

describe('package photos through the API', () => {
  it('answer signed links that open the photo without the key, for the owner only', async () => {
    const { key } = await as(maria).account.createApiKey({ name: 'Tienda', scope: 'read' });
    const { key: carlosKey } = await as(carlos).account.createApiKey({ name: 'Tienda', scope: 'read' });
    const photo = await storeFile(db(), createFileStore(config()), {
      ownerUserId: maria.user.id,
      kind: 'package_photo',
      bytes: PNG,
      contentType: 'image/png',
      originalName: 'foto.png',
      uploadedBy: maria.user.id,
    });
    const withPhoto = await parcel(maria, 1.2, '30x20x10', photo.id);
    const without = await parcel(maria, 1, '20x20x20');

    const before = Math.floor(Date.now() / 1000);
    const res = await call('GET', `/packages/${withPhoto}/photos`, key);
    expect(res.status).toBe(200);
    expectMatchesDocument('GET', '/packages/{id}/photos', 200, res.body);
    expect(res.body.packageId).toBe(withPhoto);
    expect(res.body.photos).toHaveLength(1);
    const link = new URL(res.body.photos[0].url);
    expect(link.origin).toBe(new URL(TEST_APP_URL).origin);
    const expiresAt = Date.parse(res.body.expiresAt) / 1000;
    expect(expiresAt).toBeGreaterThanOrEqual(before + SIGNED_LINK_TTL_SECONDS);
    expect(expiresAt).toBeLessThanOrEqual(before + SIGNED_LINK_TTL_SECONDS + 5);

    // The link opens on this server with no key and no session: the very bytes stored.
    const opened = await fetch(new URL(`${link.pathname}${link.search}`, baseUrl));
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(PNG)).toBe(true);
    // A link whose signature was touched does not.
    const forged = new URL(`${link.pathname}${link.search}`, baseUrl);
    forged.searchParams.set('exp', String(Number(forged.searchParams.get('exp')) + 60));
    expect((await fetch(forged)).status).toBe(403);

    const none = await call('GET', `/packages/${without}/photos`, key);
    expect(none.body).toEqual({ packageId: without, expiresAt: null, photos: [] });

    const foreign = await call('GET', `/packages/${withPhoto}/photos`, carlosKey);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: PACKAGE_MESSAGES.notFound, code: 'NOT_FOUND' });
    expectMatchesDocument('GET', '/packages/{id}/photos', 404, foreign.body);
  });
});

describe('ship requests through the API', () => {
  it('quote without writing, then request with a read-write key: a shipment and its invoice, audited', async () => {
    const { key: read } = await as(maria).account.createApiKey({ name: 'Lectura', scope: 'read' });
    const { key: write, id: writeId } = await as(maria).account.createApiKey({
      name: 'Escritura',
      scope: 'read_write',
    });
    const a = await parcel(maria, 3, '40x30x20');
    const b = await parcel(maria, 1.5, '30x20x10');
    const { recipientId } = await homeDeliveryTo(db(), maria.user.id, {
      address: 'Av. Bolívar Norte, Torre Stratos',
      city: 'Valencia',
      state: 'Carabobo',
    });

    const recipients = await call('GET', '/recipients', read);
    expectMatchesDocument('GET', '/recipients', 200, recipients.body);
    expect(recipients.body.items.map((r: { id: string }) => r.id)).toContain(recipientId);
    expect((await call('GET', '/recipients', null)).status).toBe(401);

    const agencies = await call('GET', '/agencies?state=Carabobo', read);
    expect(agencies.status).toBe(200);
    expectMatchesDocument('GET', '/agencies', 200, agencies.body);
    const badState = await call('GET', '/agencies?state=Narnia', read);
    expect(badState.status).toBe(400);
    expectMatchesDocument('GET', '/agencies', 400, badState.body);

    const choice = { packageIds: [a, b], shippingMethod: 'aereo', recipientId, deliveryMethod: 'home' };
    const quote = await call('POST', '/shipments/quote', read, choice);
    expect(quote.status).toBe(200);
    expectMatchesDocument('POST', '/shipments/quote', 200, quote.body);
    expect(quote.body.parcels.map((p: { id: string }) => p.id).sort()).toEqual([a, b].sort());
    expect(quote.body.totalUsdCents).toBe(
      quote.body.shippingUsdCents +
        quote.body.storageUsdCents +
        (quote.body.deliveryUsdCents ?? 0) +
        quote.body.insuranceUsdCents,
    );
    // The app's own quote for the same choice: the same figures.
    const appQuote = await as(maria).shipRequests.quote(
      choice as Parameters<ReturnType<typeof as>['shipRequests']['quote']>[0],
    );
    expect(quote.body.totalUsdCents).toBe(appQuote.totalUsdCents);
    // A quote writes nothing.
    expect(await db().select().from(shipments).where(eq(shipments.userId, maria.user.id))).toEqual([]);

    const readOnly = await call('POST', '/shipments', read, choice);
    expect(readOnly.status).toBe(403);
    expect(readOnly.body).toEqual({ error: API_KEY_MESSAGES.readOnlyKey, code: 'FORBIDDEN' });

    const created = await call('POST', '/shipments', write, { ...choice, quoteToken: quote.body.quoteToken });
    expect(created.status).toBe(201);
    expectMatchesDocument('POST', '/shipments', 201, created.body);
    expect(created.body).toMatchObject({ status: 'preparing', deliveryMethod: 'home', packageCount: 2 });
    expect(created.body.totalUsdCents).toBe(quote.body.totalUsdCents);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.id, created.body.invoiceId));
    expect(invoice).toMatchObject({ userId: maria.user.id, number: created.body.invoiceNumber });
    expect(invoice.usdCents).toBe(quote.body.totalUsdCents);

    // The same parcels again: refused as the app refuses them, nothing more written.
    const again = await call('POST', '/shipments', write, choice);
    expect(again.status).toBe(409);
    const taken = await db()
      .select({ wr: packages.warehouseReceipt })
      .from(packages)
      .where(inArray(packages.id, [a, b]));
    expect(taken.map((p) => SHIP_REQUEST_MESSAGES.packageNotShippable(p.wr!))).toContain(again.body.error);
    expectMatchesDocument('POST', '/shipments', 409, again.body);
    expect(await db().select().from(shipments).where(eq(shipments.userId, maria.user.id))).toHaveLength(1);

    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api.shipments.request'), eq(auditLog.actorId, maria.user.id)));
    expect(audit.find((e) => e.entity === 'api_keys')?.entityId).toBe(writeId);
    expect(audit.map((e) => e.entity)).toEqual(expect.arrayContaining(['shipments', 'invoices']));
    expect(audit.filter((e) => e.entity === 'api_keys')).toHaveLength(1);
  });

  it('treat another customer’s parcel or recipient as missing, and write nothing', async () => {
    const { key } = await as(carlos).account.createApiKey({ name: 'Escritura', scope: 'read_write' });
    const mine = await parcel(carlos, 2, '30x30x30');
    const hers = await parcel(maria, 2, '30x30x30');
    const { recipientId: hisRecipient } = await homeDeliveryTo(db(), carlos.user.id, {
      city: 'Maracaibo',
      state: 'Zulia',
    });
    const { recipientId: herRecipient } = await homeDeliveryTo(db(), maria.user.id, {
      city: 'Valencia',
      state: 'Carabobo',
    });

    const parcelRefused = await call('POST', '/shipments', key, {
      packageIds: [mine, hers],
      shippingMethod: 'aereo',
      recipientId: hisRecipient,
      deliveryMethod: 'home',
    });
    expect(parcelRefused.status).toBe(404);
    expect(parcelRefused.body).toEqual({ error: SHIP_REQUEST_MESSAGES.packageNotFound, code: 'NOT_FOUND' });
    const recipientRefused = await call('POST', '/shipments', key, {
      packageIds: [mine],
      shippingMethod: 'aereo',
      recipientId: herRecipient,
      deliveryMethod: 'home',
    });
    expect(recipientRefused.status).toBe(404);
    expect(recipientRefused.body).toEqual({ error: DELIVERY_MESSAGES.recipientNotFound, code: 'NOT_FOUND' });
    const empty = await call('POST', '/shipments', key, {
      shippingMethod: 'aereo',
      recipientId: hisRecipient,
      deliveryMethod: 'home',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe(SHIP_REQUEST_MESSAGES.packagesRequired);

    expect(await db().select().from(shipments).where(eq(shipments.userId, carlos.user.id))).toEqual([]);
    const [p] = await db().select({ status: packages.status }).from(packages).where(eq(packages.id, mine));
    expect(p.status).toBe('in_warehouse');
  });
});

describe('the quote from China', () => {
  it('is the China calculator’s with the price list in effect, in integer cents', async () => {
    const { key } = await as(carlos).account.createApiKey({ name: 'Cotizador', scope: 'read' });
    const res = await call(
      'GET',
      '/quotes/china?lengthCm=120&widthCm=80&heightCm=60&declaredUsd=900&insurance=true',
      key,
    );
    expect(res.status).toBe(200);
    expectMatchesDocument('GET', '/quotes/china', 200, res.body);
    // The calculator's freight and insurance, with the customs estimate of its guía by sea.
    const expected = withCustomsV1(
      quoteChina({ largo: 120, ancho: 80, alto: 60, valor: 900, seguro: true }, PRICE_LIST_V1)!,
      'sea',
    );
    expect(expected.impuestosUsdCents).toBeGreaterThan(0);
    expect(res.body).toMatchObject({
      totalUsdCents: expected.totalUsdCents,
      freightUsdCents: expected.subtotalUsdCents,
      insuranceUsdCents: expected.seguroUsdCents,
      cbm: expected.cbm,
      billableCbm: expected.cbmFacturable,
      declaredUsdCents: 900_00,
      declaredUsd: 900,
    });
    expect(res.body.lines.reduce((sum: number, l: { amountUsdCents: number }) => sum + l.amountUsdCents, 0)).toBe(
      res.body.totalUsdCents,
    );
    const bad = await call('GET', '/quotes/china?lengthCm=0&widthCm=80&heightCm=60', key);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'El largo debe ser mayor que cero', code: 'BAD_INPUT' });
    expectMatchesDocument('GET', '/quotes/china', 400, bad.body);
  });
});

describe('a quote’s declared value, in cents (docs/decisions/005-money-and-numbers.md)', () => {
  const box = '/quotes?method=aereo&weightLb=10&lengthCm=30&widthCm=20&heightCm=15&insurance=true';

  it('is sent and answered in cents, the dollars beside it deprecated; both at once are refused', async () => {
    const { key } = await as(carlos).account.createApiKey({ name: 'Centavos', scope: 'read' });
    const calculator = withCustomsV1(
      quoteUsa({ peso: 10, largo: 30, ancho: 20, alto: 15, valor: 250, seguro: true, tipo: 'aereo' }, PRICE_LIST_V1)!,
      'air',
    );
    const inCents = await call('GET', `${box}&declaredUsdCents=25000`, key);
    expect(inCents.status).toBe(200);
    expectMatchesDocument('GET', '/quotes', 200, inCents.body);
    expect(inCents.body).toMatchObject({
      declaredUsdCents: 250_00,
      declaredUsd: 250,
      insuranceUsdCents: calculator.seguroUsdCents,
      totalUsdCents: calculator.totalUsdCents,
    });
    // The deprecated dollars still quote the same.
    const inDollars = await call('GET', `${box}&declaredUsd=250`, key);
    expect(inDollars.body).toEqual(inCents.body);
    // Neither: the calculators' $100.
    const neither = await call('GET', box, key);
    expect(neither.body).toMatchObject({ declaredUsdCents: 100_00, declaredUsd: 100 });
    const china = await call('GET', '/quotes/china?lengthCm=50&widthCm=40&heightCm=30&declaredUsdCents=8050', key);
    expectMatchesDocument('GET', '/quotes/china', 200, china.body);
    expect(china.body).toMatchObject({ declaredUsdCents: 80_50, declaredUsd: 80.5 });

    const both = await call('GET', `${box}&declaredUsdCents=25000&declaredUsd=250`, key);
    expect(both.status).toBe(400);
    expect(both.body).toEqual({ error: API_KEY_MESSAGES.declaredTwice, code: 'BAD_INPUT' });
    expectMatchesDocument('GET', '/quotes', 400, both.body);
    const fraction = await call('GET', `/quotes/china?lengthCm=50&widthCm=40&heightCm=30&declaredUsdCents=80.5`, key);
    expect(fraction.status).toBe(400);
    expect(fraction.body).toEqual({ error: API_KEY_MESSAGES.declaredCentsWhole, code: 'BAD_INPUT' });
  });

  it('the OpenAPI document marks the dollars deprecated, in the answers and in the query', () => {
    for (const shape of ['Quote', 'ChinaQuote']) {
      const properties = openApi.components.schemas[shape]!.properties as Record<string, Record<string, unknown>>;
      expect(properties.declaredUsdCents).toMatchObject({ type: 'integer' });
      expect(properties.declaredUsdCents!.deprecated).toBeUndefined();
      expect(properties.declaredUsd).toMatchObject({ type: 'number', deprecated: true });
      expect(properties.declaredUsd!.description).toContain('declaredUsdCents');
      expect(openApi.components.schemas[shape]!.required).toEqual(
        expect.arrayContaining(['declaredUsdCents', 'declaredUsd']),
      );
    }
    for (const documentPath of ['/quotes', '/quotes/china']) {
      const parameters = openApi.paths[`${PUBLIC_API_BASE}${documentPath}`]!.get!.parameters as {
        name: string;
        deprecated?: boolean;
        required: boolean;
      }[];
      const byName = new Map(parameters.map((p) => [p.name, p]));
      expect(byName.get('declaredUsdCents')).toMatchObject({ required: false });
      expect(byName.get('declaredUsdCents')!.deprecated).toBeUndefined();
      expect(byName.get('declaredUsd')).toMatchObject({ required: false, deprecated: true });
    }
  });
});
