// The audit log at 1,000,000 entries by 20 staff members, part of `npm run bench`: its screen's
// pages, filters and bounded counts, and one entity's history, with one client.
import { performance } from 'node:perf_hooks';
import type postgres from 'postgres';
import { SEQUENTIAL_MS, sequential } from './measure';

const AUDIT_ENTRIES = 1_000_000;
const AUDIT_STAFF = 20;

/**
 * 1,000,000 audit entries over about a year, by 20 staff members, about changes to packages,
 * trackings and payments (five entries per package). The log refuses TRUNCATE, so a run only
 * adds what is missing.
 */
export async function seedAudit(sql: postgres.Sql) {
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
export async function measureAudit(
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
