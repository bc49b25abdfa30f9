// The restore drill (docs/decisions/018): a running instance with the demo data and some fresh
// activity is backed up with scripts/backup.sh while it keeps serving requests, the backup is
// restored with scripts/restore.sh into a second, empty database and file folder, and an
// instance started on the restored copy must show the same users, trackings, payments and files
// through the API and in SQL. It also proves the restore refuses a non-empty target and a
// damaged backup.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  PUBLIC_URL,
  REPO_ROOT,
  Visitor,
  createScratchDatabase,
  ok,
  startFakeResend,
  startInstance,
  waitFor,
  type Instance,
  type ScratchDatabase,
} from './harness';

const run = promisify(execFile);
const PASSWORD = 'Clave#Segura2026';
/** The tables the drill compares row by row, with what identifies a row. */
const SAMPLED_TABLES = ['users', 'trackings', 'payment_transactions', 'stored_files'] as const;
/** A 1×1 PNG: what a customer's phone would upload as a receipt, in miniature. */
const RECEIPT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let tempDir: string;
let source: ScratchDatabase;
let restored: ScratchDatabase;
let fakeResend: Awaited<ReturnType<typeof startFakeResend>>;
let live: Instance;
let copy: Instance | undefined;
let backupDir: string;
const newCustomer = { email: `simulacro.${Date.now()}@correo.test`, visitor: new Visitor('203.0.113.30') };
let uploadedReceiptId: string;
/** Every sampled row as it was before the backup began, and once it ended: id → md5 of the whole row. */
const before: Record<string, Map<string, string>> = {};
const afterBackup: Record<string, Map<string, string>> = {};

const storage = (name: string) => path.join(tempDir, name, 'storage');

function instanceEnv(name: string, database: ScratchDatabase): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    DATA_DIR: path.join(tempDir, name),
    STORAGE_DIR: storage(name),
    APP_URL: PUBLIC_URL,
    TRUST_PROXY: '1',
    RESEND_API_KEY: `re_${name}`,
    RESEND_BASE_URL: fakeResend.url,
  };
}

/** Runs one of the scripts as an operator would: only the variables it documents, plus PATH. */
async function script(name: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run('bash', [path.join(REPO_ROOT, 'scripts', name), ...args], {
      cwd: tempDir,
      env: { PATH: process.env.PATH, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

async function rowDigests(database: ScratchDatabase, table: string): Promise<Map<string, string>> {
  const rows = await database.sql<{ id: string; digest: string }[]>`
    select t.id::text as id, md5(t::text) as digest from ${database.sql(table)} t`;
  return new Map(rows.map((r) => [r.id, r.digest]));
}

async function download(visitor: Visitor, instance: Instance, url: string): Promise<Buffer> {
  const res = await visitor.fetch(instance, url);
  expect(res.status, `GET ${url}`).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

beforeAll(async () => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casillero-drill-'));
  [source, restored] = await Promise.all([createScratchDatabase('drill_src'), createScratchDatabase('drill_dst')]);
  fakeResend = await startFakeResend();
  live = await startInstance('live', { ...instanceEnv('live', source), SEED_DEMO: '1' });

  // Some activity beyond the demo: a new customer signs up, confirms the e-mail, uploads a
  // receipt and reports the activation payment of the new mailbox with it.
  const { visitor, email } = newCustomer;
  ok(
    await visitor.mutation(live, 'auth.signUp', {
      nombre: 'Persona Simulacro',
      email,
      password: PASSWORD,
      type: 'usa',
    }),
  );
  const mail = await waitFor('el e-mail de verificación', async () =>
    fakeResend.received.find((m) => m.to.includes(email)),
  );
  ok(await visitor.mutation(live, 'auth.verifyEmail', { token: /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text)![1] }));
  ok(await visitor.mutation(live, 'auth.signIn', { email, password: PASSWORD }));

  const form = new FormData();
  form.append('kind', 'receipt');
  form.append('file', new Blob([RECEIPT_PNG], { type: 'image/png' }), 'comprobante-simulacro.png');
  const upload = await visitor.fetch(live, '/api/files', { method: 'POST', body: form });
  expect(upload.status).toBe(201);
  uploadedReceiptId = ((await upload.json()) as { id: string }).id;

  const pending = ok(await visitor.query<{ id: string; canReport: boolean }[]>(live, 'payments.mine')).find(
    (p) => p.canReport,
  );
  expect(pending, 'el casillero nuevo tiene su pago de activación pendiente').toBeTruthy();
  // The demo's payment methods (docs/decisions/021-billing-in-bolivares.md); Zelle is in dollars, so no rate is needed.
  const zelle = ok(await visitor.query<{ id: string; name: string }[]>(live, 'paymentMethods.active')).find(
    (m) => m.name === 'Zelle',
  );
  expect(zelle, 'la demo ofrece Zelle como método de pago').toBeTruthy();
  ok(
    await visitor.mutation(live, 'payments.report', {
      paymentId: pending!.id,
      methodId: zelle!.id,
      paymentReference: 'SIMULACRO-0001',
      receiptFileId: uploadedReceiptId,
    }),
  );

  for (const table of SAMPLED_TABLES) before[table] = await rowDigests(source, table);
}, 240_000);

afterAll(async () => {
  await Promise.all([live?.stop(), copy?.stop()]);
  await fakeResend?.close();
  await Promise.all([source?.drop(), restored?.drop()]);
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
});

describe('backup and restore drill', () => {
  it('backs up the running instance while it serves requests', async () => {
    // Customers keep using the live instance during the backup: reads and new sign-ups.
    let busy = true;
    const traffic = (async () => {
      const maria = new Visitor('203.0.113.31');
      ok(await maria.mutation(live, 'auth.signIn', { email: DEMO.customer, password: DEMO.password }));
      for (let i = 0; busy; i++) {
        ok(await maria.query(live, 'trackings.mine'));
        ok(
          await new Visitor(`198.51.100.${i % 250}`).mutation(live, 'auth.signUp', {
            nombre: `Durante Respaldo ${i}`,
            email: `durante.${i}.${Date.now()}@correo.test`,
            password: PASSWORD,
            type: 'china',
          }),
        );
      }
    })();

    const result = await script('backup.sh', [path.join(tempDir, 'backups')], {
      DATABASE_URL: source.url,
      STORAGE_DIR: storage('live'),
    });
    busy = false;
    await traffic;
    expect(result.code, result.stderr).toBe(0);
    for (const table of SAMPLED_TABLES) afterBackup[table] = await rowDigests(source, table);

    backupDir = result.stdout.trim().split('\n').at(-1)!;
    expect(fs.readdirSync(backupDir).sort()).toEqual(['SHA256SUMS', 'database.dump', 'files.tar.gz', 'manifest.json']);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'));
    const migrationFiles = fs.readdirSync(path.join(REPO_ROOT, 'server/drizzle')).filter((f) => f.endsWith('.sql'));
    expect(manifest.migrations).toBe(migrationFiles.length);
    expect(manifest.users).toBeGreaterThanOrEqual(before.users.size);
    expect(manifest.stored_files).toBeGreaterThanOrEqual(before.stored_files.size);
    expect(manifest.files_count).toBeGreaterThanOrEqual(manifest.stored_files);
    expect(manifest.database_bytes).toBe(fs.statSync(path.join(backupDir, 'database.dump')).size);
  });

  it('restores into an empty database and folder, checking the result against the manifest', async () => {
    const result = await script('restore.sh', [backupDir], {
      DATABASE_URL: restored.url,
      STORAGE_DIR: storage('copy'),
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Restauración completa');
  });

  it('every user, tracking, payment and file that existed before the backup is restored, unchanged unless it changed meanwhile', async () => {
    for (const table of SAMPLED_TABLES) {
      const copied = await rowDigests(restored, table);
      const lost = [...before[table].keys()].filter((id) => !copied.has(id));
      expect(lost, `${table}: filas perdidas`).toEqual([]);
      // A row nobody touched while the backup ran (a sign-in during it updates the user's row)
      // must come back byte for byte.
      const untouched = [...before[table]].filter(([id, digest]) => afterBackup[table].get(id) === digest);
      expect(untouched.length).toBeGreaterThan(0);
      const changed = untouched.filter(([id, digest]) => copied.get(id) !== digest);
      expect(changed, `${table}: filas cambiadas`).toEqual([]);
    }
    // And the bytes of every stored file, byte for byte.
    const keys = await restored.sql<{ storage_key: string }[]>`select storage_key from stored_files`;
    expect(keys.length).toBeGreaterThan(0);
    for (const { storage_key } of keys) {
      const original = fs.readFileSync(path.join(storage('live'), ...storage_key.split('/')));
      expect(fs.readFileSync(path.join(storage('copy'), ...storage_key.split('/'))).equals(original), storage_key).toBe(
        true,
      );
    }
  });

  it('an instance on the restored copy serves the same accounts, trackings, payments and files', async () => {
    // No SEED_DEMO: whatever it shows came from the backup.
    copy = await startInstance('copy', instanceEnv('copy', restored));

    const maria = { live: new Visitor('203.0.113.40'), copy: new Visitor('203.0.113.41') };
    ok(await maria.live.mutation(live, 'auth.signIn', { email: DEMO.customer, password: DEMO.password }));
    ok(await maria.copy.mutation(copy, 'auth.signIn', { email: DEMO.customer, password: DEMO.password }));
    const trackingIds = async (v: Visitor, i: Instance) =>
      ok(await v.query<{ id: string }[]>(i, 'trackings.mine')).map((t) => t.id);
    expect(await trackingIds(maria.copy, copy)).toEqual(await trackingIds(maria.live, live));

    type Payment = { id: string; status: string; receiptUrl: string | null };
    const paymentsLive = ok(await maria.live.query<Payment[]>(live, 'payments.mine'));
    const paymentsCopy = ok(await maria.copy.query<Payment[]>(copy, 'payments.mine'));
    expect(paymentsCopy.map((p) => [p.id, p.status])).toEqual(paymentsLive.map((p) => [p.id, p.status]));
    const withReceipt = paymentsCopy.find((p) => p.receiptUrl)!;
    expect(await download(maria.copy, copy, withReceipt.receiptUrl!)).toEqual(
      await download(maria.live, live, paymentsLive.find((p) => p.id === withReceipt.id)!.receiptUrl!),
    );

    // The customer who signed up just before the backup: account, reported payment, receipt.
    const returning = new Visitor('203.0.113.42');
    ok(await returning.mutation(copy, 'auth.signIn', { email: newCustomer.email, password: PASSWORD }));
    const reported = ok(
      await returning.query<{ paymentReference: string | null; receiptUrl: string | null }[]>(copy, 'payments.mine'),
    ).find((p) => p.paymentReference === 'SIMULACRO-0001');
    expect(reported?.receiptUrl).toBeTruthy();
    // The receipt as the live instance keeps it (the upload route re-encodes images), byte for byte.
    const onLive = new Visitor('203.0.113.43');
    ok(await onLive.mutation(live, 'auth.signIn', { email: newCustomer.email, password: PASSWORD }));
    const reportedLive = ok(
      await onLive.query<{ paymentReference: string | null; receiptUrl: string | null }[]>(live, 'payments.mine'),
    ).find((p) => p.paymentReference === 'SIMULACRO-0001');
    const kept = await download(onLive, live, reportedLive!.receiptUrl!);
    expect(kept.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect((await download(returning, copy, reported!.receiptUrl!)).equals(kept)).toBe(true);

    // The administrator's list counts every restored payment.
    const admin = new Visitor('203.0.113.44');
    ok(await admin.mutation(copy, 'auth.signIn', { email: DEMO.admin, password: DEMO.password }));
    const [{ restoredPayments }] = await restored.sql<
      { restoredPayments: number }[]
    >`select count(*)::int as "restoredPayments" from payment_transactions`;
    expect(ok(await admin.query<{ count: number }>(copy, 'payments.count', {})).count).toBe(restoredPayments);
  });

  it('refuses to restore over a database that is not empty', async () => {
    const result = await script('restore.sh', [backupDir], {
      DATABASE_URL: restored.url,
      STORAGE_DIR: path.join(tempDir, 'otra'),
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('no está vacía');
  });

  it('refuses a damaged backup before touching the target', async () => {
    const damaged = path.join(tempDir, 'damaged');
    fs.cpSync(backupDir, damaged, { recursive: true });
    const dump = path.join(damaged, 'database.dump');
    const bytes = fs.readFileSync(dump);
    bytes[Math.floor(bytes.length / 2)] ^= 0xff;
    fs.writeFileSync(dump, bytes);

    const empty = await createScratchDatabase('drill_bad');
    try {
      const result = await script('restore.sh', [damaged], {
        DATABASE_URL: empty.url,
        STORAGE_DIR: path.join(tempDir, 'bad'),
      });
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain('dañado');
      const [{ tables }] = await empty.sql<
        { tables: number }[]
      >`select count(*)::int as tables from pg_tables where schemaname = 'public'`;
      expect(tables).toBe(0);
    } finally {
      await empty.drop();
    }
  });
});
