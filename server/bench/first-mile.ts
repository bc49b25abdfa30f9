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
import { DEFAULT_DAILY_REQUEST_BUDGET, type CarrierTrackingState } from '@casillero/shared';
import { rowsOf, type Database } from '../src/db/client';
import { AFTER_WEBHOOK_POLL_MS, pollEveryMs } from '../src/services/carrier-tracking/schedule';
import { FakeTrackingProvider } from '../src/services/carrier-tracking/providers/fake';
import { receiveWebhookDelivery } from '../src/services/carrier-tracking/updates';

const NUMBERS = 2_000;
const EVENTS_PER_DELIVERY = 20;
const TARGET_PER_S = 200;
const ACTIVE_NUMBERS = 100_000;
const DAY_MS = 24 * 3600 * 1000;

/**
 * How the followed numbers stand on a usual day (an assumption, printed): their share by state,
 * the part a webhook brought news of in the last day, and the part the carrier has said nothing
 * of for three days or more (labels never scanned, parcels delivered and waiting for reception).
 */
const STATE_MIX: { state: CarrierTrackingState | 'none'; share: number; webhook: number; quiet: number }[] = [
  { state: 'none', share: 0.1, webhook: 0, quiet: 0.5 },
  { state: 'info_received', share: 0.1, webhook: 0.2, quiet: 0.4 },
  { state: 'in_transit', share: 0.5, webhook: 0.6, quiet: 0.1 },
  { state: 'out_for_delivery', share: 0.05, webhook: 0.8, quiet: 0 },
  { state: 'delivered', share: 0.2, webhook: 0.3, quiet: 0.5 },
  { state: 'exception', share: 0.05, webhook: 0.5, quiet: 0.2 },
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

/** The polling plan of ACTIVE_NUMBERS followed numbers against the day's default budget (schedule.ts). */
export function measurePollingPlan() {
  const batch = new FakeTrackingProvider({ secret: 'bench' }).maxBatch;
  const fmt = (n: number) => Math.round(n).toLocaleString('es-ES');
  const pct = (n: number) => `${Math.round(n * 100)} %`;
  console.log(`\nPrimera milla: plan de consultas de ${fmt(ACTIVE_NUMBERS)} números seguidos`);
  let perDay = 0;
  let withoutWebhooks = 0;
  for (const { state, share, webhook, quiet } of STATE_MIX) {
    const n = ACTIVE_NUMBERS * share;
    const st = state === 'none' ? null : state;
    // A webhook's news holds the poll off for a day; the rest by state, a day apart when quiet.
    const polls =
      (n * webhook * DAY_MS) / Math.max(AFTER_WEBHOOK_POLL_MS, pollEveryMs(st, false)) +
      (n * (1 - webhook) * quiet * DAY_MS) / pollEveryMs(st, true) +
      (n * (1 - webhook) * (1 - quiet) * DAY_MS) / pollEveryMs(st, false);
    perDay += polls;
    withoutWebhooks +=
      (n * quiet * DAY_MS) / pollEveryMs(st, true) + (n * (1 - quiet) * DAY_MS) / pollEveryMs(st, false);
    console.log(
      `  ${state.padEnd(17)} ${pct(share).padStart(5)} (con webhook del último día ${pct(webhook)}, ` +
        `callados 3 días o más ${pct(quiet)}): ${fmt(polls)} consultas de número al día`,
    );
  }
  const requests = Math.ceil(perDay / batch);
  const budget = DEFAULT_DAILY_REQUEST_BUDGET;
  console.log(
    `  ${fmt(perDay)} números al día en lotes de ${batch}: ${fmt(requests)} peticiones al día frente a un ` +
      `presupuesto de ${fmt(budget)} ${requests <= budget ? `(cabe, ${pct(requests / budget)} del presupuesto)` : '(NO CABE)'}`,
  );
  const blind = Math.ceil(withoutWebhooks / batch);
  console.log(
    `  Si ningún webhook llegara: ${fmt(blind)} peticiones al día ` +
      `${blind <= budget ? '(cabe)' : '(no cabe: el resto espera al día siguiente; el administrador puede subir el presupuesto)'}`,
  );
}
