// The API's contract beyond its bodies (docs/product/public-api.md): a 401 says how to
// authenticate (WWW-Authenticate: Bearer), every answer to a key carries the IETF RateLimit
// fields, and a create retried with the same Idempotency-Key gets its first answer again instead
// of a second prealert, while the same key with another body is refused and creates nothing.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API_KEY_MESSAGES, PUBLIC_API_BASE, WEBHOOK_EVENT_DATA, WEBHOOK_EVENTS } from '@casillero/shared';
import { prealerts } from '../db/schema';
import {
  LIMIT,
  ajv,
  call,
  carlos,
  db,
  expectMatchesDocument,
  maria,
  newKey,
  openApi,
  usePublicApi,
} from '../test/public-api';

usePublicApi();

/** The structured fields' parameters: `"minuto";r=39;t=60` → { r: 39, t: 60 }. */
function fieldParams(value: string | null): Record<string, number> {
  expect(value).toMatch(/^"minuto"(;[a-z]=\d+)+$/);
  return Object.fromEntries(
    value!
      .split(';')
      .slice(1)
      .map((p) => p.split('='))
      .map(([k, v]) => [k!, Number(v)]),
  );
}

type MediaType = { schema: object; example?: unknown };
type Operation = {
  operationId: string;
  parameters?: ({ name: string } | { $ref: string })[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, MediaType> }>;
};

/** The example validates against its schema in the served document. */
function expectExampleValid(media: MediaType, what: string) {
  expect(media.example, `${what}: su ejemplo`).toBeDefined();
  const validate = ajv.compile({ ...media.schema, components: openApi.components });
  validate(media.example);
  expect(validate.errors ?? [], what).toEqual([]);
}

describe('the OpenAPI document as a contract', () => {
  const operations = () =>
    Object.values(openApi.paths).flatMap((methods) => Object.values(methods)) as unknown as Operation[];

  it('every operation has examples of its body and its answer that match their schemas', () => {
    for (const op of operations()) {
      const ok = Object.entries(op.responses).find(([status]) => status.startsWith('2'))![1];
      const json = ok.content?.['application/json'];
      if (json) expectExampleValid(json, `${op.operationId} (respuesta)`);
      const body = op.requestBody?.content['application/json'];
      if (body) expectExampleValid(body, `${op.operationId} (cuerpo)`);
    }
  });

  it('documents the 401 challenge, the RateLimit fields and the Idempotency-Key of every create', () => {
    for (const op of operations()) {
      expect(op.responses['401']?.headers, op.operationId).toHaveProperty('WWW-Authenticate');
      for (const [status, answer] of Object.entries(op.responses)) {
        if (status !== '401') expect(answer.headers, `${op.operationId} ${status}`).toHaveProperty('RateLimit');
      }
    }
    const creates = operations()
      .filter((op) => op.parameters?.some((p) => '$ref' in p && p.$ref.endsWith('/IdempotencyKey')))
      .map((op) => op.operationId)
      .sort();
    expect(creates).toEqual(['createPrealert', 'requestShipment']);
    const post = openApi.paths[`${PUBLIC_API_BASE}/prealerts`]!.post as unknown as Operation;
    expect(post.responses['201']?.headers).toHaveProperty('Idempotent-Replayed');
  });

  it('describes each webhook event with its own data and an example that matches it', () => {
    const webhooks = openApi.webhooks as Record<
      string,
      { post: { requestBody: { content: Record<string, MediaType> } } }
    >;
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const event of WEBHOOK_EVENTS) {
      const media = webhooks[event]!.post.requestBody.content['application/json']!;
      expectExampleValid(media, event);
      const example = media.example as { type: string; data: unknown };
      expect(example.type).toBe(event);
      expect(WEBHOOK_EVENT_DATA[event].safeParse(example.data).success, event).toBe(true);
      // Another event's data does not pass for this one.
      const validate = ajv.compile({ ...media.schema, components: openApi.components });
      expect(validate({ ...example, type: event === 'claim.updated' ? 'invoice.issued' : 'claim.updated' })).toBe(
        false,
      );
    }
  });
});

describe('authentication', () => {
  it('a 401 names the Bearer scheme, and says the token is invalid when one was sent', async () => {
    const none = await call('GET', '/shipments', null);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    const wrong = await call('GET', '/shipments', 'csk_no_existe');
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer realm="api", error="invalid_token"');
    const { key } = await newKey(maria, 'read');
    expect((await call('GET', '/shipments', key)).headers.get('www-authenticate')).toBeNull();
  });
});

describe('the RateLimit fields', () => {
  it('every answer to a key says its quota and what is left, down to 0 on the 429', async () => {
    const { key } = await newKey(carlos, 'read');
    const first = await call('GET', '/shipments', key);
    expect(first.status).toBe(200);
    expect(fieldParams(first.headers.get('ratelimit-policy'))).toEqual({ q: LIMIT, w: 60 });
    const firstLeft = fieldParams(first.headers.get('ratelimit'));
    expect(firstLeft.r).toBe(LIMIT - 1);
    expect(firstLeft.t).toBeGreaterThan(0);
    expect(firstLeft.t).toBeLessThanOrEqual(60);

    // A refusal after authentication (a shipment that is not his) counts and says so too.
    const missing = await call('GET', '/shipments/00000000-0000-4000-8000-000000000000', key);
    expect(missing.status).toBe(404);
    expect(fieldParams(missing.headers.get('ratelimit')).r).toBe(LIMIT - 2);

    for (let i = 2; i < LIMIT; i++) await call('GET', '/shipments', key);
    const refused = await call('GET', '/shipments', key);
    expect(refused.status).toBe(429);
    const left = fieldParams(refused.headers.get('ratelimit'));
    expect(left.r).toBe(0);
    expect(left.t).toBe(Number(refused.headers.get('retry-after')));
    expect(fieldParams(refused.headers.get('ratelimit-policy'))).toEqual({ q: LIMIT, w: 60 });
  });
});

describe('Idempotency-Key on a create', () => {
  const input = {
    trackingNumber: '1Z999AA10123456700',
    carrier: 'UPS',
    description: 'Cámara por API, reintentada',
    quantityItems: 1,
  };
  const countOf = async (tracking: string) =>
    (
      await db()
        .select({ id: prealerts.id })
        .from(prealerts)
        .where(and(eq(prealerts.userId, maria.user.id), eq(prealerts.trackingNumber, tracking)))
    ).length;

  it('the same key and body answer the first prealert again; another body with that key is refused', async () => {
    const { key } = await newKey(maria, 'read_write');
    const idem = { 'idempotency-key': 'pedido-4711-intento' };
    const first = await call('POST', '/prealerts', key, input, idem);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const retried = await call('POST', '/prealerts', key, input, idem);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(retried.body).toEqual(first.body);
    expectMatchesDocument('POST', '/prealerts', 201, retried.body);
    expect(await countOf(input.trackingNumber)).toBe(1);

    const other = { ...input, trackingNumber: '1Z999AA10123456711', description: 'Otra compra' };
    const reused = await call('POST', '/prealerts', key, other, idem);
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ error: API_KEY_MESSAGES.idempotencyKeyReused, code: 'CONFLICT' });
    expect(await countOf(other.trackingNumber)).toBe(0);

    // Without the header, the same body is a second create: the duplicate tracking is refused.
    expect((await call('POST', '/prealerts', key, input)).status).toBe(409);
  });

  it('keys are per API key, a refused create stores nothing, and a malformed key is refused in Spanish', async () => {
    const { key: one } = await newKey(maria, 'read_write', 'Una');
    const { key: two } = await newKey(carlos, 'read_write', 'Otra');
    const idem = { 'idempotency-key': 'mismo-valor' };
    const forMaria = { ...input, trackingNumber: '1Z999AA10123456722' };
    expect((await call('POST', '/prealerts', one, forMaria, idem)).status).toBe(201);
    const forCarlos = { ...input, trackingNumber: '1Z999AA10123456733' };
    expect((await call('POST', '/prealerts', two, forCarlos, idem)).status).toBe(201);

    // A create the app refuses (a description too short) leaves the key free for the corrected request.
    const fresh = { 'idempotency-key': 'corregido-luego' };
    const bad = await call(
      'POST',
      '/prealerts',
      one,
      { ...input, trackingNumber: '1Z999AA10123456744', description: 'x' },
      fresh,
    );
    expect(bad.status).toBe(400);
    const fixed = await call('POST', '/prealerts', one, { ...input, trackingNumber: '1Z999AA10123456744' }, fresh);
    expect(fixed.status).toBe(201);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();

    const malformed = await call('POST', '/prealerts', one, input, { 'idempotency-key': 'con espacio' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: API_KEY_MESSAGES.idempotencyKeyInvalid, code: 'BAD_INPUT' });
  });

  it('two calls with one key at once make one prealert, both answered with it', async () => {
    const { key } = await newKey(maria, 'read_write', 'Concurrente');
    const body = { ...input, trackingNumber: '1Z999AA10123456755' };
    const idem = { 'idempotency-key': 'a-la-vez' };
    const [a, b] = await Promise.all([
      call('POST', '/prealerts', key, body, idem),
      call('POST', '/prealerts', key, body, idem),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(await countOf(body.trackingNumber)).toBe(1);
  });
});
