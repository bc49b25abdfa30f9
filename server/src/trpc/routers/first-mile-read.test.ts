// The first mile as the procedures give it (docs/product/first-mile.md): María's pre-alerts and
// trackings carry the carrier's leg, nobody else's do, the public page shows the carrier's words
// without a signer, the customer corrects the carrier, and the warehouse sees what comes today.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREALERT_MESSAGES, TRACKING_MESSAGES } from '@casillero/shared';
import type { Database } from '../../db/client';
import { packages, trackings } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { callerFor, newVisitor, trpcError } from '../../test/caller';
import { customerWithActiveMailbox, signedInAdmin, signedInStaff } from '../../test/factories';
import { insertCarrierLeg, newCarrierNumber, type EventSpec } from '../../test/carrier-legs';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

const LEG: EventSpec[] = [
  {
    state: 'info_received',
    at: '2026-12-02T12:00:00Z',
    description: 'Shipping Label Created',
    location: 'Houston, TX',
  },
  {
    state: 'in_transit',
    at: '2026-12-03T08:00:00Z',
    description: 'In Transit to Next Facility',
    location: 'Memphis, TN',
  },
  {
    state: 'delivered',
    at: '2026-12-04T14:14:00Z',
    description: 'Delivered, Left at Front Door. Signed by: J SMITH',
    location: 'Doral, FL',
  },
];

const purchase = { description: 'Zapatos deportivos', quantityItems: 1, carrier: 'USPS' as const };

describe('the carrier leg on the customer procedures', () => {
  it('gives María her pre-alert and tracking with the carrier events; Pedro gets neither', async () => {
    const maria = await customerWithActiveMailbox(db(), { nombre: 'María Rodríguez' });
    const pedro = await customerWithActiveMailbox(db(), { nombre: 'Pedro Gómez' });
    const number = newCarrierNumber();
    await maria.caller.prealerts.create({ ...purchase, trackingNumber: number });
    await insertCarrierLeg(db(), number, LEG, { proofSignedBy: 'J SMITH' });

    const [pre] = await maria.caller.prealerts.mine();
    expect(pre.carrierLeg?.state).toBe('delivered');
    expect(pre.carrierLeg?.events.map((e) => e.location)).toEqual(['Doral, FL', 'Memphis, TN', 'Houston, TX']);

    const [tracking] = await db()
      .insert(trackings)
      .values({
        trackingNumber: number,
        userId: maria.user.id,
        mailboxId: maria.mailboxId,
        description: 'Zapatos deportivos',
        carrier: 'USPS',
        senderName: 'Nike',
        status: 'in_warehouse',
      })
      .returning({ id: trackings.id });
    await db()
      .insert(packages)
      .values({
        userId: maria.user.id,
        mailboxId: maria.mailboxId,
        trackingNumber: number,
        packageDescription: 'Zapatos deportivos',
        status: 'received',
        receivedDate: new Date('2026-12-04T16:00:00Z'),
        warehouseReceipt: 'WR-2026-00042',
        trackingId: tracking.id,
      });

    // The list card reads only the newest event; the drawer the whole leg and the WR.
    const [row] = await maria.caller.trackings.mine();
    expect(row.carrierLeg).toMatchObject({ state: 'delivered', events: [{ location: 'Doral, FL' }] });
    expect(row.carrierLeg?.events).toHaveLength(1);
    const detail = await maria.caller.trackings.mineDetail({ id: tracking.id });
    expect(detail.carrierLeg?.events).toHaveLength(3);
    expect(detail).toMatchObject({ warehouseReceipt: 'WR-2026-00042', receivedAt: '2026-12-04T16:00:00.000Z' });
    // What she sees names no signer: the column is not read for a customer.
    expect(JSON.stringify(detail.carrierLeg)).not.toContain('signedBy');

    expect(await pedro.caller.prealerts.mine()).toEqual([]);
    expect((await trpcError(pedro.caller.trackings.mineDetail({ id: tracking.id }))).message).toBe(
      TRACKING_MESSAGES.notFound,
    );
    // Pedro pre-alerting the same number sees nothing of it, and from then on neither does María.
    await pedro.caller.prealerts.create({ ...purchase, trackingNumber: number });
    expect((await pedro.caller.prealerts.mine())[0].carrierLeg).toBeNull();
    expect((await maria.caller.prealerts.mine())[0].carrierLeg).toBeNull();
    expect((await maria.caller.trackings.mine())[0].carrierLeg).toBeNull();
  });

  it('lets the customer correct the carrier to any first-mile carrier, and refuses one we do not know', async () => {
    const maria = await customerWithActiveMailbox(db());
    const number = newCarrierNumber();
    const { id } = await maria.caller.prealerts.create({ ...purchase, trackingNumber: number });
    await maria.caller.prealerts.update({ id, ...purchase, trackingNumber: number, carrier: 'OnTrac' });
    expect((await maria.caller.prealerts.mine())[0].carrier).toBe('OnTrac');
    const refused = await trpcError(
      maria.caller.prealerts.update({ id, ...purchase, trackingNumber: number, carrier: 'Pony Express' as 'UPS' }),
    );
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: PREALERT_MESSAGES.carrierInvalid });
    expect((await maria.caller.prealerts.mine())[0].carrier).toBe('OnTrac');
  });
});

describe('the carrier leg for the staff and the public', () => {
  it('shows the admin the whole leg with the signer; anyone the carrier words without the signer', async () => {
    const maria = await customerWithActiveMailbox(db());
    const admin = await signedInAdmin(db());
    const number = newCarrierNumber();
    await maria.caller.prealerts.create({ ...purchase, trackingNumber: number });
    await insertCarrierLeg(db(), number, LEG, { proofSignedBy: 'J SMITH' });
    const [tracking] = await db()
      .insert(trackings)
      .values({
        trackingNumber: number,
        userId: maria.user.id,
        mailboxId: maria.mailboxId,
        description: 'Zapatos',
        carrier: 'USPS',
        senderName: 'Nike',
        status: 'in_transit',
      })
      .returning({ id: trackings.id });
    const detail = await admin.caller.trackings.detail({ id: tracking.id });
    expect(detail.carrierLeg).toMatchObject({ signedBy: 'J SMITH', state: 'delivered' });
    expect(detail.carrierLeg?.events).toHaveLength(3);

    const anyone = callerFor(db(), newVisitor({ ip: '10.9.9.9' }));
    const result = await anyone.publicTracking.lookup({ number });
    expect(result.carrierLeg?.events[0]).toEqual({
      at: '2026-12-04T14:14:00.000Z',
      state: 'delivered',
      description: 'Delivered, Left at Front Door',
      location: 'Doral, FL',
    });
    expect(JSON.stringify(result)).not.toContain('SMITH');
    // A number nobody has: the same keys, no leg.
    expect((await anyone.publicTracking.lookup({ number: newCarrierNumber() })).carrierLeg).toBeNull();
  });

  it('shows the warehouse what the carriers bring, to admin and almacén only', async () => {
    const maria = await customerWithActiveMailbox(db());
    const number = newCarrierNumber();
    await maria.caller.prealerts.create({ ...purchase, trackingNumber: number });
    await insertCarrierLeg(db(), number, [
      {
        state: 'out_for_delivery',
        at: new Date().toISOString(),
        description: 'Out for Delivery',
        location: 'Doral, FL',
      },
    ]);
    const almacen = await signedInStaff(db(), 'almacen');
    const expected = await almacen.caller.reception.expected();
    expect(expected.find((p) => p.trackingNumber === number)).toMatchObject({
      carrier: 'USPS',
      state: 'out_for_delivery',
      mailboxCodes: [expect.stringMatching(/\S/)],
    });
    const admin = await signedInAdmin(db());
    expect((await admin.caller.reception.expected()).some((p) => p.trackingNumber === number)).toBe(true);
    const caja = await signedInStaff(db(), 'caja');
    expect((await trpcError(caja.caller.reception.expected())).code).toBe('FORBIDDEN');
    expect((await trpcError(maria.caller.reception.expected())).code).toBe('FORBIDDEN');
  });
});
