// Pickup with the cédula (docs/product/last-mile.md#agency-counters-and-proof-of-delivery): the
// recipient or a person the customer authorised collects with it however it is typed; anyone else
// is refused and counted with the wrong codes toward the lock.

import { eq } from 'drizzle-orm';
import { PICKUP_MESSAGES as M } from '@casillero/shared';
import { deliveryProofs, shipmentPickups, shipments } from '../../db/schema';
import { trpcError } from '../../test/caller';
import { describe, expect, it } from 'vitest';
import {
  usePickups,
  db,
  admin,
  counterA,
  counterB,
  ana,
  shipmentFor,
  photoBy,
  codeSentTo,
  wrongOf,
} from '../../test/pickups';

usePickups();

describe('pickup with the cédula', () => {
  async function readyShipment() {
    const s = await shipmentFor(ana.user.id);
    await counterA.caller.pickups.markReady({ code: s.code });
    return s;
  }

  it('the recipient collects with their cédula however it is typed', async () => {
    const s = await readyShipment();
    const res = await counterA.caller.pickups.deliver({
      method: 'id_document',
      shipmentId: s.id,
      idDocument: 'v12.345.678',
      receivedBy: 'Rosa Destinataria',
      photo: await photoBy(counterA.id),
    });
    expect(res.delivered).toBe(true);
    const [proof] = await db().select().from(deliveryProofs).where(eq(deliveryProofs.shipmentId, s.id));
    expect(proof).toMatchObject({ method: 'id_document', idDocument: 'V-12345678', recordedBy: counterA.id });
  });

  it('a person the customer authorised collects too', async () => {
    const s = await readyShipment();
    const res = await counterA.caller.pickups.deliver({
      method: 'id_document',
      shipmentId: s.id,
      idDocument: '7654321',
      receivedBy: 'Pedro Autorizado',
      photo: await photoBy(counterA.id),
    });
    expect(res.delivered).toBe(true);
  });

  it('anyone else is refused, counted as a failed attempt, and the shipment stays ready', async () => {
    const s = await readyShipment();
    const res = await counterA.caller.pickups.deliver({
      method: 'id_document',
      shipmentId: s.id,
      idDocument: 'V-9999999',
      receivedBy: 'Un Extraño',
      photo: await photoBy(counterA.id),
    });
    expect(res).toEqual({ delivered: false, locked: false, message: M.idDocumentNotAllowed(4) });
    const [row] = await db().select({ status: shipments.status }).from(shipments).where(eq(shipments.id, s.id));
    expect(row.status).toBe('ready_for_pickup');
    const [pickup] = await db().select().from(shipmentPickups).where(eq(shipmentPickups.shipmentId, s.id));
    expect(pickup.wrongCodes).toBe(1);
  });

  it('wrong cédulas and wrong codes count together: the fifth locks pickup for the right code and cédula too', async () => {
    const s = await readyShipment();
    const code = await codeSentTo(ana.user.id, s.code);
    const photo = await photoBy(counterA.id);
    const byCode = (c: string) =>
      counterA.caller.pickups.deliver({ method: 'code', shipmentId: s.id, code: c, receivedBy: 'Alguien', photo });
    const byId = (idDocument: string) =>
      counterA.caller.pickups.deliver({
        method: 'id_document',
        shipmentId: s.id,
        idDocument,
        receivedBy: 'Alguien',
        photo,
      });
    expect(await byCode(wrongOf(code))).toEqual({ delivered: false, locked: false, message: M.wrongCode(4) });
    expect(await byId('V-11111111')).toEqual({ delivered: false, locked: false, message: M.idDocumentNotAllowed(3) });
    expect(await byCode(wrongOf(code))).toEqual({ delivered: false, locked: false, message: M.wrongCode(2) });
    expect(await byId('V-22222222')).toEqual({ delivered: false, locked: false, message: M.idDocumentNotAllowed(1) });
    expect(await byId('E-33333333')).toEqual({ delivered: false, locked: true, message: M.idDocumentNotAllowed(0) });
    // One at a time: each attempt starts only when the one before was answered.
    for (const attempt of [() => byCode(code), () => byId('V-12345678'), () => byId('V-7654321')]) {
      const err = await trpcError(attempt());
      expect(err.code).toBe('CONFLICT');
      expect(err.message).toBe(M.locked);
    }
    expect((await counterA.caller.pickups.list({ tab: 'ready' })).find((r) => r.id === s.id)?.locked).toBe(true);
    expect(await admin.shipments.detail({ id: s.id })).toMatchObject({ pickupWrongCodes: 5 });

    await admin.pickups.unlock({ shipmentId: s.id });
    expect((await byId('V-12345678')).delivered).toBe(true);
  });

  it('nine made-up cédulas at once: five are counted and the lock holds for the other four', async () => {
    const s = await readyShipment();
    const photo = await photoBy(counterA.id);
    // Each call is its own transaction (on PostgreSQL, its own connection), as at nine counters.
    const results = await Promise.allSettled(
      Array.from({ length: 9 }, (_, i) =>
        counterA.caller.pickups.deliver({
          method: 'id_document',
          shipmentId: s.id,
          idDocument: `V-${20000000 + i}`,
          receivedBy: 'Un Extraño',
          photo,
        }),
      ),
    );
    const answered = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(answered.map((r) => r.delivered)).toEqual([false, false, false, false, false]);
    expect(answered.filter((r) => !r.delivered && r.locked)).toHaveLength(1);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    expect(refused).toEqual([M.locked, M.locked, M.locked, M.locked]);
    const [pickup] = await db().select().from(shipmentPickups).where(eq(shipmentPickups.shipmentId, s.id));
    expect(pickup.wrongCodes).toBe(5);
    expect(pickup.pickupLockedAt).not.toBeNull();
  });

  it("someone else's photo is not accepted", async () => {
    const s = await readyShipment();
    const err = await trpcError(
      counterA.caller.pickups.deliver({
        method: 'id_document',
        shipmentId: s.id,
        idDocument: 'V-12345678',
        receivedBy: 'Rosa',
        photo: await photoBy(counterB.id),
      }),
    );
    expect(err.message).toBe(M.photoInvalid);
  });
});
