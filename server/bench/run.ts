// npm run bench: 1,000,000 trackings in the PostgreSQL database named by BENCH_DATABASE_URL
// (created and seeded on the first run, reused afterwards), then the admin trackings paths (bench/trackings.ts)
// measured over HTTP with a signed-in admin session, against a plain Fastify route that runs
// the list's first-page SQL straight through `postgres`. Not part of `npm test`.
// The same run seeds 1,000,000 packages, 200,000 shipments and 500,000 payments across 50,000
// customers and measures the dashboard, the reports of each period and the admin payments page
// (list, search, bounded count, summary) with one client (median and p95), then prints the
// report queries' plans (bench/reports.ts).
// `npm run bench -w server -- --solo-reportes` skips the trackings measurements;
// `-- --solo-trackings` skips the reports'. The audit log (1,000,000 entries by 20 staff
// members) is measured last: list pages, filters by person, entity and day range, the bounded
// count and one entity's history (bench/audit.ts); `-- --solo-auditoria` measures only that.
// Last, the manifest import (docs/decisions/019-warehouse-intake.md): a 10,000-row CSV checked (dry run) and imported through
// HTTP as the admin's page does, against 2,000 customers of its own with pre-alerts, then the
// same file again; target under 10 s (bench/import.ts). `-- --solo-importacion` seeds and measures only that.
// Then the departures (bench/departures.ts): a milestone for a 5,000-shipment container and the
// outbox drained by two servers; `-- --solo-despachos` measures only that (without
// BENCH_DATABASE_URL, on the embedded database). Then the public API's lists (bench/api.ts);
// `-- --solo-api` measures only those. The first mile (bench/first-mile.ts): a burst of 10,000
// carrier events by webhook and the polling plan of 100,000 numbers; `-- --solo-primera-milla`
// measures the burst on the embedded database and on a fresh PostgreSQL database (dropped after).
// Pre-alerts from e-mail (bench/prealert-mail.ts): 1,000 forwarded e-mails in a burst turned into drafts,
// target 20 per second, memory measured; `-- --solo-correo` measures only that on the embedded database.
// The WhatsApp desk (bench/whatsapp-desk.ts): 5,000 inbound messages by webhook on one server
// (target 500 per second, each once, answered in order per customer) and "Cuánto debo" with 50
// open invoices (target 200 ms); `-- --solo-whatsapp` measures only that, on the embedded
// database and on a fresh PostgreSQL database (dropped after).
// `-- --carga` instead runs a busy day's mixed traffic on two servers (bench/load/index.ts).
// The OCR of a receipt photo (bench/ocr.ts) closes the run; `-- --solo-ocr` measures only that,
// without a database.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openPglite, openPostgres } from '../src/db/client';
import { measureApi } from './api';
import { measureAudit, seedAudit } from './audit';
import { measureDepartures } from './departures';
import { measureFirstMile, measurePollingPlan, measureWebhookBurst } from './first-mile';
import { withFreshPostgres } from './fresh-database';
import { measureImport } from './import';
import { measurePrealertMailBurst } from './prealert-mail';
import { measureLoad } from './load';
import { measureOcr } from './ocr';
import { SERVER_ROOT } from './load/servers';
import { measureReports, seedReports } from './reports';
import { measureTrackings, seedTrackings, trackingPaths } from './trackings';
import { measureWhatsappDesk } from './whatsapp-desk';
import { loadConfig } from '../src/env';
import { trackingQueriesSql } from '../src/queries/trackings/list';
import { createServer } from '../src/server';
import { createOrPromoteAdmin } from '../src/services/auth';

const ADMIN = { email: 'bench-admin@casillero.test', password: 'Bench#Admin2026', fullName: 'Admin Bench' };
const ONLY_REPORTS = process.argv.includes('--solo-reportes');
const ONLY_TRACKINGS = process.argv.includes('--solo-trackings');
const ONLY_AUDIT = process.argv.includes('--solo-auditoria');
const ONLY_IMPORT = process.argv.includes('--solo-importacion');

const ONLY_DEPARTURES = process.argv.includes('--solo-despachos');
const ONLY_API = process.argv.includes('--solo-api');
const ONLY_FIRST_MILE = process.argv.includes('--solo-primera-milla');
const ONLY_OCR = process.argv.includes('--solo-ocr');
const ONLY_MAIL = process.argv.includes('--solo-correo');
const ONLY_WHATSAPP = process.argv.includes('--solo-whatsapp');
const url = process.env.BENCH_DATABASE_URL;
if (process.argv.includes('--carga')) {
  // The day's mixed load on two servers (bench/load/index.ts), on a fresh database of the
  // PostgreSQL server BENCH_DATABASE_URL names (dropped after), with the server built as production runs it.
  const seconds = Number(process.argv[process.argv.indexOf('--segundos') + 1] ?? 180);
  if (!url) {
    console.error('Falta BENCH_DATABASE_URL (el servidor PostgreSQL donde crear la base de la carga).');
    process.exit(1);
  }
  execSync('npm run build', { cwd: SERVER_ROOT, stdio: 'inherit' });
  await measureLoad(url, process.argv.includes('--segundos') ? seconds : 180);
  process.exit(0);
}
if (ONLY_OCR) {
  await measureOcr();
  process.exit(0);
}
if (ONLY_FIRST_MILE) {
  // The burst on the embedded database, then on a fresh database of the PostgreSQL server
  // BENCH_DATABASE_URL (or DATABASE_URL) names, dropped after; then the polling plan.
  const embedded = await openPglite();
  await embedded.migrate();
  const figures = [`PGlite ${await measureWebhookBurst(embedded, embedded, 'PGlite embebida')} eventos/s`];
  await embedded.close();
  const serverUrl = url ?? process.env.DATABASE_URL;
  if (serverUrl) {
    const perSecond = await withFreshPostgres(serverUrl, 'casillero_primera_milla', (first, second, name) =>
      measureWebhookBurst(first, second, `PostgreSQL, base nueva ${name}, dos servidores`),
    );
    figures.push(`PostgreSQL ${perSecond} eventos/s`);
  } else {
    console.log('\n(Sin BENCH_DATABASE_URL ni DATABASE_URL: la ráfaga no se mide en PostgreSQL.)');
  }
  console.log(`\nRáfaga de webhooks: ${figures.join('; ')}`);
  measurePollingPlan();
  process.exit(0);
}
if (ONLY_MAIL) {
  // Pre-alerts from e-mail: the burst on the embedded database (bench/prealert-mail.ts).
  const embedded = await openPglite();
  await embedded.migrate();
  const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-correo-'));
  await measurePrealertMailBurst(embedded, storage);
  await embedded.close();
  fs.rmSync(storage, { recursive: true, force: true });
  process.exit(0);
}
if (ONLY_WHATSAPP) {
  // On the embedded database, then on a fresh database of the PostgreSQL server named, dropped after.
  const embedded = await openPglite();
  await embedded.migrate();
  const figures = [await measureWhatsappDesk(embedded, 'PGlite embebida')];
  await embedded.close();
  const serverUrl = url ?? process.env.DATABASE_URL;
  if (serverUrl) {
    figures.push(
      await withFreshPostgres(serverUrl, 'casillero_whatsapp', (first, _second, name) =>
        measureWhatsappDesk(first, `PostgreSQL, base nueva ${name}`),
      ),
    );
  } else {
    console.log('\n(Sin BENCH_DATABASE_URL ni DATABASE_URL: la mesa de WhatsApp no se mide en PostgreSQL.)');
  }
  const [pglite, pg] = figures;
  console.log(
    `\nMesa de WhatsApp: PGlite ${pglite!.perSecond} mensajes/s, «Cuánto debo» p95 ${pglite!.p95.toFixed(0)} ms` +
      (pg ? `; PostgreSQL ${pg.perSecond} mensajes/s, «Cuánto debo» p95 ${pg.p95.toFixed(0)} ms` : ''),
  );
  process.exit(0);
}
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

async function main() {
  await ensureDatabase(url!);
  const database = openPostgres(url!, { max: 10 });
  await database.migrate();
  const raw = postgres(url!, { max: 10, onnotice: () => {} });
  if (!ONLY_IMPORT) {
    await seedTrackings(raw);
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
    await measureFirstMile(database, second);
    await second.close();
    const storage = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-correo-'));
    await measurePrealertMailBurst(database, storage);
    fs.rmSync(storage, { recursive: true, force: true });
    await measureWhatsappDesk(database, 'PostgreSQL');
  }
  if (!ONLY_REPORTS && !ONLY_TRACKINGS && !ONLY_AUDIT && !ONLY_IMPORT) await measureApi(database, raw, base);
  if (!ONLY_REPORTS && !ONLY_TRACKINGS && !ONLY_AUDIT && !ONLY_IMPORT && !ONLY_API) await measureOcr();

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
  const trpc = (path: string, input?: unknown) =>
    `${base}/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
  const paths = await trackingPaths(raw, base, trpc, queries);

  if (!ONLY_REPORTS && !ONLY_AUDIT) await measureTrackings(paths, headers, base, url!);
  if (!ONLY_TRACKINGS && !ONLY_AUDIT) await measureReports(trpc, headers, raw);
  if (!ONLY_REPORTS && !ONLY_TRACKINGS) {
    await seedAudit(raw);
    await measureAudit(trpc, headers, raw);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
