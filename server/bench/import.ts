// The manifest import (docs/decisions/019-warehouse-intake.md), part of `npm run bench`: a
// 10,000-row CSV checked (dry run) and imported through HTTP as the admin's page does, then the
// same file again; target under 10 s.
import { performance } from 'node:perf_hooks';
import type postgres from 'postgres';
import { FIRST, LAST, arr } from './people';

const IMPORT_ROWS = 10_000;
const IMPORT_CUSTOMERS = 2_000;
const IMPORT_TARGET_MS = 10_000;

/**
 * 2,000 customers of the import's own (active casilleros IMP-00001…), idempotent; then per run
 * fresh numbers: 3,000 pre-alerted by them, 3,000 with the casillero code in the file, 4,000
 * nobody's. The file goes through the page's two requests: the dry run and the import.
 */
export async function measureImport(base: string, headers: Record<string, string>, raw: postgres.Sql) {
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
