// Two server processes on one PostgreSQL database, as two replicas behind one load balancer:
// the same DATABASE_URL and STORAGE_DIR, the same public APP_URL, TRUST_PROXY on, no APP_SECRET
// (the file-link secret is generated once and shared through the database). They start
// together on an empty database, as an orchestrator starts replicas; then a journey walks over
// real HTTP, alternating between them, with the headers one reverse proxy in front would add.
//
// E-mail is observed at the provider: both instances send through the real `resend` client to a
// fake Resend API (RESEND_BASE_URL), each with its own API key, and the fake records every
// request. The scheduled storage reminders (docs/product/storage.md#reminders) run from the database: one run a day, one
// reminder per parcel, whichever instance claims it.
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
    const [{ admins }] = await database.sql<
      { admins: number }[]
    >`select count(*)::int as admins from users where email = ${DEMO.admin}`;
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
    expect(
      ok(await visitor.mutation<{ message: string }>(a, 'auth.requestPasswordReset', { email: DEMO.admin })).message,
    ).toBe(AUTH_MESSAGES.resetRequested);
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
      expect(
        ok(await p.visitor.query<{ user: { emailVerifiedAt: string | null } }>(p.instance, 'auth.me')).user
          .emailVerifiedAt,
      ).not.toBeNull();
    }
    for (const p of people) expect(mailTo(p.email)).toHaveLength(1);
  });

  it('a password reset asked on one instance is completed on the other, and the new session works on both', async () => {
    const carlos = new Visitor('203.0.113.88');
    ok(await carlos.mutation(b, 'auth.requestPasswordReset', { email: DEMO.otherCustomer }));
    const token = await linkTokenFrom(DEMO.otherCustomer, /^Restablece/);
    ok(await carlos.mutation(a, 'auth.resetPassword', { token, password: NEW_PASSWORD }));
    for (const instance of instances()) {
      expect(ok(await carlos.query<{ user: { email: string } | null }>(instance, 'auth.me')).user?.email).toBe(
        DEMO.otherCustomer,
      );
    }
  });

  it('every queued e-mail reaches the provider exactly once, with both workers running', async () => {
    await waitFor(
      'la bandeja de salida vacía',
      async () => {
        const [{ pending }] = await database.sql<
          { pending: number }[]
        >`select count(*)::int as pending from email_outbox where status = 'pending'`;
        return pending === 0;
      },
      60_000,
    );
    // Two more polling rounds of each worker (every 2 s): a duplicate would show up by now.
    await new Promise((r) => setTimeout(r, 5_000));

    const rows = await database.sql<
      { id: string; status: string; attempts: number }[]
    >`select id, status, attempts from email_outbox`;
    const sentIds = fakeResend.received.map((m) => m.idempotencyKey);
    expect(rows.length).toBeGreaterThanOrEqual(42);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    expect(new Set(sentIds).size).toBe(sentIds.length);
    expect([...sentIds].sort()).toEqual(rows.map((r) => r.id).sort());

    const byInstance = (key: string) => fakeResend.received.filter((m) => m.apiKey === key).length;
    console.info(
      `E-mails: ${rows.length} en la bandeja; enviados por A: ${byInstance('re_instance_a')}, por B: ${byInstance('re_instance_b')}`,
    );
  });

  it('the daily storage reminders run once for both instances: one reminder per parcel', async () => {
    // Both instances ticked when they started; the day's run is claimed once.
    const runs = () => database.sql<{ finished: boolean }[]>`
      select finished_at is not null as finished from scheduled_job_runs where job = 'storage-reminders'`;
    await waitFor(
      'la tarea del día terminada',
      async () => (await runs()).length === 1 && (await runs())[0].finished,
      60_000,
    );

    // Two of María's parcels reach 5 days before the end of their free storage, and its last day.
    const parcels = await database.sql<{ id: string; warehouse_receipt: string }[]>`
      insert into packages (user_id, mailbox_id, package_description, status, warehouse_receipt, received_date)
      select m.user_id, m.id, 'Paquete del recordatorio', 'in_warehouse', 'WR-MULTI-' || d, (((now() at time zone 'America/Caracas')::date - d) + time '12:00') at time zone 'America/Caracas'
      from mailboxes m join users u on u.id = m.user_id, (values (25), (30)) as days(d)
      where u.email = ${DEMO.customer} and m.id = (select id from mailboxes where user_id = u.id order by created_at limit 1)
      returning id, warehouse_receipt`;
    expect(parcels).toHaveLength(2);
    // A new business day begins: the day's run is due again, and both instances try it at their next tick.
    await database.sql`delete from scheduled_job_runs where job = 'storage-reminders'`;
    await waitFor(
      'la tarea repetida terminada',
      async () => (await runs()).length === 1 && (await runs())[0].finished,
      75_000,
    );
    // Whichever instance ticked first claimed the run; the other, ticking later, found it taken.
    const ids = parcels.map((p) => p.id);
    const reminders = await database.sql<
      { kind: string }[]
    >`select kind from storage_reminders where package_id in ${database.sql(ids)} order by kind`;
    expect(reminders.map((r) => r.kind)).toEqual(['ending_soon', 'ends_today']);
    const notices = await database.sql<{ n: number }[]>`
      select count(*)::int as n from notifications n join users u on u.id = n.user_id
      where u.email = ${DEMO.customer} and (n.message like '%WR-MULTI-25%' or n.message like '%WR-MULTI-30%')`;
    expect(notices[0].n).toBe(2);
    expect(await runs()).toHaveLength(1);
  });

  it('a change made through one instance reaches a live page connected to the other (docs/product/messages-and-notifications.md#live-updates)', async () => {
    const admin = new Visitor('203.0.113.99');
    ok(await signIn(admin, a, DEMO.admin, DEMO.password));
    const mariaLive = new Visitor('203.0.113.98');
    ok(await signIn(mariaLive, b, DEMO.customer, DEMO.password));
    const tracking = ok(await mariaLive.query<{ id: string; status: string }[]>(a, 'trackings.mine')).find(
      (t) => t.status !== 'problem',
    )!;

    // María's open page holds its live stream on B (server-sent events).
    const abort = new AbortController();
    const res = await mariaLive.fetch(b, '/trpc/live.events', {
      headers: { accept: 'text/event-stream' },
      signal: abort.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const readUntil = async (needle: string, ms: number) => {
      const deadline = Date.now() + ms;
      while (!text.includes(needle)) {
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(
            () => reject(new Error(`Tiempo agotado esperando «${needle}» en el flujo de B: ${text}`)),
            Math.max(1, deadline - Date.now()),
          ),
        );
        const chunk = await Promise.race([reader.read(), timeout]);
        if (chunk.done) throw new Error(`El flujo de B terminó sin «${needle}»: ${text}`);
        text += chunk.value;
      }
    };
    try {
      await readUntil('"connected"', 10_000);
      // The administrator, served by A, changes it: B hears of it through PostgreSQL within seconds.
      ok(
        await admin.mutation(a, 'trackings.updateStatus', {
          id: tracking.id,
          status: 'problem',
          message: 'Revisión en aduana',
        }),
      );
      await readUntil('"trackings"', 5_000);
      await readUntil('"notifications"', 5_000);
    } finally {
      abort.abort();
    }
  });

  it('when one instance dies, the other keeps serving the session and the files', async () => {
    const receiptUrlFromA = ok(await maria.query<{ receiptUrl: string | null }[]>(a, 'payments.mine')).find(
      (p) => p.receiptUrl,
    )!.receiptUrl!;
    await a.kill();

    expect(ok(await maria.query<{ user: { email: string } | null }>(b, 'auth.me')).user?.email).toBe(DEMO.customer);
    expect(ok(await maria.query<unknown[]>(b, 'trackings.mine')).length).toBeGreaterThan(0);
    const res = await maria.fetch(b, receiptUrlFromA);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });
});
