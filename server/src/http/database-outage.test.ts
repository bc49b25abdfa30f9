// A database outage (docs/decisions/022-one-domain-error.md, docs/decisions/017): PostgreSQL cut
// off by a real TCP proxy between postgres.js and the server (test/pg-proxy.ts), not a mock. While
// it cannot be reached every kind of answer is 503 with Retry-After and the Spanish "Servicio no
// disponible, intenta de nuevo en unos segundos." (tRPC mutations and queries, the session lookup,
// plain routes, the public API), a request whose connection is cut or terminated mid-query too;
// /readyz says so within a second, even when the database hangs instead of refusing; and all of
// it works again once the database is back. PostgreSQL only: with the embedded PGlite there is no
// connection to lose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  GENERIC_MESSAGES,
  PUBLIC_API_BASE,
  SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS,
  TRACKINGS_CSV_PATH,
} from '@casillero/shared';
import { testConfig } from '../env';
import { createServer } from '../server';
import { TEST_APP_URL } from '../test/caller';
import { signedInCustomer } from '../test/factories';
import { databaseBehindProxy } from '../test/pg-proxy';
import { READINESS_TIMEOUT_MS } from './operations';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  console.warn(
    '\nPruebas de caída de la base de datos omitidas: necesitan PostgreSQL (TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/casillero_test); la CI las corre en su etapa de PostgreSQL.\n',
  );
}

const UNAVAILABLE = GENERIC_MESSAGES.serviceUnavailable;
const RETRY_AFTER = String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS);

describe.skipIf(!postgresUrl)('a database outage, with PostgreSQL behind a proxy the test cuts', () => {
  let outage: Awaited<ReturnType<typeof databaseBehindProxy>>;
  let server: Awaited<ReturnType<typeof createServer>>;
  let cookie: string;
  const origin = { origin: TEST_APP_URL };
  /** Set by a test: the slow query's route answers once the query does. */
  let slowQueryStarted: () => void = () => {};

  beforeAll(async () => {
    outage = await databaseBehindProxy(postgresUrl!);
    server = await createServer({ config: testConfig({ appUrl: TEST_APP_URL }), database: outage.database });
    // A plain route whose query runs long, to cut the connection while it is in flight.
    server.app.get('/test/consulta-lenta', async () => {
      const running = outage.database.db.execute(sql`select pg_sleep(3)`);
      slowQueryStarted();
      await running;
      return { done: true };
    });
    const customer = await signedInCustomer(outage.database.db);
    cookie = `session=${customer.visitor.token}`;
  });
  afterAll(async () => {
    await server?.app.close();
    await outage?.close();
  });

  const markAllRead = () =>
    server.app.inject({
      method: 'POST',
      url: '/trpc/notifications.markAllRead',
      headers: { cookie, ...origin, 'content-type': 'application/json' },
      payload: '{}',
    });
  const readyz = async () => {
    const started = performance.now();
    const res = await server.app.inject({ method: 'GET', url: '/readyz' });
    return { status: res.statusCode, body: res.json() as unknown, ms: performance.now() - started };
  };
  /** Asks until the database answers again (postgres.js reconnects on the next query). */
  const untilReady = async () => {
    for (let i = 0; i < 40; i++) {
      if ((await readyz()).status === 200) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('La base de datos no volvió');
  };

  it('answers every kind of request 503 with Retry-After and the Spanish message while PostgreSQL is down, then works again', async () => {
    expect((await markAllRead()).statusCode).toBe(200);
    await outage.proxy.cut();

    // A customer's write (the session lookup fails first), a sign-in, a batch of reads.
    const write = await markAllRead();
    expect(write.statusCode).toBe(503);
    expect(write.headers['retry-after']).toBe(RETRY_AFTER);
    expect(write.json()).toMatchObject({ error: { message: UNAVAILABLE, data: { code: 'SERVICE_UNAVAILABLE' } } });
    const signIn = await server.app.inject({
      method: 'POST',
      url: '/trpc/auth.signIn',
      headers: { ...origin, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'nadie@ejemplo.com', password: 'Clave#Segura1' }),
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.headers['retry-after']).toBe(RETRY_AFTER);
    expect(signIn.json()).toMatchObject({ error: { message: UNAVAILABLE } });
    const reads = await server.app.inject({
      method: 'GET',
      url: `/trpc/site.config,notifications.unreadCount?batch=1&input=${encodeURIComponent('{}')}`,
      headers: { cookie },
    });
    expect(reads.statusCode).toBe(503);
    expect(reads.headers['retry-after']).toBe(RETRY_AFTER);
    for (const answer of reads.json() as { error: { message: string } }[])
      expect(answer.error.message).toBe(UNAVAILABLE);

    // A plain route (an export) and the public API answer the same, in their own shapes.
    const exported = await server.app.inject({ method: 'GET', url: TRACKINGS_CSV_PATH, headers: { cookie } });
    expect(exported.statusCode).toBe(503);
    expect(exported.headers['retry-after']).toBe(RETRY_AFTER);
    expect(exported.json()).toEqual({ error: UNAVAILABLE });
    const api = await server.app.inject({
      method: 'GET',
      url: `${PUBLIC_API_BASE}/packages`,
      headers: { authorization: 'Bearer csk_una_clave_cualquiera_0123456789' },
    });
    expect(api.statusCode).toBe(503);
    expect(api.headers['retry-after']).toBe(RETRY_AFTER);
    expect(api.json()).toEqual({ error: UNAVAILABLE, code: 'SERVICE_UNAVAILABLE' });

    // Readiness says why, within a second.
    const probe = await readyz();
    expect(probe).toMatchObject({ status: 503, body: { status: 'not_ready', reason: 'database_unreachable' } });
    expect(probe.ms).toBeLessThan(1000);

    await outage.proxy.restore();
    await untilReady();
    expect((await markAllRead()).statusCode).toBe(200);
  });

  it('answers 503 for a query whose connection is cut, or terminated by PostgreSQL, while it runs', async () => {
    for (const interrupt of [() => outage.proxy.cut(), () => outage.terminateConnections()]) {
      const started = new Promise<void>((resolve) => {
        slowQueryStarted = resolve;
      });
      const answer = server.app.inject({ method: 'GET', url: '/test/consulta-lenta' });
      await started;
      await new Promise((r) => setTimeout(r, 300));
      await interrupt();
      const res = await answer;
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(RETRY_AFTER);
      expect(res.json()).toEqual({ error: UNAVAILABLE });
      await outage.proxy.restore();
      await untilReady();
    }
  });

  it('answers /readyz within a second while the database hangs without answering, then 200 once it is back', async () => {
    await outage.proxy.hang();
    const probes = await Promise.all([readyz(), readyz(), readyz()]);
    for (const probe of probes) {
      expect(probe).toMatchObject({ status: 503, body: { reason: 'database_unreachable' } });
      expect(probe.ms).toBeLessThan(1000);
    }
    expect(READINESS_TIMEOUT_MS).toBeLessThan(1000);
    // Later probes too, while the first ones' queries still wait on the hung connection.
    const later = await readyz();
    expect(later.status).toBe(503);
    expect(later.ms).toBeLessThan(1000);

    await outage.proxy.restore();
    await untilReady();
    expect((await readyz()).body).toEqual({ status: 'ready' });
  });
});
