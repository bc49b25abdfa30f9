import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import {
  DEPARTURE_MESSAGES as M,
  MILESTONE_BASIS,
  PROMISED_MILESTONE,
  addDays,
  type DepartureCreateInput,
  type MilestoneKind,
} from '@casillero/shared';
import {
  departureMilestones,
  emailOutbox,
  mailboxes,
  notifications,
  packages,
  shipmentPackages,
  trackings,
} from '../../db/schema';
import { callerFor, trpcError } from '../../test/caller';
import { signedInCustomer } from '../../test/factories';
import { createScheduler } from '../../jobs/scheduler';
import { departureDelaysJob } from '../../jobs/departure-delays';
import {
  admin,
  air,
  almacen,
  almacen2,
  as,
  config,
  customer,
  db,
  shipmentOf,
  today,
  useDeparturesDesk,
} from '../../test/departures';

useDeparturesDesk();

/** A past departure of a route whose milestones happened `gaps` days apart (departed … distribution). */
async function pastDeparture(
  route: Pick<DepartureCreateInput, 'mode' | 'origin' | 'arrivalPort'>,
  departedDaysAgo: number,
  gaps: number[],
) {
  const staff = as(almacen);
  const departed = addDays(today, -departedDaysAgo);
  const d = await staff.departures.create(
    air({ ...route, cutoffOn: addDays(departed, -1), plannedDeparture: departed, masterRef: null }),
  );
  const kinds: MilestoneKind[] = ['departed', 'arrived', 'customs', 'released', 'distribution'];
  let day = departed;
  for (const [i, kind] of kinds.entries()) {
    if (i > 0) {
      if (gaps[i - 1] === undefined) break;
      day = addDays(day, gaps[i - 1]!);
    }
    await staff.departures.recordMilestone({ departureId: d.id, kind, actualOn: day });
  }
  return d;
}

describe('departures: planned dates from the route history', () => {
  it('uses the median of the route’s last departures, else the template’s typical days', async () => {
    const airMia = { mode: 'aereo', origin: 'miami', arrivalPort: 'maiquetia' } as const;
    const seaChinaLg = { mode: 'maritimo', origin: 'china', arrivalPort: 'la_guaira' } as const;
    const seaChinaPc = { mode: 'maritimo', origin: 'china', arrivalPort: 'puerto_cabello' } as const;
    // Air Miami→Maiquetía: arrivals 2, 5 and 3 days after departing; customs 1, 1, 4 after arriving.
    await pastDeparture(airMia, 60, [2, 1]);
    await pastDeparture(airMia, 50, [5, 1]);
    await pastDeparture(airMia, 40, [3, 4]);
    // Sea China→La Guaira: 30 and 35 days at sea (median of two rounds up: 33).
    await pastDeparture(seaChinaLg, 200, [30]);
    await pastDeparture(seaChinaLg, 150, [35]);

    const table = [
      { route: airMia, arrived: 3, arrivedBasis: MILESTONE_BASIS.median(3, 'aereo'), customs: 1 },
      { route: seaChinaLg, arrived: 33, arrivedBasis: MILESTONE_BASIS.median(2, 'maritimo'), customs: 5 },
      { route: seaChinaPc, arrived: 21, arrivedBasis: MILESTONE_BASIS.template, customs: 5 },
    ];
    for (const row of table) {
      const planned = addDays(today, 10);
      const d = await as(almacen).departures.create(
        air({ ...row.route, cutoffOn: addDays(today, 8), plannedDeparture: planned, masterRef: null }),
      );
      const { milestones } = await as(almacen).departures.detail({ id: d.id });
      const of = (k: MilestoneKind) => milestones.find((m) => m.kind === k)!;
      expect(of('departed').plannedOn).toBe(planned);
      expect(of('arrived')).toMatchObject({ plannedOn: addDays(planned, row.arrived), plannedBasis: row.arrivedBasis });
      expect(of('customs').plannedOn).toBe(addDays(planned, row.arrived + row.customs));
    }
  });

  it('staff’s planned arrival moves with the actual departure; the template is the administrator’s to edit', async () => {
    const d = await as(almacen).departures.create(
      air({
        origin: 'china',
        cutoffOn: addDays(today, -3),
        plannedDeparture: addDays(today, -2),
        plannedArrival: addDays(today, 1),
      }),
    );
    await as(almacen).departures.recordMilestone({ departureId: d.id, kind: 'departed', actualOn: today });
    const { milestones } = await as(almacen).departures.detail({ id: d.id });
    expect(milestones.find((m) => m.kind === 'arrived')).toMatchObject({
      plannedOn: addDays(today, 3),
      plannedBasis: MILESTONE_BASIS.staffArrival,
    });

    const t = (await as(admin).departures.templates()).aereo;
    expect((await trpcError(as(almacen).departures.saveTemplate({ mode: 'aereo', milestones: t }))).code).toBe(
      'FORBIDDEN',
    );
    await as(admin).departures.saveTemplate({
      mode: 'aereo',
      milestones: t.map((m) => (m.kind === 'customs' ? { ...m, label: 'Aduana SENIAT', typicalDays: 6 } : m)),
    });
    const after = await as(almacen).departures.detail({ id: d.id });
    expect(after.milestones.find((m) => m.kind === 'customs')).toMatchObject({
      label: 'Aduana SENIAT',
      plannedOn: addDays(today, 3 + 6),
    });
    expect(
      (await trpcError(as(admin).departures.saveTemplate({ mode: 'aereo', milestones: t.slice(1) }))).message,
    ).toContain(M.templateIncomplete);
  });
});

describe('departures: milestones and notices', () => {
  it('refuses a future day; two staff tapping at once leave one record and one round of notices', async () => {
    const d = await as(almacen).departures.create(air({ cutoffOn: addDays(today, -1), plannedDeparture: today }));
    const people = [await customer(), await customer()];
    for (const p of people) {
      for (let i = 0; i < 2; i++) {
        const s = await shipmentOf(p);
        await as(almacen).departures.addShipment({ departureId: d.id, shipmentId: s.id });
      }
    }
    const future = await trpcError(
      as(almacen).departures.recordMilestone({ departureId: d.id, kind: 'departed', actualOn: addDays(today, 1) }),
    );
    expect(future.message).toBe(M.actualInFuture);
    const [row] = await db()
      .select()
      .from(departureMilestones)
      .where(and(eq(departureMilestones.departureId, d.id), eq(departureMilestones.kind, 'departed')));
    expect(row.actualOn).toBeNull();

    const input = { departureId: d.id, kind: 'departed' as const, actualOn: today };
    const results = await Promise.all([
      as(almacen).departures.recordMilestone(input),
      as(almacen2).departures.recordMilestone(input),
    ]);
    expect(results.map((r) => r.recorded).sort()).toEqual([false, true]);
    for (const p of people) {
      const notes = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, p.id), like(notifications.title, `Despacho ${d.code}:%`)));
      expect(notes).toHaveLength(1);
      expect(notes[0]!.title).toBe(M.milestoneNoticeTitle(d.code, 'Salida'));
    }
    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `Despacho ${d.code}:%`));
    expect(mails).toHaveLength(2);
    // Another day for the same milestone is refused.
    expect(
      (await trpcError(as(almacen).departures.recordMilestone({ ...input, actualOn: addDays(today, -1) }))).message,
    ).toContain('ya se registró');
  });

  it('news to a departure reaches each customer once, however many shipments they have in it', async () => {
    const d = await as(almacen).departures.create(air());
    const people = [await customer(), await customer(), await customer()];
    for (const p of people) {
      for (let i = 0; i < 3; i++) {
        const s = await shipmentOf(p);
        await as(almacen).departures.addShipment({ departureId: d.id, shipmentId: s.id });
      }
    }
    const r = await as(almacen).departures.postNews({
      departureId: d.id,
      message: 'El vuelo sale con dos días de retraso por mal tiempo en Miami.',
    });
    expect(r.recipientCount).toBe(3);
    for (const p of people) {
      const notes = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, p.id), eq(notifications.title, M.newsNoticeTitle(d.code))));
      expect(notes).toHaveLength(1);
    }
    const empty = await as(almacen).departures.create(air());
    expect(
      (await trpcError(as(almacen).departures.postNews({ departureId: empty.id, message: 'Mensaje de prueba largo' })))
        .message,
    ).toBe(M.noCustomers);
  });

  it('the delay check, run by two servers at once, tells each customer once and marks the departure late', async () => {
    const d = await as(almacen).departures.create(
      air({ cutoffOn: addDays(today, -4), plannedDeparture: addDays(today, -2) }),
    );
    const people = [await customer(), await customer()];
    for (const p of people) {
      const s = await shipmentOf(p);
      await as(almacen).departures.addShipment({ departureId: d.id, shipmentId: s.id });
    }
    const log = { info: () => {}, warn: () => {} };
    const one = createScheduler(db(), [departureDelaysJob(config)], log);
    const two = createScheduler(db(), [departureDelaysJob(config)], log);
    const [a, b] = await Promise.all([one.tick(), two.tick()]);
    expect([a[0]!.outcome, b[0]!.outcome].sort()).toEqual(['ran', 'skipped']);
    // Staff's 'Revisar retrasos' the same day finds nothing new to tell.
    expect((await as(almacen).departures.checkDelays()).notices).toBe(0);

    for (const p of people) {
      const notes = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, p.id), eq(notifications.title, M.delayNoticeTitle(d.code))));
      expect(notes).toHaveLength(1);
      expect(notes[0]!.message).toContain('Nueva fecha estimada');
    }
    const detail = await as(almacen).departures.detail({ id: d.id });
    expect(detail.delayedSince).not.toBeNull();
    // Both overdue milestones: the first one got the new estimate (air: two days from today).
    expect(detail.milestones.find((m) => m.kind === 'reception_closed')).toMatchObject({
      plannedOn: addDays(today, 2),
      plannedBasis: MILESTONE_BASIS.delay,
    });
    const list = await as(almacen).departures.list({});
    expect(list.rows.find((r) => r.id === d.id)!.delayedSince).not.toBeNull();
  });
});

describe('departures: what customers and the public see', () => {
  it('the timeline, Almacén, Mis Trackings and public tracking show the milestones and the promised arrival; the promise shows before it ships', async () => {
    const maria = await signedInCustomer(db(), { nombre: 'María Despacho' });
    const [box] = await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.userId, maria.user.id));
    const s = await shipmentOf({ id: maria.user.id, mailboxId: box.id });
    const [pkg] = await db()
      .select({ id: packages.id, trackingNumber: packages.trackingNumber })
      .from(shipmentPackages)
      .innerJoin(packages, eq(packages.id, shipmentPackages.packageId))
      .where(eq(shipmentPackages.shipmentId, s.id));
    const [tracking] = await db()
      .insert(trackings)
      .values({
        userId: maria.user.id,
        mailboxId: box.id,
        trackingNumber: pkg.trackingNumber ?? '',
        carrier: 'UPS',
        description: 'Zapatos',
        senderName: 'Nike',
        status: 'shipped',
      })
      .returning({ id: trackings.id });
    await db().update(packages).set({ trackingId: tracking.id }).where(eq(packages.id, pkg.id));

    const d = await as(almacen).departures.create(
      air({ cutoffOn: addDays(today, 2), plannedDeparture: addDays(today, 3), plannedArrival: addDays(today, 5) }),
    );
    // Before it ships: the next open departure from Miami by air, for anybody.
    const promise = (await callerFor(db()).departures.next({ mode: 'aereo', origin: 'miami' }))[0];
    expect(promise).toBeDefined();
    expect(promise.cutoffOn >= today).toBe(true);
    // Its arrival is that departure's own Llegada a Venezuela, after the departure day.
    const promised = (await as(almacen).departures.list({ q: promise.code })).rows.find(
      (r) => r.code === promise.code,
    )!;
    const arrival = (await as(almacen).departures.detail({ id: promised.id })).milestones.find(
      (m) => m.kind === PROMISED_MILESTONE,
    )!;
    expect(promise.arrival).toBe(arrival.plannedOn);
    expect(promise.arrival > promise.plannedDeparture).toBe(true);

    await as(almacen).departures.addShipment({ departureId: d.id, shipmentId: s.id });
    await as(almacen).departures.recordMilestone({ departureId: d.id, kind: 'reception_closed', actualOn: today });
    const customer = callerFor(db(), maria.visitor, config);

    const detail = await customer.shipments.ownDetail({ id: s.id });
    expect(detail.departure).toMatchObject({ code: d.code, mode: 'aereo', promisedArrival: addDays(today, 5) });
    expect(detail.departure?.milestones[0]).toMatchObject({ kind: 'reception_closed', actualOn: today });

    const stored = await customer.packages.mine({});
    expect(stored.items.find((p) => p.id === pkg.id)?.departure?.code).toBe(d.code);
    const mine = await customer.trackings.mine();
    expect(mine.find((t) => t.id === tracking.id)?.departure?.promisedArrival).toBe(addDays(today, 5));

    const pub = await callerFor(db()).publicTracking.lookup({ number: pkg.trackingNumber ?? '' });
    expect(pub.departure).toMatchObject({ code: d.code, promisedArrival: addDays(today, 5) });
    const text = JSON.stringify(pub);
    expect(text).not.toContain(maria.email);
    expect(text).not.toContain('María');
    expect(text).not.toContain(s.code);
  });
});
