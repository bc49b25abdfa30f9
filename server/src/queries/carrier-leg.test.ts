// The first mile's read side on a real database (docs/product/first-mile.md): rows of
// carrier_shipments and carrier_events inserted as the write side stores them, read back as a
// customer, as the staff and as anyone on the public page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { prealerts, trackings } from '../db/schema';
import { insertCarrierLeg, newCarrierNumber, type EventSpec } from '../test/carrier-legs';
import { createTestDatabase } from '../test/db';
import { customerWithActiveMailbox } from '../test/factories';
import { ownCarrierLeg, ownCarrierLegs, publicCarrierLeg, staffCarrierLeg, withoutSigner } from './carrier-leg';
import { listExpectedParcels } from './carrier-expected';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

const newNumber = newCarrierNumber;
const followed = (number: string, events: EventSpec[], extra: Parameters<typeof insertCarrierLeg>[3] = {}) =>
  insertCarrierLeg(db(), number, events, extra);

const prealertOf = (userId: string, mailboxId: string, trackingNumber: string) =>
  db().insert(prealerts).values({ userId, mailboxId, trackingNumber, description: 'Zapatos', carrier: 'USPS' });

const THREE_EVENTS: EventSpec[] = [
  {
    state: 'in_transit',
    at: '2026-12-03T08:00:00Z',
    description: 'In Transit to Next Facility',
    location: 'Memphis, TN',
  },
  {
    state: 'delivered',
    at: '2026-12-04T14:14:00Z',
    description: 'Delivered, Front Desk/Reception',
    location: 'Doral, FL',
  },
  { state: 'info_received', at: '2026-12-02T12:00:00Z', description: 'Shipping Label Created' },
];

describe('a customer reads her own carrier leg', () => {
  it('gives the events newest first by when they happened, with the carrier text and place', async () => {
    const maria = await customerWithActiveMailbox(db());
    const number = newNumber();
    await prealertOf(maria.user.id, maria.mailboxId, number);
    await followed(number, THREE_EVENTS, { expectedDeliveryAt: new Date('2026-12-04T22:00:00Z') });

    const leg = await ownCarrierLeg(db(), maria.user.id, number);
    expect(leg).toEqual({
      carrier: 'USPS',
      state: 'delivered',
      expectedDeliveryAt: '2026-12-04T22:00:00.000Z',
      events: [
        {
          at: '2026-12-04T14:14:00.000Z',
          state: 'delivered',
          description: 'Delivered, Front Desk/Reception',
          location: 'Doral, FL',
        },
        {
          at: '2026-12-03T08:00:00.000Z',
          state: 'in_transit',
          description: 'In Transit to Next Facility',
          location: 'Memphis, TN',
        },
        {
          at: '2026-12-02T12:00:00.000Z',
          state: 'info_received',
          description: 'Shipping Label Created',
          location: null,
        },
      ],
    });
    // The same number as another variant of it (spaces, lower case) finds the same leg.
    expect((await ownCarrierLeg(db(), maria.user.id, number.replace(/(\d{4})/g, '$1 ')))?.state).toBe('delivered');
  });

  it('finds it through a tracking of hers as well as a pre-alert', async () => {
    const maria = await customerWithActiveMailbox(db());
    const number = newNumber();
    await db().insert(trackings).values({
      trackingNumber: number,
      userId: maria.user.id,
      mailboxId: maria.mailboxId,
      description: 'Libros',
      carrier: 'USPS',
      senderName: 'Amazon',
      status: 'in_transit',
    });
    await followed(number, THREE_EVENTS.slice(0, 1));
    expect((await ownCarrierLeg(db(), maria.user.id, number))?.events).toHaveLength(1);
  });

  it('gives another customer nothing', async () => {
    const maria = await customerWithActiveMailbox(db());
    const other = await customerWithActiveMailbox(db(), { nombre: 'Pedro Gómez' });
    const number = newNumber();
    await prealertOf(maria.user.id, maria.mailboxId, number);
    await followed(number, THREE_EVENTS);
    expect(await ownCarrierLeg(db(), other.user.id, number)).toBeNull();
    expect((await ownCarrierLegs(db(), other.user.id, [number])).size).toBe(0);
  });

  it('gives neither customer anything when two pre-alerted the same number', async () => {
    const maria = await customerWithActiveMailbox(db());
    const other = await customerWithActiveMailbox(db(), { nombre: 'Pedro Gómez' });
    const number = newNumber();
    await prealertOf(maria.user.id, maria.mailboxId, number);
    await prealertOf(other.user.id, other.mailboxId, number);
    await followed(number, THREE_EVENTS);
    expect(await ownCarrierLeg(db(), maria.user.id, number)).toBeNull();
    expect(await ownCarrierLeg(db(), other.user.id, number)).toBeNull();
    expect(await publicCarrierLeg(db(), number)).toBeNull();
    // The staff still see it: they are the ones who settle whose it is.
    expect((await staffCarrierLeg(db(), number))?.events).toHaveLength(3);
  });

  it('reads a whole list in one call, each leg under its key, only the newest event when asked', async () => {
    const maria = await customerWithActiveMailbox(db());
    const [a, b, none] = [newNumber(), newNumber(), newNumber()];
    for (const n of [a, b, none]) await prealertOf(maria.user.id, maria.mailboxId, n);
    await followed(a, THREE_EVENTS);
    await followed(b, THREE_EVENTS.slice(2));
    const legs = await ownCarrierLegs(db(), maria.user.id, [a, b, none, null], { latestOnly: true });
    expect([...legs.keys()].sort()).toEqual([a, b].sort());
    expect(legs.get(a)?.events.map((e) => e.state)).toEqual(['delivered']);
    expect(legs.get(b)?.state).toBe('info_received');
    expect(await ownCarrierLegs(db(), maria.user.id, [])).toEqual(new Map());
  });
});

describe('the public and the staff views', () => {
  it('shows anyone the carrier events but never who signed for the parcel', async () => {
    const maria = await customerWithActiveMailbox(db());
    const number = newNumber();
    await prealertOf(maria.user.id, maria.mailboxId, number);
    await followed(
      number,
      [
        {
          state: 'delivered',
          at: '2026-12-04T14:14:00Z',
          description: 'Delivered, Left at Front Door. Signed by: J SMITH',
          location: 'Doral, FL',
        },
      ],
      { proofSignedBy: 'J SMITH', deliveredLocation: 'Doral, FL' },
    );
    const leg = await publicCarrierLeg(db(), number);
    expect(leg?.events).toEqual([
      {
        at: '2026-12-04T14:14:00.000Z',
        state: 'delivered',
        description: 'Delivered, Left at Front Door',
        location: 'Doral, FL',
      },
    ]);
    expect(JSON.stringify(leg)).not.toContain('SMITH');
    expect(await staffCarrierLeg(db(), number)).toMatchObject({ signedBy: 'J SMITH' });
  });

  it('cuts the signer off in English and Spanish, leaving other words alone', () => {
    expect(withoutSigner('Entregado. Firmado por: MARIA P')).toBe('Entregado');
    expect(withoutSigner('Delivered, signature obtained from JOHN')).toBe('Delivered');
    expect(withoutSigner('Arrived at USPS Regional Facility')).toBe('Arrived at USPS Regional Facility');
  });
});

describe('Esperados hoy / mañana', () => {
  it('lists out for delivery, delivered and expected today or tomorrow; not received, not later, not stopped', async () => {
    const maria = await customerWithActiveMailbox(db());
    const now = new Date('2026-12-07T15:00:00Z'); // 11:00 in Caracas
    const numbers = {
      out: newNumber(),
      delivered: newNumber(),
      tomorrow: newNumber(),
      later: newNumber(),
      stopped: newNumber(),
    };
    for (const n of Object.values(numbers)) await prealertOf(maria.user.id, maria.mailboxId, n);
    await followed(numbers.out, [
      { state: 'out_for_delivery', at: '2026-12-07T12:00:00Z', description: 'Out for Delivery' },
    ]);
    await followed(numbers.delivered, [{ state: 'delivered', at: '2026-12-07T14:00:00Z', description: 'Delivered' }]);
    // Tomorrow 23:00 in Caracas is 03:00 UTC the day after: still tomorrow.
    await followed(numbers.tomorrow, [{ state: 'in_transit', at: '2026-12-06T12:00:00Z', description: 'In Transit' }], {
      expectedDeliveryAt: new Date('2026-12-09T03:00:00Z'),
    });
    await followed(numbers.later, [{ state: 'in_transit', at: '2026-12-06T12:00:00Z', description: 'In Transit' }], {
      expectedDeliveryAt: new Date('2026-12-09T04:00:00Z'),
    });
    await followed(numbers.stopped, [{ state: 'delivered', at: '2026-12-07T13:00:00Z', description: 'Delivered' }], {
      stoppedAt: new Date('2026-12-07T14:30:00Z'),
    });

    const mine = (await listExpectedParcels(db(), now)).filter((p) =>
      (Object.values(numbers) as string[]).includes(p.trackingNumber),
    );
    expect(mine.map((p) => [p.trackingNumber, p.state])).toEqual([
      [numbers.delivered, 'delivered'],
      [numbers.out, 'out_for_delivery'],
      [numbers.tomorrow, 'in_transit'],
    ]);
    const [box] = await db().query.mailboxes.findMany({ where: (m, { eq }) => eq(m.id, maria.mailboxId) });
    expect(mine[0]).toMatchObject({ carrier: 'USPS', mailboxCodes: [box.mailboxCode] });
  });
});
