// The departures at scale (docs/decisions/025-departures.md): a container with 5,000 customers'
// shipments. Recording a milestone commits every customer's notification and e-mail in one
// transaction (target under 2 s); then two e-mail workers, as two servers would run them, drain the
// outbox through a fake provider (target 50 messages per second or more), and every message is
// sent exactly once. `npm run bench -w server -- --solo-despachos` measures only this, on the
// embedded database when BENCH_DATABASE_URL is unset.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database, type Db } from '../src/db/client';
import { deliverDue, type OutboxRow } from '../src/mail/worker';
import { businessToday } from '../src/lib/business-clock';
import { createDeparture } from '../src/services/departures/departures';
import { recordMilestone } from '../src/services/departures/milestones';

export const DEPARTURE_SHIPMENTS = 5_000;
const MILESTONE_TARGET_MS = 2_000;
const DRAIN_TARGET_PER_S = 50;
/** The fake provider's answer time per message. */
const PROVIDER_MS = 2;
const BATCH = 50;

const quiet = { info: () => {}, warn: () => {} };

async function seedContainer(db: Db, tag: string) {
  await db.execute(sql`
    with u as (
      insert into users (email, password_hash, role)
      select 'desp.' || ${tag} || '.' || g || '@bench.test', 'x', 'user' from generate_series(1, ${DEPARTURE_SHIPMENTS}) g
      returning id, email
    ), m as (
      insert into mailboxes (user_id, mailbox_code, location, address_line_1, city, postal_code, country, status)
      select u.id, 'DSP' || ${tag} || substr(md5(u.email), 1, 10), 'miami', '8400 NW 25th St', 'Doral', '33198', 'USA', 'active'
      from u
      returning id, user_id
    ), p as (
      insert into packages (user_id, mailbox_id, tracking_number, package_description, status, weight_kg, estimated_value_usd_cents, warehouse_receipt)
      select m.user_id, m.id, '1Z' || ${tag} || substr(md5(m.id::text), 1, 12), 'Compra', 'in_shipment', 2.5, 4000,
             'WR-' || ${tag} || '-' || substr(md5(m.user_id::text), 1, 12)
      from m
      returning id, user_id
    ), s as (
      insert into shipments (user_id, shipment_code, delivery_address, delivery_city, delivery_state, shipping_method)
      select p.user_id, 'SB' || ${tag} || substr(md5(p.id::text), 1, 10), 'Av. Bolívar Norte, Torre Stratos', 'Valencia', 'Carabobo', 'aereo'
      from p
      returning id, user_id
    )
    insert into shipment_packages (shipment_id, package_id)
    select s.id, p.id from s join p on p.user_id = s.user_id`);
}

/** Seeds the container, records its departure, drains the outbox with two workers; prints the figures. */
export async function measureDepartures(database: Database, second: Database = database) {
  const db = database.db;
  const tag = Date.now().toString(36).toUpperCase();
  const today = businessToday();
  console.log(
    `\nDespachos: un contenedor con ${DEPARTURE_SHIPMENTS.toLocaleString('es-ES')} envíos de clientes distintos`,
  );
  const seeded = performance.now();
  await seedContainer(db, tag);
  const [staff] = rowsOf<{ id: string }>(
    await db.execute(
      sql`insert into users (email, password_hash, role) values (${`desp.staff.${tag}@bench.test`}, 'x', 'almacen') returning id`,
    ),
  );
  const d = await createDeparture(db, staff.id, {
    mode: 'aereo',
    origin: 'miami',
    masterRef: null,
    containerNumber: null,
    carrier: 'Bench Air',
    voyage: `BA ${tag}`,
    arrivalPort: 'maiquetia',
    cutoffOn: today,
    plannedDeparture: today,
    plannedArrival: null,
  });
  await db.execute(sql`
    update shipments set departure_id = ${d.id}
    where shipment_code like ${`SB${tag}%`}`);
  // Whatever the outbox held before is not this measurement's.
  await db.execute(sql`update email_outbox set status = 'sent' where status = 'pending'`);
  console.log(`  sembrado en ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  const started = performance.now();
  const r = await recordMilestone(db, { appUrl: 'http://localhost:3000' }, staff.id, {
    departureId: d.id,
    kind: 'departed',
    actualOn: today,
  });
  const milestoneMs = performance.now() - started;
  const [{ pending }] = rowsOf<{ pending: number }>(
    await db.execute(sql`select count(*)::int as pending from email_outbox where status = 'pending'`),
  );
  console.log(
    `  registrar «Salida»: ${milestoneMs.toFixed(0)} ms para ${r.recipientCount.toLocaleString('es-ES')} avisos en una transacción (${Number(pending).toLocaleString('es-ES')} correos en el outbox; objetivo < ${MILESTONE_TARGET_MS} ms) ${milestoneMs < MILESTONE_TARGET_MS ? 'OK' : 'LENTO'}`,
  );

  // Two servers' workers, each claiming batches (FOR UPDATE SKIP LOCKED) until nothing is due.
  const sent = new Map<string, number>();
  const fakeProvider = async (row: OutboxRow) => {
    await new Promise((resolve) => setTimeout(resolve, PROVIDER_MS));
    sent.set(row.id, (sent.get(row.id) ?? 0) + 1);
    return { providerId: `fake-${row.id}` };
  };
  const worker = async (instance: Database) => {
    let total = 0;
    for (;;) {
      const n = await deliverDue(instance.db, fakeProvider, quiet, BATCH);
      if (n === 0) return total;
      total += n;
    }
  };
  const drainStarted = performance.now();
  const [one, two] = await Promise.all([worker(database), worker(second)]);
  const drainS = (performance.now() - drainStarted) / 1000;
  const rate = (one + two) / drainS;
  const twice = [...sent.values()].filter((n) => n > 1).length;
  console.log(
    `  outbox con dos servidores: ${(one + two).toLocaleString('es-ES')} correos en ${drainS.toFixed(1)} s = ${rate.toFixed(0)} msg/s (servidor 1: ${one}, servidor 2: ${two}; proveedor falso de ${PROVIDER_MS} ms; objetivo ≥ ${DRAIN_TARGET_PER_S} msg/s) ${rate >= DRAIN_TARGET_PER_S ? 'OK' : 'LENTO'}`,
  );
  console.log(`  enviados dos veces: ${twice} ${twice === 0 ? 'OK' : 'DUPLICADOS'}`);
  return { milestoneMs, notices: r.recipientCount, drained: one + two, perSecond: rate, duplicates: twice };
}
