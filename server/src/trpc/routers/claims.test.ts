import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CLAIM_DEFAULT_SETTINGS, CLAIM_MESSAGES as M, CLAIM_NOTICES, type ClaimKind } from '@casillero/shared';
import { auditLog, claims, notifications } from '../../db/schema';
import { trpcError } from '../../test/caller';
import {
  DAY,
  TEXT,
  admin,
  as,
  atencion,
  carlos,
  claimsOf,
  dayString,
  daysAgo,
  db,
  maria,
  parcel,
  photoOf,
  shipment,
  useClaimsDesk,
} from '../../test/claims';

useClaimsDesk();

describe('the window of each kind', () => {
  type Row = {
    kind: ClaimKind;
    subject: () => Promise<{ packageId?: string; shipmentId?: string }>;
    carrierDaysAgo?: number;
    refused?: string;
  };
  const w = CLAIM_DEFAULT_SETTINGS.windowDays;
  const onPackage = (receivedDaysAgo: number | null) => async () => ({
    packageId: await parcel(maria, { receivedDaysAgo }),
  });
  const onShipment = (opts: { deliveredDaysAgo?: number | null; createdDaysAgo?: number }) => async () => ({
    shipmentId: await shipment(maria, [await parcel(maria, { receivedDaysAgo: 30 })], opts),
  });
  const table: [string, Row][] = [
    ['lost, a package received 59 days ago', { kind: 'lost', subject: onPackage(w.lost - 1) }],
    [
      'lost, a package received 61 days ago',
      { kind: 'lost', subject: onPackage(w.lost + 1), refused: M.windowClosed('lost', w.lost) },
    ],
    ['lost, a shipment created 10 days ago', { kind: 'lost', subject: onShipment({ createdDaysAgo: 10 }) }],
    [
      'damaged, a shipment delivered 6 days ago',
      { kind: 'damaged', subject: onShipment({ deliveredDaysAgo: w.damaged - 1 }) },
    ],
    [
      'damaged, a shipment delivered 8 days ago',
      {
        kind: 'damaged',
        subject: onShipment({ deliveredDaysAgo: w.damaged + 1 }),
        refused: M.windowClosed('damaged', w.damaged),
      },
    ],
    [
      'damaged, a shipment not delivered yet',
      { kind: 'damaged', subject: onShipment({ deliveredDaysAgo: null }), refused: M.windowNotYet('damaged') },
    ],
    ['damaged, found at the warehouse door yesterday', { kind: 'damaged', subject: onPackage(1) }],
    [
      'missing items, a shipment delivered 6 days ago',
      { kind: 'missing_items', subject: onShipment({ deliveredDaysAgo: w.missing_items - 1 }) },
    ],
    [
      'missing items, a shipment delivered 8 days ago',
      {
        kind: 'missing_items',
        subject: onShipment({ deliveredDaysAgo: w.missing_items + 1 }),
        refused: M.windowClosed('missing_items', w.missing_items),
      },
    ],
    [
      'not in my mailbox, carrier delivered yesterday (before 72 hours)',
      { kind: 'not_in_mailbox', subject: onPackage(null), carrierDaysAgo: 1, refused: M.notInMailboxTooEarly },
    ],
    [
      'not in my mailbox, carrier delivered 5 days ago',
      { kind: 'not_in_mailbox', subject: onPackage(null), carrierDaysAgo: 5 },
    ],
    [
      'not in my mailbox, carrier delivered 40 days ago',
      {
        kind: 'not_in_mailbox',
        subject: onPackage(null),
        carrierDaysAgo: 3 + w.not_in_mailbox + 7,
        refused: M.windowClosed('not_in_mailbox', w.not_in_mailbox),
      },
    ],
    [
      'not in my mailbox, but the package is in the warehouse',
      { kind: 'not_in_mailbox', subject: onPackage(2), carrierDaysAgo: 5, refused: M.notInMailboxAlreadyReceived },
    ],
    ['weight dispute, received 14 days ago', { kind: 'weight_dispute', subject: onPackage(w.weight_dispute - 1) }],
    [
      'weight dispute, received 16 days ago',
      {
        kind: 'weight_dispute',
        subject: onPackage(w.weight_dispute + 1),
        refused: M.windowClosed('weight_dispute', w.weight_dispute),
      },
    ],
    [
      'weight dispute on a shipment',
      { kind: 'weight_dispute', subject: onShipment({ createdDaysAgo: 1 }), refused: M.kindNotForSubject },
    ],
  ];

  it.each(table)('%s', async (_label, row) => {
    const subject = await row.subject();
    const before = (await claimsOf(maria.user.id)).length;
    const call = as(maria).claims.open({
      kind: row.kind,
      ...subject,
      text: TEXT,
      photos: [],
      ...(row.carrierDaysAgo != null
        ? { carrierDeliveredOn: dayString(row.carrierDaysAgo), carrierProof: await photoOf(maria) }
        : {}),
    });
    if (row.refused) {
      expect(await trpcError(call)).toMatchObject({ code: 'BAD_REQUEST', message: row.refused });
      expect((await claimsOf(maria.user.id)).length).toBe(before);
    } else {
      const opened = await call;
      expect(opened.message).toBe(M.opened(opened.code));
      expect((await claimsOf(maria.user.id)).length).toBe(before + 1);
    }
  });

  it('the administrator changes a window and the rule follows it', async () => {
    await as(admin).claims.updateSettings({ ...CLAIM_DEFAULT_SETTINGS, windowDays: { ...w, lost: 90 } });
    const packageId = await parcel(maria, { receivedDaysAgo: 75 });
    await expect(as(maria).claims.open({ kind: 'lost', packageId, text: TEXT, photos: [] })).resolves.toBeTruthy();
    await as(admin).claims.updateSettings(CLAIM_DEFAULT_SETTINGS);
    expect(await trpcError(as(atencion).claims.updateSettings(CLAIM_DEFAULT_SETTINGS))).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('refused in Spanish, nothing changed', () => {
  it('another customer’s parcel is not found', async () => {
    const packageId = await parcel(carlos);
    const err = await trpcError(as(maria).claims.open({ kind: 'damaged', packageId, text: TEXT, photos: [] }));
    expect(err).toMatchObject({ code: 'NOT_FOUND', message: M.subjectNotFound });
    expect(await claimsOf(carlos.user.id)).toHaveLength(0);
  });

  it('a second open claim of the same kind on one parcel; another kind is fine', async () => {
    const packageId = await parcel(maria);
    await as(maria).claims.open({ kind: 'damaged', packageId, text: TEXT, photos: [] });
    const err = await trpcError(as(maria).claims.open({ kind: 'damaged', packageId, text: TEXT, photos: [] }));
    expect(err).toMatchObject({ code: 'CONFLICT', message: M.alreadyOpen });
    await as(maria).claims.open({ kind: 'missing_items', packageId, text: TEXT, photos: [] });
    const rows = (await claimsOf(maria.user.id)).filter((c) => c.packageId === packageId);
    expect(rows.map((c) => c.kind).sort()).toEqual(['damaged', 'missing_items']);
  });

  it('photos that are not the customer’s claim photos, and more than six', async () => {
    const packageId = await parcel(maria);
    const foreign = await photoOf(carlos);
    const warehouse = await photoOf(maria, 'package_photo');
    for (const photos of [[foreign], [warehouse]]) {
      const err = await trpcError(as(maria).claims.open({ kind: 'damaged', packageId, text: TEXT, photos }));
      expect(err).toMatchObject({ code: 'NOT_FOUND', message: M.photoInvalid });
    }
    const seven = await Promise.all(Array.from({ length: 7 }, () => photoOf(maria)));
    const err = await trpcError(as(maria).claims.open({ kind: 'damaged', packageId, text: TEXT, photos: seven }));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: M.tooManyPhotos });
    expect((await claimsOf(maria.user.id)).filter((c) => c.packageId === packageId)).toHaveLength(0);
  });

  it('a claim of another customer is not found, for reading and answering', async () => {
    const packageId = await parcel(carlos);
    const { id } = await as(carlos).claims.open({ kind: 'damaged', packageId, text: TEXT, photos: [] });
    expect(await trpcError(as(maria).claims.detail({ id }))).toMatchObject({ code: 'NOT_FOUND', message: M.notFound });
    expect(await trpcError(as(maria).claims.answer({ id, text: TEXT, photos: [] }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('the desk', () => {
  it('asks for more: the customer is told, the clock pauses, and runs again with the time left when she answers', async () => {
    const packageId = await parcel(maria);
    const photos = [await photoOf(maria), await photoOf(maria)];
    const { id, code } = await as(maria).claims.open({ kind: 'damaged', packageId, text: TEXT, photos });
    const [opened] = await db().select().from(claims).where(eq(claims.id, id));
    const leftAtOpening = opened!.answerBy!.getTime() - Date.now();
    expect(leftAtOpening).toBeGreaterThan(DAY);

    const queue = await as(atencion).claims.list({ openOnly: true });
    expect(queue.rows.map((r) => r.id)).toContain(id);

    await as(atencion).claims.assign({ id, staffId: atencion.user.id });
    await as(atencion).claims.ask({ id, request: 'Envíanos la foto del recibo de compra, por favor.' });
    const [paused] = await db().select().from(claims).where(eq(claims.id, id));
    expect(paused).toMatchObject({ status: 'waiting_customer', answerBy: null });
    const told = await db().select().from(notifications).where(eq(notifications.userId, maria.user.id));
    expect(told.map((n) => n.title)).toContain(CLAIM_NOTICES.askedForMore(code).title);

    await as(maria).claims.answer({ id, text: 'Aquí está el recibo de la tienda.', photos: [await photoOf(maria)] });
    const [running] = await db().select().from(claims).where(eq(claims.id, id));
    expect(running!.status).toBe('open');
    expect(Math.abs(running!.answerBy!.getTime() - Date.now() - leftAtOpening)).toBeLessThan(60_000);

    const detail = await as(maria).claims.detail({ id });
    expect(detail.events.map((e) => e.kind)).toEqual(['opened', 'assigned', 'asked', 'answered']);
    expect(detail.photos).toHaveLength(3);
    expect(detail.evidence.parcels[0]).toMatchObject({ id: packageId, weightKg: 2, dimensionsCm: '30x20x15' });
    expect(await trpcError(as(maria).claims.answer({ id, text: TEXT, photos: [] }))).toMatchObject({
      message: M.notWaitingForYou,
    });
  });

  it('overdue claims come first in the queue', async () => {
    const late = await as(maria).claims.open({ kind: 'lost', packageId: await parcel(maria), text: TEXT, photos: [] });
    await db()
      .update(claims)
      .set({ answerBy: daysAgo(3) })
      .where(eq(claims.id, late.id));
    const queue = await as(atencion).claims.list({ openOnly: true });
    expect(queue.rows[0]!.id).toBe(late.id);
  });

  it('rejects with a reason the customer reads; every step is audited with its person', async () => {
    const { id, code } = await as(maria).claims.open({
      kind: 'missing_items',
      packageId: await parcel(maria),
      text: TEXT,
      photos: [],
    });
    const reason = 'El paquete llegó sellado y con el mismo peso que declaró la tienda.';
    expect(await trpcError(as(atencion).claims.decide({ id, decision: 'reject' }))).toMatchObject({
      message: M.reasonRequired,
    });
    const r = await as(atencion).claims.decide({ id, decision: 'reject', reason });
    expect(r.message).toBe(M.decidedRejected);
    const detail = await as(maria).claims.detail({ id });
    expect(detail).toMatchObject({ status: 'rejected', decisionReason: reason });
    const told = await db().select().from(notifications).where(eq(notifications.userId, maria.user.id));
    expect(told.map((n) => n.title)).toContain(CLAIM_NOTICES.rejected(code).title);

    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'claims'), eq(auditLog.entityId, id)));
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'claims.open',
        actorId: maria.user.id,
        actorRole: 'user',
        operation: 'insert',
      }),
    );
    expect(entries).toContainEqual(
      expect.objectContaining({ action: 'claims.decide', actorId: atencion.user.id, actorRole: 'atencion' }),
    );
    expect(await trpcError(as(atencion).claims.decide({ id, decision: 'approve' }))).toMatchObject({
      code: 'CONFLICT',
      message: M.alreadyDecided,
    });
  });
});
