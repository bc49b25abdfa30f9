// The dashboard, the reports and the admin payments page at 1,000,000 packages, 200,000 shipments
// and 500,000 payments of 50,000 customers, part of `npm run bench`: the seed, each path with one
// client against the reports' 200 ms median, then the report queries' plans.
import { performance } from 'node:perf_hooks';
import type postgres from 'postgres';
import { reportQueriesSql } from '../src/queries/reports';
import type { SqlText } from '../src/queries/trackings/list';
import { SEQUENTIAL_MS, sequential } from './measure';
import { BENCH_CEDULA, BENCH_PHONE, FIRST, LAST, arr } from './people';

const REPORT_CUSTOMERS = 50_000;
const PACKAGES = 1_000_000;
const SHIPMENTS = 200_000;
const PAYMENTS = 500_000;
const REPORT_TARGET_MS = 200;

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
export async function seedReports(sql: postgres.Sql) {
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

/**
 * The dashboard, each report period, the trend, the distributions, the CSV export and the admin
 * payments page (its list, searches, bounded counts and summary), one client at a time through
 * tRPC over HTTP.
 */
export async function measureReports(
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
