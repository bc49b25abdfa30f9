// Home deliveries' proof, the pickup reminder and agency users
// (docs/product/last-mile.md#agency-counters-and-proof-of-delivery): staff record the proof of a home
// delivery once it is on its way; the reminder goes once a day after the setting's days; a new agency
// user is bound to its agency.

import { and, eq } from 'drizzle-orm';
import { PICKUP_MESSAGES as M, SHIPMENT_MESSAGES, SHIPMENT_STATUS_LABELS, STAFF_MESSAGES } from '@casillero/shared';
import { notifications, shipmentPickups, shipments } from '../../db/schema';
import { businessToday } from '../../lib/business-clock';
import { sendPickupReminders } from '../../services/pickups';
import { callerFor, trpcError } from '../../test/caller';
import { signedInStaff } from '../../test/factories';
import { describe, expect, it } from 'vitest';
import {
  usePickups,
  config,
  database,
  db,
  admin,
  counterA,
  ana,
  beto,
  agencyA,
  agencyB,
  homeRecipientId,
  shipmentFor,
  photoBy,
} from '../../test/pickups';

usePickups();

describe('home deliveries', () => {
  it('staff record the same proof from the shipment', async () => {
    const s = await shipmentFor(ana.user.id, { agencyId: null, recipient: homeRecipientId });
    const adminUser = await signedInStaff(db(), 'almacen');
    const staff = callerFor(db(), adminUser.visitor, config);
    const photo = await photoBy(adminUser.user.id);
    const res = await staff.pickups.recordHomeDelivery({
      shipmentId: s.id,
      receivedBy: 'Ana Retiro',
      idDocument: 'V-5555555',
      photo,
    });
    expect(res.delivered).toBe(true);
    expect(await ana.caller.pickups.ownProof({ shipmentId: s.id })).toMatchObject({
      method: 'home',
      receivedBy: 'Ana Retiro',
      agencyName: null,
    });
    const agencyShipment = await shipmentFor(ana.user.id);
    const err = await trpcError(
      staff.pickups.recordHomeDelivery({
        shipmentId: agencyShipment.id,
        receivedBy: 'Ana',
        idDocument: 'V-5555555',
        photo: await photoBy(adminUser.user.id),
      }),
    );
    expect(err.message).toBe(M.notHomeDelivery);
  });

  it('only once it is on its way, not twice, and only by staff who change shipments', async () => {
    const adminUser = await signedInStaff(db(), 'almacen');
    const staff = callerFor(db(), adminUser.visitor, config);
    const proofOf = async (shipmentId: string) => ({
      shipmentId,
      receivedBy: 'Ana Retiro',
      idDocument: 'v5555555',
      photo: await photoBy(adminUser.user.id),
    });
    const preparing = await shipmentFor(ana.user.id, {
      agencyId: null,
      recipient: homeRecipientId,
      status: 'preparing',
    });
    const early = await trpcError(staff.pickups.recordHomeDelivery(await proofOf(preparing.id)));
    expect(early.message).toBe(M.homeNotDeliverable(SHIPMENT_STATUS_LABELS.preparing));

    const onItsWay = await shipmentFor(ana.user.id, { agencyId: null, recipient: homeRecipientId, status: 'customs' });
    const caja = callerFor(db(), (await signedInStaff(db(), 'caja')).visitor, config);
    expect((await trpcError(caja.pickups.recordHomeDelivery(await proofOf(onItsWay.id)))).code).toBe('FORBIDDEN');
    expect((await trpcError(counterA.caller.pickups.recordHomeDelivery(await proofOf(onItsWay.id)))).code).toBe(
      'FORBIDDEN',
    );
    await staff.pickups.recordHomeDelivery(await proofOf(onItsWay.id));
    expect(await staff.pickups.proof({ shipmentId: onItsWay.id })).toMatchObject({
      method: 'home',
      idDocument: 'V-5555555',
      recordedByName: expect.any(String),
    });
    expect((await admin.shipments.detail({ id: onItsWay.id })).status).toBe('delivered');
    const twice = await trpcError(staff.pickups.recordHomeDelivery(await proofOf(onItsWay.id)));
    expect(twice.message).toBe(M.alreadyDelivered);
  });

  // Found by the simulated day (docs/product/invariants.md): moved back to 'En tránsito' after its
  // proof, a shipment could be delivered again, and the second proof failed on the first (a 500).
  it('a shipment delivered with its proof keeps its status, and is never delivered twice', async () => {
    const adminUser = await signedInStaff(db(), 'almacen');
    const staff = callerFor(db(), adminUser.visitor, config);
    const s = await shipmentFor(ana.user.id, { agencyId: null, recipient: homeRecipientId, status: 'in_transit' });
    const proof = async () => ({
      shipmentId: s.id,
      receivedBy: 'Ana Retiro',
      idDocument: 'V-5555555',
      photo: await photoBy(adminUser.user.id),
    });
    await staff.pickups.recordHomeDelivery(await proof());
    const back = await trpcError(admin.shipments.updateStatus({ id: s.id, status: 'in_transit' }));
    expect(back.code).toBe('CONFLICT');
    expect(back.message).toBe(SHIPMENT_MESSAGES.deliveredWithProof(s.code));
    expect((await admin.shipments.detail({ id: s.id })).status).toBe('delivered');
    // Even had the status moved some other way, the proof on record refuses a second delivery.
    await db().update(shipments).set({ status: 'in_transit' }).where(eq(shipments.id, s.id));
    const again = await trpcError(staff.pickups.recordHomeDelivery(await proof()));
    expect(again.message).toBe(M.alreadyDelivered);
    expect(await staff.pickups.proof({ shipmentId: s.id })).toMatchObject({ receivedBy: 'Ana Retiro' });
  });
});

describe('the pickup reminder', () => {
  it('goes once a day after the setting’s days, and the setting is the administrator’s', async () => {
    expect(await admin.pickups.settings()).toEqual({ reminderDays: 7 });
    await admin.pickups.updateSettings({ reminderDays: 3 });
    const s = await shipmentFor(beto.user.id, { recipient: undefined });
    await db().update(shipments).set({ recipientId: null }).where(eq(shipments.id, s.id));
    await counterA.caller.pickups.markReady({ code: s.code });
    const readyOn = new Date(Date.now() - 3 * 24 * 3600 * 1000);
    await db().update(shipmentPickups).set({ readyAt: readyOn }).where(eq(shipmentPickups.shipmentId, s.id));
    const today = businessToday();
    const first = await database.db.transaction((tx) => sendPickupReminders(tx, { today }));
    expect(first.notified).toBeGreaterThanOrEqual(1);
    const second = await database.db.transaction((tx) => sendPickupReminders(tx, { today }));
    expect(second.notified).toBe(0);
    const told = await db()
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, beto.user.id), eq(notifications.title, M.reminderTitle)));
    expect(told).toHaveLength(1);
    expect(told[0].message).toBe(M.reminderMessage(s.code, 'MRW Chacao, Caracas', 3));
  });
});

describe('inviting an agency user', () => {
  it('binds the new user to the chosen agency, and the role needs one', async () => {
    const err = await trpcError(admin.staff.invite({ email: 'mostrador@example.com', role: 'agencia' }));
    expect(err.code).toBe('BAD_REQUEST');
    expect(await admin.pickups.agencies()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: agencyA, name: 'MRW Chacao' })]),
    );
    const ok = await admin.staff.invite({ email: 'mostrador@example.com', role: 'agencia', agencyId: agencyB });
    expect(ok.message).toContain('mostrador@example.com');
    expect(STAFF_MESSAGES.agencyRequired).toBeTruthy();
  });
});
