// The first mile at scale (docs/product/first-mile.md), part of `npm run bench`: a burst of
// 10,000 carrier events arriving as 500 signed webhook deliveries of 20, read, stored and applied
// by two servers at once (target 200 events per second or more), each event stored once; then the
// polling plan of 100,000 followed numbers against the day's budget of requests.
// `npm run bench -w server -- --solo-primera-milla` measures only this: the burst on the embedded
// database, and on a fresh database of the PostgreSQL server BENCH_DATABASE_URL (or DATABASE_URL)
// names when one is set (created, then dropped), both figures printed.
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEFAULT_DAILY_REQUEST_BUDGET } from '@casillero/shared';
import { rowsOf, type Database } from '../src/db/client';
import { POLL_EVERY_MS } from '../src/services/carrier-tracking/jobs';
import { FakeTrackingProvider } from '../src/services/carrier-tracking/providers/fake';
import { receiveWebhookDelivery } from '../src/services/carrier-tracking/updates';

const NUMBERS = 2_000;
const EVENTS_PER_DELIVERY = 20;
const TARGET_PER_S = 200;
const ACTIVE_NUMBERS = 100_000;
const DAY_MS = 24 * 3600 * 1000;

/** How the followed numbers are spread over the states on a usual day (an assumption, printed). */
const STATE_MIX: [keyof typeof POLL_EVERY_MS, number][] = [
  ['none', 0.1],
  ['info_received', 0.1],
  ['in_transit', 0.5],
  ['out_for_delivery', 0.05],
  ['delivered', 0.2],
  ['exception', 0.05],
];

export async function measureFirstMile(first: Database, second: Database) {
  await measureWebhookBurst(first, second, 'PostgreSQL');
  measurePollingPlan();
}

/** The burst on one database (two pools: two servers); returns the events per second. */
export async function measureWebhookBurst(first: Database, second: Database, where: string) {
  console.log(`\nPrimera milla: ráfaga de eventos de transportistas por webhook (${where})`);
  const tag = randomUUID().slice(0, 8).toUpperCase();
  const fake = new FakeTrackingProvider({ secret: 'bench' });
  const numbers = Array.from({ length: NUMBERS }, (_, i) => `1ZBENCH${tag}${String(i).padStart(5, '0')}`);
  const [user] = rowsOf<{ id: string }>(
    await first.db.execute(sql`insert into users (email, password_hash, role)
      values (${`primera.milla.${tag}@bench.test`}, 'x', 'user') returning id`),
  );
  await first.db.execute(sql`
    insert into prealerts (user_id, tracking_number, description, carrier)
    select ${user.id}::uuid, n, 'Compra de prueba', 'UPS' from unnest(${`{${numbers.join(',')}}`}::text[]) n`);
  await first.db.execute(sql`
    insert into carrier_shipments (tracking_key, tracking_number, carrier, registered_at)
    select n, n, 'UPS', now() from unnest(${`{${numbers.join(',')}}`}::text[]) n`);
  const start = new Date(Date.now() - 60 * 3600 * 1000);
  for (const n of numbers) fake.start(n, start, 'delivered');
  const events = fake.updateFor(numbers, new Date()).events;
  const deliveries = Array.from({ length: Math.ceil(events.length / EVENTS_PER_DELIVERY) }, (_, i) =>
    fake.webhook(
      { events: events.slice(i * EVENTS_PER_DELIVERY, (i + 1) * EVENTS_PER_DELIVERY), facts: [] },
      `bench-${tag}-${i}`,
    ),
  );

  const started = performance.now();
  let next = 0;
  let readMs = 0;
  // Two servers, four requests at a time each, taking deliveries off one queue.
  const worker = async (db: Database) => {
    while (next < deliveries.length) {
      const d = deliveries[next++]!;
      const t0 = performance.now();
      const verdict = fake.readWebhook(d.headers, d.body, new Date());
      readMs += performance.now() - t0;
      if (!verdict.ok) throw new Error(`webhook rechazado: ${verdict.reason}`);
      await receiveWebhookDelivery(db.db, 'fake', verdict);
    }
  };
  await Promise.all([first, second, first, second, first, second, first, second].map(worker));
  const seconds = (performance.now() - started) / 1000;
  const [{ stored }] = rowsOf<{ stored: number }>(
    await first.db.execute(sql`select count(*)::int as stored from carrier_events e
      join carrier_shipments s on s.id = e.carrier_shipment_id where s.tracking_key like ${`1ZBENCH${tag}%`}`),
  );
  const perSecond = Math.round(events.length / seconds);
  console.log(
    `  ${events.length.toLocaleString('es-ES')} eventos en ${deliveries.length} entregas: ${seconds.toFixed(1)} s, ` +
      `${perSecond} eventos/s (objetivo ≥ ${TARGET_PER_S}) ${perSecond >= TARGET_PER_S ? 'OK' : 'LENTO'}; ` +
      `guardados ${stored.toLocaleString('es-ES')} (una vez cada uno: ${stored === events.length ? 'sí' : 'NO'})`,
  );
  console.log(
    `  de ello, firma y lectura de los cuerpos: ${readMs.toFixed(0)} ms; guardar y aplicar (una transacción por entrega): el resto`,
  );
  return perSecond;
}

/** The polling plan of ACTIVE_NUMBERS followed numbers against the day's default budget. */
export function measurePollingPlan() {
  const fake = new FakeTrackingProvider({ secret: 'bench' });
  console.log(`\nPrimera milla: plan de consultas de ${ACTIVE_NUMBERS.toLocaleString('es-ES')} números seguidos`);
  let perDay = 0;
  for (const [state, share] of STATE_MIX) {
    const polls = (ACTIVE_NUMBERS * share * DAY_MS) / POLL_EVERY_MS[state];
    perDay += polls;
    console.log(
      `  ${state.padEnd(17)} ${String(Math.round(share * 100)).padStart(3)} %: ${Math.round(polls).toLocaleString('es-ES')} consultas de número al día`,
    );
  }
  const requests = Math.ceil(perDay / fake.maxBatch);
  console.log(
    `  ${Math.round(perDay).toLocaleString('es-ES')} números al día en lotes de ${fake.maxBatch}: ` +
      `${requests.toLocaleString('es-ES')} peticiones al día frente a un presupuesto de ${DEFAULT_DAILY_REQUEST_BUDGET.toLocaleString('es-ES')} ` +
      `${requests <= DEFAULT_DAILY_REQUEST_BUDGET ? '(cabe)' : '(no cabe: el resto espera al día siguiente; los webhooks siguen llegando)'}`,
  );
}
