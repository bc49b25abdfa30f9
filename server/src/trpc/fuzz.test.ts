// docs/product/security.md#fuzzed-procedures: every procedure of the app router, fuzzed. Inputs come from the procedure's
// own zod input schema (test/zod-arbitrary.ts): valid ones, valid ones with hostile parts, and
// hostile values of any shape; each is sent as an anonymous visitor, a customer and an
// administrator. Whatever the input, the answer is never a 5xx, no message carries internals
// (a stack, a file path, SQL, English framework text), and a refused call leaves the database as
// it was (a journal of writes kept by triggers, below). A procedure added later is fuzzed too.
//
// FUZZ_RUNS (default 10,000) is the number of calls in total, spread over procedures × callers;
// FUZZ_SEED (default below, printed) replays a run. Example: FUZZ_RUNS=100000 FUZZ_SEED=7 npx
// vitest run --project server server/src/trpc/fuzz.test.ts
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getErrorShape, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { CLIENT_MESSAGES, GENERIC_MESSAGES, SHIPMENT_MESSAGES, can } from '@casillero/shared';
import { rowsOf, type Database } from '../db/client';
import { agencies, agencyStaff, mailboxes } from '../db/schema';
import { testConfig } from '../env';
import { callerFor, newVisitor, TEST_APP_URL, type TestCaller, type Visitor } from '../test/caller';
import { createTestDatabase } from '../test/db';
import {
  paymentMethodId,
  recordRate,
  signedInAdmin,
  signedInAlly,
  signedInCustomer,
  signedInStaff,
  homeDeliveryTo,
} from '../test/factories';
import { HOSTILE_VALUE, zodArbitrary, type ZodArbitraryOptions } from '../test/zod-arbitrary';
import type { Context } from './context';
import type { Meta } from './init';
import { appRouter } from './router';

// --- Settings --------------------------------------------------------------------------------

function envInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} debe ser un entero no negativo (recibido "${raw}")`);
  return n;
}

const TOTAL_RUNS = envInteger('FUZZ_RUNS', 10_000);
const SEED = envInteger('FUZZ_SEED', 13_2026);

// --- The walk ----------------------------------------------------------------------------------

type ProcedureType = 'query' | 'mutation' | 'subscription';
type AnyProcedure = { _def: { meta?: Meta; type: ProcedureType; inputs: unknown[] } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>).map(
  ([path, p]) => ({
    path,
    type: p._def.type,
    access: p._def.meta?.access,
    permission: p._def.meta?.permission,
    inputs: p._def.inputs,
  }),
);

/**
 * 'agencia': an agency counter's user, bound to one agency (docs/product/last-mile.md).
 * 'aliado': an ally's login, bound to its ally (docs/product/allies.md).
 */
const ROLES = ['anonymous', 'customer', 'admin', 'agencia', 'aliado'] as const;
type Role = (typeof ROLES)[number];

/** Whether a caller gets past the procedure's access check, so that its input is read at all. */
const reaches = (role: Role, p: { access: Meta['access'] | undefined; permission?: Meta['permission'] }) =>
  p.access === 'public' ||
  (p.access === 'user' && role !== 'anonymous') ||
  role === 'admin' ||
  ((role === 'agencia' || role === 'aliado') && p.access === 'staff' && !!p.permission && can(role, p.permission));

/**
 * Calls where the input is read get four times the runs of calls the access check refuses
 * first (those still get some: the check must hold whatever the input). The total is exact.
 */
function allocateRuns(total: number) {
  const pairs = procedures.flatMap((p) =>
    ROLES.map((role) => ({ procedure: p, role, weight: reaches(role, p) ? 4 : 1 })),
  );
  const units = pairs.reduce((sum, p) => sum + p.weight, 0);
  const runs = pairs.map((p) => Math.floor((total * p.weight) / units));
  let left = total - runs.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % pairs.length, left--) runs[i]!++;
  return pairs.map((p, i) => ({ ...p, runs: runs[i]! }));
}
const plan = allocateRuns(TOTAL_RUNS);

/** A seed per pair, from the run's seed and the pair's name: a pair draws the same inputs whatever runs before it. */
function pairSeed(path: string, role: Role): number {
  let h = SEED | 0;
  for (const ch of `${path}:${role}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** The inputs of a procedure: its schema's (valid and partly hostile), and hostile values of any shape. */
function inputArbitrary(inputs: unknown[], pools: ZodArbitraryOptions): fc.Arbitrary<unknown> {
  if (inputs.length === 0) return fc.oneof(fc.constant(undefined), HOSTILE_VALUE);
  // Several `.input()` calls merge their objects: generate each and merge.
  const merge = (values: unknown[]) =>
    values.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v))
      ? Object.assign({}, ...values)
      : values[0];
  const valid = fc.tuple(...inputs.map((s) => zodArbitrary(s, pools))).map(merge);
  const hostile = fc.tuple(...inputs.map((s) => zodArbitrary(s, { ...pools, hostile: true }))).map(merge);
  // Unknown keys, and keys that pollute prototypes, beside a valid input.
  const extraKeys = valid.map((v) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? {
          ...v,
          ...JSON.parse(
            '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}},"userId":"00000000-0000-0000-0000-000000000000","role":"admin"}',
          ),
        }
      : v,
  );
  return fc.oneof(
    { arbitrary: valid, weight: 4 },
    { arbitrary: hostile, weight: 5 },
    { arbitrary: extraKeys, weight: 1 },
    { arbitrary: HOSTILE_VALUE, weight: 1 },
  );
}

// --- What an answer may not be -----------------------------------------------------------------

/** Internals: stack frames, file paths, SQL and driver text, JavaScript error names. */
const INTERNALS: [string, RegExp][] = [
  ['stack frame', /\n\s*at |\bat .*:\d+:\d+/],
  ['file path', /[/\\](src|node_modules|dist|server|shared)[/\\]|\.(ts|js|mjs|cjs):\d+/],
  [
    'SQL',
    /\b(select|insert|update|delete)\b[\s\S]*\b(from|into|set|where)\b|\b(violates|constraint|duplicate key|relation|syntax error|invalid input syntax|failed query|params:)\b/i,
  ],
  [
    'framework name',
    /TRPCError|ZodError|PGlite|postgres|drizzle|fastify|TypeError|RangeError|ReferenceError|SyntaxError|\[object Object\]|\bundefined\b|\bNaN\b/i,
  ],
];
/**
 * English: the words of framework and driver messages (Spanish ones say "Error" too, so not
 * that), as whole words by Unicode letters ("inténtalo" is not "int").
 */
const ENGLISH =
  /(?<![\p{L}\p{N}_])(the|is|are|was|int|expected|received|invalid|required|must|should|cannot|could not|not found|failed|unexpected|procedure|input|output|too (big|small|long|short)|characters|please|request|unsupported|missing|value)(?![\p{L}\p{N}_])/iu;

/** The answer HTTP would carry, shaped by the app's own error formatter as in production. */
const productionCtx = { config: testConfig({ appUrl: TEST_APP_URL, isProduction: true }) } as Context;

function problemsOf(err: unknown, path: string, type: ProcedureType, input: unknown): string[] {
  if (!(err instanceof TRPCError))
    return [`lanzó ${err instanceof Error ? err.name : typeof err} en vez de un TRPCError: ${String(err)}`];
  const problems: string[] = [];
  const status = getHTTPStatusCodeFromError(err);
  if (status >= 500) {
    const cause = err.cause instanceof Error ? err.cause : err;
    const stackTop = (cause.stack ?? '').split('\n').slice(0, 4).join(' | ');
    problems.push(`respuesta ${status} (${err.code}): ${err.message} [${stackTop}]`);
  }
  const shape = getErrorShape({ config: appRouter._def._config, error: err, type, path, input, ctx: productionCtx });
  const data = shape.data as { stack?: string; fieldErrors?: Record<string, string> };
  if (data.stack !== undefined) problems.push('la respuesta de producción lleva la pila');
  for (const message of [shape.message, ...Object.values(data.fieldErrors ?? {})]) {
    for (const [label, pattern] of INTERNALS)
      if (pattern.test(message)) problems.push(`mensaje con ${label}: ${JSON.stringify(message)}`);
    // What the message quotes back (an unknown key, an option) is the caller's, not ours.
    if (ENGLISH.test(message.replace(/"[^"]*"/g, ''))) problems.push(`mensaje en inglés: ${JSON.stringify(message)}`);
  }
  return problems;
}

/** Inputs in failure reports: huge strings and deep values cut to something readable. */
function preview(value: unknown): string {
  const seen = new WeakSet();
  const text = JSON.stringify(value, (_key, v) => {
    if (typeof v === 'number' && !Number.isFinite(v)) return `${v}`;
    if (Object.is(v, -0)) return '-0';
    if (v === undefined) return '<undefined>';
    if (typeof v === 'string' && v.length > 120) return `${v.slice(0, 60)}…(${v.length} caracteres)`;
    if (v && typeof v === 'object') {
      if (seen.has(v)) return '<repetido>';
      seen.add(v);
    }
    return v;
  });
  return text === undefined ? 'undefined' : text.length > 1_500 ? `${text.slice(0, 1_500)}…` : text;
}

// --- The write journal -------------------------------------------------------------------------

// "A refused call changes nothing" is checked with a journal of writes kept by triggers that this
// test adds to its own database copy: every inserted, deleted or actually changed row of every
// table in `public` (one added later included) adds an entry, in the same transaction, so a
// write rolled back leaves none. Reading the journal's last id costs the same however large the
// tables grow (a hash of every row did not: broadcasts to every customer make them large).

/** Bookkeeping any call may write on purpose: throttling counts refused attempts. */
const IGNORED_TABLES = new Set(['rate_limit_events']);
/** Columns any request may touch before the procedure runs (session validation). */
const IGNORED_COLUMNS = new Set(['users.last_active_at', 'sessions.expires_at']);
/**
 * Writes a refusal makes on purpose, by procedure and error code: a sign-in refused for too many
 * failures on an account warns its owner by e-mail (docs/decisions/007).
 */
const REFUSAL_WRITES: Record<string, { code: string; tables: string[] }> = {
  'auth.signIn': { code: 'TOO_MANY_REQUESTS', tables: ['email_outbox'] },
  // Too many wrong current passwords close the session that typed them and warn the owner.
  'auth.changePassword': { code: 'UNAUTHORIZED', tables: ['sessions', 'email_outbox'] },
};

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Installs the journal and its triggers; answers the tables it watches. */
async function installWriteJournal(database: Database): Promise<string[]> {
  const run = (statement: string) => database.db.execute(sql.raw(statement));
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await database.db.execute(sql`
      select c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`),
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns) {
    if (IGNORED_TABLES.has(table)) continue;
    const watched = byTable.get(table) ?? [];
    if (!IGNORED_COLUMNS.has(`${table}.${column}`)) watched.push(column);
    byTable.set(table, watched);
  }
  await run('create schema fuzz');
  await run('create table fuzz.writes (id bigserial primary key, table_name text not null, operation text not null)');
  await run(`create function fuzz.note_write() returns trigger language plpgsql as $$
    begin
      insert into fuzz.writes (table_name, operation) values (tg_table_name, tg_op);
      return null;
    end $$`);
  for (const [table, watched] of byTable) {
    const t = ident(table);
    await run(
      `create trigger fuzz_insert_delete after insert or delete on ${t} for each row execute function fuzz.note_write()`,
    );
    // An update counts only when a watched column really changes (compared as text: json has no "=").
    const side = (row: 'old' | 'new') => `row(${watched.map((c) => `${row}.${ident(c)}::text`).join(', ')})`;
    await run(
      `create trigger fuzz_update after update on ${t} for each row when (${side('old')} is distinct from ${side('new')}) execute function fuzz.note_write()`,
    );
  }
  return [...byTable.keys()];
}

/** The journal's last entry. */
async function journalPosition(): Promise<number> {
  const started = performance.now();
  const [row] = rowsOf<{ id: string }>(
    await db().execute(sql`select coalesce(max(id), 0)::text as id from fuzz.writes`),
  );
  tally.journalMs += performance.now() - started;
  return Number(row!.id);
}

/** What was written after a position, e.g. "email_outbox INSERT ×1". */
async function writesSince(position: number): Promise<{ table: string; operation: string; count: number }[]> {
  const started = performance.now();
  const rows = rowsOf<{ table_name: string; operation: string; n: number }>(
    await db().execute(sql`
      select table_name, operation, count(*)::int as n from fuzz.writes where id > ${position}
      group by table_name, operation order by table_name, operation`),
  );
  tally.journalMs += performance.now() - started;
  return rows.map((r) => ({ table: r.table_name, operation: r.operation, count: r.n }));
}

const describeWrites = (writes: { table: string; operation: string; count: number }[]) =>
  writes.map((w) => `${w.table} ${w.operation} ×${w.count}`);

// --- Callers and the data their inputs may name ------------------------------------------------

let database: Database;
const db = () => database.db;
let watchedTables: string[] = [];

type Signed = { visitor: Visitor; caller: TestCaller; userId: string };
const callers: Partial<Record<Role, Signed>> = {};
let ipCounter = 0;
/** Addresses for fuzzed calls, apart from the factories' own, so throttling never blocks those. */
const freshIp = () => `10.13.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;

async function newCustomer(): Promise<Signed> {
  const c = await signedInCustomer(db(), { nombre: 'Cliente Fuzz', visitor: newVisitor({ ip: freshIp() }) });
  await db().update(mailboxes).set({ status: 'active' }).where(eq(mailboxes.userId, c.user.id));
  c.visitor.ip = freshIp();
  return { visitor: c.visitor, caller: callerFor(db(), c.visitor), userId: c.user.id };
}

async function newAgencyUser(): Promise<Signed> {
  const a = await signedInStaff(db(), 'agencia');
  const [agency] = await db()
    .insert(agencies)
    .values({
      kind: 'partner',
      carrier: 'MRW',
      code: `FUZZ-${a.user.id.slice(0, 8)}`,
      name: 'Agencia Fuzz',
      state: 'Distrito Capital',
      city: 'Caracas',
      address: 'Av. Fuzz',
    })
    .returning({ id: agencies.id });
  await db().insert(agencyStaff).values({ userId: a.user.id, agencyId: agency!.id });
  a.visitor.ip = freshIp();
  return { visitor: a.visitor, caller: callerFor(db(), a.visitor), userId: a.user.id };
}

async function newAllyUser(): Promise<Signed> {
  const a = await signedInAlly(db(), await signedInAdmin(db()), { visitor: newVisitor({ ip: freshIp() }) });
  a.visitor.ip = freshIp();
  return { visitor: a.visitor, caller: callerFor(db(), a.visitor), userId: a.user.id };
}

async function newAdmin(): Promise<Signed> {
  const a = await signedInAdmin(db());
  a.visitor.ip = freshIp();
  return { visitor: a.visitor, caller: callerFor(db(), a.visitor), userId: a.user.id };
}

/**
 * The caller of a role, signed in with that role. A fuzzed call may legitimately sign the caller
 * out, change its role or deactivate it (a valid input naming its own id); then a new one
 * takes its place, so "as admin" stays true.
 */
async function callerAs(role: Role): Promise<Signed | null> {
  if (role === 'anonymous') return null;
  const current = callers[role];
  if (current?.visitor.token) {
    const me = await current.caller.auth.me();
    const expected = role === 'customer' ? 'user' : role;
    if (me.user?.role === expected) return current;
  }
  callers[role] =
    role === 'admin'
      ? await newAdmin()
      : role === 'agencia'
        ? await newAgencyUser()
        : role === 'aliado'
          ? await newAllyUser()
          : await newCustomer();
  return callers[role]!;
}

/** Ids and e-mails of real rows, mixed into generated inputs so that they reach past "not found". */
const pools: { uuids: string[]; emails: string[] } = { uuids: [], emails: [] };
/** A few of those rows by name, for the inputs that found bugs (last describe). */
let known: { shipmentId: string; customerId: string; packageId: string };

async function seedPools() {
  const admin = await newAdmin();
  callers.admin = admin;
  const customer = await newCustomer();
  callers.customer = customer;
  const a = admin.caller;
  const c = customer.caller;
  const [box] = await c.mailboxes.mine();
  const tracking = await a.trackings.create({
    mailboxId: box!.id,
    trackingNumber: `1ZFUZZ${Date.now().toString(36).toUpperCase()}`,
    carrier: 'UPS',
    description: 'Audífonos inalámbricos',
    senderName: 'Amazon',
    estimatedWeight: 1.2,
  });
  const pkg = (weight: number) =>
    a.packages.create({
      userId: customer.userId,
      mailboxId: box!.id,
      trackingNumber: `PKFUZZ${Date.now().toString(36).toUpperCase()}${weight}`,
      packageDescription: 'Compra de prueba',
      senderName: 'Amazon',
      weightKg: weight,
      status: 'received',
    });
  const received = await pkg(1.5);
  const shipped = await pkg(2.5);
  const shipment = await a.shipments.create({
    userId: customer.userId,
    ...(await homeDeliveryTo(db(), customer.userId, {
      address: 'Av. Bolívar Norte, edificio Torre Stratos, piso 3',
      city: 'Valencia',
      state: 'Carabobo',
    })),
    estimatedDelivery: '2030-01-15',
    shippingCostUsdCents: 4250,
    packageIds: [shipped.id],
  });
  const prealert = await c.prealerts.create({
    trackingNumber: null,
    description: 'Libros',
    quantityItems: 1,
    mailboxId: box!.id,
  });
  await a.notifications.send({
    recipient: 'individual',
    userId: customer.userId,
    type: 'general',
    title: 'Aviso',
    message: 'Tu casillero está listo.',
  });
  // An assisted purchase of the customer's (docs/product/compra-asistida.md), its id in the pool.
  const compra = await c.compras.create({
    mailboxId: box!.id,
    items: [{ url: 'https://store.example.com/p/1', name: 'Audífonos', quantity: 1, priceUsdCents: 2_000 }],
  });
  const [notification] = (await c.notifications.mine({})).items;
  const payments = await c.payments.mine();
  // Billing (docs/decisions/021-billing-in-bolivares.md): a rate (so reports in Bs. reach past "no rate"), the payment methods, the invoices.
  await recordRate(db(), '36.5');
  const methods = await Promise.all(
    (['zelle', 'pago_movil', 'transferencia', 'binance', 'efectivo'] as const).map((kind) =>
      paymentMethodId(db(), kind),
    ),
  );
  const { invoices } = await c.billing.mine();
  const sessions = [...(await c.account.sessions()), ...(await a.account.sessions())];
  const me = [(await a.auth.me()).user!, (await c.auth.me()).user!];
  // An ally and its login (docs/product/allies.md): its id in the pool, for the administrator's changes.
  callers.aliado = await newAllyUser();
  const allyIds = (await a.allies.list()).map((x) => x.id);
  known = { shipmentId: shipment.id, customerId: customer.userId, packageId: received.id };
  pools.uuids = [
    box!.id,
    tracking.id,
    received.id,
    shipped.id,
    shipment.id,
    prealert.id,
    compra.id,
    notification!.id,
    ...payments.map((p) => p.id),
    ...methods,
    ...invoices.map((i) => i.id),
    ...sessions.map((s) => s.id),
    admin.userId,
    customer.userId,
    ...allyIds,
  ];
  pools.emails = me.map((u) => u.email);
}

async function invoke(
  caller: TestCaller,
  path: string,
  input: unknown,
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const fn = path.split('.').reduce<any>((node, key) => node[key], caller);
  try {
    await fn(input);
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}

// --- Set-up ------------------------------------------------------------------------------------

let startedAt = 0;
const tally = { calls: 0, refused: 0, succeeded: 0, journalMs: 0 };
/** Seconds per procedure × caller, to show where the time goes. */
const pairSeconds: [string, number][] = [];

beforeAll(async () => {
  startedAt = Date.now();
  database = await createTestDatabase();
  watchedTables = await installWriteJournal(database);
  await seedPools();
  console.info(
    `Fuzz: ${TOTAL_RUNS} llamadas en ${procedures.length} procedimientos × ${ROLES.length} visitantes, semilla ${SEED} ` +
      `(FUZZ_SEED=${SEED} la repite; FUZZ_RUNS=… cambia el total).`,
  );
});

afterAll(async () => {
  const slowest = pairSeconds
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([pair, seconds]) => `${pair} ${seconds.toFixed(1)} s`);
  console.info(
    `Fuzz: ${tally.calls} llamadas (${tally.succeeded} aceptadas, ${tally.refused} rechazadas) en ${((Date.now() - startedAt) / 1000).toFixed(1)} s ` +
      `(diario de escrituras: ${(tally.journalMs / 1000).toFixed(1)} s), semilla ${SEED}. Lo más lento: ${slowest.join(', ')}.`,
  );
  await database?.close();
});

// --- The tests ---------------------------------------------------------------------------------

describe('fuzzing (docs/product/security.md#fuzzed-procedures)', () => {
  it('walks every procedure, builds an input generator from each schema, and spreads the runs exactly', () => {
    expect(procedures.length).toBeGreaterThan(50);
    for (const p of procedures) expect(() => inputArbitrary(p.inputs, pools), p.path).not.toThrow();
    expect(plan.reduce((sum, p) => sum + p.runs, 0)).toBe(TOTAL_RUNS);
    expect(plan).toHaveLength(procedures.length * ROLES.length);
  });

  it('journals the writes to every business table, and nothing else', async () => {
    expect(watchedTables).toEqual(
      expect.arrayContaining(['users', 'trackings', 'payment_transactions', 'audit_log', 'email_outbox', 'sessions']),
    );
    expect(watchedTables).not.toContain('rate_limit_events');
    const customer = callers.customer!.caller;
    const name = 'Cliente Fuzz Cambiado';
    let position = await journalPosition();
    await customer.profile.update({ fullName: name });
    expect(describeWrites(await writesSince(position))).toEqual(['user_profiles UPDATE ×1']);
    // A row written with the values it had: no change, no entry. A rolled-back write leaves none either.
    position = await journalPosition();
    await db().execute(sql`update user_profiles set full_name = full_name`);
    await db()
      .transaction(async (tx) => {
        await tx.execute(sql`update user_profiles set full_name = 'Otro' where user_id = ${callers.customer!.userId}`);
        throw new Error('deshacer');
      })
      .catch(() => {});
    expect(await writesSince(position)).toEqual([]);
  });

  describe.each(
    plan.filter((p) => p.runs > 0).map((p) => [p.procedure.path, p.role, p] as const),
  )('%s as %s', (path, role, pair) => {
    it('never answers 5xx nor shows internals, and a refused call changes nothing', { timeout: 300_000 }, async () => {
      const { procedure, runs } = pair;
      const pairStarted = performance.now();
      const anonymous = newVisitor({ ip: freshIp() });
      let signed = await callerAs(role);
      let position = await journalPosition();

      const property = fc.asyncProperty(inputArbitrary(procedure.inputs, pools), async (input) => {
        // A generated sign-in or invitation may sign the anonymous visitor in: start anew.
        anonymous.token = null;
        // A new address per call: per-IP throttling would otherwise answer most calls after the
        // first few, before their input is read (per-account limits still apply).
        anonymous.ip = freshIp();
        if (signed) signed.visitor.ip = freshIp();
        const caller = signed?.caller ?? callerFor(db(), anonymous);
        const outcome = await invoke(caller, path, input);
        tally.calls++;
        if (outcome.ok) {
          tally.succeeded++;
          // The mutation may have signed the caller out or changed its role (see callerAs).
          if (procedure.type === 'mutation') signed = await callerAs(role);
          position = await journalPosition();
          return;
        }
        tally.refused++;
        const problems = problemsOf(outcome.error, path, procedure.type, input);
        const allowed = REFUSAL_WRITES[path];
        const code = outcome.error instanceof TRPCError ? outcome.error.code : null;
        const writes = await writesSince(position);
        const unexpected = writes.filter((w) => !(allowed?.code === code && allowed.tables.includes(w.table)));
        problems.push(...describeWrites(unexpected).map((w) => `rechazada, pero escribió en ${w}`));
        if (writes.length) position = await journalPosition();
        if (problems.length) throw new Error(problems.join('\n'));
      });

      const details = await fc.check(property, { seed: pairSeed(path, role), numRuns: runs });
      pairSeconds.push([`${path} (${role})`, (performance.now() - pairStarted) / 1000]);
      if (details.failed) {
        const error =
          details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        throw new Error(
          `${path} como ${role}:\n${error}\nentrada: ${preview(details.counterexample?.[0])}\n` +
            `repetir: FUZZ_SEED=${SEED} FUZZ_RUNS=${TOTAL_RUNS} (semilla del par ${details.seed}, camino ${details.counterexamplePath})`,
        );
      }
    });
  });

  // Each input below once answered 500 (an SQL error from the database). Kept as plain cases so
  // that they run whatever the seed.
  describe('inputs that found bugs', () => {
    async function expectRefused(
      role: 'anonymous' | 'admin' | 'customer',
      path: string,
      input: unknown,
      expected: { code: string; message: string },
    ) {
      const signed = await callerAs(role);
      const caller = signed?.caller ?? callerFor(db(), newVisitor({ ip: freshIp() }));
      const position = await journalPosition();
      const outcome = await invoke(caller, path, input);
      expect(outcome.ok, `${path} ${preview(input)}`).toBe(false);
      const error = (outcome as { error: unknown }).error;
      const type = procedures.find((p) => p.path === path)!.type;
      expect(problemsOf(error, path, type, input)).toEqual([]);
      expect({ code: (error as TRPCError).code, message: (error as TRPCError).message }).toEqual(expected);
      expect(describeWrites(await writesSince(position))).toEqual([]);
    }

    it('a day the calendar lacks (year 0000, 30 February): the audit filters ignore it, a shipment refuses it', async () => {
      const admin = (await callerAs('admin'))!.caller;
      // The audit log's URL filters fall back to "no limit", as its other filters do.
      const everything = await admin.audit.list({});
      expect(everything.rows.length).toBeGreaterThan(0);
      expect(await admin.audit.list({ to: '0000-00-00' })).toEqual(everything);
      expect(await admin.audit.count({ from: '2024-02-30' })).toEqual(await admin.audit.count({}));
      const shipment = {
        id: known.shipmentId,
        ...(await homeDeliveryTo(db(), known.customerId)),
        estimatedDelivery: '2024-02-30',
      };
      const dateInvalid = { code: 'BAD_REQUEST', message: SHIPMENT_MESSAGES.dateInvalid };
      await expectRefused('admin', 'shipments.update', shipment, dateInvalid);
      await expectRefused(
        'admin',
        'shipments.create',
        { ...shipment, id: undefined, userId: known.customerId, packageIds: [known.packageId] },
        dateInvalid,
      );
    });

    it('a NUL character in any text: refused as invalid input, for anyone, before it reaches SQL', async () => {
      const invalid = { code: 'BAD_REQUEST', message: GENERIC_MESSAGES.invalidInput };
      await expectRefused(
        'anonymous',
        'contact.send',
        { nombre: 'Ana', email: 'ana@ejemplo.com', mensaje: 'Hola\u0000mundo' },
        invalid,
      );
      await expectRefused(
        'anonymous',
        'auth.signIn',
        { email: 'ana@ejemplo.com', password: 'Clave#\u0000Segura1' },
        invalid,
      );
      await expectRefused('customer', 'profile.update', { fullName: 'Ana\u0000Pérez' }, invalid);
      await expectRefused('customer', 'account.signOutSession', { id: 'Texto \u0000 fin' }, invalid);
      await expectRefused('admin', 'trackings.clients', { q: 'Texto a\u0000b fin' }, invalid);
      await expectRefused('admin', 'packages.count', { q: 'Texto a\u0000b fin' }, invalid);
    });

    it('a ledger correction (docs/decisions/021-billing-in-bolivares.md) for an id that is no customer: not found, nothing written', async () => {
      const notFound = { code: 'NOT_FOUND', message: CLIENT_MESSAGES.notFound };
      const correction = { kind: 'adjustment', amountUsd: 1, reason: 'Ajuste de prueba' };
      // A shipment's id, and a staff member's: neither has a ledger.
      await expectRefused('admin', 'billing.recordEntry', { ...correction, userId: known.shipmentId }, notFound);
      await expectRefused(
        'admin',
        'billing.recordEntry',
        { ...correction, userId: (await callerAs('admin'))!.userId },
        notFound,
      );
    });
  });
});
