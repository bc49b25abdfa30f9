// `npm run bench -- --carga`: the Monday after Black Friday (docs/product/load-test.md).
// Two servers on one fresh PostgreSQL database, for three minutes (--segundos), against a mixed
// day: 300 signed-in customers browsing their lists with their live-update streams open, 2,000
// further idle streams, 10 scanners receiving one parcel a second each (with their notices), API
// clients at 20 requests a second, and the outboxes draining through fake providers. The
// requests are made by autocannon, one instance per kind and server at a fixed rate. Prints per
// kind the median, p95 and p99 and the errors, the time from a reception to the customer's open
// stream, and each server's memory at the start and the end. Targets: p95 ≤ 200 ms for reads,
// ≤ 500 ms for writes, 0 errors, live updates within 2 s, memory growth under 10 %.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { PUBLIC_API_BASE, SESSION_COOKIE_NAME } from '@casillero/shared';
import { openPostgres } from '../../src/db/client';
import { seedLoad } from './seed';
import { type LoadServer, proxyHeaders, startFakeProviders, startLoadServer } from './servers';
import { openStream, type OpenStream } from './streams';
import { figuresOf, percentile, printKinds, type Sample } from './stats';

const PEOPLE = { customers: 300, idle: 2_000, scanners: 10, apiClients: 20 } as const;
/** Customers' reads per second in all: one every two seconds each. */
const READS_PER_SECOND = PEOPLE.customers / 2;
const RECEPTIONS_PER_SECOND = PEOPLE.scanners;
const API_PER_SECOND = 20;
const TARGET = { readP95: 200, writeP95: 500, liveMs: 2_000, memoryGrowth: 0.1 } as const;

/** What a customer's pages ask for while she browses (the Mis Trackings, Paquetes and Prealertas lists, the bell). */
const READS = [
  { kind: 'lectura: trackings.mine', path: '/trpc/trackings.mine' },
  { kind: 'lectura: packages.mine', path: `/trpc/packages.mine?input=${encodeURIComponent('{}')}` },
  { kind: 'lectura: prealerts.mine', path: '/trpc/prealerts.mine' },
  { kind: 'lectura: notifications.unreadCount', path: '/trpc/notifications.unreadCount' },
];
const API_PATHS = [`${PUBLIC_API_BASE}/prealerts`, `${PUBLIC_API_BASE}/packages`];

const cookie = (token: string) => `${SESSION_COOKIE_NAME}=${token}`;
const ipOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

type Run = { samples: Sample[]; done: Promise<unknown> };

/** One autocannon instance at a fixed rate, every answer's time and status kept. */
function cannon(options: Record<string, unknown>): Run {
  const samples: Sample[] = [];
  const instance = autocannon(options as never);
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    samples.push({ ms: responseTime, status: statusCode });
  });
  instance.on('reqError', () => samples.push({ ms: Number.NaN, status: 0 }));
  return { samples, done: instance };
}

export async function measureLoad(serverUrl: string, seconds: number) {
  const name = `casillero_carga_${randomBytes(4).toString('hex')}`;
  const adminUrl = new URL(serverUrl);
  adminUrl.pathname = '/postgres';
  const admin = postgres(adminUrl.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-carga-storage-'));
  const database = openPostgres(url.toString(), { max: 4 });
  const sql = postgres(url.toString(), { max: 4, onnotice: () => {} });
  const providers = await startFakeProviders();
  const servers: LoadServer[] = [];
  const streams: OpenStream[] = [];
  try {
    console.log(`\nCarga: base nueva ${name}; migrando y sembrando...`);
    await database.migrate();
    const seeded = await seedLoad(sql, database, {
      ...PEOPLE,
      parcelsEach: Math.ceil((seconds * RECEPTIONS_PER_SECOND) / PEOPLE.customers) + 2,
    });
    const env = {
      DATABASE_URL: url.toString(),
      STORAGE_DIR: storage,
      RESEND_BASE_URL: providers.url,
      WHATSAPP_TOKEN: 'fake',
      WHATSAPP_PHONE_NUMBER_ID: '100000000000001',
      WHATSAPP_API_URL: providers.url,
    };
    servers.push(
      ...(await Promise.all([
        startLoadServer('A', { ...env, RESEND_API_KEY: 're_carga_a' }),
        startLoadServer('B', { ...env, RESEND_API_KEY: 're_carga_b' }),
      ])),
    );
    const serverOf = (i: number) => servers[i % 2];

    // Every path answers before the run starts: a broken path is a broken bench, not a figure.
    for (const read of READS) {
      const res = await fetch(servers[0].url + read.path, {
        headers: { ...proxyHeaders(ipOf(1)), cookie: cookie(seeded.customers[0]) },
      });
      if (!res.ok) throw new Error(`${read.path} respondió ${res.status}: ${await res.text()}`);
    }

    console.log(`Abriendo ${PEOPLE.customers + PEOPLE.idle} conexiones de actualizaciones en vivo...`);
    const pending = seeded.customers.map(() => [] as number[]);
    const liveMs: number[] = [];
    seeded.customers.forEach((token, i) => {
      const stream = openStream(serverOf(i).url, token, ipOf(i + 1));
      stream.onTopic((_topic, at) => {
        const queue = pending[i];
        while (queue.length > 0 && queue[0] <= at) liveMs.push(at - queue.shift()!);
      });
      streams.push(stream);
    });
    for (const [i, token] of seeded.idle.entries())
      streams.push(openStream(serverOf(i).url, token, ipOf(PEOPLE.customers + i + 1)));
    const connectedIn = await Promise.race([
      Promise.all(streams.map((s) => s.connected)).then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), 60_000)),
    ]);
    if (!connectedIn) console.warn('  Aviso: no todas las conexiones dijeron «connected» en 60 s.');

    const memoryStart = servers.map((s) => s.rssMb());
    const emailsStart = providers.counts.emails;
    console.log(
      `Durante ${seconds} s: ${READS_PER_SECOND} lecturas/s de clientes, ${RECEPTIONS_PER_SECOND} recepciones/s, ` +
        `${API_PER_SECOND} peticiones/s a la API, repartidas entre los dos servidores...`,
    );

    // Receptions: scanner s receives the next parcel of the customers in turn; the time it was
    // sent waits in that customer's queue for her stream's next topic.
    let nextParcel = 0;
    const receptions = servers.map((server, n) =>
      cannon({
        url: server.url,
        duration: seconds,
        connections: PEOPLE.scanners / 2,
        overallRate: RECEPTIONS_PER_SECOND / 2,
        requests: [
          {
            method: 'POST',
            path: '/trpc/reception.receive',
            setupRequest: (req: Record<string, unknown>) => {
              const k = nextParcel++;
              const customer = k % PEOPLE.customers;
              const number = seeded.numbers[customer][Math.floor(k / PEOPLE.customers)];
              pending[customer].push(performance.now());
              const scanner = seeded.scanners[(k + n) % PEOPLE.scanners];
              return {
                ...req,
                headers: {
                  ...proxyHeaders(ipOf(60_000 + (k % PEOPLE.scanners))),
                  'content-type': 'application/json',
                  cookie: cookie(scanner),
                },
                body: JSON.stringify({ code: number, weightKg: 1.5 }),
              };
            },
          },
        ],
      }),
    );
    const reads = READS.flatMap((read) =>
      servers.map((server, n) => {
        let turn = n;
        return {
          kind: read.kind,
          run: cannon({
            url: server.url,
            duration: seconds,
            connections: 20,
            overallRate: READS_PER_SECOND / READS.length / 2,
            requests: [
              {
                method: 'GET',
                path: read.path,
                setupRequest: (req: Record<string, unknown>) => {
                  turn += 2;
                  const customer = turn % PEOPLE.customers;
                  return {
                    ...req,
                    headers: { ...proxyHeaders(ipOf(customer + 1)), cookie: cookie(seeded.customers[customer]) },
                  };
                },
              },
            ],
          }),
        };
      }),
    );
    const api = servers.map((server, n) => {
      let turn = n;
      return cannon({
        url: server.url,
        duration: seconds,
        connections: PEOPLE.apiClients / 2,
        overallRate: API_PER_SECOND / 2,
        requests: [
          {
            method: 'GET',
            path: API_PATHS[0],
            setupRequest: (req: Record<string, unknown>) => {
              turn += 2;
              const k = turn;
              return {
                ...req,
                path: API_PATHS[k % API_PATHS.length],
                headers: {
                  ...proxyHeaders(ipOf(50_000 + (k % PEOPLE.apiClients))),
                  authorization: `Bearer ${seeded.apiKeys[k % PEOPLE.apiClients]}`,
                },
              };
            },
          },
        ],
      });
    });
    await Promise.all([...receptions, ...reads.map((r) => r.run), ...api].map((r) => r.done));
    // The last receptions' topics may still be on their way.
    await new Promise((resolve) => setTimeout(resolve, TARGET.liveMs));
    const memoryEnd = servers.map((s) => s.rssMb());

    console.log(`\nCarga de ${seconds} s, dos servidores, una base PostgreSQL:\n`);
    const readKinds = [...new Set(reads.map((r) => r.kind))].map((kind) =>
      figuresOf(
        kind,
        reads.filter((r) => r.kind === kind).flatMap((r) => r.run.samples),
        TARGET.readP95,
      ),
    );
    printKinds([
      ...readKinds,
      figuresOf(
        'lectura: API (prealertas, paquetes)',
        api.flatMap((r) => r.samples),
        TARGET.readP95,
      ),
      figuresOf(
        'escritura: recepción (reception.receive)',
        receptions.flatMap((r) => r.samples),
        TARGET.writeP95,
      ),
    ]);
    const sortedLive = liveMs.sort((a, b) => a - b);
    const sent = nextParcel;
    const unseen = pending.reduce((n, q) => n + q.length, 0);
    console.log(
      `\nDe la recepción a la pantalla abierta de la clienta: mediana ${percentile(sortedLive, 50).toFixed(0)} ms, ` +
        `p95 ${percentile(sortedLive, 95).toFixed(0)} ms, máx. ${percentile(sortedLive, 100).toFixed(0)} ms ` +
        `(${sortedLive.length} de ${sent} recepciones vistas; ${unseen} sin aviso en su conexión) · objetivo ≤ ${TARGET.liveMs} ms ` +
        `${percentile(sortedLive, 95) <= TARGET.liveMs && unseen === 0 ? '✓' : '✗'}`,
    );
    const streamErrors = streams.reduce((n, s) => n + s.errors(), 0);
    console.log(`Conexiones en vivo: ${streams.length} abiertas, ${streamErrors} con error.`);
    const [outbox] = await sql<{ sent: number; waiting: number }[]>`
      select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status <> 'sent')::int as waiting from email_outbox`;
    console.log(
      `Correos: ${providers.counts.emails - emailsStart} entregados al proveedor falso durante la carga; ` +
        `en la bandeja de salida, ${outbox.sent} enviados y ${outbox.waiting} por enviar al final. WhatsApp: ${providers.counts.whatsapp}.`,
    );
    servers.forEach((s, i) => {
      const growth = (memoryEnd[i] - memoryStart[i]) / memoryStart[i];
      console.log(
        `Memoria del servidor ${s.name}: ${memoryStart[i].toFixed(0)} MB al empezar, ${memoryEnd[i].toFixed(0)} MB al final ` +
          `(${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %) · objetivo < ${TARGET.memoryGrowth * 100} % ${growth < TARGET.memoryGrowth ? '✓' : '✗'}`,
      );
    });
  } catch (err) {
    for (const s of servers) console.error(`--- servidor ${s.name} (final) ---\n${s.output().slice(-3000)}`);
    throw err;
  } finally {
    for (const s of streams) s.close();
    await Promise.all(servers.map((s) => s.stop()));
    await providers.close();
    await sql.end({ timeout: 5 });
    await database.close();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
    fs.rmSync(storage, { recursive: true, force: true });
  }
}
