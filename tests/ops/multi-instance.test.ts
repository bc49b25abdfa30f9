// Two server processes on one PostgreSQL database, as two replicas behind one load balancer:
// the same DATABASE_URL and STORAGE_DIR, the same public APP_URL, TRUST_PROXY on, no APP_SECRET
// (the file-link secret is generated once and shared through the database). They start
// together on an empty database, as an orchestrator starts replicas; then a journey walks over
// real HTTP, alternating between them, with the headers one reverse proxy in front would add.
//
// E-mail is observed at the provider: both instances send through the real `resend` client to a
// fake Resend API (RESEND_BASE_URL), each with its own API key, and the fake records every
// request. Scheduled reminders do not exist yet (storage reminders are a later issue); when they
// do, they belong in this suite too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, SIGNIN_LIMIT } from '@casillero/shared';
import {
  DEMO,
  PUBLIC_URL,
  REPO_ROOT,
  Visitor,
  createScratchDatabase,
  ok,
  startFakeResend,
  startTogether,
  waitFor,
  type Instance,
  type ScratchDatabase,
} from './harness';

const NEW_PASSWORD = 'Clave#Segura2026';

let database: ScratchDatabase;
let fakeResend: Awaited<ReturnType<typeof startFakeResend>>;
let tempDir: string;
let a: Instance;
let b: Instance;
const instances = () => [a, b];
/** The other replica: what a load balancer may pick for the next request. */
const other = (instance: Instance) => (instance === a ? b : a);

beforeAll(async () => {
  database = await createScratchDatabase('multi');
  fakeResend = await startFakeResend();
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-multi-'));
  const shared = {
    DATABASE_URL: database.url,
    STORAGE_DIR: path.join(tempDir, 'storage'),
    APP_URL: PUBLIC_URL,
    TRUST_PROXY: '1',
    RESEND_BASE_URL: fakeResend.url,
  };
  // Started together on an empty database, as an orchestrator starts replicas: both migrate
  // and both are asked to seed the demo.
  [a, b] = await startTogether([
    ['A', { ...shared, DATA_DIR: path.join(tempDir, 'a'), RESEND_API_KEY: 're_instance_a', SEED_DEMO: '1' }],
    ['B', { ...shared, DATA_DIR: path.join(tempDir, 'b'), RESEND_API_KEY: 're_instance_b', SEED_DEMO: '1' }],
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await fakeResend?.close();
  await database?.drop();
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
});

function signIn(visitor: Visitor, instance: Instance, email: string, password: string) {
  return visitor.mutation<{ user: { email: string } }>(instance, 'auth.signIn', { email, password });
}

/** The e-mails the provider received for one address. */
const mailTo = (email: string) => fakeResend.received.filter((m) => m.to.includes(email));

/** The token in the link of the one e-mail with that subject fragment sent to `email`. */
async function linkTokenFrom(email: string, subjectPart: RegExp): Promise<string> {
  const mail = await waitFor(`e-mail a ${email}`, async () => mailTo(email).find((m) => subjectPart.test(m.subject)));
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`El e-mail a ${email} no trae enlace con token:\n${mail.text}`);
  return token;
}

describe('two instances on one database', () => {
  const maria = new Visitor('203.0.113.10');

  it('started together on an empty database, they apply each migration once and seed the demo once', async () => {
    const migrationFiles = fs.readdirSync(path.join(REPO_ROOT, 'server/drizzle')).filter((f) => f.endsWith('.sql'));
    const [{ applied, distinct }] = await database.sql<{ applied: number; distinct: number }[]>`
      select count(*)::int as applied, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`;
    expect({ applied, distinct }).toEqual({ applied: migrationFiles.length, distinct: migrationFiles.length });
    const [{ admins }] = await database.sql<{ admins: number }[]>`select count(*)::int as admins from users where email = ${DEMO.admin}`;
    expect(admins).toBe(1);
  });

  it('a session opened on one instance works on the other, with the same data', async () => {
    expect(ok(await signIn(maria, a, DEMO.customer, DEMO.password)).user.email).toBe(DEMO.customer);

    const me = ok(await maria.query<{ user: { email: string } | null }>(b, 'auth.me'));
    expect(me.user?.email).toBe(DEMO.customer);

    const onA = ok(await maria.query<{ id: string }[]>(a, 'trackings.mine'));
    const onB = ok(await maria.query<{ id: string }[]>(b, 'trackings.mine'));
    expect(onA.length).toBeGreaterThan(0);
    expect(onB.map((t) => t.id)).toEqual(onA.map((t) => t.id));
  });

  it('a signed file link made by one instance is served by the other', async () => {
    for (const maker of instances()) {
      const payments = ok(await maria.query<{ receiptUrl: string | null }[]>(maker, 'payments.mine'));
      const receiptUrl = payments.find((p) => p.receiptUrl)?.receiptUrl;
      expect(receiptUrl, 'la demo tiene un comprobante de pago de María').toBeTruthy();

      // A signed link needs no session: a stranger's browser (an <img>) on the other replica.
      const res = await new Visitor('198.51.100.20').fetch(other(maker), receiptUrl!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');

      const same = await new Visitor('198.51.100.20').fetch(maker, receiptUrl!);
      expect(Buffer.from(await same.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('sign-in attempts are counted across both instances: the limit falls at the same count as on one', async () => {
    const limit = Math.min(...SIGNIN_LIMIT.perAccountAndIp.map((w) => w.max));
    const stranger = new Visitor('203.0.113.66');
    const answers: string[] = [];
    for (let attempt = 0; attempt < limit; attempt++) {
      const instance = attempt % 2 === 0 ? a : b;
      answers.push((await signIn(stranger, instance, DEMO.otherCustomer, 'Equivocada#1')).error?.message ?? 'ok');
    }
    expect(answers).toEqual(Array(limit).fill(AUTH_MESSAGES.invalidCredentials));

    // The next attempt is refused on either instance, even with the right password.
    for (const instance of instances()) {
      const refused = await signIn(stranger, instance, DEMO.otherCustomer, DEMO.password);
      expect(refused.status).toBe(429);
      expect(refused.error?.message).toBe(AUTH_MESSAGES.tooManyAttempts);
    }
  });

  it('the password-reset throttle is shared too: a second request on the other instance is refused', async () => {
    const visitor = new Visitor('203.0.113.77');
    expect(ok(await visitor.mutation<{ message: string }>(a, 'auth.requestPasswordReset', { email: DEMO.admin })).message).toBe(
      AUTH_MESSAGES.resetRequested,
    );
    const again = await visitor.mutation(b, 'auth.requestPasswordReset', { email: DEMO.admin });
    expect(again.status).toBe(429);
    expect(again.error?.message).toBe(AUTH_MESSAGES.resetThrottle);
  });

  it('sign-ups on both instances at once: each verification e-mail goes out once and its link works on the other', async () => {
    const people = Array.from({ length: 40 }, (_, i) => ({
      email: `multi.${i}.${Date.now()}@correo.test`,
      instance: i % 2 === 0 ? a : b,
      visitor: new Visitor(`192.0.2.${i + 1}`),
    }));
    // All at once, so both outbox workers find e-mails due in the same moments.
    const signUps = await Promise.all(
      people.map((p, i) =>
        p.visitor.mutation<{ message: string }>(p.instance, 'auth.signUp', {
          nombre: `Persona Multi ${i}`,
          email: p.email,
          password: NEW_PASSWORD,
          type: 'usa',
        }),
      ),
    );
    for (const answer of signUps) expect(ok(answer).message).toBe(AUTH_MESSAGES.signUpSuccess);

    for (const p of people) {
      const token = await linkTokenFrom(p.email, /.*/);
      ok(await p.visitor.mutation(other(p.instance), 'auth.verifyEmail', { token }));
      expect(ok(await signIn(p.visitor, other(p.instance), p.email, NEW_PASSWORD)).user.email).toBe(p.email);
      expect(ok(await p.visitor.query<{ user: { emailVerifiedAt: string | null } }>(p.instance, 'auth.me')).user.emailVerifiedAt).not.toBeNull();
    }
    for (const p of people) expect(mailTo(p.email)).toHaveLength(1);
  });

  it('a password reset asked on one instance is completed on the other, and the new session works on both', async () => {
    const carlos = new Visitor('203.0.113.88');
    ok(await carlos.mutation(b, 'auth.requestPasswordReset', { email: DEMO.otherCustomer }));
    const token = await linkTokenFrom(DEMO.otherCustomer, /^Restablece/);
    ok(await carlos.mutation(a, 'auth.resetPassword', { token, password: NEW_PASSWORD }));
    for (const instance of instances()) {
      expect(ok(await carlos.query<{ user: { email: string } | null }>(instance, 'auth.me')).user?.email).toBe(DEMO.otherCustomer);
    }
  });

  it('every queued e-mail reaches the provider exactly once, with both workers running', async () => {
    await waitFor(
      'la bandeja de salida vacía',
      async () => {
        const [{ pending }] = await database.sql<{ pending: number }[]>`select count(*)::int as pending from email_outbox where status = 'pending'`;
        return pending === 0;
      },
      60_000,
    );
    // Two more polling rounds of each worker (every 2 s): a duplicate would show up by now.
    await new Promise((r) => setTimeout(r, 5_000));

    const rows = await database.sql<{ id: string; status: string; attempts: number }[]>`select id, status, attempts from email_outbox`;
    const sentIds = fakeResend.received.map((m) => m.idempotencyKey);
    expect(rows.length).toBeGreaterThanOrEqual(42);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    expect(new Set(sentIds).size).toBe(sentIds.length);
    expect([...sentIds].sort()).toEqual(rows.map((r) => r.id).sort());

    const byInstance = (key: string) => fakeResend.received.filter((m) => m.apiKey === key).length;
    console.info(`E-mails: ${rows.length} en la bandeja; enviados por A: ${byInstance('re_instance_a')}, por B: ${byInstance('re_instance_b')}`);
  });

  it('when one instance dies, the other keeps serving the session and the files', async () => {
    const receiptUrlFromA = ok(await maria.query<{ receiptUrl: string | null }[]>(a, 'payments.mine')).find((p) => p.receiptUrl)!.receiptUrl!;
    await a.kill();

    expect(ok(await maria.query<{ user: { email: string } | null }>(b, 'auth.me')).user?.email).toBe(DEMO.customer);
    expect(ok(await maria.query<unknown[]>(b, 'trackings.mine')).length).toBeGreaterThan(0);
    const res = await maria.fetch(b, receiptUrlFromA);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });
});
