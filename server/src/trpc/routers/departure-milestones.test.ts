// What a departure's milestone moves (docs/product/departures.md#what-a-milestone-moves): the
// 'Salida' closes the departure (a new shipment is refused in Spanish), moves every shipment in it
// to 'En tránsito' with its stage (one further along keeps its own) and its parcels out of the
// warehouse, tells each customer once, and the promise moves to the next departure still open for
// reception. After the 'Llegada' the agency's counter lists the shipment as arriving and hands it
// over; the customer's stages then end with 'Entregado'.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, like } from 'drizzle-orm';
import {
  DEPARTURE_MESSAGES as M,
  PICKUP_MESSAGES,
  SHIPMENT_FIRST_STAGE,
  SHIPMENT_STATUS_LABELS,
  addDays,
  departureDay,
  type DepartureCreateInput,
  type ShipmentStatus,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  agencies,
  agencyStaff,
  departures,
  mailboxes,
  notifications,
  packages,
  recipients,
  shipmentPackages,
  shipmentStages,
  shipments,
  storedFiles,
  users,
} from '../../db/schema';
import { testConfig } from '../../env';
import { businessToday } from '../../lib/business-clock';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { signedInCustomer, signedInStaff } from '../../test/factories';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let almacen: Staff;
const staff = () => callerFor(db(), almacen.visitor, config);

beforeAll(async () => {
  database = await createTestDatabase();
  almacen = await signedInStaff(db(), 'almacen');
});
afterAll(async () => {
  await database.close();
});

let seq = 0;
const tag = () => `${Date.now().toString(36).toUpperCase()}${++seq}`;
const today = businessToday();

/** A customer made directly, with a mailbox at that warehouse. */
async function customer(location: 'miami' | 'beijing') {
  const [u] = await db()
    .insert(users)
    .values({ email: `hito.${tag().toLowerCase()}@ejemplo.com`, passwordHash: 'x', role: 'user' })
    .returning({ id: users.id });
  const [box] = await db()
    .insert(mailboxes)
    .values({
      userId: u.id,
      mailboxCode: `HIT${tag()}`,
      location,
      addressLine1: '8400 NW 25th St',
      city: 'Doral',
      postalCode: '33198',
      country: location === 'miami' ? 'USA' : 'CHINA',
      status: 'active',
    })
    .returning({ id: mailboxes.id });
  return { id: u.id, mailboxId: box.id };
}

type Delivery = { agencyId: string; recipientId: string };

/** A shipment of one parcel as 'Crear Envío' leaves it: its parcel in the shipment, its first stage. */
async function shipmentOf(
  c: { id: string; mailboxId: string },
  opts: { status?: ShipmentStatus; delivery?: Delivery } = {},
) {
  const t = tag();
  const [parcel] = await db()
    .insert(packages)
    .values({
      userId: c.id,
      mailboxId: c.mailboxId,
      trackingNumber: `1Z${t}`,
      packageDescription: `Compra ${t}`,
      status: 'in_shipment',
      weightKg: 1.5,
      warehouseReceipt: `WR-HIT-${t}`,
    })
    .returning({ id: packages.id });
  const [s] = await db()
    .insert(shipments)
    .values({
      userId: c.id,
      shipmentCode: `SH${t}`,
      deliveryAddress: 'Av. Bolívar Norte',
      deliveryCity: 'Valencia',
      deliveryState: 'Carabobo',
      shippingMethod: 'aereo',
      status: opts.status ?? 'preparing',
      ...(opts.delivery
        ? {
            deliveryMethod: 'agency' as const,
            agencyId: opts.delivery.agencyId,
            recipientId: opts.delivery.recipientId,
          }
        : {}),
    })
    .returning({ id: shipments.id, code: shipments.shipmentCode });
  await db().insert(shipmentPackages).values({ shipmentId: s.id, packageId: parcel.id });
  await db()
    .insert(shipmentStages)
    .values({ shipmentId: s.id, ...SHIPMENT_FIRST_STAGE });
  return { ...s, parcelId: parcel.id };
}

const air = (origin: 'miami' | 'china', cutoff: number): DepartureCreateInput => ({
  mode: 'aereo',
  origin,
  masterRef: null,
  containerNumber: null,
  carrier: 'Laser Airlines',
  voyage: 'QL 1905',
  arrivalPort: 'maiquetia',
  cutoffOn: addDays(today, cutoff),
  plannedDeparture: addDays(today, cutoff + 1),
  plannedArrival: null,
});

const statusOf = async (id: string) =>
  (await db().select({ s: shipments.status }).from(shipments).where(eq(shipments.id, id)))[0]!.s;
const parcelStatusOf = async (id: string) =>
  (await db().select({ s: packages.status }).from(packages).where(eq(packages.id, id)))[0]!.s;
const stagesOf = async (id: string) =>
  db()
    .select({ name: shipmentStages.stageName, status: shipmentStages.status })
    .from(shipmentStages)
    .where(eq(shipmentStages.shipmentId, id))
    .orderBy(asc(shipmentStages.stageNumber));
const promisedCode = async (origin: 'miami' | 'china') =>
  (await callerFor(db()).departures.next({ mode: 'aereo', origin }))[0]?.code ?? null;

describe('the Salida', () => {
  it('closes the departure, moves its shipments and parcels on, and the promise moves to the next open departure', async () => {
    // China's air route is this test's alone: the promise is the earliest open departure of the route.
    const first = await staff().departures.create(air('china', 1));
    const next = await staff().departures.create(air('china', 5));
    expect(await promisedCode('china')).toBe(first.code);

    const ana = await customer('beijing');
    const beto = await customer('beijing');
    const anaOne = await shipmentOf(ana);
    const anaTwo = await shipmentOf(ana, { status: 'delayed' });
    // Already further along (staff moved it by hand): it keeps its own status.
    const betoAhead = await shipmentOf(beto, { status: 'customs' });
    for (const s of [anaOne, anaTwo, betoAhead])
      await staff().departures.addShipment({ departureId: first.id, shipmentId: s.id });

    const r = await staff().departures.recordMilestone({ departureId: first.id, kind: 'departed', actualOn: today });
    expect(r).toMatchObject({ recorded: true, recipientCount: 2, shipmentsMoved: 2 });

    const detail = await staff().departures.detail({ id: first.id });
    expect(detail.status).toBe('closed');
    expect(await statusOf(anaOne.id)).toBe('in_transit');
    expect(await statusOf(anaTwo.id)).toBe('in_transit');
    expect(await statusOf(betoAhead.id)).toBe('customs');
    expect(await parcelStatusOf(anaOne.parcelId)).toBe('shipped');
    expect(await parcelStatusOf(betoAhead.parcelId)).toBe('shipped');
    // The customer's stages: the first one completed, 'En tránsito' the current one.
    expect(await stagesOf(anaOne.id)).toEqual([
      { name: SHIPMENT_FIRST_STAGE.stageName, status: 'completed' },
      { name: SHIPMENT_STATUS_LABELS.in_transit, status: 'active' },
    ]);
    expect(await stagesOf(betoAhead.id)).toHaveLength(1);
    // Ana has two shipments in it and is told once.
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ana.id), like(notifications.title, `Despacho ${first.code}:%`)));
    expect(told).toHaveLength(1);

    // Closed: a new shipment is refused in Spanish and nothing changes; none can be taken out.
    const late = await shipmentOf(ana);
    const refused = await trpcError(staff().departures.addShipment({ departureId: first.id, shipmentId: late.id }));
    expect(refused.message).toBe(M.departedClosed(first.code, departureDay(today)));
    expect((await db().select().from(shipments).where(eq(shipments.id, late.id)))[0]!.departureId).toBeNull();
    expect(
      (await trpcError(staff().departures.removeShipment({ departureId: first.id, shipmentId: anaOne.id }))).message,
    ).toBe(M.departedClosed(first.code, departureDay(today)));

    // A new parcel is promised the next departure still open.
    expect(await promisedCode('china')).toBe(next.code);

    // Staff cannot put a shipment that left back to 'Preparando'; a delay can still be said.
    const back = await trpcError(staff().shipments.updateStatus({ id: anaOne.id, status: 'preparing' }));
    expect(back.message).toBe(M.behindDeparture(anaOne.code, first.code, 'Salida', SHIPMENT_STATUS_LABELS.preparing));
    expect(await statusOf(anaOne.id)).toBe('in_transit');
    await staff().shipments.updateStatus({ id: anaOne.id, status: 'delayed' });
    expect(await statusOf(anaOne.id)).toBe('delayed');
  });

  it('the cierre de recepción ends the promise but the departure still takes parcels already in the warehouse', async () => {
    const d = await staff().departures.create(air('miami', 2));
    expect(await promisedCode('miami')).toBe(d.code);
    await staff().departures.recordMilestone({ departureId: d.id, kind: 'reception_closed', actualOn: today });
    expect(await promisedCode('miami')).toBeNull();
    const s = await shipmentOf(await customer('miami'));
    await staff().departures.addShipment({ departureId: d.id, shipmentId: s.id });
    expect(await statusOf(s.id)).toBe('preparing');
    expect((await staff().departures.detail({ id: d.id })).status).toBe('open');
  });
});

describe('a milestone recorded late', () => {
  it('the Salida recorded after the Llegada takes a shipment delayed meanwhile to Llegada, not back to En tránsito', async () => {
    const d = await staff().departures.create(air('miami', 3));
    const s = await shipmentOf(await customer('miami'));
    await staff().departures.addShipment({ departureId: d.id, shipmentId: s.id });
    await staff().departures.recordMilestone({ departureId: d.id, kind: 'arrived', actualOn: today });
    expect(await statusOf(s.id)).toBe('arrived');
    await staff().shipments.updateStatus({ id: s.id, status: 'delayed' });

    const r = await staff().departures.recordMilestone({ departureId: d.id, kind: 'departed', actualOn: today });
    expect(r).toMatchObject({ recorded: true, shipmentsMoved: 1 });
    expect(await statusOf(s.id)).toBe('arrived');
    expect((await stagesOf(s.id)).at(-1)).toEqual({ name: SHIPMENT_STATUS_LABELS.arrived, status: 'active' });
  });
});

describe('after the arrival, at the agency', () => {
  it("the counter lists the landed shipment as arriving and hands it over; the customer's stages end with 'Entregado'", async () => {
    const [agency] = await db()
      .insert(agencies)
      .values({
        kind: 'partner',
        carrier: 'MRW',
        code: `MRW-HIT-${tag()}`,
        name: 'MRW Hitos',
        state: 'Carabobo',
        city: 'Valencia',
        address: 'Av. Bolívar',
      })
      .returning({ id: agencies.id });
    const counterStaff = await signedInStaff(db(), 'agencia');
    await db().insert(agencyStaff).values({ userId: counterStaff.user.id, agencyId: agency.id });
    const counter = callerFor(db(), counterStaff.visitor, config);

    const maria = await signedInCustomer(db(), { nombre: 'María Hitos' });
    const [box] = await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.userId, maria.user.id));
    const [recipient] = await db()
      .insert(recipients)
      .values({
        userId: maria.user.id,
        fullName: 'Rosa Hitos',
        idDocument: 'V-8765432',
        phone: '+584147654321',
        state: 'Carabobo',
        city: 'Valencia',
        address: 'Calle 1',
      })
      .returning({ id: recipients.id });
    const s = await shipmentOf(
      { id: maria.user.id, mailboxId: box.id },
      { delivery: { agencyId: agency.id, recipientId: recipient.id } },
    );
    const d = await staff().departures.create(air('miami', 0));
    await staff().departures.addShipment({ departureId: d.id, shipmentId: s.id });
    for (const kind of ['departed', 'arrived'] as const)
      await staff().departures.recordMilestone({ departureId: d.id, kind, actualOn: today });
    expect(await statusOf(s.id)).toBe('arrived');

    const arriving = await counter.pickups.list({ tab: 'arriving' });
    expect(arriving.map((r) => [r.shipmentCode, r.statusLabel])).toEqual([[s.code, SHIPMENT_STATUS_LABELS.arrived]]);
    expect((await counter.pickups.markReady({ code: s.code })).message).toBe(PICKUP_MESSAGES.markedReady(s.code));

    const [ready] = await db()
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, maria.user.id), eq(notifications.title, PICKUP_MESSAGES.readyTitle)));
    const code = /Código de retiro: (\d{6})/.exec(ready!.message)![1]!;
    const photo = { fileId: randomUUID(), thumbFileId: randomUUID() };
    for (const id of [photo.fileId, photo.thumbFileId])
      await db()
        .insert(storedFiles)
        .values({
          id,
          ownerUserId: counterStaff.user.id,
          kind: 'delivery_photo',
          storageKey: `delivery-photos/${id}.jpg`,
          contentType: 'image/jpeg',
          sizeBytes: 10,
          uploadedBy: counterStaff.user.id,
        });
    const done = await counter.pickups.deliver({ method: 'code', shipmentId: s.id, code, receivedBy: 'Rosa', photo });
    expect(done.delivered).toBe(true);

    const mine = await maria.caller.shipments.ownDetail({ id: s.id });
    expect(mine.status).toBe('delivered');
    expect(mine.stages.map((st) => [st.stageName, st.status])).toEqual([
      [SHIPMENT_FIRST_STAGE.stageName, 'completed'],
      [SHIPMENT_STATUS_LABELS.in_transit, 'completed'],
      [SHIPMENT_STATUS_LABELS.arrived, 'completed'],
      [SHIPMENT_STATUS_LABELS.ready_for_pickup, 'completed'],
      [SHIPMENT_STATUS_LABELS.delivered, 'completed'],
    ]);
    // A milestone recorded later never moves a delivered shipment back.
    await staff().departures.recordMilestone({ departureId: d.id, kind: 'customs', actualOn: today });
    expect(await statusOf(s.id)).toBe('delivered');
    expect((await db().select().from(departures).where(eq(departures.id, d.id)))[0]!.status).toBe('closed');
  });
});
