// Agency counters and proof of delivery (docs/product/last-mile.md#agency-counters-and-proof-of-delivery):
// an agency user reaches only its agency's shipments; the scan makes an arriving shipment ready
// with a 6-digit code the customer and the recipient receive; the code or the cédula of the
// recipient or an authorised person, with a photo, delivers it with its proof; five failed attempts
// lock pickup until staff unlock it (audited); the reminder goes once a day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PICKUP_MESSAGES as M, SHIPMENT_STATUS_LABELS, STAFF_MESSAGES } from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  agencies,
  agencyStaff,
  auditLog,
  deliveryProofs,
  notifications,
  recipients,
  shipmentPickups,
  shipments,
  storedFiles,
  whatsappOutbox,
} from '../../db/schema';
import { testConfig } from '../../env';
import { businessToday } from '../../lib/business-clock';
import { sendPickupReminders } from '../../services/pickups';
import { createTestDatabase } from '../../test/db';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { signedInAdmin, signedInCustomer, signedInStaff } from '../../test/factories';

const config = testConfig({ appUrl: TEST_APP_URL });

let database: Database;
const db = () => database.db;
type Caller = ReturnType<typeof callerFor>;
let admin: Caller;
let counterA: { caller: Caller; id: string };
let counterB: { caller: Caller; id: string };
let ana: Awaited<ReturnType<typeof signedInCustomer>>;
let beto: Awaited<ReturnType<typeof signedInCustomer>>;
let agencyA: string;
let agencyB: string;
let recipientId: string;
let homeRecipientId: string;

async function agency(code: string, name: string, city: string) {
  const [row] = await db()
    .insert(agencies)
    .values({ kind: 'partner', carrier: 'MRW', code, name, state: 'Distrito Capital', city, address: 'Av. Principal' })
    .returning({ id: agencies.id });
  return row.id;
}

async function counterAt(agencyId: string | null) {
  const s = await signedInStaff(db(), 'agencia');
  if (agencyId) await db().insert(agencyStaff).values({ userId: s.user.id, agencyId });
  return { caller: callerFor(db(), s.visitor, config), id: s.user.id };
}

let seq = 0;
async function shipmentFor(
  userId: string,
  opts: { agencyId?: string | null; status?: 'in_transit' | 'preparing' | 'customs'; recipient?: string } = {},
) {
  seq++;
  const agencyId = opts.agencyId === undefined ? agencyA : opts.agencyId;
  const [row] = await db()
    .insert(shipments)
    .values({
      userId,
      shipmentCode: `ENV-PK-${seq}-${randomUUID().slice(0, 6)}`,
      deliveryMethod: agencyId ? 'agency' : 'home',
      agencyId,
      recipientId: opts.recipient ?? recipientId,
      deliveryAddress: 'Av. Principal',
      deliveryCity: 'Caracas',
      deliveryState: 'Distrito Capital',
      status: opts.status ?? 'in_transit',
    })
    .returning({ id: shipments.id, code: shipments.shipmentCode });
  return row;
}

/** A photo the caller "took" (both sizes), as the upload route stores it. */
async function photoBy(userId: string) {
  const ids = [randomUUID(), randomUUID()];
  for (const id of ids) {
    await db()
      .insert(storedFiles)
      .values({
        id,
        ownerUserId: userId,
        kind: 'delivery_photo',
        storageKey: `delivery-photos/${userId}/${id}.jpg`,
        contentType: 'image/jpeg',
        sizeBytes: 10,
        uploadedBy: userId,
      });
  }
  return { fileId: ids[0], thumbFileId: ids[1] };
}

/** The pickup code the customer received in the notification. */
async function codeSentTo(userId: string, shipmentCode: string) {
  const rows = await db()
    .select({ message: notifications.message })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, M.readyTitle)));
  const mine = rows.find((r) => r.message.includes(shipmentCode));
  const code = mine?.message.match(/Código de retiro: (\d{6})/)?.[1];
  if (!code) throw new Error(`Sin código para ${shipmentCode}`);
  return code;
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  database = await createTestDatabase();
  admin = callerFor(db(), (await signedInAdmin(db())).visitor, config);
  ana = await signedInCustomer(db(), { nombre: 'Ana Retiro' });
  beto = await signedInCustomer(db(), { nombre: 'Beto Ajeno' });
  agencyA = await agency('MRW-CCS-01', 'MRW Chacao', 'Caracas');
  agencyB = await agency('MRW-VAL-01', 'MRW Valencia', 'Valencia');
  counterA = await counterAt(agencyA);
  counterB = await counterAt(agencyB);
  const [r] = await db()
    .insert(recipients)
    .values({
      userId: ana.user.id,
      fullName: 'Rosa Destinataria',
      idDocument: 'V-12345678',
      phone: '+584141234567',
      state: 'Distrito Capital',
      city: 'Caracas',
      address: 'Calle 1',
    })
    .returning({ id: recipients.id });
  recipientId = r.id;
  await db().insert(recipients).values({
    userId: ana.user.id,
    fullName: 'Pedro Autorizado',
    idDocument: 'V-7654321',
    phone: '+584241234567',
    state: 'Distrito Capital',
    city: 'Caracas',
    address: 'Calle 2',
    isAuthorized: true,
  });
  const [h] = await db()
    .insert(recipients)
    .values({
      userId: ana.user.id,
      fullName: 'Ana Retiro',
      idDocument: 'V-5555555',
      state: 'Distrito Capital',
      city: 'Caracas',
      address: 'Calle 3',
      isAccountHolder: true,
    })
    .returning({ id: recipients.id });
  homeRecipientId = h.id;
});
afterAll(async () => {
  await database.close();
});

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
    for (const attempt of [byCode(code), byId('V-12345678'), byId('V-7654321')]) {
      const err = await trpcError(attempt);
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
