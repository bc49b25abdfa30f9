// npm run bench: 1,000,000 trackings in the PostgreSQL database named by BENCH_DATABASE_URL
// (created and seeded on the first run, reused afterwards), then the admin trackings paths
// measured over HTTP with a signed-in admin session, against a plain Fastify route that runs
// the list's first-page SQL straight through `postgres`. Not part of `npm test`.
// The same run seeds 1,000,000 packages, 200,000 shipments and 500,000 payments across 50,000
// customers and measures the dashboard, the reports of each period and the admin payments page
// (list, search, bounded count, summary) with one client (median and p95), then prints the
// report queries' plans.
// `npm run bench -w server -- --solo-reportes` skips the trackings measurements;
// `-- --solo-trackings` skips the reports'. The audit log (1,000,000 entries by 20 staff
// members) is measured last: list pages, filters by person, entity and day range, the bounded
// count and one entity's history; `-- --solo-auditoria` measures only that.
// Last, the manifest import (docs/decisions/019-warehouse-intake.md): a 10,000-row CSV checked (dry run) and imported through
// HTTP as the admin's page does, against 2,000 customers of its own with pre-alerts, then the
// same file again; target under 10 s. `-- --solo-importacion` seeds and measures only that.
// Then the departures (bench/departures.ts): a milestone for a 5,000-shipment container and the
// outbox drained by two servers; `-- --solo-despachos` measures only that (without
// BENCH_DATABASE_URL, on the embedded database). Then the public API's lists (bench/api.ts);
// `-- --solo-api` measures only those.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { openPglite, openPostgres } from '../src/db/client';
import { measureApi } from './api';
import { measureDepartures } from './departures';
import { loadConfig } from '../src/env';
import { reportQueriesSql } from '../src/queries/reports';
import { trackingQueriesSql, type SqlText } from '../src/queries/trackings/list';
import { createServer } from '../src/server';
import { createOrPromoteAdmin } from '../src/services/auth';

const TRACKINGS = 1_000_000;
const CUSTOMERS = 10_000;
const ADMIN = { email: 'bench-admin@casillero.test', password: 'Bench#Admin2026', fullName: 'Admin Bench' };
const SEQUENTIAL_MS = 2_000;
const CONCURRENT_SECONDS = 4;
const CONNECTIONS = 50;
/** Alternating rounds of the tRPC list and the plain route for their throughput ratio. */
const RATIO_ROUNDS = 5;
const REPORT_CUSTOMERS = 50_000;
const PACKAGES = 1_000_000;
const SHIPMENTS = 200_000;
const PAYMENTS = 500_000;
const REPORT_TARGET_MS = 200;
const ONLY_REPORTS = process.argv.includes('--solo-reportes');
const ONLY_TRACKINGS = process.argv.includes('--solo-trackings');
const ONLY_AUDIT = process.argv.includes('--solo-auditoria');
const ONLY_IMPORT = process.argv.includes('--solo-importacion');
const IMPORT_ROWS = 10_000;
const IMPORT_CUSTOMERS = 2_000;
const IMPORT_TARGET_MS = 10_000;
const AUDIT_ENTRIES = 1_000_000;
const AUDIT_STAFF = 20;

const ONLY_DEPARTURES = process.argv.includes('--solo-despachos');
const ONLY_API = process.argv.includes('--solo-api');
const url = process.env.BENCH_DATABASE_URL;
if (ONLY_DEPARTURES) {
  // The departures' figures alone: on BENCH_DATABASE_URL (two pools, two servers) or the embedded database.
  const first = url ? openPostgres(url, { max: 10 }) : await openPglite();
  await first.migrate();
  const second = url ? openPostgres(url, { max: 10 }) : first;
  await measureDepartures(first, second);
  if (second !== first) await second.close();
  await first.close();
  process.exit(0);
}
if (!url) {
  console.error(
    'Falta BENCH_DATABASE_URL, p. ej. BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/casillero_bench npm run bench',
  );
  process.exit(1);
}

async function ensureDatabase(target: string) {
  const name = new URL(target).pathname.slice(1);
  const admin = new URL(target);
  admin.pathname = '/postgres';
  const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  const [exists] = await sql`select 1 from pg_database where datname = ${name}`;
  if (!exists) {
    console.log(`Creando la base ${name}...`);
    await sql.unsafe(`create database "${name}"`);
  }
  await sql.end();
}

const FIRST = [
  'María',
  'José',
  'Luis',
  'Ana',
  'Carlos',
  'Daniela',
  'Pedro',
  'Lucía',
  'Andrés',
  'Gabriela',
  'Jesús',
  'Valentina',
  'Miguel',
  'Camila',
  'Rafael',
  'Sofía',
  'Alejandro',
  'Isabel',
  'Fernando',
  'Paola',
];
const LAST = [
  'González',
  'Rodríguez',
  'Pérez',
  'Hernández',
  'García',
  'Martínez',
  'López',
  'Ramírez',
  'Suárez',
  'Díaz',
  'Torres',
  'Rojas',
  'Morales',
  'Castillo',
  'Briceño',
  'Colmenares',
  'Quintero',
  'Zambrano',
  'Mendoza',
  'Salazar',
];
/** Each customer's phone and cédula, written as people write them (decision 026's searches). */
const BENCH_PHONE = `'+58 41' || (2 + i % 3) || '-' || lpad(((i * 7919) % 10000000)::text, 7, '0')`;
const BENCH_CEDULA = `'V-' || replace(to_char(10000000 + i, 'FM99,999,999'), ',', '.')`;
const STATUSES = [
  'delivered',
  'delivered',
  'delivered',
  'delivered',
  'shipped',
  'shipped',
  'in_transit',
  'in_transit',
  'arrived',
  'in_warehouse',
  'in_warehouse',
  'created',
  'created',
  'ready_to_ship',
  'ready_to_ship',
  'needs_reempaque',
  'reempacado',
  'problem',
  'delivered',
  'shipped',
];
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

async function seed(sql: postgres.Sql) {
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from trackings`;
  if (n >= TRACKINGS) {
    console.log(`La base ya tiene ${n.toLocaleString('es-ES')} trackings: se reutiliza.`);
    return;
  }
  console.log(
    `Sembrando ${CUSTOMERS.toLocaleString('es-ES')} clientes y ${TRACKINGS.toLocaleString('es-ES')} trackings...`,
  );
  const started = performance.now();
  await sql.begin(async (tx) => {
    await tx.unsafe(`set local maintenance_work_mem = '1GB'`);
    await tx.unsafe(`truncate trackings, tracking_history, payment_trackings cascade`);
    // Secondary indexes are rebuilt once after the load instead of being updated a million times.
    const indexes = await tx<{ name: string; def: string }[]>`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i join pg_class t on t.oid = i.indrelid
      where t.relname in ('trackings', 'tracking_history')
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`;
    for (const ix of indexes) await tx.unsafe(`drop index ${ix.name}`);

    await tx.unsafe(`
      insert into users (id, email, password_hash, role, email_verified_at, last_active_at, created_at)
      select md5('u' || i)::uuid, 'cliente' || i || '@bench.test', 'x', 'user', now(),
             now() - (i % 90) * interval '1 day', now() - interval '2 years' + i * interval '1 hour'
      from generate_series(1, ${CUSTOMERS}) i
      on conflict do nothing`);
    await tx.unsafe(`
      insert into user_profiles (user_id, full_name, phone, cedula)
      select md5('u' || i)::uuid,
             (${arr(FIRST)})[1 + i % 20] || ' ' || (${arr(LAST)})[1 + (i / 20) % 20] || ' ' || (${arr(LAST)})[1 + (i / 400) % 20],
             ${BENCH_PHONE}, ${BENCH_CEDULA}
      from generate_series(1, ${CUSTOMERS}) i
      on conflict do nothing`);
    await tx.unsafe(`
      insert into mailboxes (id, user_id, mailbox_code, location, address_line_1, address_line_2, city, state, postal_code, country, status)
      select md5('m' || i)::uuid, md5('u' || i)::uuid, 'MV-19487-' || lpad(i::text, 5, '0'), 'miami', '8256 NW 30th Terrace',
             'REF/APTO: MV-19487-' || lpad(i::text, 5, '0'), 'Miami', 'FL', '33166', 'USA', 'active'
      from generate_series(1, ${CUSTOMERS}) i
      on conflict do nothing`);

    // Foreign keys are known to hold here; skipping their per-row checks (and the counter
    // triggers, recomputed below) makes the load take seconds instead of minutes.
    await tx.unsafe(`set local session_replication_role = replica`);
    await tx.unsafe(`
      insert into trackings (id, tracking_number, user_id, mailbox_id, description, carrier, estimated_weight, actual_weight,
                             estimated_value_usd_cents, sender_name, origin_country, status, needs_reempaque, priority, created_at, updated_at)
      select md5('t' || i)::uuid,
             (array['1Z', '', '', '9400', 'TBA', 'LP'])[1 + i % 6] || lpad(((i::bigint * 982451653) % 1000000000000)::text, 12, '0'),
             md5('u' || c)::uuid, md5('m' || c)::uuid,
             'Paquete de prueba número ' || i, (array['UPS', 'FedEx', 'DHL', 'USPS', 'Amazon', 'Otro'])[1 + i % 6],
             0.5 + (i % 200) / 10.0, case when i % 3 = 0 then 0.6 + (i % 200) / 10.0 end, (i % 5000) * 10,
             'Tienda ' || (i % 50), 'Estados Unidos', s::tracking_status, s = 'needs_reempaque',
             (array['high', 'high', 'medium', 'medium', 'medium', 'medium', 'medium', 'low', 'low', 'low'])[1 + i % 10]::priority,
             now() - i * interval '20 seconds', now() - i * interval '10 seconds'
      from generate_series(1, ${TRACKINGS}) i,
           lateral (select 1 + (i::bigint * 7919) % ${CUSTOMERS} as c, (${arr(STATUSES)})[1 + (i / 7) % 20] as s) x`);
    await tx.unsafe(`
      insert into tracking_history (tracking_id, status, message, created_at)
      select id, status, 'Carga de prueba', least(created_at + interval '1 hour', now()) from trackings`);
    await tx.unsafe(`set local session_replication_role = origin`);
    await tx.unsafe(`
      insert into tracking_status_counts (status, count)
      select status, count(*) from trackings group by status
      on conflict (status) do update set count = excluded.count`);
    await tx.unsafe(
      `update tracking_status_counts set count = 0 where status not in (select distinct status from trackings)`,
    );
    for (const ix of indexes) await tx.unsafe(ix.def);
  });
  await sql.unsafe(
    `vacuum analyze users, user_profiles, mailboxes, trackings, tracking_history, tracking_status_counts`,
  );
  console.log(`Sembrado en ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

/** Secondary (non-constraint) indexes of some tables: dropped before a bulk load, rebuilt after. */
async function secondaryIndexes(tx: postgres.TransactionSql, tables: string[]) {
  return tx<{ name: string; def: string }[]>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
    from pg_index i join pg_class t on t.oid = i.indrelid
    where t.relname = any(${tables})
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`;
}

/**
 * The reports' data: 50,000 customers (the trackings' 10,000 plus 40,000 more), 1,000,000
 * packages over two years, 200,000 shipments carrying three packages each (the other packages
 * wait in the warehouse) and 500,000 payments (70 % completed). Skipped when already there.
 */
async function seedReports(sql: postgres.Sql) {
  const [counts] = await sql<{ packages: number; shipments: number; payments: number; customers: number }[]>`
    select (select count(*)::int from packages) as packages, (select count(*)::int from shipments) as shipments,
           (select count(*)::int from payment_transactions) as payments,
           (select count(*)::int from users where role = 'user') as customers`;
  if (
    counts.packages >= PACKAGES &&
    counts.shipments >= SHIPMENTS &&
    counts.payments >= PAYMENTS &&
    counts.customers >= REPORT_CUSTOMERS
  ) {
    console.log(
      `La base ya tiene ${counts.packages.toLocaleString('es-ES')} paquetes, ${counts.shipments.toLocaleString('es-ES')} envíos y ${counts.payments.toLocaleString('es-ES')} pagos: se reutilizan.`,
    );
    return;
  }
  console.log(
    `Sembrando ${REPORT_CUSTOMERS.toLocaleString('es-ES')} clientes, ${PACKAGES.toLocaleString('es-ES')} paquetes, ${SHIPMENTS.toLocaleString('es-ES')} envíos y ${PAYMENTS.toLocaleString('es-ES')} pagos...`,
  );
  const started = performance.now();
  await sql.begin(async (tx) => {
    await tx.unsafe(`set local maintenance_work_mem = '1GB'`);
    // Not `truncate ... cascade`: prealerts reference packages and trackings reference
    // prealerts, so a cascade would empty the trackings too. Children first, by hand.
    await tx.unsafe(`set local session_replication_role = replica`);
    await tx.unsafe(`update prealerts set converted_package_id = null where converted_package_id is not null`);
    for (const table of [
      'shipment_packages',
      'shipment_stages',
      'payment_trackings',
      'repack_request_items',
      'payment_transactions',
      'packages',
      'shipments',
    ]) {
      await tx.unsafe(`delete from ${table}`);
    }
    await tx.unsafe(`set local session_replication_role = origin`);
    // Customers 1..10,000 exist from the trackings seed (same ids); 10,001..50,000 are new.
    await tx.unsafe(`
      insert into users (id, email, password_hash, role, email_verified_at, last_active_at, created_at)
      select md5('u' || i)::uuid, 'cliente' || i || '@bench.test', 'x', 'user', now(), now() - (i % 90) * interval '1 day',
             now() - interval '730 days' + (i - 10000) * interval '26 minutes'
      from generate_series(10001, ${REPORT_CUSTOMERS}) i
      on conflict do nothing`);
    await tx.unsafe(`
      insert into user_profiles (user_id, full_name, phone, cedula)
      select md5('u' || i)::uuid,
             (${arr(FIRST)})[1 + i % 20] || ' ' || (${arr(LAST)})[1 + (i / 20) % 20] || ' ' || (${arr(LAST)})[1 + (i / 400) % 20],
             ${BENCH_PHONE}, ${BENCH_CEDULA}
      from generate_series(10001, ${REPORT_CUSTOMERS}) i
      on conflict do nothing`);
    await tx.unsafe(`
      insert into mailboxes (id, user_id, mailbox_code, location, address_line_1, address_line_2, city, state, postal_code, country, status)
      select md5('m' || i)::uuid, md5('u' || i)::uuid, 'MV-19487-' || lpad(i::text, 5, '0'), 'miami', '8256 NW 30th Terrace',
             'REF/APTO: MV-19487-' || lpad(i::text, 5, '0'), 'Miami', 'FL', '33166', 'USA', 'active'
      from generate_series(10001, ${REPORT_CUSTOMERS}) i
      on conflict do nothing`);

    const indexes = await secondaryIndexes(tx, ['packages', 'shipments', 'payment_transactions']);
    for (const ix of indexes) await tx.unsafe(`drop index ${ix.name}`);
    await tx.unsafe(`set local session_replication_role = replica`);
    // Package i: one every 63 s back from now (two years); packages 5j-4..5j-2 travel in
    // shipment j, all five of a group belong to the same customer.
    await tx.unsafe(`
      insert into packages (id, user_id, mailbox_id, tracking_number, package_description, sender_name, weight_kg,
                            estimated_value_usd_cents, status, received_date, created_at, updated_at)
      select md5('p' || i)::uuid, md5('u' || c)::uuid, md5('m' || c)::uuid,
             'PKG' || lpad(i::text, 9, '0'), 'Paquete de prueba número ' || i, 'Tienda ' || (i % 50),
             0.5 + (i % 200) / 10.0, (i % 5000) * 10,
             (case when (i - 1) % 5 < 3 then (case when i < 20000 then 'in_shipment' else 'shipped' end)
                   else (array['pending', 'received', 'in_warehouse', 'processed'])[1 + i % 4] end)::package_status,
             at + interval '1 day', at, at
      from generate_series(1, ${PACKAGES}) i,
           lateral (select 1 + (((i - 1) / 5) * 7919) % ${REPORT_CUSTOMERS} as c, now() - i * interval '63 seconds' as at) x`);
    await tx.unsafe(`
      insert into shipments (id, user_id, shipment_code, delivery_address, delivery_city, delivery_state, shipping_cost_usd_cents,
                             total_weight_kg, status, created_at, updated_at)
      select md5('s' || j)::uuid, md5('u' || c)::uuid, 'BSH' || lpad(j::text, 8, '0'), 'Av. Principal, casa ' || j,
             (array['Caracas', 'Maracaibo', 'Valencia', 'Barquisimeto', 'Mérida'])[1 + j % 5],
             (array['Distrito Capital', 'Zulia', 'Carabobo', 'Lara', 'Mérida'])[1 + j % 5],
             1500 + (j % 60) * 100 + (j % 4) * 25, 1.5 + (j % 30),
             (case when j < 400 then 'preparing' when j < 1500 then 'in_transit'
                   else (array['delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'delivered', 'customs',
                               'out_for_delivery', 'delayed', 'delivered'])[1 + j % 10] end)::shipment_status,
             at, at
      from generate_series(1, ${SHIPMENTS}) j,
           lateral (select 1 + ((j - 1) * 7919) % ${REPORT_CUSTOMERS} as c,
                           least(now(), now() - (5 * (j - 1) + 1) * interval '63 seconds' + interval '1 day') as at) x`);
    await tx.unsafe(`
      insert into shipment_packages (shipment_id, package_id, created_at)
      select md5('s' || j)::uuid, md5('p' || (5 * (j - 1) + k))::uuid,
             least(now(), now() - (5 * (j - 1) + 1) * interval '63 seconds' + interval '1 day')
      from generate_series(1, ${SHIPMENTS}) j, generate_series(1, 3) k`);
    // Payment k: one every 126 s back from now; 70 % completed, 20 % pending, 8 % failed, 2 % cancelled.
    await tx.unsafe(`
      insert into payment_transactions (id, user_id, transaction_type, amount_usd_cents, amount_ves_cents, payment_method, payment_reference,
                                        description, status, reported_at, processed_at, created_at, updated_at)
      select md5('pay' || k)::uuid, md5('u' || c)::uuid, t::payment_type,
             case t when 'mailbox_activation' then (array[499, 999])[1 + k % 2] else 1099 + (k % 190) * 100 end,
             case when k % 3 = 0 then (10 + (k % 190)) * 4550 end,
             (array['Zelle', 'PayPal', 'Binance USDT', 'Zinli', 'Wally', 'Efectivo', 'Depósito bancario en divisas'])[1 + k % 7],
             'BENCH' || lpad(k::text, 8, '0'), 'Pago de prueba ' || k, st::payment_status, at,
             case when st in ('completed', 'failed') then at + interval '2 hours' end, at, at
      from generate_series(1, ${PAYMENTS}) k,
           lateral (select 1 + (k::bigint * 7919) % ${REPORT_CUSTOMERS} as c, now() - k * interval '126 seconds' as at,
                           (array['shipping_payment', 'shipping_payment', 'shipping_payment', 'shipping_payment', 'shipping_payment',
                                  'shipping_payment', 'mailbox_activation', 'mailbox_activation', 'course_purchase',
                                  'credit_purchase'])[1 + k % 10] as t,
                           case when k % 50 < 35 then 'completed' when k % 50 < 45 then 'pending'
                                when k % 50 < 49 then 'failed' else 'cancelled' end as st) x`);
    await tx.unsafe(`set local session_replication_role = origin`);
    for (const ix of indexes) await tx.unsafe(ix.def);
  });
  // The load ran with the triggers off: the daily report totals are rebuilt once from the tables.
  await sql.unsafe(`select report_daily_rebuild()`);
  await sql.unsafe(
    `vacuum analyze users, user_profiles, mailboxes, packages, shipments, shipment_packages, payment_transactions, report_daily`,
  );
  console.log(`Sembrado en ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function sequential(target: string, headers: Record<string, string>) {
  const times: number[] = [];
  const until = performance.now() + SEQUENTIAL_MS;
  for (let i = 0; i < 5; i++) await (await fetch(target, { headers })).arrayBuffer(); // warm-up
  while (performance.now() < until || times.length < 20) {
    const t0 = performance.now();
    const res = await fetch(target, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${target} respondió ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: pct(times, 50), p95: pct(times, 95), n: times.length };
}

async function concurrent(target: string, headers: Record<string, string>) {
  const r = await autocannon({ url: target, connections: CONNECTIONS, duration: CONCURRENT_SECONDS, headers });
  if (r.non2xx || r.errors) throw new Error(`${target}: ${r.non2xx} respuestas no 2xx, ${r.errors} errores`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

async function main() {
  await ensureDatabase(url!);
  const database = openPostgres(url!, { max: 10 });
  await database.migrate();
  const raw = postgres(url!, { max: 10, onnotice: () => {} });
  if (!ONLY_IMPORT) {
    await seed(raw);
    await seedReports(raw);
  }
  await createOrPromoteAdmin(database.db, ADMIN);

  // TRPC_ADAPTER=official measures tRPC's own Fastify plugin instead (docs/decisions/011).
  const trpcAdapter = process.env.TRPC_ADAPTER;
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    TRPC_ADAPTER: trpcAdapter,
    // The API's per-key limit would stop the measurement itself.
    API_KEY_REQUESTS_PER_MINUTE: '1000000',
  });
  const server = await createServer({ config, database });
  const queries = trackingQueriesSql(database.db);
  const firstPage = queries.list({});
  // The same SQL as the tRPC list's first page, without tRPC, session or Drizzle.
  server.app.get('/bench/plain-first-page', async () =>
    raw.unsafe(firstPage.sql, firstPage.params as never[], { prepare: true }),
  );
  const base = await server.listen();

  const signIn = await fetch(`${base}/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  // Every cookie sign-in sets (the session and the known device), not only the first.
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!signIn.ok || !cookie)
    throw new Error(`No se pudo iniciar sesión como admin: ${signIn.status} ${await signIn.text()}`);
  const headers = { cookie };

  if (!ONLY_IMPORT && !ONLY_API) await measureLists(headers, base, raw, queries);
  if (!ONLY_REPORTS && !ONLY_TRACKINGS && !ONLY_AUDIT && !ONLY_API) await measureImport(base, headers, raw);
  if (!ONLY_REPORTS && !ONLY_TRACKINGS && !ONLY_AUDIT && !ONLY_IMPORT && !ONLY_API) {
    // Two pools on the same database: the two servers of the outbox measurement.
    const second = openPostgres(url!, { max: 10 });
    await measureDepartures(database, second);
    await second.close();
  }
  if (!ONLY_REPORTS && !ONLY_TRACKINGS && !ONLY_AUDIT && !ONLY_IMPORT) await measureApi(database, raw, base);

  await server.stop();
  await raw.end();
  await database.close();
}

async function measureLists(
  headers: Record<string, string>,
  base: string,
  raw: postgres.Sql,
  queries: ReturnType<typeof trackingQueriesSql>,
) {
  const firstPage = queries.list({});
  // Search fragments from a real tracking number in the middle of the table.
  const [{ trackingNumber }] = await raw<{ trackingNumber: string }[]>`
    select tracking_number as "trackingNumber" from trackings where carrier = 'FedEx' order by created_at desc offset 80000 limit 1`;
  const q4 = trackingNumber.slice(3, 7);
  const q8 = trackingNumber.slice(2, 10);
  const trpc = (path: string, input?: unknown) =>
    `${base}/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

  const paths: { name: string; url: string; explain?: SqlText[] }[] = [
    { name: 'lista, primera página (tRPC)', url: trpc('trackings.list', {}), explain: [firstPage] },
    { name: 'ruta Fastify simple, misma SQL', url: `${base}/bench/plain-first-page` },
    { name: 'lista, página 200', url: trpc('trackings.list', { page: 200 }), explain: [queries.list({ page: 200 })] },
    {
      name: `búsqueda 4 caracteres «${q4}»`,
      url: trpc('trackings.list', { q: q4 }),
      explain: [queries.list({ q: q4 })],
    },
    {
      name: `búsqueda 8 caracteres «${q8}»`,
      url: trpc('trackings.list', { q: q8 }),
      explain: [queries.list({ q: q8 })],
    },
    {
      name: 'conteo filtrado (transportista UPS)',
      url: trpc('trackings.count', { carrier: 'UPS' }),
      explain: [queries.count({ carrier: 'UPS' })],
    },
    {
      name: 'tarjetas de estadísticas',
      url: trpc('trackings.stats'),
      explain: [queries.statusCounts(), queries.readyToday(), queries.dispatchAuthorized()],
    },
  ];

  if (!ONLY_REPORTS && !ONLY_AUDIT) await measureTrackings(paths, headers, base);
  if (!ONLY_TRACKINGS && !ONLY_AUDIT) await measureReports(trpc, headers, raw);
  if (!ONLY_REPORTS && !ONLY_TRACKINGS) {
    await seedAudit(raw);
    await measureAudit(trpc, headers, raw);
  }
}

async function measureTrackings(
  paths: { name: string; url: string; explain?: SqlText[] }[],
  headers: Record<string, string>,
  base: string,
) {
  const raw = postgres(url!, { max: 1, onnotice: () => {} });
  console.log(
    `\nMidiendo por HTTP (${base}): 1 cliente durante ${SEQUENTIAL_MS / 1000} s, luego ${CONNECTIONS} conexiones durante ${CONCURRENT_SECONDS} s.\n`,
  );
  const results: Record<string, { median: number; p95: number; rps: number; p99: number }> = {};
  for (const p of paths) {
    const seq = await sequential(p.url, headers);
    const conc = await concurrent(p.url, headers);
    results[p.name] = { ...seq, ...conc };
    console.log(
      `${p.name.padEnd(42)} mediana ${seq.median.toFixed(1).padStart(6)} ms  p95 ${seq.p95.toFixed(1).padStart(6)} ms  |  ${conc.rps.toFixed(0).padStart(5)} req/s  p99 ${String(conc.p99).padStart(4)} ms`,
    );
  }
  console.log(
    `\nRelación de rendimiento con ${CONNECTIONS} conexiones, ${RATIO_ROUNDS} rondas alternas de ${CONCURRENT_SECONDS} s:`,
  );
  // The ratio from alternating rounds of the two, after both are warm, so neither is measured
  // on a colder cache or JIT than the other (the table above measures each once, in order).
  const ratios: number[] = [];
  for (let round = 1; round <= RATIO_ROUNDS; round++) {
    const trpcList = await concurrent(paths[0].url, headers);
    const plain = await concurrent(paths[1].url, headers);
    ratios.push(trpcList.rps / plain.rps);
    console.log(
      `  ronda ${round}: lista tRPC ${trpcList.rps.toFixed(0)} req/s, ruta simple ${plain.rps.toFixed(0)} req/s → ${((trpcList.rps / plain.rps) * 100).toFixed(0)} %`,
    );
  }
  const medianRatio = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
  console.log(
    `\nRelación lista tRPC / ruta simple (mediana de ${RATIO_ROUNDS} rondas alternas): ${(medianRatio * 100).toFixed(0)} % (objetivo ≥ 60 %)`,
  );

  console.log('\nPlanes (EXPLAIN ANALYZE):');
  for (const p of paths) {
    for (const q of p.explain ?? []) {
      const plan = await raw.unsafe(`explain (analyze, buffers, costs off) ${q.sql}`, q.params as never[]);
      console.log(`\n--- ${p.name}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  }
  await raw.end();
}

/**
 * The dashboard, each report period, the trend, the distributions, the CSV export and the admin
 * payments page (its list, searches, bounded counts and summary), one client at a time through
 * tRPC over HTTP.
 */
async function measureReports(
  trpc: (path: string, input?: unknown) => string,
  headers: Record<string, string>,
  raw: postgres.Sql,
) {
  // Search terms from the seeded data: a surname shared by many customers, and a fragment of a
  // real payment reference from the middle of the table.
  const byName = 'Zambrano';
  const [{ reference }] = await raw<{ reference: string }[]>`
    select payment_reference as reference from payment_transactions order by created_at desc offset 250000 limit 1`;
  const byReference = reference.slice(2, 11);
  // A customer's phone typed the other way round (0412… for +58 412-…), and a cédula with dots.
  const [{ phone, cedula }] = await raw<{ phone: string; cedula: string }[]>`
    select phone, cedula from user_profiles where user_id = md5('u' || 25000)::uuid`;
  const byPhone = `0${phone.replace(/^\+58 /, '').replace(/-/g, '')}`;
  const byCedula = cedula;
  const paths: { name: string; url: string; target?: boolean }[] = [
    { name: 'dashboard: reports.dashboardStats', url: trpc('reports.dashboardStats'), target: true },
    { name: 'dashboard: reports.recentActivity', url: trpc('reports.recentActivity'), target: true },
    ...(['week', 'month', 'quarter', 'year'] as const).map((period) => ({
      name: `reporte: reports.period (${period})`,
      url: trpc('reports.period', { period }),
      target: true,
    })),
    { name: 'reporte: reports.trend (6 meses)', url: trpc('reports.trend'), target: true },
    { name: 'reporte: reports.statusDistribution', url: trpc('reports.statusDistribution'), target: true },
    { name: 'reporte: reports.exportCsv (year)', url: trpc('reports.exportCsv', { period: 'year' }) },
    { name: 'pagos: payments.summary', url: trpc('payments.summary') },
    { name: 'pagos: payments.list, 1.ª página', url: trpc('payments.list', {}) },
    { name: 'pagos: payments.list, pendientes', url: trpc('payments.list', { status: 'pending' }) },
    { name: 'pagos: payments.list, página 100', url: trpc('payments.list', { page: 100 }) },
    { name: `pagos: payments.list, búsqueda «${byName}»`, url: trpc('payments.list', { q: byName }) },
    { name: `pagos: payments.list, búsqueda «${byReference}»`, url: trpc('payments.list', { q: byReference }) },
    { name: 'pagos: payments.list, búsqueda «gonzalez» (sin tilde)', url: trpc('payments.list', { q: 'gonzalez' }) },
    { name: 'clientes: clients.list, búsqueda «gonzalez»', url: trpc('clients.list', { q: 'gonzalez' }) },
    { name: 'clientes: clients.count, búsqueda «gonzalez»', url: trpc('clients.count', { q: 'gonzalez' }) },
    { name: `clientes: clients.list, teléfono «${byPhone}»`, url: trpc('clients.list', { q: byPhone }) },
    { name: `clientes: clients.list, cédula «${byCedula}»`, url: trpc('clients.list', { q: byCedula }) },
    { name: 'pagos: payments.count, sin filtros', url: trpc('payments.count', {}) },
    { name: `pagos: payments.count, búsqueda «${byName}»`, url: trpc('payments.count', { q: byName }) },
    { name: `pagos: payments.count, búsqueda «${byReference}»`, url: trpc('payments.count', { q: byReference }) },
    { name: 'pagos: payments.count, tipo course_purchase', url: trpc('payments.count', { type: 'course_purchase' }) },
  ];
  console.log(
    `\nPanel, reportes y pagos (${REPORT_CUSTOMERS.toLocaleString('es-ES')} clientes, ${PACKAGES.toLocaleString('es-ES')} paquetes, ${SHIPMENTS.toLocaleString('es-ES')} envíos, ${PAYMENTS.toLocaleString('es-ES')} pagos): 1 cliente durante ${SEQUENTIAL_MS / 1000} s cada uno.\n`,
  );
  const slow: string[] = [];
  for (const p of paths) {
    const seq = await sequential(p.url, headers);
    const verdict = p.target ? (seq.median < REPORT_TARGET_MS ? '  ok' : '  LENTO') : '';
    if (p.target && seq.median >= REPORT_TARGET_MS) slow.push(p.name);
    console.log(
      `${p.name.padEnd(44)} mediana ${seq.median.toFixed(1).padStart(6)} ms  p95 ${seq.p95.toFixed(1).padStart(6)} ms  (${seq.n} peticiones)${verdict}`,
    );
  }
  console.log(
    slow.length
      ? `\nPor encima del objetivo de ${REPORT_TARGET_MS} ms de mediana: ${slow.join(', ')}`
      : `\nPanel y reportes: todas las medianas por debajo de ${REPORT_TARGET_MS} ms.`,
  );

  console.log('\nPlanes de los reportes (EXPLAIN ANALYZE):');
  const explain = async (name: string, q: SqlText) => {
    const plan = await raw.unsafe(`explain (analyze, buffers, costs off) ${q.sql}`, q.params as never[]);
    console.log(`\n--- ${name}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
  };
  const year = reportQueriesSql('year');
  await explain('reports.period (year): cifras y comparación', year.totals);
  await explain('reports.period (year): top 10 clientes', year.topClients);
  await explain('reports.period (week): cifras y comparación', reportQueriesSql('week').totals);
  await explain('reports.trend: últimos 6 meses', year.trend);
  await explain('reports.statusDistribution', year.distribution);
}

/**
 * 1,000,000 audit entries over about a year, by 20 staff members, about changes to packages,
 * trackings and payments (five entries per package). The log refuses TRUNCATE, so a run only
 * adds what is missing.
 */
async function seedAudit(sql: postgres.Sql) {
  const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from audit_log`;
  if (n >= AUDIT_ENTRIES) {
    console.log(`\nLa base ya tiene ${n.toLocaleString('es-ES')} entradas de auditoría: se reutiliza.`);
    return;
  }
  console.log(`\nSembrando ${(AUDIT_ENTRIES - n).toLocaleString('es-ES')} entradas de auditoría...`);
  const started = performance.now();
  await sql.begin(async (tx) => {
    await tx.unsafe(`
      insert into users (id, email, password_hash, role, email_verified_at, created_at)
      select md5('s' || i)::uuid, 'personal' || i || '@bench.test', 'x',
             (array['admin', 'almacen', 'caja', 'atencion'])[1 + i % 4]::user_role, now(), now() - interval '2 years'
      from generate_series(1, ${AUDIT_STAFF}) i
      on conflict do nothing`);
    await tx.unsafe(`
      insert into user_profiles (user_id, full_name)
      select md5('s' || i)::uuid, 'Personal ' || i from generate_series(1, ${AUDIT_STAFF}) i
      on conflict do nothing`);
    await tx.unsafe(`
      insert into audit_log (created_at, actor_id, actor_role, action, entity, entity_id, operation, before, after, ip, user_agent)
      select now() - i * interval '30 seconds', md5('s' || (1 + i % ${AUDIT_STAFF}))::uuid,
             (array['admin', 'almacen', 'caja', 'atencion'])[1 + (1 + i % ${AUDIT_STAFF}) % 4],
             (array['packages.updateStatus', 'packages.receive', 'trackings.updateStatus', 'payments.review', 'packages.update'])[1 + i % 5],
             (array['packages', 'packages', 'trackings', 'payment_transactions', 'packages'])[1 + i % 5],
             md5('p' || (i / 5))::uuid::text, 'update',
             jsonb_build_object('status', 'pending'), jsonb_build_object('status', 'received'), '10.0.0.' || (i % 250), 'bench'
      from generate_series(${n + 1}, ${AUDIT_ENTRIES}) i`);
  });
  await sql.unsafe(`vacuum analyze audit_log`);
  console.log(`Sembrado en ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

/** The audit log's screen and an entity's history, one client at a time through tRPC over HTTP. */
async function measureAudit(
  trpc: (path: string, input?: unknown) => string,
  headers: Record<string, string>,
  raw: postgres.Sql,
) {
  const [{ actor }] = await raw<{ actor: string }[]>`select md5('s' || 7)::uuid::text as actor`;
  const [{ entityId }] = await raw<{ entityId: string }[]>`select md5('p' || 123456)::uuid::text as "entityId"`;
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const paths = [
    { name: 'auditoría: audit.list, 1.ª página', url: trpc('audit.list', {}) },
    { name: 'auditoría: audit.list, página 200', url: trpc('audit.list', { page: 200 }) },
    { name: 'auditoría: audit.list, una persona', url: trpc('audit.list', { actorId: actor }) },
    { name: 'auditoría: audit.list, entidad pagos', url: trpc('audit.list', { entity: 'payment_transactions' }) },
    {
      name: 'auditoría: audit.list, acción + semana',
      url: trpc('audit.list', { action: 'payments.review', from: day(100), to: day(93) }),
    },
    { name: 'auditoría: audit.list, búsqueda «personal 7»', url: trpc('audit.list', { q: 'personal 7' }) },
    { name: 'auditoría: audit.count, búsqueda «personal 7»', url: trpc('audit.count', { q: 'personal 7' }) },
    { name: 'auditoría: audit.list, búsqueda de un WR', url: trpc('audit.list', { q: 'WR-2026-0000123' }) },
    { name: 'auditoría: audit.list, búsqueda «gonzalez»', url: trpc('audit.list', { q: 'gonzalez' }) },
    { name: 'auditoría: audit.list, búsqueda «estado»', url: trpc('audit.list', { q: 'estado' }) },
    { name: 'auditoría: audit.count, sin filtros', url: trpc('audit.count', {}) },
    { name: 'auditoría: audit.count, una persona', url: trpc('audit.count', { actorId: actor }) },
    { name: 'auditoría: audit.forEntity (un paquete)', url: trpc('audit.forEntity', { entity: 'packages', entityId }) },
  ];
  console.log(
    `\nAuditoría (${AUDIT_ENTRIES.toLocaleString('es-ES')} entradas): 1 cliente durante ${SEQUENTIAL_MS / 1000} s cada uno.\n`,
  );
  for (const p of paths) {
    const seq = await sequential(p.url, headers);
    console.log(
      `${p.name.padEnd(44)} mediana ${seq.median.toFixed(1).padStart(6)} ms  p95 ${seq.p95.toFixed(1).padStart(6)} ms  (${seq.n} peticiones)`,
    );
  }
}

/**
 * 2,000 customers of the import's own (active casilleros IMP-00001…), idempotent; then per run
 * fresh numbers: 3,000 pre-alerted by them, 3,000 with the casillero code in the file, 4,000
 * nobody's. The file goes through the page's two requests: the dry run and the import.
 */
async function measureImport(base: string, headers: Record<string, string>, raw: postgres.Sql) {
  await raw.begin(async (tx) => {
    await tx.unsafe(`
      insert into users (id, email, password_hash, role, email_verified_at, created_at)
      select md5('imp' || i)::uuid, 'importacion' || i || '@bench.test', 'x', 'user', now(), now() - interval '1 year'
      from generate_series(1, ${IMPORT_CUSTOMERS}) i on conflict do nothing`);
    await tx.unsafe(`
      insert into user_profiles (user_id, full_name)
      select md5('imp' || i)::uuid, (${arr(FIRST)})[1 + i % 20] || ' ' || (${arr(LAST)})[1 + (i / 20) % 20]
      from generate_series(1, ${IMPORT_CUSTOMERS}) i on conflict do nothing`);
    await tx.unsafe(`
      insert into mailboxes (id, user_id, mailbox_code, location, address_line_1, city, state, postal_code, country, status)
      select md5('impm' || i)::uuid, md5('imp' || i)::uuid, 'IMP-' || lpad(i::text, 5, '0'), 'miami', '8256 NW 30th Terrace',
             'Miami', 'FL', '33166', 'USA', 'active'
      from generate_series(1, ${IMPORT_CUSTOMERS}) i on conflict do nothing`);
  });
  const run = Date.now().toString(36).toUpperCase();
  const number = (i: number) => `1ZBENCH${run}${String(i).padStart(6, '0')}`;
  const prealerted = 3_000;
  const coded = 3_000;
  await raw.unsafe(`
    insert into prealerts (user_id, tracking_number, description, sender_name, status)
    select md5('imp' || (1 + i % ${IMPORT_CUSTOMERS}))::uuid, '1ZBENCH${run}' || lpad(i::text, 6, '0'), 'Compra ' || i, 'Tienda ' || (i % 50), 'pending'
    from generate_series(0, ${prealerted - 1}) i`);
  const lines = ['tracking;transportista;casillero;descripción;peso;dimensiones'];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const code =
      i >= prealerted && i < prealerted + coded ? `IMP-${String(1 + (i % IMPORT_CUSTOMERS)).padStart(5, '0')}` : '';
    lines.push(`${number(i)};UPS;${code};Artículo ${i};${1 + (i % 40) / 4};${20 + (i % 10)}x20x15`.replace('.', ','));
  }
  const csv = lines.join('\n');
  const body = JSON.stringify({ fileName: `manifiesto-${run}.csv`, csv });
  const post = async (path: string, payload: string) => {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: payload,
    });
    const answer = (await res.json()) as Record<string, any>;
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
    return { ms: performance.now() - started, answer };
  };
  console.log(
    `\nImportación de manifiesto: ${IMPORT_ROWS.toLocaleString('es-ES')} filas (${(csv.length / 1e6).toFixed(1)} MB), ${prealerted.toLocaleString('es-ES')} prealertadas, ${coded.toLocaleString('es-ES')} con casillero, el resto sin dueño.\n`,
  );
  const dry = await post('/api/imports/preview', body);
  const s = dry.answer.summary;
  console.log(
    `revisión (dry run)        ${(dry.ms / 1000).toFixed(2).padStart(6)} s  se recibirán ${s.receive}, sin dueño ${s.unclaimed}, errores ${s.errors}`,
  );
  const applied = await post('/trpc/parcelImports.applyFile', body);
  const r = applied.answer.result.data;
  const verdict = applied.ms < IMPORT_TARGET_MS ? 'dentro del objetivo' : 'FUERA DEL OBJETIVO';
  console.log(
    `importación               ${(applied.ms / 1000).toFixed(2).padStart(6)} s  recibidos ${r.received}, sin dueño ${r.unclaimed}, omitidos ${r.skipped}, clientes notificados ${r.customersNotified}  (objetivo < ${IMPORT_TARGET_MS / 1000} s: ${verdict})`,
  );
  const again = await post('/trpc/parcelImports.applyFile', body);
  const r2 = again.answer.result.data;
  console.log(
    `el mismo archivo otra vez ${(again.ms / 1000).toFixed(2).padStart(6)} s  recibidos ${r2.received}, omitidos ${r2.skipped}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
