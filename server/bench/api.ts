// The public API's lists at 1,000,000 rows (docs/product/public-api.md#performance), part of
// `npm run bench` (`npm run bench -w server -- --solo-api` measures only this). On top of the reports' seed (1,000,000
// packages and 200,000 shipments of 50,000 customers) it adds 1,000,000 pre-alerts and 500,000
// invoices, an online store pre-alerting through the API with 100,000 pre-alerts, 100,000
// packages, 20,000 shipments and 50,000 invoices of its own, and an ordinary customer with twenty
// of each (two customers of their own: the seed's ids are not the UUIDs the API answers). Then every list
// endpoint is measured over HTTP with a read key of that store and of an ordinary customer: the
// first page, the deepest page a page number reaches (API_MAX_OFFSET rows: page 10 of 100) and
// the same page by cursor, page 100 by cursor (offset 9,900, refused by number), the last page by
// cursor (the store's 100,000th pre-alert), and the packages' search
// and status filter; median and p95 with one client, against the app's list budget (50 ms
// median, admin-trackings.md).
import { performance } from 'node:perf_hooks';
import type postgres from 'postgres';
import { PUBLIC_API_BASE, encodeListCursor, maxApiPage } from '@casillero/shared';
import type { Database } from '../src/db/client';
import { createApiKey } from '../src/services/api-keys';

const PREALERTS = 1_000_000;
const INVOICES = 500_000;
const CUSTOMERS = 50_000;
const STORE_ROWS = { packages: 100_000, shipments: 20_000 };
const LIST_TARGET_MS = 50;
const SAMPLE_MS = 2_000;

/** A valid UUID (version and variant set, as the API's schemas check) derived from a text. */
const uuidOf = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
const STORE = uuidOf(`'api-tienda'`);
const ORDINARY = uuidOf(`'api-cliente'`);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function seedApiRows(sql: postgres.Sql) {
  const [counts] = await sql<{ prealerts: number; invoices: number }[]>`
    select (select count(*)::int from prealerts) as prealerts, (select count(*)::int from invoices) as invoices`;
  if (counts.prealerts >= PREALERTS && counts.invoices >= INVOICES) {
    console.log(
      `\nLa base ya tiene ${counts.prealerts.toLocaleString('es-ES')} prealertas y ${counts.invoices.toLocaleString('es-ES')} facturas: se reutilizan.`,
    );
    return;
  }
  console.log('\nSembrando prealertas, facturas, la tienda que usa la API y un cliente corriente...');
  const started = performance.now();
  await sql.begin(async (tx) => {
    await tx.unsafe(`
      insert into users (id, email, password_hash, role, email_verified_at, last_active_at, created_at)
      values (${STORE}, 'tienda-api@bench.test', 'x', 'user', now(), now(), now() - interval '2 years'),
             (${ORDINARY}, 'cliente-api@bench.test', 'x', 'user', now(), now(), now() - interval '2 years')
      on conflict do nothing`);
    await tx.unsafe(`
      insert into user_profiles (user_id, full_name, phone, cedula)
      values (${STORE}, 'Tienda en Línea API', '+58 412-5550001', 'J-40123456-7'),
             (${ORDINARY}, 'Cliente Corriente API', '+58 414-5550002', 'V-20.123.456')
      on conflict do nothing`);
    await tx.unsafe(`
      insert into mailboxes (id, user_id, mailbox_code, location, address_line_1, address_line_2, city, state, postal_code, country, status)
      select ${uuidOf(`'mbox-' || u`)}, (case u when 'tienda' then ${STORE} else ${ORDINARY} end),
             'MV-19487-' || (case u when 'tienda' then 'A0001' else 'A0002' end), 'miami', '8256 NW 30th Terrace',
             'REF/APTO', 'Miami', 'FL', '33166', 'USA', 'active'
      from unnest(array['tienda', 'cliente']) u
      on conflict do nothing`);
    const mailboxOf = (who: string) => uuidOf(`'mbox-${who}'`);
    await tx.unsafe(`set local session_replication_role = replica`);
    // Pre-alert i: one every 63 s back from now; every tenth is the store's, one in 50,000 the
    // ordinary customer's (twenty), the rest the seed's customers'.
    await tx.unsafe(`
      insert into prealerts (id, user_id, mailbox_id, tracking_number, description, quantity_items, sender_name, carrier,
                             status, created_at, updated_at)
      select ${uuidOf(`'pa' || i`)}, owner, box, 'PRE' || lpad(i::text, 10, '0'),
             'Compra en línea número ' || i, 1 + i % 3, 'Tienda ' || (i % 50), (array['UPS', 'FedEx', 'USPS', 'DHL'])[1 + i % 4],
             (case when i % 7 = 0 then 'confirmed' else 'pending' end)::prealert_status, at, at
      from generate_series(1, ${PREALERTS}) i,
           lateral (select now() - i * interval '63 seconds' as at, 1 + (i::bigint * 7919) % ${CUSTOMERS} as c) x,
           lateral (select case when i % 10 = 0 then ${STORE} when i % 50000 = 7 then ${ORDINARY} else md5('u' || c)::uuid end as owner,
                           case when i % 10 = 0 then ${mailboxOf('tienda')} when i % 50000 = 7 then ${mailboxOf('cliente')}
                                else md5('m' || c)::uuid end as box) y`);
    // The store's packages and shipments (three packages each), and the ordinary customer's twenty and four.
    for (const [who, owner, packageCount, shipmentCount] of [
      ['tienda', STORE, STORE_ROWS.packages, STORE_ROWS.shipments],
      ['cliente', ORDINARY, 20, 4],
    ] as const) {
      await tx.unsafe(`
        insert into packages (id, user_id, mailbox_id, tracking_number, package_description, sender_name, weight_kg,
                              estimated_value_usd_cents, status, warehouse_receipt, received_date, created_at, updated_at)
        select ${uuidOf(`'${who}-p' || i`)}, ${owner}, ${mailboxOf(who)}, upper('${who}') || lpad(i::text, 9, '0'),
               'Pedido ' || i, 'Tienda propia', 0.5 + (i % 200) / 10.0, (i % 5000) * 10,
               (array['received', 'in_warehouse', 'processed', 'shipped'])[1 + i % 4]::package_status,
               'WR-' || upper('${who}') || '-' || lpad(i::text, 9, '0'), at, at, at
        from generate_series(1, ${packageCount}) i, lateral (select now() - i * interval '300 seconds' as at) x`);
      await tx.unsafe(`
        insert into shipments (id, user_id, shipment_code, delivery_address, delivery_city, delivery_state, shipping_cost_usd_cents,
                               total_weight_kg, status, created_at, updated_at)
        select ${uuidOf(`'${who}-s' || j`)}, ${owner}, 'S' || upper('${who}') || lpad(j::text, 8, '0'), 'Av. Principal, local ' || j,
               'Valencia', 'Carabobo', 1500 + (j % 60) * 100, 1.5 + (j % 30), 'delivered'::shipment_status, at, at
        from generate_series(1, ${shipmentCount}) j, lateral (select now() - j * interval '1500 seconds' as at) x`);
      await tx.unsafe(`
        insert into shipment_packages (shipment_id, package_id, created_at)
        select ${uuidOf(`'${who}-s' || j`)}, ${uuidOf(`'${who}-p' || (5 * (j - 1) + k)`)}, now()
        from generate_series(1, ${shipmentCount}) j, generate_series(1, 3) k`);
    }
    // Invoice k: one every 126 s back from now; every tenth is the store's, one in 25,000 the
    // ordinary customer's (twenty).
    await tx.unsafe(`
      insert into invoices (id, user_id, year, sequence, number, concept, description, lines, usd_cents, issue_date,
                            customer_name, created_at)
      select ${uuidOf(`'inv' || k`)}, owner, 2000 + k / 100000, k % 100000,
             'BENCH-' || lpad(k::text, 9, '0'), 'shipping_payment'::payment_type, 'Envío de prueba ' || k,
             jsonb_build_array(jsonb_build_object('description', 'Envío', 'usdCents', 1099 + (k % 190) * 100)),
             1099 + (k % 190) * 100, (at at time zone 'America/Caracas')::date, 'Cliente de prueba', at
      from generate_series(1, ${INVOICES}) k,
           lateral (select now() - k * interval '126 seconds' as at) x,
           lateral (select case when k % 10 = 0 then ${STORE} when k % 25000 = 7 then ${ORDINARY}
                                else md5('u' || (1 + (k::bigint * 7919) % ${CUSTOMERS}))::uuid end as owner) y`);
    await tx.unsafe(`set local session_replication_role = origin`);
  });
  await sql.unsafe(`vacuum analyze users, mailboxes, prealerts, packages, shipments, shipment_packages, invoices`);
  console.log(`Sembrado en ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

/** Each list's table and the time it is ordered by, newest first (the cursor's key). */
const CURSOR_LISTS = {
  prealertas: { path: '/prealerts', table: 'prealerts', time: 'created_at' },
  paquetes: { path: '/packages', table: 'packages', time: 'coalesce(received_date, created_at)' },
  envíos: { path: '/shipments', table: 'shipments', time: 'created_at' },
  facturas: { path: '/invoices', table: 'invoices', time: 'created_at' },
} as const;

/**
 * The cursor a walk would hold after `skip` of the owner's rows (or after their last row but
 * one hundred when they have fewer): built from the row itself as the API builds it.
 */
async function cursorAfter(sql: postgres.Sql, list: keyof typeof CURSOR_LISTS, owner: string, skip: number | 'last') {
  const { table, time } = CURSOR_LISTS[list];
  const [{ n }] = await sql.unsafe<{ n: number }[]>(`select count(*)::int as n from ${table} where user_id = $1`, [
    owner,
  ]);
  const offset = Math.max(0, (skip === 'last' ? n - 100 : Math.min(skip, n - 1)) - 1);
  const [row] = await sql.unsafe<{ micros: string; id: string }[]>(
    `select (extract(epoch from ${time}) * 1000000)::bigint::text as micros, id from ${table}
     where user_id = $1 order by ${time} desc, id desc offset ${offset} limit 1`,
    [owner],
  );
  return encodeListCursor(row);
}

async function sample(url: string, key: string) {
  const headers = { authorization: `Bearer ${key}` };
  for (let i = 0; i < 3; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
  const times: number[] = [];
  const until = performance.now() + SAMPLE_MS;
  while (performance.now() < until || times.length < 20) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} respondió ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: pct(times, 50), p95: pct(times, 95), n: times.length };
}

export async function measureApi(database: Database, raw: postgres.Sql, base: string) {
  await seedApiRows(raw);
  // The ordinary customer (twenty rows of each) and the store.
  const [{ ordinaryId, storeId }] = await raw.unsafe<{ ordinaryId: string; storeId: string }[]>(
    `select ${ORDINARY} as "ordinaryId", ${STORE} as "storeId"`,
  );
  const keyOf = async (id: string) =>
    (await createApiKey(database.db, { id, role: 'user' }, { name: 'Banco de pruebas', scope: 'read' })).key;
  const who = [
    { label: 'cliente', id: ordinaryId, key: await keyOf(ordinaryId) },
    { label: 'tienda', id: storeId, key: await keyOf(storeId) },
  ];
  const api = (path: string) => `${base}${PUBLIC_API_BASE}${path}`;
  /**
   * Each list's first page, its deepest page by number and the same rows by cursor, page 100 by
   * cursor (beyond the numbers' reach) and its last page by cursor.
   */
  const pathsOf = async (owner: string) => {
    const paths: { name: string; url: string }[] = [];
    for (const list of Object.keys(CURSOR_LISTS) as (keyof typeof CURSOR_LISTS)[]) {
      const { path } = CURSOR_LISTS[list];
      const deepest = maxApiPage(100);
      const atDeepest = await cursorAfter(raw, list, owner, (deepest - 1) * 100);
      const page100 = await cursorAfter(raw, list, owner, 9_900);
      const last = await cursorAfter(raw, list, owner, 'last');
      paths.push(
        { name: `${list}, primera página`, url: api(path) },
        {
          name: `${list}, página ${deepest} de 100 (la última por número)`,
          url: api(`${path}?pageSize=100&page=${deepest}`),
        },
        { name: `${list}, página ${deepest} por cursor`, url: api(`${path}?pageSize=100&cursor=${atDeepest}`) },
        { name: `${list}, página 100 por cursor`, url: api(`${path}?pageSize=100&cursor=${page100}`) },
        { name: `${list}, última página por cursor`, url: api(`${path}?pageSize=100&cursor=${last}`) },
      );
      if (list === 'paquetes')
        paths.push(
          { name: 'paquetes, estado «en almacén»', url: api('/packages?status=in_warehouse') },
          { name: 'paquetes, búsqueda «0042»', url: api('/packages?search=0042') },
        );
    }
    return paths;
  };
  console.log(
    `\nAPI pública: listas con una clave de lectura, un cliente a la vez (objetivo ${LIST_TARGET_MS} ms de mediana)`,
  );
  const slow: string[] = [];
  for (const { label, id, key } of who) {
    for (const p of await pathsOf(id)) {
      const r = await sample(p.url, key);
      const ok = r.median < LIST_TARGET_MS;
      if (!ok) slow.push(`${label}: ${p.name}`);
      console.log(
        `${`${label}: ${p.name}`.padEnd(52)} mediana ${r.median.toFixed(1).padStart(6)} ms  p95 ${r.p95.toFixed(1).padStart(6)} ms  (n=${r.n})${ok ? '  ok' : '  LENTO'}`,
      );
    }
  }
  console.log(
    slow.length
      ? `\nPor encima del objetivo de ${LIST_TARGET_MS} ms de mediana: ${slow.join(', ')}`
      : `\nAPI pública: todas las listas por debajo de ${LIST_TARGET_MS} ms de mediana.`,
  );
}
