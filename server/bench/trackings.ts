// The admin trackings paths at 1,000,000 trackings (docs/product/admin-trackings.md), part of
// `npm run bench`: the seed of 10,000 customers and their trackings, then each path over HTTP with
// one client and with many connections, the tRPC list against a plain Fastify route running the
// same SQL, and the plans.
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import type { trackingQueriesSql, SqlText } from '../src/queries/trackings/list';
import { CONCURRENT_SECONDS, CONNECTIONS, SEQUENTIAL_MS, concurrent, sequential } from './measure';
import { BENCH_CEDULA, BENCH_PHONE, FIRST, LAST, arr } from './people';

const TRACKINGS = 1_000_000;
const CUSTOMERS = 10_000;
/** Alternating rounds of the tRPC list and the plain route for their throughput ratio. */
const RATIO_ROUNDS = 5;

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

export async function seedTrackings(sql: postgres.Sql) {
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

/** The paths measured: the list's pages and searches, the plain route, the count and the stats, with their SQL. */
export async function trackingPaths(
  raw: postgres.Sql,
  base: string,
  trpc: (path: string, input?: unknown) => string,
  queries: ReturnType<typeof trackingQueriesSql>,
) {
  const firstPage = queries.list({});
  // Search fragments from a real tracking number in the middle of the table.
  const [{ trackingNumber }] = await raw<{ trackingNumber: string }[]>`
    select tracking_number as "trackingNumber" from trackings where carrier = 'FedEx' order by created_at desc offset 80000 limit 1`;
  const q4 = trackingNumber.slice(3, 7);
  const q8 = trackingNumber.slice(2, 10);
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
  return paths;
}

export async function measureTrackings(
  paths: { name: string; url: string; explain?: SqlText[] }[],
  headers: Record<string, string>,
  base: string,
  url: string,
) {
  const raw = postgres(url, { max: 1, onnotice: () => {} });
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
