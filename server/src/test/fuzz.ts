// The fuzzing of every procedure of the app router (docs/product/security.md#fuzzed-procedures): the
// walk (each procedure × each kind of visitor, its runs, its input generator from its own zod input
// schema, test/zod-arbitrary.ts), what an answer may never be, the callers and the real rows their
// inputs may name, and the journal of writes (test/write-journal.ts) timed. A test file calls
// useFuzz() once: a database of its own with the journal installed and the rows seeded.
//
// FUZZ_RUNS (default 10,000) is the number of calls in total, spread over procedures × callers;
// FUZZ_SEED (default below, printed) replays a run. Example: FUZZ_RUNS=100000 FUZZ_SEED=7 npx
// vitest run --project server server/src/trpc/fuzz.test.ts
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll } from 'vitest';
import { getErrorShape, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { can } from '@casillero/shared';
import type { Database } from '../db/client';
import { agencies, agencyStaff, mailboxes } from '../db/schema';
import { testConfig } from '../env';
import { callerFor, newVisitor, TEST_APP_URL, type TestCaller, type Visitor } from './caller';
import { createTestDatabase } from './db';
import {
  paymentMethodId,
  recordRate,
  signedInAdmin,
  signedInAlly,
  signedInCustomer,
  signedInStaff,
  homeDeliveryTo,
} from './factories';
import { HOSTILE_VALUE, zodArbitrary, type ZodArbitraryOptions } from './zod-arbitrary';
import type { Context } from '../trpc/context';
import type { Meta } from '../trpc/init';
import { appRouter } from '../trpc/router';
import {
  describeWrites,
  installWriteJournal,
  journalPosition as positionOf,
  writesSince as writesAfter,
  type Write,
} from './write-journal';

// --- Settings --------------------------------------------------------------------------------

export function envInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} debe ser un entero no negativo (recibido "${raw}")`);
  return n;
}

export const TOTAL_RUNS = envInteger('FUZZ_RUNS', 10_000);
export const SEED = envInteger('FUZZ_SEED', 13_2026);

// --- The walk ----------------------------------------------------------------------------------

export type ProcedureType = 'query' | 'mutation' | 'subscription';
export type AnyProcedure = { _def: { meta?: Meta; type: ProcedureType; inputs: unknown[] } };
export const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>).map(
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
export const ROLES = ['anonymous', 'customer', 'admin', 'agencia', 'aliado'] as const;
export type Role = (typeof ROLES)[number];

/** Whether a caller gets past the procedure's access check, so that its input is read at all. */
export const reaches = (role: Role, p: { access: Meta['access'] | undefined; permission?: Meta['permission'] }) =>
  p.access === 'public' ||
  (p.access === 'user' && role !== 'anonymous') ||
  role === 'admin' ||
  ((role === 'agencia' || role === 'aliado') && p.access === 'staff' && !!p.permission && can(role, p.permission));

/**
 * Calls where the input is read get four times the runs of calls the access check refuses
 * first (those still get some: the check must hold whatever the input). The total is exact.
 */
export function allocateRuns(total: number) {
  const pairs = procedures.flatMap((p) =>
    ROLES.map((role) => ({ procedure: p, role, weight: reaches(role, p) ? 4 : 1 })),
  );
  const units = pairs.reduce((sum, p) => sum + p.weight, 0);
  const runs = pairs.map((p) => Math.floor((total * p.weight) / units));
  let left = total - runs.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % pairs.length, left--) runs[i]!++;
  return pairs.map((p, i) => ({ ...p, runs: runs[i]! }));
}
export const plan = allocateRuns(TOTAL_RUNS);

/** A seed per pair, from the run's seed and the pair's name: a pair draws the same inputs whatever runs before it. */
export function pairSeed(path: string, role: Role): number {
  let h = SEED | 0;
  for (const ch of `${path}:${role}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** The inputs of a procedure: its schema's (valid and partly hostile), and hostile values of any shape. */
export function inputArbitrary(inputs: unknown[], pools: ZodArbitraryOptions): fc.Arbitrary<unknown> {
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
export const INTERNALS: [string, RegExp][] = [
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
export const ENGLISH =
  /(?<![\p{L}\p{N}_])(the|is|are|was|int|expected|received|invalid|required|must|should|cannot|could not|not found|failed|unexpected|procedure|input|output|too (big|small|long|short)|characters|please|request|unsupported|missing|value)(?![\p{L}\p{N}_])/iu;

/** The answer HTTP would carry, shaped by the app's own error formatter as in production. */
export const productionCtx = { config: testConfig({ appUrl: TEST_APP_URL, isProduction: true }) } as Context;

export function problemsOf(err: unknown, path: string, type: ProcedureType, input: unknown): string[] {
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
export function preview(value: unknown): string {
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

// --- Callers and the data their inputs may name ------------------------------------------------

export let database: Database;
export const db = () => database.db;
export let watchedTables: string[] = [];

export type Signed = { visitor: Visitor; caller: TestCaller; userId: string };
export const callers: Partial<Record<Role, Signed>> = {};
export let ipCounter = 0;
/** Addresses for fuzzed calls, apart from the factories' own, so throttling never blocks those. */
export const freshIp = () => `10.13.${Math.floor(++ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;

export async function newCustomer(): Promise<Signed> {
  const c = await signedInCustomer(db(), { nombre: 'Cliente Fuzz', visitor: newVisitor({ ip: freshIp() }) });
  await db().update(mailboxes).set({ status: 'active' }).where(eq(mailboxes.userId, c.user.id));
  c.visitor.ip = freshIp();
  return { visitor: c.visitor, caller: callerFor(db(), c.visitor), userId: c.user.id };
}

export async function newAgencyUser(): Promise<Signed> {
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

export async function newAllyUser(): Promise<Signed> {
  const a = await signedInAlly(db(), await signedInAdmin(db()), { visitor: newVisitor({ ip: freshIp() }) });
  a.visitor.ip = freshIp();
  return { visitor: a.visitor, caller: callerFor(db(), a.visitor), userId: a.user.id };
}

export async function newAdmin(): Promise<Signed> {
  const a = await signedInAdmin(db());
  a.visitor.ip = freshIp();
  return { visitor: a.visitor, caller: callerFor(db(), a.visitor), userId: a.user.id };
}

/**
 * The caller of a role, signed in with that role. A fuzzed call may legitimately sign the caller
 * out, change its role or deactivate it (a valid input naming its own id); then a new one
 * takes its place, so "as admin" stays true.
 */
export async function callerAs(role: Role): Promise<Signed | null> {
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
export const pools: { uuids: string[]; emails: string[] } = { uuids: [], emails: [] };
/** A few of those rows by name, for the inputs that found bugs (last describe). */
export let known: { shipmentId: string; customerId: string; packageId: string };

export async function seedPools() {
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

export async function invoke(
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

export let startedAt = 0;
export const tally = { calls: 0, refused: 0, succeeded: 0, journalMs: 0 };
/** Seconds per procedure × caller, to show where the time goes. */
export const pairSeconds: [string, number][] = [];

/** The journal's last entry. */
export async function journalPosition(): Promise<number> {
  const started = performance.now();
  const position = await positionOf(db());
  tally.journalMs += performance.now() - started;
  return position;
}

/** What was written after a position, e.g. "email_outbox INSERT ×1" once described. */
export async function writesSince(position: number): Promise<Write[]> {
  const started = performance.now();
  const writes = await writesAfter(db(), position);
  tally.journalMs += performance.now() - started;
  return writes;
}
export { describeWrites };

/**
 * Sets up the file that calls it (once): its database with the journal, the rows seeded. With
 * `report`, the run's seed, calls and slowest pairs are printed before and after.
 */
export function useFuzz({ report = false }: { report?: boolean } = {}) {
  beforeAll(async () => {
    startedAt = Date.now();
    database = await createTestDatabase();
    watchedTables = await installWriteJournal(database);
    await seedPools();
    if (report)
      console.info(
        `Fuzz: ${TOTAL_RUNS} llamadas en ${procedures.length} procedimientos × ${ROLES.length} visitantes, semilla ${SEED} ` +
          `(FUZZ_SEED=${SEED} la repite; FUZZ_RUNS=… cambia el total).`,
      );
  });
  afterAll(async () => {
    if (report) {
      const slowest = pairSeconds
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([pair, seconds]) => `${pair} ${seconds.toFixed(1)} s`);
      console.info(
        `Fuzz: ${tally.calls} llamadas (${tally.succeeded} aceptadas, ${tally.refused} rechazadas) en ${((Date.now() - startedAt) / 1000).toFixed(1)} s ` +
          `(diario de escrituras: ${(tally.journalMs / 1000).toFixed(1)} s), semilla ${SEED}. Lo más lento: ${slowest.join(', ')}.`,
      );
    }
    await database?.close();
  });
}
