// Agency counters (docs/product/last-mile.md#agency-counters-and-proof-of-delivery): an agency user
// reaches only its agency's shipments; the scan makes an arriving shipment ready with a 6-digit code
// the customer and the recipient receive; the right code, with a photo, delivers it with its proof;
// five failed attempts lock pickup until staff unlock it (audited).

import { and, eq } from 'drizzle-orm';
import { PICKUP_MESSAGES as M } from '@casillero/shared';
import { auditLog, shipmentPickups, shipments, whatsappOutbox } from '../../db/schema';
import { businessToday } from '../../lib/business-clock';
import { trpcError } from '../../test/caller';
import { describe, expect, it } from 'vitest';
import {
  usePickups,
  db,
  admin,
  counterA,
  counterB,
  ana,
  beto,
  homeRecipientId,
  counterAt,
  shipmentFor,
  photoBy,
  codeSentTo,
  wrongOf,
} from '../../test/pickups';

usePickups();

describe('the agency scope', () => {
  it("another agency's user gets NOT_FOUND or FORBIDDEN from every procedure, as for a missing shipment", async () => {
    const s = await shipmentFor(ana.user.id);
    const b = counterB.caller;
    expect((await b.pickups.list({ tab: 'arriving' })).map((r) => r.id)).not.toContain(s.id);
    expect((await trpcError(b.pickups.markReady({ code: s.code }))).code).toBe('NOT_FOUND');
    expect((await trpcError(b.pickups.markReady({ code: 'ENV-NO-EXISTE' }))).message).toBe(M.notFound);
    await counterA.caller.pickups.markReady({ code: s.code });
    const photo = await photoBy(counterB.id);
    const code = await codeSentTo(ana.user.id, s.code);
    const deliver = await trpcError(
      b.pickups.deliver({ method: 'code', shipmentId: s.id, code, receivedBy: 'Rosa', photo }),
    );
    expect(deliver.code).toBe('NOT_FOUND');
    expect(deliver.message).toBe(M.notFound);
    expect((await trpcError(b.pickups.unlock({ shipmentId: s.id }))).code).toBe('FORBIDDEN');
    expect(
      (
        await trpcError(
          b.pickups.recordHomeDelivery({ shipmentId: s.id, receivedBy: 'Rosa', idDocument: 'V-12345678', photo }),
        )
      ).code,
    ).toBe('FORBIDDEN');
    expect((await trpcError(b.pickups.proof({ shipmentId: s.id }))).code).toBe('FORBIDDEN');
    expect((await trpcError(b.pickups.ownProof({ shipmentId: s.id }))).code).toBe('NOT_FOUND');
    expect((await trpcError(b.pickups.settings())).code).toBe('FORBIDDEN');
    expect((await trpcError(b.pickups.updateSettings({ reminderDays: 3 }))).code).toBe('FORBIDDEN');
    expect((await trpcError(b.pickups.agencies())).code).toBe('FORBIDDEN');
    // Nothing changed for agency A's shipment.
    const [row] = await db().select({ status: shipments.status }).from(shipments).where(eq(shipments.id, s.id));
    expect(row.status).toBe('ready_for_pickup');
    // Nor can an agency user reach any other staff screen's procedures.
    expect((await trpcError(b.shipments.list({}))).code).toBe('FORBIDDEN');
  });

  it('a home delivery or a shipment of no agency is not on any counter', async () => {
    const s = await shipmentFor(ana.user.id, { agencyId: null, recipient: homeRecipientId });
    expect((await trpcError(counterA.caller.pickups.markReady({ code: s.code }))).code).toBe('NOT_FOUND');
  });

  it('an agency user without an agency is told so', async () => {
    const lost = await counterAt(null);
    const err = await trpcError(lost.caller.pickups.list({ tab: 'ready' }));
    expect(err.code).toBe('FORBIDDEN');
    expect(err.message).toBe(M.noAgency);
  });
});

describe('ready for pickup and the code', () => {
  it('the scan tells the customer and the recipient the code, keeps only its hash, and is not repeated', async () => {
    const s = await shipmentFor(ana.user.id);
    const res = await counterA.caller.pickups.markReady({ code: ` ${s.code.toLowerCase()} ` });
    expect(res.message).toBe(M.markedReady(s.code));
    expect(res.recipientTold).toBe(true);
    const code = await codeSentTo(ana.user.id, s.code);
    const [pickup] = await db().select().from(shipmentPickups).where(eq(shipmentPickups.shipmentId, s.id));
    expect(pickup.codeHash).not.toContain(code);
    const sent = await db()
      .select({ body: whatsappOutbox.body })
      .from(whatsappOutbox)
      .where(eq(whatsappOutbox.toPhone, '+584141234567'));
    expect(sent.some((m) => m.body.includes(code) && m.body.includes(s.code))).toBe(true);
    const list = await counterA.caller.pickups.list({ tab: 'ready' });
    expect(list.find((r) => r.id === s.id)?.recipientName).toBe('Rosa Destinataria');
    const again = await trpcError(counterA.caller.pickups.markReady({ code: s.code }));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe(M.alreadyReady(s.code));
  });

  it('a shipment still being prepared is refused', async () => {
    const s = await shipmentFor(ana.user.id, { status: 'preparing' });
    expect((await trpcError(counterA.caller.pickups.markReady({ code: s.code }))).code).toBe('BAD_REQUEST');
  });

  it('the right code delivers it with its proof; the customer sees who, when and how', async () => {
    const s = await shipmentFor(ana.user.id);
    await counterA.caller.pickups.markReady({ code: s.code });
    const code = await codeSentTo(ana.user.id, s.code);
    const photo = await photoBy(counterA.id);
    const res = await counterA.caller.pickups.deliver({
      method: 'code',
      shipmentId: s.id,
      code,
      receivedBy: 'Rosa Destinataria',
      photo,
    });
    expect(res).toEqual({ delivered: true, message: M.delivered(s.code) });
    const [row] = await db()
      .select({ status: shipments.status, actualDelivery: shipments.actualDelivery })
      .from(shipments)
      .where(eq(shipments.id, s.id));
    expect(row).toEqual({ status: 'delivered', actualDelivery: businessToday() });
    const proof = await ana.caller.pickups.ownProof({ shipmentId: s.id });
    expect(proof).toMatchObject({
      method: 'code',
      receivedBy: 'Rosa Destinataria',
      agencyName: 'MRW Chacao',
      photoThumbFileId: photo.thumbFileId,
      recordedByName: null,
    });
    // The photo is the customer's to open now.
    const link = await ana.caller.files.link({ id: photo.thumbFileId });
    expect(link.url).toContain(photo.thumbFileId);
    expect((await trpcError(beto.caller.pickups.ownProof({ shipmentId: s.id }))).code).toBe('NOT_FOUND');
    const twice = await trpcError(
      counterA.caller.pickups.deliver({ method: 'code', shipmentId: s.id, code, receivedBy: 'Rosa', photo }),
    );
    expect(twice.code).toBe('CONFLICT');
  });

  it('wrong codes count, the fifth locks pickup, and staff unlock it (audited)', async () => {
    const s = await shipmentFor(ana.user.id);
    await counterA.caller.pickups.markReady({ code: s.code });
    const code = await codeSentTo(ana.user.id, s.code);
    const photo = await photoBy(counterA.id);
    const attempt = (c: string) =>
      counterA.caller.pickups.deliver({ method: 'code', shipmentId: s.id, code: c, receivedBy: 'Alguien', photo });
    for (let i = 1; i <= 4; i++) {
      expect(await attempt(wrongOf(code))).toEqual({ delivered: false, locked: false, message: M.wrongCode(5 - i) });
    }
    expect(await attempt(wrongOf(code))).toEqual({ delivered: false, locked: true, message: M.wrongCode(0) });
    const locked = await trpcError(attempt(code));
    expect(locked.code).toBe('CONFLICT');
    expect(locked.message).toBe(M.locked);
    expect((await counterA.caller.pickups.list({ tab: 'ready' })).find((r) => r.id === s.id)?.locked).toBe(true);
    // Staff see the lock in the shipment's details (/admin/envios), where they unlock it; the counter cannot.
    expect(await admin.shipments.detail({ id: s.id })).toMatchObject({ pickupWrongCodes: 5 });
    expect((await admin.shipments.detail({ id: s.id })).pickupLockedAt).not.toBeNull();
    expect((await trpcError(counterA.caller.pickups.unlock({ shipmentId: s.id }))).code).toBe('FORBIDDEN');

    expect(await admin.pickups.unlock({ shipmentId: s.id })).toEqual({ message: M.unlocked });
    const entries = await db()
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'shipment_pickups'), eq(auditLog.entityId, s.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'pickups.unlock', after: { wrong_codes: 0, pickup_locked_at: null } });
    expect(JSON.stringify(entries)).not.toContain('code_hash');
    expect((await trpcError(admin.pickups.unlock({ shipmentId: s.id }))).message).toBe(M.notLocked);
    expect((await admin.shipments.detail({ id: s.id })).pickupLockedAt).toBeNull();

    expect((await attempt(code)).delivered).toBe(true);
  });

  it('a code of the wrong shape is refused before any count', async () => {
    const s = await shipmentFor(ana.user.id);
    const err = await trpcError(
      counterA.caller.pickups.deliver({
        method: 'code',
        shipmentId: s.id,
        code: '12a',
        receivedBy: 'Rosa',
        photo: await photoBy(counterA.id),
      }),
    );
    expect(err.message).toBe(M.codeFormat);
  });
});
