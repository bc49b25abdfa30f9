// The WhatsApp desk at scale (docs/product/whatsapp-desk.md), part of `npm run bench`:
// 1. a burst of inbound messages posted to /webhooks/whatsapp over HTTP on one server (from a thread
//    of its own, as Meta is not in our process), signed as Meta signs them, each customer's messages
//    one after another and many customers at once (some messages delivered twice, as Meta does),
//    the desk's worker answering them meanwhile: target
//    500 messages per second or more accepted, each stored once and answered once, each customer's
//    answers queued in the order they wrote; also how long until the last one is answered;
// 2. the desk's answer to "Cuánto debo" for a customer with 50 open invoices (the message stored,
//    then answered and queued in the worker's transaction): target 200 ms or less (p95).
// BENCH_WHATSAPP_ANSWER=after leaves the worker stopped during the burst (what accepting alone
// costs), then lets it answer everything.
// `npm run bench -w server -- --solo-whatsapp` measures only these, on the embedded database and on
// a fresh database of the PostgreSQL server BENCH_DATABASE_URL (or DATABASE_URL) names.
import { createHmac, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { addDays, DESK_BUTTONS, WHATSAPP_DESK_MESSAGES as M } from '@casillero/shared';
import { rowsOf, type Database } from '../src/db/client';
import { exchangeRates } from '../src/db/schema';
import { testConfig } from '../src/env';
import { businessToday } from '../src/lib/business-clock';
import { createServer } from '../src/server';
import { issueInvoice } from '../src/services/billing/invoices';
import { answerNextMessages } from '../src/services/whatsapp-desk/answer';
import { storeWhatsappMessages } from '../src/services/whatsapp-desk/receive';

const CUSTOMERS = 250;
const MESSAGES_PER_CUSTOMER = 20;
/** Customers writing at the same moment (requests in flight). */
const IN_FLIGHT = 32;
/** One message in this many is delivered twice, as Meta may. */
const REPEAT_EVERY = 20;
const TARGET_PER_S = 500;
const OPEN_INVOICES = 50;
const DEBT_TARGET_MS = 200;
const SECRET = 'bench-whatsapp-secret';
const APP_URL = 'https://casillero.example';

/** What each message asks, in turn, and how its answer starts. */
const ASKS = [
  { text: 'hola', answer: M.menuBody },
  { text: 'Mis paquetes', answer: M.packagesNone },
  { text: '¿Cuánto debo?', answer: M.debtNone },
] as const;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Customers with a verified number, straight in the tables; returns their numbers and ids. */
async function customers(database: Database, tag: string, count: number) {
  const rows = rowsOf<{ id: string; n: number }>(
    await database.db.execute(sql`
      insert into users (email, password_hash, role)
      select 'desk.' || ${tag} || '.' || g || '@bench.test', 'x', 'user' from generate_series(1, ${count}) g
      returning id, (regexp_match(email, '\\.(\\d+)@'))[1]::int as n`),
  );
  const base = 4_000_000 + Math.floor(Math.random() * 5_000_000);
  const people = rows.map((r) => ({ userId: r.id, phone: `+58416${String(base + r.n).padStart(7, '0')}` }));
  await database.db.execute(sql`
    insert into whatsapp_numbers (user_id, phone)
    select u, p from unnest(${`{${people.map((p) => p.userId).join(',')}}`}::uuid[], ${`{${people.map((p) => p.phone).join(',')}}`}::text[]) as t(u, p)`);
  return people;
}

function delivery(phone: string, id: string, text: string, at: Date) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'BENCH',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '584120000000', phone_number_id: 'BENCH' },
              contacts: [{ profile: { name: 'Cliente Bench' }, wa_id: phone.slice(1) }],
              messages: [
                {
                  from: phone.slice(1),
                  id,
                  timestamp: String(Math.floor(at.getTime() / 1000)),
                  type: 'text',
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
  return { body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature } };
}

/**
 * Meta's side of the burst, in a thread of its own (as Meta is not in our server's process): IN_FLIGHT
 * writers each take the next customer and post their deliveries one after another. Returns how many
 * were posted and in how many seconds.
 */
function postFromAnotherThread(
  url: string,
  conversations: ReturnType<typeof delivery>[][],
): Promise<{ posted: number; seconds: number }> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { url, conversations, inFlight } = workerData;
    let next = 0;
    let posted = 0;
    const writer = async () => {
      while (next < conversations.length) {
        for (const d of conversations[next++]) {
          const res = await fetch(url, { method: 'POST', headers: d.headers, body: d.body });
          if (!res.ok) throw new Error('webhook respondió ' + res.status + ': ' + (await res.text()));
          await res.arrayBuffer();
          posted++;
        }
      }
    };
    const started = performance.now();
    Promise.all(Array.from({ length: inFlight }, writer)).then(
      () => parentPort.postMessage({ posted, seconds: (performance.now() - started) / 1000 }),
      (err) => parentPort.postMessage({ error: String(err) }),
    );`;
  const worker = new Worker(code, { eval: true, workerData: { url, conversations, inFlight: IN_FLIGHT } });
  return new Promise((resolve, reject) => {
    worker.once('message', (m: { posted: number; seconds: number } | { error: string }) => {
      void worker.terminate();
      if ('error' in m) reject(new Error(m.error));
      else resolve(m);
    });
    worker.once('error', reject);
  });
}

/** The burst on one server over HTTP; returns the messages per second. */
export async function measureWhatsappBurst(database: Database, where: string) {
  console.log(`\nMesa de WhatsApp: ráfaga de mensajes entrantes por webhook, un servidor (${where})`);
  const tag = randomUUID().slice(0, 8);
  const people = await customers(database, tag, CUSTOMERS);
  const config = testConfig({ appUrl: APP_URL, whatsappWebhook: { verifyToken: 'bench', appSecret: SECRET } });
  // As the other HTTP measurements (bench/run.ts): errors only in the log, not a line per request.
  const server = await createServer({
    config: { ...config, port: 0, host: '127.0.0.1', logLevel: 'error' },
    database,
  });
  const base = (await server.listen()).replace('localhost', '127.0.0.1');
  // As start.ts runs it, woken by each delivery (or, to measure accepting alone, only after).
  const answerAfter = process.env.BENCH_WHATSAPP_ANSWER === 'after';
  if (!answerAfter) server.whatsappDesk.start();
  const url = `${base}/webhooks/whatsapp`;
  const now = Date.now();
  // Each customer's deliveries, in the order they write (one in REPEAT_EVERY delivered twice).
  const conversations = people.map(({ phone }) =>
    Array.from({ length: MESSAGES_PER_CUSTOMER }, (_, i) => {
      const d = delivery(phone, `wamid.bench.${tag}.${phone}.${i}`, ASKS[i % ASKS.length]!.text, new Date(now + i));
      return i % REPEAT_EVERY === REPEAT_EVERY - 1 ? [d, d] : [d];
    }).flat(),
  );
  const { posted, seconds } = await postFromAnotherThread(url, conversations);
  const started = performance.now() - seconds * 1000;
  await server.whatsappDesk.runUntilIdle(600_000);
  const answeredSeconds = (performance.now() - started) / 1000;
  await server.stop();

  const messages = CUSTOMERS * MESSAGES_PER_CUSTOMER;
  const phones = `{${people.map((p) => p.phone).join(',')}}`;
  const [{ stored }] = rowsOf<{ stored: number }>(
    await database.db.execute(
      sql`select count(*)::int as stored from whatsapp_inbound_messages where from_phone = any(${phones}::text[])`,
    ),
  );
  // Each customer's answers, in the order they go out, against what each message asked.
  const answers = rowsOf<{ phone: string; bodies: string[] }>(
    await database.db.execute(sql`
      select to_phone as phone, array_agg(body order by queue_position) as bodies
      from whatsapp_outbox where to_phone = any(${phones}::text[]) group by to_phone`),
  );
  const expected = Array.from({ length: MESSAGES_PER_CUSTOMER }, (_, i) => ASKS[i % ASKS.length]!.answer);
  const inOrder = answers.filter(
    (a) => a.bodies.length === expected.length && a.bodies.every((b, i) => b.startsWith(expected[i]!)),
  ).length;
  const perSecond = Math.round(messages / seconds);
  console.log(
    `  ${answerAfter ? 'worker parado durante la ráfaga: ' : ''}${messages.toLocaleString('es-ES')} mensajes de ${CUSTOMERS} clientes (${posted.toLocaleString('es-ES')} entregas con las repetidas), ` +
      `${IN_FLIGHT} clientes a la vez: aceptados en ${seconds.toFixed(1)} s, ${perSecond} mensajes/s (objetivo ≥ ${TARGET_PER_S}) ` +
      `${perSecond >= TARGET_PER_S ? 'OK' : 'LENTO'}; todos respondidos a los ${answeredSeconds.toFixed(1)} s ` +
      `(${Math.round(messages / answeredSeconds)} mensajes/s)`,
  );
  console.log(
    `  guardados ${stored.toLocaleString('es-ES')} (una vez cada uno: ${stored === messages ? 'sí' : 'NO'}); ` +
      `clientes con cada respuesta una vez y en el orden en que escribieron: ${inOrder} de ${CUSTOMERS} ${inOrder === CUSTOMERS ? 'OK' : 'NO'}`,
  );
  return perSecond;
}

/** "Cuánto debo" for a customer with OPEN_INVOICES open invoices, each on its own day's rate; returns the p95 in ms. */
export async function measureDebtAnswer(database: Database, where: string) {
  console.log(`\nMesa de WhatsApp: «Cuánto debo» con ${OPEN_INVOICES} facturas abiertas (${where})`);
  const tag = randomUUID().slice(0, 8);
  const [customer] = await customers(database, `debe.${tag}`, 1);
  const today = businessToday();
  const started = new Date();
  await database.db
    .insert(exchangeRates)
    .values(
      Array.from({ length: OPEN_INVOICES }, (_, i) => ({
        rateDate: addDays(today, -i),
        vesPerUsd: (36 + i / 10).toFixed(4),
        source: 'BCV' as const,
      })),
    )
    .onConflictDoNothing();
  for (let i = 0; i < OPEN_INVOICES; i++) {
    await database.db.transaction((tx) =>
      issueInvoice(tx, {
        userId: customer!.userId,
        concept: 'course_purchase',
        description: 'Curso de importación',
        lines: [{ description: 'Curso', usdCents: 1_500 + i * 10, kind: 'course' }],
        now: new Date(started.getTime() - i * 24 * 3600 * 1000),
      }),
    );
  }
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t0 = performance.now();
    await storeWhatsappMessages(database.db, [
      {
        id: `wamid.bench.debe.${tag}.${i}`,
        from: customer!.phone,
        profileName: null,
        sentAt: new Date(),
        kind: 'interactive',
        rawType: 'interactive',
        text: DESK_BUTTONS.debt.title,
        replyId: DESK_BUTTONS.debt.id,
        media: null,
      },
    ]);
    await answerNextMessages(database.db, customer!.phone, { appUrl: APP_URL });
    if (i >= 5) times.push(performance.now() - t0); // the first few warm the caches
  }
  times.sort((a, b) => a - b);
  const p95 = pct(times, 95);
  console.log(
    `  mediana ${pct(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (objetivo ≤ ${DEBT_TARGET_MS} ms) ` +
      `${p95 <= DEBT_TARGET_MS ? 'OK' : 'LENTO'}: guardar el mensaje, leer las ${OPEN_INVOICES} facturas y los métodos de pago, escribir la respuesta y encolarla`,
  );
  return p95;
}

export async function measureWhatsappDesk(database: Database, where: string) {
  const perSecond = await measureWhatsappBurst(database, where);
  const p95 = await measureDebtAnswer(database, where);
  return { perSecond, p95 };
}
