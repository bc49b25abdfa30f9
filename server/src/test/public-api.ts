// What the public API's tests start from (docs/product/public-api.md): the app listening on a free
// port with a low per-key limit, its OpenAPI document as it serves it, the administrator and two
// customers, and the calls those tests make (a request with a key, an answer checked against the
// document, a key, a parcel, a shipment). A test file calls usePublicApi() once; the values below
// are then its own, set before its first test.
import { afterAll, beforeAll, expect } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { PUBLIC_API_BASE } from '@casillero/shared';
import type { Database } from '../db/client';
import { mailboxes, packages } from '../db/schema';
import { testConfig } from '../env';
import { createServer } from '../server';
import type { OpenApiDocument } from '../api/openapi';
import { callerFor, TEST_APP_URL } from './caller';
import { createTestDatabase } from './db';
import { homeDeliveryTo, signedInAdmin, signedInCustomer } from './factories';

export type Signed = Awaited<ReturnType<typeof signedInCustomer>>;
export let database: Database;
export let server: Awaited<ReturnType<typeof createServer>>;
export let baseUrl: string;
export let openApi: OpenApiDocument;
export let admin: Signed;
export let maria: Signed;
export let carlos: Signed;
export const LIMIT = 40;
export const config = () =>
  testConfig({ appUrl: TEST_APP_URL, port: 0, host: '127.0.0.1', apiKeyRequestsPerMinute: LIMIT });
export const db = () => database.db;
export const as = (s: Signed) => callerFor(db(), s.visitor, config());

export const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

export async function call(
  method: string,
  path: string,
  key: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await fetch(new URL(`${PUBLIC_API_BASE}${path}`, baseUrl), {
    method,
    headers: {
      ...headers,
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
export function expectMatchesDocument(method: string, path: string, status: number, body: unknown) {
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

export async function newKey(c: Signed, scope: 'read' | 'read_write', name = `Clave ${scope}`) {
  return as(c).account.createApiKey({ name, scope });
}

let seq = 0;
export async function packageOf(c: Signed) {
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

export async function shipmentOf(c: Signed, packageIds: string[]) {
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

export function usePublicApi() {
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
}
