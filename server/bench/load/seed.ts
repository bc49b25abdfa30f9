// The load run's people, seeded in SQL on a fresh database (the servers migrated it): 300
// customers with a casillero, pre-alerts for the scanners to receive and a session each; 2,000
// more signed-in customers who only keep a page open; 10 warehouse staff; 20 API clients with a
// read key each. Sessions are made as the sign-in makes them (the token's SHA-256 is the id),
// so no request of the run spends its time on argon2.
import { createHash, randomBytes } from 'node:crypto';
import type postgres from 'postgres';
import { FIRST, LAST, arr } from '../people';
import type { Database } from '../../src/db/client';
import { createApiKey } from '../../src/services/api-keys';

export type Seeded = {
  /** Session tokens of the 300 active customers (index = customer). */
  customers: string[];
  /** Their user ids, in the same order. */
  customerIds: string[];
  idle: string[];
  scanners: string[];
  apiKeys: string[];
  /** Per active customer, the numbers she pre-alerted that the scanners receive, in order. */
  numbers: string[][];
};

const token = () => randomBytes(20).toString('base64url');
const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');

async function sessionsFor(sql: postgres.Sql, userIds: string[]): Promise<string[]> {
  const tokens = userIds.map(() => token());
  const rows = userIds.map((userId, i) => ({
    id: sha256(tokens[i]),
    user_id: userId,
    expires_at: new Date(Date.now() + 30 * 86_400_000),
  }));
  for (let i = 0; i < rows.length; i += 1000) await sql`insert into sessions ${sql(rows.slice(i, i + 1000))}`;
  return tokens;
}

export async function seedLoad(
  sql: postgres.Sql,
  db: Database,
  counts: { customers: number; idle: number; scanners: number; apiClients: number; parcelsEach: number },
): Promise<Seeded> {
  const people = counts.customers + counts.idle;
  await sql.begin(async (tx) => {
    await tx.unsafe(`
      insert into users (id, email, password_hash, role, email_verified_at, created_at)
      select md5('carga' || i)::uuid, 'carga' || i || '@bench.test', 'x', 'user', now(), now() - interval '1 year'
      from generate_series(1, ${people}) i`);
    await tx.unsafe(`
      insert into user_profiles (user_id, full_name, phone)
      select md5('carga' || i)::uuid, (${arr(FIRST)})[1 + i % 20] || ' ' || (${arr(LAST)})[1 + (i / 20) % 20],
             '+58 412-' || lpad(i::text, 7, '0')
      from generate_series(1, ${people}) i`);
    await tx.unsafe(`
      insert into mailboxes (id, user_id, mailbox_code, location, address_line_1, city, state, postal_code, country, status)
      select md5('cargam' || i)::uuid, md5('carga' || i)::uuid, 'CRG-' || lpad(i::text, 5, '0'), 'miami',
             '8256 NW 30th Terrace', 'Miami', 'FL', '33166', 'USA', 'active'
      from generate_series(1, ${counts.customers}) i`);
    await tx.unsafe(`
      insert into prealerts (user_id, mailbox_id, tracking_number, description, sender_name, carrier, status)
      select md5('carga' || c)::uuid, md5('cargam' || c)::uuid, '1ZCARGA' || lpad(c::text, 5, '0') || lpad(k::text, 4, '0'),
             'Compra ' || k, 'Tienda ' || (k % 30), 'UPS', 'pending'
      from generate_series(1, ${counts.customers}) c, generate_series(1, ${counts.parcelsEach}) k`);
    await tx.unsafe(`
      insert into users (id, email, password_hash, role, email_verified_at, created_at)
      select md5('cargastaff' || i)::uuid, 'almacen-carga' || i || '@bench.test', 'x', 'almacen', now(), now()
      from generate_series(1, ${counts.scanners}) i`);
    await tx.unsafe(`
      insert into user_profiles (user_id, full_name)
      select md5('cargastaff' || i)::uuid, 'Almacén ' || i from generate_series(1, ${counts.scanners}) i`);
  });
  const ids = await sql<{ id: string; email: string }[]>`
    select id, email from users where email like 'carga%@bench.test'`;
  const byEmail = new Map(ids.map((r) => [r.email, r.id]));
  const userId = (i: number) => byEmail.get(`carga${i}@bench.test`)!;
  const customerIds = Array.from({ length: counts.customers }, (_, i) => userId(i + 1));
  const idleIds = Array.from({ length: counts.idle }, (_, i) => userId(counts.customers + i + 1));
  const staff = await sql<
    { id: string }[]
  >`select id from users where email like 'almacen-carga%@bench.test' order by email`;

  // API clients: the last active customers, each with a read key of her own (the per-key limit holds).
  const apiKeys: string[] = [];
  for (let i = 0; i < counts.apiClients; i++) {
    const created = await createApiKey(
      db.db,
      { id: customerIds[counts.customers - 1 - i], role: 'user' },
      { name: `Carga ${i + 1}`, scope: 'read' },
    );
    apiKeys.push(created.key);
  }
  const numbers = Array.from({ length: counts.customers }, (_, c) =>
    Array.from(
      { length: counts.parcelsEach },
      (_, k) => `1ZCARGA${String(c + 1).padStart(5, '0')}${String(k + 1).padStart(4, '0')}`,
    ),
  );
  return {
    customers: await sessionsFor(sql, customerIds),
    customerIds,
    idle: await sessionsFor(sql, idleIds),
    scanners: await sessionsFor(
      sql,
      staff.map((s) => s.id),
    ),
    apiKeys,
    numbers,
  };
}
