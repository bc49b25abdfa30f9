// The demo fills every screen of every role's menu (README, "What you see"): departures in each
// state, the agency counter's pickups and a proof of delivery, claims, compras, facturas with
// control numbers and a credit note, the bank's statement in Conciliación, the ally's customer's
// shipment, next week's price and rule versions, the API keys and a paused webhook. Read through
// the routers, as each screen reads them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { businessToday } from '../lib/business-clock';
import { openPglite, type Database } from '../db/client';
import { shipments, users } from '../db/schema';
import { createFileStore, type FileStore } from '../files/file-store';
import { startTestFileStore, type TestFileStore } from '../test/file-stores';
import { callerFor, newVisitor, type TestCaller } from '../test/caller';
import { DEMO_WEBHOOK_URL } from './api-access';
import { DEMO_ACCOUNTS, DEMO_ALLY, DEMO_PASSWORD, seedDemo } from './index';

const DAY = 86_400_000;
const JOSE = 'jose.perez@ejemplo.test';
const LUIS = 'luis.ramirez@ejemplo.test';
const DANIELA = 'daniela.suarez@ejemplo.test';
const dayFrom = (days: number) => businessToday(new Date(Date.now() + days * DAY));

let database: Database;
let store: TestFileStore;
let fileStore: FileStore;
let ip = 20;

async function signedIn(email: string): Promise<TestCaller> {
  const caller = callerFor(database.db, newVisitor({ ip: `10.0.8.${ip++}` }));
  await caller.auth.signIn({ email, password: DEMO_PASSWORD });
  return caller;
}
const userId = async (email: string) =>
  (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

beforeAll(async () => {
  store = await startTestFileStore('disk');
  fileStore = createFileStore(store.config);
  database = await openPglite();
  await database.migrate();
  expect(await seedDemo(database.db, { fileStore })).toEqual({ seeded: true });
  // Migrations and the whole demo through the services: more than a hook's 60 s on a machine CI shares.
}, 180_000);

afterAll(async () => {
  fileStore?.close();
  await database?.close();
  await store?.stop();
});

describe('the demo, screen by screen', () => {
  it('Despachos: a flight delivered to the agencies, one in transit, a late one, and a container and a flight open for reception', async () => {
    const admin = await signedIn(DEMO_ACCOUNTS.admin.email);
    const { rows } = await admin.departures.list({});
    expect(rows).toHaveLength(5);
    const byCode = (prefix: string, status: 'open' | 'closed') =>
      rows.filter((r) => r.code.startsWith(prefix) && r.status === status);
    // Miami by air: two that left, one open.
    expect(byCode('AER-MIA', 'closed')).toHaveLength(2);
    expect(byCode('AER-MIA', 'open')).toHaveLength(1);
    const container = rows.find((r) => r.mode === 'maritimo')!;
    expect(container).toMatchObject({ status: 'open', containerNumber: 'MSCU4829173', shipmentCount: 1 });
    const late = rows.find((r) => r.origin === 'china')!;
    expect(late.delayedSince).not.toBeNull();
    for (const r of rows) expect(r.shipmentCount, r.code).toBeGreaterThan(0);

    // The one in transit: its cutoff and Salida recorded, nothing later; its shipment in transit.
    const transit = byCode('AER-MIA', 'closed').find((r) => r.plannedDeparture === dayFrom(-1))!;
    const detail = await admin.departures.detail({ id: transit.id });
    const actual = Object.fromEntries(detail.milestones.map((m) => [m.kind, m.actualOn]));
    expect(actual).toMatchObject({ reception_closed: dayFrom(-2), departed: dayFrom(-1), arrived: null });
    expect(detail.shipments.map((s) => s.customer)).toEqual([DEMO_ACCOUNTS.customers[0].fullName]);
    const [inTransit] = await database.db
      .select({ status: shipments.status })
      .from(shipments)
      .where(eq(shipments.id, detail.shipments[0].shipmentId));
    expect(inTransit.status).toBe('in_transit');
    // The list's search finds a departure by a shipment code in it; each shows its promised arrival.
    const found = await admin.departures.list({ q: detail.shipments[0].shipmentCode });
    expect(found.rows.map((r) => r.code)).toEqual([transit.code]);
    for (const r of rows) expect(r.promisedArrival, r.code).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The promise Almacén shows: the next flight from Miami and the container, cutoffs ahead.
    const next = await admin.departures.next({ origin: 'miami' });
    expect(next.map((n) => [n.mode, n.cutoffOn])).toEqual([
      ['aereo', dayFrom(6)],
      ['maritimo', dayFrom(9)],
    ]);

    // The dashboard's card: the China flight whose Salida has not happened.
    const delayed = await admin.reports.delayedDepartures();
    expect(delayed.rows.map((r) => r.code)).toEqual([late.code]);
  });

  it('Mostrador: José’s and Daniela’s shipments wait at MRW Valencia Centro; the one José’s sister collected has its proof', async () => {
    const counter = await signedIn(DEMO_ACCOUNTS.agency.email);
    const ready = await counter.pickups.list({ tab: 'ready' });
    expect(ready.length).toBe(2);
    const delivered = await counter.pickups.list({ tab: 'delivered' });
    expect(delivered.length).toBe(1);

    const waiting = await database.db
      .select({ userId: shipments.userId })
      .from(shipments)
      .where(eq(shipments.status, 'ready_for_pickup'));
    expect(waiting.map((w) => w.userId).sort()).toEqual([await userId(JOSE), await userId(DANIELA)].sort());

    const jose = await signedIn(JOSE);
    const proof = await jose.pickups.ownProof({ shipmentId: delivered[0].id });
    expect(proof).toMatchObject({ receivedBy: 'Yusmary Fernández', method: 'id_document' });
  });

  it('Reclamos: Luis’s weight dispute open on the desk, and José’s damaged shipment paid in part', async () => {
    const admin = await signedIn(DEMO_ACCOUNTS.admin.email);
    const { rows } = await admin.claims.list({});
    expect(rows.map((r) => [r.kind, r.status]).sort()).toEqual([
      ['damaged', 'partially_approved'],
      ['weight_dispute', 'open'],
    ]);
  });

  it('Compras: one waiting for the cashier, one bought with its tracking, one quoted', async () => {
    const admin = await signedIn(DEMO_ACCOUNTS.admin.email);
    const { rows } = await admin.compras.list({});
    const statuses = rows.map((r) => r.status).sort();
    expect(statuses).toContain('quoted');
    expect(statuses.some((s) => s === 'purchased' || s === 'shipped')).toBe(true);
    expect(rows.length).toBe(3);
  });

  it('Facturas: fiscal data on, facturas with control numbers and a credit note for the claim', async () => {
    const admin = await signedIn(DEMO_ACCOUNTS.admin.email);
    expect(await admin.fiscal.settings()).toMatchObject({ enabled: true, controlProvider: 'fake' });
    const docs = await admin.fiscal.customerDocuments({ userId: await userId(JOSE) });
    const kinds = docs.map((d) => d.kind);
    expect(kinds).toContain('factura');
    expect(kinds).toContain('nota_de_credito');
    for (const d of docs) expect(d.controlNumber, d.number).toMatch(/^00-\d{8}$/);
    expect(await admin.fiscal.pendingControl()).toEqual([]);
  });

  it('Conciliación: a statement of the bank with María’s Pago Móvil to approve and a transfer nobody reported', async () => {
    const caja = await signedIn('caja@casillero.test');
    const statements = await caja.reconciliation.statements();
    expect(statements).toHaveLength(1);
    const { lines } = await caja.reconciliation.lines({ statementId: statements[0].id });
    const states = lines.map((l) => l.state);
    expect(states).toContain('matched');
    expect(states).toContain('not_found');
    expect(lines.find((l) => l.state === 'matched')?.candidate?.customerName).toBe('María Fernanda González');
    // The bank's commission is a debit: not among the credits.
    expect(lines.every((l) => l.vesCentimos > 0)).toBe(true);
  });

  it('Aliado: Yelitza’s licuadora shipped, in its Envíos and the month’s statement', async () => {
    const ally = await signedIn(DEMO_ALLY.login.email);
    const { rows } = await ally.allyPortal.shipments({ page: 1 });
    expect(rows).toHaveLength(1);
    const statement = await ally.allyPortal.statement({ month: dayFrom(0).slice(0, 7) });
    expect(statement.rows).toHaveLength(1);
  });

  it('Tarifas and Reglas: a version of each scheduled for next week', async () => {
    const admin = await signedIn(DEMO_ACCOUNTS.admin.email);
    const prices = await admin.prices.versions();
    expect(prices.versions.some((v) => v.effectiveFrom === dayFrom(7) && !v.cancelledAt)).toBe(true);
    const rules = await admin.travelRules.versions();
    expect(rules.versions.some((v) => v.effectiveAt > new Date().toISOString() && !v.cancelledAt)).toBe(true);
  });

  it('API: the ally has a key; Luis a key and a paused webhook', async () => {
    const ally = await signedIn(DEMO_ALLY.login.email);
    expect((await ally.account.apiKeys()).map((k) => k.scope)).toEqual(['read_write']);
    const luis = await signedIn(LUIS);
    expect((await luis.account.apiKeys()).map((k) => k.scope)).toEqual(['read']);
    expect((await luis.account.webhooks()).map((w) => [w.url, w.active])).toEqual([[DEMO_WEBHOOK_URL, false]]);
  });

  it('leaves María’s screens as the browser tests know them: one shipment, no claims, API keys or webhooks', async () => {
    const maria = await signedIn(DEMO_ACCOUNTS.customers[0].email);
    const mine = await database.db
      .select({ id: shipments.id })
      .from(shipments)
      .where(eq(shipments.userId, await userId(DEMO_ACCOUNTS.customers[0].email)));
    expect(mine).toHaveLength(1);
    expect(await maria.claims.mine()).toEqual([]);
    expect(await maria.account.apiKeys()).toEqual([]);
    expect(await maria.account.webhooks()).toEqual([]);
  });

  it('dates the departures’ shipments before their departures', async () => {
    const rows = await database.db
      .select({ createdAt: shipments.createdAt })
      .from(shipments)
      .where(and(isNotNull(shipments.departureId)));
    for (const r of rows) expect(r.createdAt.getTime()).toBeLessThan(Date.now() - DAY / 2);
  });
});
