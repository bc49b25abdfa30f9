// docs/product/first-mile.md#delivered-but-not-received: a search opens when the carrier says
// delivered at our warehouse and nothing was received within the business hours (not before, not
// twice), reception receiving the parcel closes it and tells the customer, a search not found
// after the days offers the claim she opens with one tap, the warehouse's manual steps and the
// settings are audited, and the counts and percentiles read the rows as they are.
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PARCEL_SEARCH_MESSAGES as M, trackingKey } from '@casillero/shared';
import { rowsOf } from '../../db/client';
import { auditLog, carrierShipments, claims, notifications, parcelIntakes, parcelSearches } from '../../db/schema';
import { createScheduler } from '../../jobs/scheduler';
import { parcelSearchesJob } from '../../jobs/parcel-searches';
import { closeSearchesNotFound, openDueSearches, runParcelSearches } from '../../services/parcel-searches';
import { firstMileDashboard } from '../../queries/first-mile-dashboard';
import { trpcError } from '../../test/caller';
import { signedInStaff } from '../../test/factories';
import {
  admin,
  almacen,
  ana,
  beto,
  config,
  customerCaller,
  db,
  receiveInput,
  staffCaller,
  upsNumber,
  useReception,
} from '../../test/reception';

useReception();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const quiet = { info: () => {}, warn: () => {} };
/** A moment on the business's clock (Caracas, UTC−4). */
const caracas = (text: string) => new Date(`${text}-04:00`);

type Delivery = { at: Date; place?: string | null; signedBy?: string | null; photo?: string | null; carrier?: string };

/** Ana pre-alerts a UPS number from a store; the carrier (as the ingest stores it) says delivered. */
async function deliveredPrealert(d: Delivery, who = ana, store = 'Amazon') {
  const number = upsNumber();
  await customerCaller(who).prealerts.create({
    trackingNumber: number,
    carrier: 'UPS',
    description: 'Audífonos',
    quantityItems: 1,
    senderName: store,
  });
  // The pre-alert already follows its number (a row of its own): the carrier's delivery is set on it.
  const delivered = {
    carrier: (d.carrier ?? 'UPS') as 'UPS',
    state: 'delivered' as const,
    stateAt: d.at,
    deliveredAt: d.at,
    deliveredLocation: d.place === undefined ? 'DORAL, FL, US' : d.place,
    proofSignedBy: d.signedBy ?? null,
    proofPhotoUrl: d.photo ?? null,
  };
  const [shipment] = await db()
    .insert(carrierShipments)
    .values({ trackingKey: trackingKey(number)!, trackingNumber: number, ...delivered })
    .onConflictDoUpdate({ target: carrierShipments.trackingKey, set: delivered })
    .returning({ id: carrierShipments.id });
  return { number, shipmentId: shipment.id };
}

const searchesOf = (shipmentId: string) =>
  db().select().from(parcelSearches).where(eq(parcelSearches.carrierShipmentId, shipmentId));
const noticesTitled = (userId: string, title: string) =>
  db()
    .select({ message: notifications.message, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, title)));
const inTx = <T>(work: (tx: ReturnType<typeof db>) => Promise<T>) => db().transaction((tx) => work(tx as never));

describe('opening a search', () => {
  it('opens once the business hours after "delivered" have passed with nothing received, not before', async () => {
    // Monday 10:00 in Caracas.
    const { number, shipmentId } = await deliveredPrealert({ at: caracas('2026-11-02T10:00:00') });
    expect(await inTx((tx) => openDueSearches(tx, { now: caracas('2026-11-03T09:00:00') }))).toEqual({ opened: 0 });
    expect(await searchesOf(shipmentId)).toHaveLength(0);

    expect(await inTx((tx) => openDueSearches(tx, { now: caracas('2026-11-03T10:30:00') }))).toEqual({ opened: 1 });
    const [search] = await searchesOf(shipmentId);
    expect(search).toMatchObject({ status: 'open', userId: ana.user.id });
    const notices = await noticesTitled(ana.user.id, M.openedTitle);
    expect(notices).toContainEqual({
      message: M.opened(number, 'UPS'),
      link: `/dashboard/prealertas?busqueda=${search.id}`,
    });
  });

  it('counts business hours only: Friday 18:00 to Monday 12:00 is 18 hours, no search', async () => {
    const { shipmentId } = await deliveredPrealert({ at: caracas('2026-11-06T18:00:00') });
    await inTx((tx) => openDueSearches(tx, { now: caracas('2026-11-09T12:00:00') }));
    expect(await searchesOf(shipmentId)).toHaveLength(0);
    await inTx((tx) => openDueSearches(tx, { now: caracas('2026-11-09T18:30:00') }));
    expect(await searchesOf(shipmentId)).toHaveLength(1);
  });

  it('opens none for a delivery in another city, nor for a number already received', async () => {
    const elsewhere = await deliveredPrealert({ at: caracas('2026-11-02T10:00:00'), place: 'HOUSTON, TX, US' });
    const received = await deliveredPrealert({ at: caracas('2026-11-02T10:00:00'), place: null });
    await staffCaller().reception.receive(receiveInput(received.number));
    await inTx((tx) => openDueSearches(tx, { now: caracas('2026-11-05T10:00:00') }));
    expect(await searchesOf(elsewhere.shipmentId)).toHaveLength(0);
    expect(await searchesOf(received.shipmentId)).toHaveLength(0);
  });

  it('two servers running the job at once open one search and send one notice', async () => {
    const { number, shipmentId } = await deliveredPrealert({ at: new Date(Date.now() - 10 * DAY) });
    const instances = [1, 2].map(() => createScheduler(db(), [parcelSearchesJob(config)], quiet));
    await Promise.all(instances.map((s) => s.tick()));
    // And two runs of the work itself at once (a retry overtaking a slow run).
    await Promise.all([inTx((tx) => runParcelSearches(tx)), inTx((tx) => runParcelSearches(tx))]);
    expect(await searchesOf(shipmentId)).toHaveLength(1);
    const notices = await noticesTitled(ana.user.id, M.openedTitle);
    expect(notices.filter((n) => n.message === M.opened(number, 'UPS'))).toHaveLength(1);
  });
});

describe('closing a search', () => {
  it('reception receiving the parcel closes it as found by whoever scanned, and tells the customer', async () => {
    const { number, shipmentId } = await deliveredPrealert({ at: new Date(Date.now() - 10 * DAY) });
    await inTx((tx) => openDueSearches(tx));
    const received = await staffCaller().reception.receive(receiveInput(number.toLowerCase()));
    const [search] = await searchesOf(shipmentId);
    expect(search).toMatchObject({ status: 'found', closedBy: almacen.user.id });
    expect(search.closedAt).toBeInstanceOf(Date);
    expect(await noticesTitled(ana.user.id, M.foundTitle)).toContainEqual({
      message: M.found(number, received.warehouseReceipt),
      link: `/dashboard/prealertas?busqueda=${search.id}`,
    });
    const [row] = (await staffCaller().parcelSearches.list({ status: 'found' })).filter((r) => r.id === search.id);
    expect(row).toMatchObject({ warehouseReceipt: received.warehouseReceipt, trackingNumber: number });
  });

  it('not found after the days: the claim is offered, opened with one tap with the carrier evidence, once', async () => {
    const at = new Date(Date.now() - 12 * DAY);
    const { number, shipmentId } = await deliveredPrealert({
      at,
      signedBy: 'J. PEREZ',
      photo: 'https://ups.example/prueba/1.jpg',
    });
    await inTx((tx) => openDueSearches(tx, { now: new Date(Date.now() - 8 * DAY) }));
    expect(await inTx((tx) => closeSearchesNotFound(tx, { now: new Date(Date.now() - 4 * DAY) }))).toEqual({
      notFound: 0,
    });
    expect(await inTx((tx) => closeSearchesNotFound(tx))).toEqual({ notFound: 1 });
    const [search] = await searchesOf(shipmentId);
    expect(search.status).toBe('not_found');
    expect(await noticesTitled(ana.user.id, M.notFoundTitle)).toContainEqual({
      message: M.notFound(number),
      link: `/dashboard/prealertas?busqueda=${search.id}`,
    });

    expect((await trpcError(customerCaller(beto).parcelSearches.openClaim({ id: search.id }))).code).toBe('NOT_FOUND');
    const opened = await customerCaller(ana).parcelSearches.openClaim({ id: search.id });
    expect(opened.message).toBe(M.claimOpened(opened.code));
    const [claim] = await db().select().from(claims).where(eq(claims.id, opened.claimId));
    expect(claim).toMatchObject({ kind: 'not_in_mailbox', userId: ana.user.id, status: 'open' });
    expect(claim.carrierDeliveredOn).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Caracas' }).format(at));
    expect(claim.description).toContain(number);
    expect(claim.description).toContain('DORAL, FL, US');
    expect(claim.description).toContain('Firmado por: J. PEREZ');
    expect(claim.description).toContain('https://ups.example/prueba/1.jpg');
    expect((await searchesOf(shipmentId))[0].claimId).toBe(opened.claimId);
    const mine = await customerCaller(ana).parcelSearches.mine();
    expect(mine.find((s) => s.id === search.id)).toMatchObject({ status: 'not_found', claimCode: opened.code });

    const again = await trpcError(customerCaller(ana).parcelSearches.openClaim({ id: search.id }));
    expect(again).toMatchObject({ code: 'CONFLICT', message: M.claimAlreadyOpened });
  });

  it('a parcel that arrived by another way (an imported manifest) closes its search at the next run', async () => {
    const { number, shipmentId } = await deliveredPrealert({ at: new Date(Date.now() - 10 * DAY) });
    await inTx((tx) => openDueSearches(tx));
    await db()
      .insert(parcelIntakes)
      .values({
        trackingNumber: number,
        trackingKey: trackingKey(number)!,
        warehouseReceipt: `WR-IMP-${Date.now().toString(36)}`,
        status: 'unclaimed',
        weightKg: 1,
      });
    expect(await inTx((tx) => runParcelSearches(tx))).toMatchObject({ foundElsewhere: 1, opened: 0 });
    expect((await searchesOf(shipmentId))[0]).toMatchObject({ status: 'found', closedBy: null });
  });

  it('a claim is not offered while the search is still open', async () => {
    const { shipmentId } = await deliveredPrealert({ at: new Date(Date.now() - 10 * DAY) });
    await inTx((tx) => openDueSearches(tx));
    const [search] = await searchesOf(shipmentId);
    const err = await trpcError(customerCaller(ana).parcelSearches.openClaim({ id: search.id }));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', message: M.notFoundYet });
  });

  it('the warehouse marks one found under another WR and adds notes, each in the audit log', async () => {
    const { shipmentId } = await deliveredPrealert({ at: new Date(Date.now() - 10 * DAY) });
    await inTx((tx) => openDueSearches(tx));
    const [search] = await searchesOf(shipmentId);
    const relabelled = await staffCaller().reception.receive(
      receiveInput(upsNumber(), { mailboxCode: ana.mailboxCode }),
    );
    const wrBeto = (await staffCaller().reception.receive(receiveInput(upsNumber(), { mailboxCode: beto.mailboxCode })))
      .warehouseReceipt;

    const noted = await staffCaller().parcelSearches.addNote({ id: search.id, note: 'Revisado el estante B' });
    expect(noted.message).toBe(M.noteSaved);
    expect((await trpcError(staffCaller().parcelSearches.addNote({ id: search.id, note: ' ' }))).message).toBe(
      M.noteRequired,
    );
    const other = await trpcError(staffCaller().parcelSearches.markFound({ id: search.id, warehouseReceipt: wrBeto }));
    expect(other.message).toBe(M.receiptOtherCustomer);
    const unknown = await trpcError(
      staffCaller().parcelSearches.markFound({ id: search.id, warehouseReceipt: 'WR-NOEXISTE' }),
    );
    expect(unknown.message).toBe(M.receiptNotFound('WR-NOEXISTE'));
    expect((await searchesOf(shipmentId))[0].status).toBe('open');

    const done = await staffCaller().parcelSearches.markFound({
      id: search.id,
      warehouseReceipt: relabelled.warehouseReceipt.toLowerCase(),
    });
    expect(done.message).toBe(M.markedFound(relabelled.warehouseReceipt));
    const [closed] = await searchesOf(shipmentId);
    expect(closed).toMatchObject({ status: 'found', closedBy: almacen.user.id });
    expect(closed.notes).toContain('Revisado el estante B');
    expect(closed.notes).toContain(relabelled.warehouseReceipt);
    const entries = await db()
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'parcel_searches'), eq(auditLog.entityId, search.id)));
    expect(entries).toEqual(
      expect.arrayContaining([
        { action: 'parcelSearches.addNote', actorId: almacen.user.id },
        { action: 'parcelSearches.markFound', actorId: almacen.user.id },
      ]),
    );
    const again = await trpcError(
      staffCaller().parcelSearches.markFound({ id: search.id, warehouseReceipt: relabelled.warehouseReceipt }),
    );
    expect(again).toMatchObject({ code: 'CONFLICT', message: M.notOpen });
  });

  it('only the warehouse and the administrator reach the searches; customers do not', async () => {
    const caja = await signedInStaff(db(), 'caja');
    expect((await trpcError(caja.caller.parcelSearches.list({ status: 'all' }))).code).toBe('FORBIDDEN');
    expect((await trpcError(customerCaller(ana).parcelSearches.stats())).code).toBe('FORBIDDEN');
  });
});

describe('settings', () => {
  it('the administrator changes the hours and days (audited); the warehouse may not; bad input is refused in Spanish', async () => {
    expect(await admin.parcelSearches.settings()).toEqual({ openAfterBusinessHours: 24, notFoundAfterDays: 5 });
    expect(
      (
        await trpcError(
          staffCaller().parcelSearches.updateSettings({ openAfterBusinessHours: 8, notFoundAfterDays: 2 }),
        )
      ).code,
    ).toBe('FORBIDDEN');
    const bad = await trpcError(
      admin.parcelSearches.updateSettings({ openAfterBusinessHours: 0, notFoundAfterDays: 2 }),
    );
    expect(bad.message).toContain('Las horas deben ser al menos 1.');
    const saved = await admin.parcelSearches.updateSettings({ openAfterBusinessHours: 48, notFoundAfterDays: 7 });
    expect(saved).toEqual({ settings: { openAfterBusinessHours: 48, notFoundAfterDays: 7 }, message: M.settingsSaved });
    expect(await admin.parcelSearches.settings()).toEqual({ openAfterBusinessHours: 48, notFoundAfterDays: 7 });
    const [entry] = await db()
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'app_settings'), eq(auditLog.entityId, 'parcel_searches')));
    expect(entry).toEqual({
      action: 'parcelSearches.updateSettings',
      after: { key: 'parcel_searches', value: { openAfterBusinessHours: 48, notFoundAfterDays: 7 } },
    });
    await admin.parcelSearches.updateSettings({ openAfterBusinessHours: 24, notFoundAfterDays: 5 });
  });
});

describe('counts and the dashboard', () => {
  it('counts searches per carrier and store, and the hours from delivered to our WR (median, 90th percentile)', async () => {
    // Hand-made rows: FedEx deliveries received 1, 2, 3, 4 and 10 hours later.
    const now = Date.now();
    for (const [i, hours] of [1, 2, 3, 4, 10].entries()) {
      const number = `FMDASH${now.toString(36)}${i}`;
      const key = trackingKey(number)!;
      const deliveredAt = new Date(now - 5 * DAY);
      await db().insert(carrierShipments).values({
        trackingKey: key,
        trackingNumber: number,
        carrier: 'FedEx',
        state: 'delivered',
        deliveredAt,
      });
      await db()
        .insert(parcelIntakes)
        .values({
          trackingNumber: number,
          trackingKey: key,
          warehouseReceipt: `WR-FMD-${now.toString(36)}-${i}`,
          status: 'unclaimed',
          weightKg: 1,
          receivedAt: new Date(deliveredAt.getTime() + hours * HOUR),
        });
    }
    const board = await firstMileDashboard(db());
    expect(board.carriers.find((c) => c.carrier === 'FedEx')).toEqual({
      carrier: 'FedEx',
      parcels: 5,
      medianHours: 3,
      p90Hours: 7.6,
    });
    const [open] = rowsOf<{ n: number }>(
      await db().execute(sql`select count(*)::int as n from parcel_searches where status = 'open'`),
    );
    expect(board.openSearches).toBe(open.n);
    expect((await admin.parcelSearches.dashboard()).openSearches).toBe(open.n);

    // Two searches of one store, one found (received), one still open.
    const a = await deliveredPrealert({ at: new Date(now - 10 * DAY), carrier: 'OnTrac' }, ana, 'Tienda Única');
    await deliveredPrealert({ at: new Date(now - 10 * DAY), carrier: 'OnTrac' }, ana, 'Tienda Única');
    await inTx((tx) => openDueSearches(tx));
    await staffCaller().reception.receive(receiveInput(a.number));
    const stats = await staffCaller().parcelSearches.stats();
    expect(stats.byCarrier.find((r) => r.name === 'OnTrac')).toEqual({
      name: 'OnTrac',
      opened: 2,
      found: 1,
      notFound: 0,
    });
    expect(stats.byStore.find((r) => r.name === 'Tienda Única')).toEqual({
      name: 'Tienda Única',
      opened: 2,
      found: 1,
      notFound: 0,
    });
  });
});
