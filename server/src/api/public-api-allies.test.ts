// An ally's keys of the public API over real HTTP (docs/product/public-api.md#an-allys-keys): the
// ally's login creates keys (shown once, stored hashed), reads its own customers' pre-alerts,
// packages, shipments and invoices by naming each customer's casillero code, creates a pre-alert
// for one of them with a read-write key (audited as the ally's), and never reaches another ally's
// customer or a direct customer, whatever it names; a customer's key refuses the parameter.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API_KEY_MESSAGES, PACKAGE_MESSAGES, PUBLIC_API_BASE } from '@casillero/shared';
import type { Database } from '../db/client';
import { apiKeys, auditLog, mailboxes, packages, prealerts } from '../db/schema';
import { testConfig } from '../env';
import { createServer } from '../server';
import { type callerFor, TEST_APP_URL, trpcError } from '../test/caller';
import { createTestDatabase } from '../test/db';
import {
  homeDeliveryTo,
  signedInAdmin,
  signedInAlly,
  signedInCustomer,
  signedInStaff,
  uniqueEmail,
} from '../test/factories';
import type { OpenApiDocument } from './openapi';

type Ally = Awaited<ReturnType<typeof signedInAlly>>;
let database: Database;
let server: Awaited<ReturnType<typeof createServer>>;
let baseUrl: string;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let tienda: Ally;
let otro: Ally;
const config = () => testConfig({ appUrl: TEST_APP_URL, port: 0, host: '127.0.0.1', apiKeyRequestsPerMinute: 500 });
const db = () => database.db;

async function call(method: string, path: string, key: string, body?: unknown) {
  const res = await fetch(new URL(`${PUBLIC_API_BASE}${path}`, baseUrl), {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: await res.json() };
}

type Customer = { userId: string; mailboxCode: string; packageId: string };
let seq = 0;

/** A customer of the ally (or a direct one), its casillero active, with a package in the warehouse. */
async function customerWithPackage(userId: string, mailboxCode: string): Promise<Customer> {
  const [box] = await db()
    .update(mailboxes)
    .set({ status: 'active' })
    .where(eq(mailboxes.mailboxCode, mailboxCode))
    .returning({ id: mailboxes.id });
  const [pkg] = await db()
    .insert(packages)
    .values({
      userId,
      mailboxId: box!.id,
      trackingNumber: `1ZALLY${Date.now().toString(36).toUpperCase()}${++seq}`,
      packageDescription: `Compra ${seq}`,
      senderName: 'Amazon',
      status: 'received',
      weightKg: 1.5,
      warehouseReceipt: `WR-ALLY-${seq}`,
      receivedDate: new Date(),
    })
    .returning({ id: packages.id });
  return { userId, mailboxCode, packageId: pkg!.id };
}

async function allyCustomer(ally: Ally, fullName: string) {
  const created = await ally.caller.allyPortal.createCustomer({
    fullName,
    email: uniqueEmail('cliente-aliado'),
    phone: '+58 414 1234567',
    cedula: 'v12345678',
    type: 'usa',
  });
  return customerWithPackage(created.userId, created.mailboxCode);
}

let yelitza: Customer;
let jesus: Customer;
let ajeno: Customer;
let directo: Customer & { caller: ReturnType<typeof callerFor> };
let readKey: string;
let writeKey: string;
let writeKeyId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await createServer({ config: config(), database });
  baseUrl = await server.listen();
  admin = await signedInAdmin(db());
  tienda = await signedInAlly(db(), admin, { name: 'Tienda Rápida', prefix: 'TR' });
  otro = await signedInAlly(db(), admin, { name: 'Envíos Otro', prefix: 'EO' });
  yelitza = await allyCustomer(tienda, 'Yelitza Aliada');
  jesus = await allyCustomer(tienda, 'Jesús Aliado');
  ajeno = await allyCustomer(otro, 'Ana De Otro');
  const maria = await signedInCustomer(db(), { nombre: 'María Directa' });
  const [box] = await db()
    .select({ code: mailboxes.mailboxCode })
    .from(mailboxes)
    .where(eq(mailboxes.userId, maria.user.id));
  directo = { ...(await customerWithPackage(maria.user.id, box!.code)), caller: maria.caller };
  // Yelitza has a shipment with her package in it.
  await admin.caller.shipments.create({
    userId: yelitza.userId,
    ...(await homeDeliveryTo(db(), yelitza.userId, { address: 'Av. Las Américas', city: 'Mérida', state: 'Mérida' })),
    estimatedDelivery: '2030-01-15',
    shippingCostUsdCents: 4250,
    packageIds: [yelitza.packageId],
  });
  ({ key: readKey } = await tienda.caller.account.createApiKey({ name: 'Lectura del aliado', scope: 'read' }));
  ({ key: writeKey, id: writeKeyId } = await tienda.caller.account.createApiKey({
    name: 'Sistema del aliado',
    scope: 'read_write',
  }));
});
afterAll(async () => {
  await server?.stop();
  await database?.close();
});

const forCustomer = (path: string, code: string) =>
  `${path}${path.includes('?') ? '&' : '?'}customer=${encodeURIComponent(code)}`;

describe("an ally's keys", () => {
  it('are created by the ally’s login, shown once and stored hashed; other staff still get none', async () => {
    expect(readKey).toMatch(/^csk_[a-z2-7]{32}$/);
    const rows = await db().select().from(apiKeys).where(eq(apiKeys.userId, tienda.user.id));
    expect(rows).toHaveLength(2);
    const hashes = rows.map((r) => r.secretHash);
    expect(hashes).toContain(createHash('sha256').update(readKey).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(readKey);
    expect((await tienda.caller.account.apiKeys()).map((k) => k.name).sort()).toEqual([
      'Lectura del aliado',
      'Sistema del aliado',
    ]);
    const almacen = await signedInStaff(db(), 'almacen');
    const err = await trpcError(almacen.caller.account.createApiKey({ name: 'No', scope: 'read' }));
    expect(err.message).toBe(API_KEY_MESSAGES.staffNoKeys);
  });

  it("read its own customers' pre-alerts, packages, shipments and invoices, one customer at a time", async () => {
    const packagesOf = await call('GET', forCustomer('/packages', yelitza.mailboxCode), readKey);
    expect(packagesOf.status).toBe(200);
    expect(packagesOf.body.items.map((p: { id: string }) => p.id)).toEqual([yelitza.packageId]);
    // The code is read as typed or in lower case.
    const lower = await call('GET', forCustomer('/packages', jesus.mailboxCode.toLowerCase()), readKey);
    expect(lower.body.items.map((p: { id: string }) => p.id)).toEqual([jesus.packageId]);

    const one = await call('GET', forCustomer(`/packages/${yelitza.packageId}`, yelitza.mailboxCode), readKey);
    expect(one.status).toBe(200);
    expect(one.body.id).toBe(yelitza.packageId);

    const shipments = await call('GET', forCustomer('/shipments', yelitza.mailboxCode), readKey);
    expect(shipments.status).toBe(200);
    expect(shipments.body.total).toBe(1);
    const detail = await call(
      'GET',
      forCustomer(`/shipments/${shipments.body.items[0].id}`, yelitza.mailboxCode),
      readKey,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.packages.map((p: { id: string }) => p.id)).toEqual([yelitza.packageId]);

    // Her activation invoice and her shipment's.
    const invoices = await call('GET', forCustomer('/invoices', yelitza.mailboxCode), readKey);
    expect(invoices.status).toBe(200);
    expect(invoices.body.total).toBeGreaterThanOrEqual(1);
    const invoiceId = invoices.body.items[0].id as string;
    expect((await call('GET', forCustomer(`/invoices/${invoiceId}`, yelitza.mailboxCode), readKey)).status).toBe(200);
    // The same invoice named with another of the ally's customers: not theirs.
    expect((await call('GET', forCustomer(`/invoices/${invoiceId}`, jesus.mailboxCode), readKey)).status).toBe(404);

    const prealertsOf = await call('GET', forCustomer('/prealerts', yelitza.mailboxCode), readKey);
    expect(prealertsOf.status).toBe(200);
    // Public tracking needs no customer.
    const tracking = await call('GET', '/tracking?number=WR-ALLY-1', readKey);
    expect(tracking.status).toBe(200);
  });

  it('say which customer, and never reach another ally’s customer or a direct customer', async () => {
    const without = await call('GET', '/packages', readKey);
    expect(without.status).toBe(400);
    expect(without.body).toEqual({ error: API_KEY_MESSAGES.allyCustomerRequired, code: 'BAD_INPUT' });

    for (const code of [ajeno.mailboxCode, directo.mailboxCode, 'TR-NOEXISTE-1']) {
      for (const path of ['/packages', '/prealerts', '/shipments', '/invoices', `/packages/${ajeno.packageId}`]) {
        const refused = await call('GET', forCustomer(path, code), readKey);
        expect(refused.status, `${path} ${code}`).toBe(404);
        expect(refused.body).toEqual({ error: API_KEY_MESSAGES.allyCustomerNotFound, code: 'NOT_FOUND' });
      }
    }
    // Another ally's package, named with one of the ally's own customers: not found.
    const other = await call('GET', forCustomer(`/packages/${ajeno.packageId}`, yelitza.mailboxCode), readKey);
    expect(other.status).toBe(404);
    expect(other.body.error).toBe(PACKAGE_MESSAGES.notFound);
    const direct = await call('GET', forCustomer(`/packages/${directo.packageId}`, yelitza.mailboxCode), readKey);
    expect(direct.status).toBe(404);

    // The other ally's key does not reach the first ally's customers either.
    const { key: otherKey } = await otro.caller.account.createApiKey({ name: 'Otro', scope: 'read' });
    const crossed = await call('GET', forCustomer('/packages', yelitza.mailboxCode), otherKey);
    expect(crossed.status).toBe(404);
    expect(crossed.body.error).toBe(API_KEY_MESSAGES.allyCustomerNotFound);

    // A customer's own key answers with its own data, and refuses the parameter.
    const { key: mariaKey } = await directo.caller.account.createApiKey({ name: 'María', scope: 'read' });
    const own = await call('GET', '/packages', mariaKey);
    expect(own.body.items.map((p: { id: string }) => p.id)).toEqual([directo.packageId]);
    const naming = await call('GET', forCustomer('/packages', yelitza.mailboxCode), mariaKey);
    expect(naming.status).toBe(400);
    expect(naming.body).toEqual({ error: API_KEY_MESSAGES.customerParamForAllies, code: 'BAD_INPUT' });
  });

  it('create a pre-alert for one of its customers with a read-write key, audited as the ally’s', async () => {
    const input = {
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      description: 'Zapatos del aliado',
      quantityItems: 1,
    };
    const readOnly = await call('POST', forCustomer('/prealerts', yelitza.mailboxCode), readKey, input);
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error).toBe(API_KEY_MESSAGES.readOnlyKey);

    const elsewhere = await call('POST', forCustomer('/prealerts', ajeno.mailboxCode), writeKey, input);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error).toBe(API_KEY_MESSAGES.allyCustomerNotFound);
    expect(await db().select().from(prealerts).where(eq(prealerts.userId, ajeno.userId))).toEqual([]);

    const created = await call('POST', forCustomer('/prealerts', yelitza.mailboxCode), writeKey, input);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ description: 'Zapatos del aliado', status: 'pending' });
    const [row] = await db().select().from(prealerts).where(eq(prealerts.id, created.body.id));
    expect(row!.userId).toBe(yelitza.userId);
    // Yelitza's list shows it; Jesús's does not.
    const hers = await call('GET', forCustomer('/prealerts', yelitza.mailboxCode), readKey);
    expect(hers.body.items.map((p: { id: string }) => p.id)).toContain(created.body.id);
    const his = await call('GET', forCustomer('/prealerts', jesus.mailboxCode), readKey);
    expect(his.body.items.map((p: { id: string }) => p.id)).not.toContain(created.body.id);

    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'api.prealerts.create'), eq(auditLog.actorId, tienda.user.id)));
    expect(audit.map((a) => [a.entity, a.operation])).toEqual(
      expect.arrayContaining([
        ['api_keys', 'api_write'],
        ['prealerts', 'insert'],
      ]),
    );
    expect(audit.find((a) => a.entity === 'api_keys')!.entityId).toBe(writeKeyId);
    expect(audit.filter((a) => a.entity === 'api_keys')).toHaveLength(1);
  });

  it('may not request a shipment for a customer: that is the customer’s to confirm', async () => {
    const refused = await call('POST', forCustomer('/shipments', yelitza.mailboxCode), writeKey, {
      packageIds: [yelitza.packageId],
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: API_KEY_MESSAGES.allyNoShipRequests, code: 'FORBIDDEN' });
  });

  it('are in the OpenAPI document: the customer parameter of every per-customer endpoint', async () => {
    const doc = (await (await fetch(new URL(`${PUBLIC_API_BASE}/openapi.json`, baseUrl))).json()) as OpenApiDocument;
    const params = (path: string, method: string) =>
      (
        (doc.paths[`${PUBLIC_API_BASE}${path}`]?.[method] as { parameters?: { name: string; in: string }[] })
          ?.parameters ?? []
      )
        .filter((p) => p.name === 'customer')
        .map((p) => p.in);
    for (const [path, method] of [
      ['/prealerts', 'get'],
      ['/prealerts', 'post'],
      ['/packages/{id}', 'get'],
      ['/shipments', 'get'],
      ['/invoices/{id}/pdf', 'get'],
    ] as const)
      expect(params(path, method), `${method} ${path}`).toEqual(['query']);
    expect(params('/tracking', 'get')).toEqual([]);
    expect(params('/quotes', 'get')).toEqual([]);
  });

  it('stop working when the ally is deactivated', async () => {
    const { key } = await otro.caller.account.createApiKey({ name: 'Antes de cerrar', scope: 'read' });
    expect((await call('GET', forCustomer('/packages', ajeno.mailboxCode), key)).status).toBe(200);
    await admin.caller.allies.setActive({ id: otro.allyId, active: false });
    const refused = await call('GET', forCustomer('/packages', ajeno.mailboxCode), key);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe(API_KEY_MESSAGES.invalidKey);
  });
});
