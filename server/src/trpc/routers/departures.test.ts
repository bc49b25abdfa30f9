// Departures (docs/product/departures.md): the life cycle on the database (create, add by id and by
// scanning a WR label or a shipment code, remove, close), every refusal in Spanish with nothing
// changed, the manifest's totals against the database's own sums, the planned dates from the
// route's history, the one-tap milestone recorded once when two staff tap together, the news
// that reaches each customer once, and the delay check that tells each customer once when two
// servers run it.
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import {
  dollarsToCents,
  DEPARTURE_MESSAGES as M,
  MILESTONE_BASIS,
  PROMISED_MILESTONE,
  addDays,
  departureManifestPath,
  type DepartureCreateInput,
  type MilestoneKind,
  findForeignNumbers,
  formatDecimal,
  formatUsd,
} from '@casillero/shared';
import { rowsOf, type Database } from '../../db/client';
import {
  departureMilestones,
  emailOutbox,
  mailboxes,
  notifications,
  packages,
  shipmentPackages,
  shipments,
  trackings,
  users,
} from '../../db/schema';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { signedInAdmin, signedInCustomer, signedInStaff } from '../../test/factories';
import { testConfig } from '../../env';
import { businessToday } from '../../lib/business-clock';
import { createScheduler } from '../../jobs/scheduler';
import { departureDelaysJob } from '../../jobs/departure-delays';
import { createServer } from '../../server';
import { csvRows } from '../../test/csv';
import { SESSION_COOKIE_NAME } from '@casillero/shared';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
type Staff = Awaited<ReturnType<typeof signedInStaff>>;
let admin: Staff;
let almacen: Staff;
let almacen2: Staff;
let caja: Staff;
const as = (s: Staff) => callerFor(db(), s.visitor, config);

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInAdmin(db());
  almacen = await signedInStaff(db(), 'almacen');
  almacen2 = await signedInStaff(db(), 'almacen');
  caja = await signedInStaff(db(), 'caja');
});
afterAll(async () => {
  await database.close();
});

let seq = 0;
const tag = () => `${Date.now().toString(36).toUpperCase()}${++seq}`;
const today = businessToday();

/** A customer made directly (no sign-up) with a mailbox at that warehouse. */
async function customer(location: 'miami' | 'beijing' = 'miami') {
  const [u] = await db()
    .insert(users)
    .values({ email: `despacho.${tag().toLowerCase()}@ejemplo.com`, passwordHash: 'x', role: 'user' })
    .returning({ id: users.id });
  const [box] = await db()
    .insert(mailboxes)
    .values({
      userId: u.id,
      mailboxCode: `DSP${tag()}`,
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

/** A shipment of the customer carrying `parcels` received parcels, with their WR numbers. */
async function shipmentOf(
  c: { id: string; mailboxId: string },
  opts: { mode?: 'aereo' | 'maritimo'; parcels?: { weightKg: number; valueUsd: number; dims?: string }[] } = {},
) {
  const parcels = opts.parcels ?? [{ weightKg: 1.25, valueUsd: 40, dims: '30x20x10' }];
  const rows = await db()
    .insert(packages)
    .values(
      parcels.map((p) => {
        const t = tag();
        return {
          userId: c.id,
          mailboxId: c.mailboxId,
          trackingNumber: `1Z${t}`,
          packageDescription: `Compra ${t}`,
          status: 'in_shipment' as const,
          weightKg: p.weightKg,
          estimatedValueUsdCents: dollarsToCents(p.valueUsd),
          dimensionsCm: p.dims ?? null,
          warehouseReceipt: `WR-DSP-${t}`,
        };
      }),
    )
    .returning({ id: packages.id, wr: packages.warehouseReceipt });
  const [s] = await db()
    .insert(shipments)
    .values({
      userId: c.id,
      shipmentCode: `SH${tag()}`,
      deliveryAddress: 'Av. Bolívar Norte, Torre Stratos, piso 3',
      deliveryCity: 'Valencia',
      deliveryState: 'Carabobo',
      shippingMethod: opts.mode ?? 'aereo',
      status: 'preparing',
    })
    .returning({ id: shipments.id, code: shipments.shipmentCode });
  await db()
    .insert(shipmentPackages)
    .values(rows.map((r) => ({ shipmentId: s.id, packageId: r.id })));
  return { ...s, wrs: rows.map((r) => r.wr!) };
}

const air = (over: Partial<DepartureCreateInput> = {}): DepartureCreateInput => ({
  mode: 'aereo',
  origin: 'miami',
  masterRef: '406-12345675',
  carrier: 'Laser Airlines',
  voyage: 'QL 1905',
  arrivalPort: 'maiquetia',
  cutoffOn: addDays(today, 3),
  plannedDeparture: addDays(today, 4),
  plannedArrival: null,
  ...over,
});

const departureOf = async (shipmentId: string) =>
  (await db().select({ d: shipments.departureId }).from(shipments).where(eq(shipments.id, shipmentId)))[0]!.d;

describe('departures: the life cycle', () => {
  it('creates a departure, takes shipments by id, WR label and shipment code, refuses the wrong ones, and closes', async () => {
    const staff = as(almacen);
    const d = await staff.departures.create(air());
    expect(d.code).toMatch(/^AER-MIA-\d{6}-\d+$/);

    const ana = await customer();
    const byId = await shipmentOf(ana);
    const byWr = await shipmentOf(ana, {
      parcels: [
        { weightKg: 2, valueUsd: 10 },
        { weightKg: 3, valueUsd: 5 },
      ],
    });
    const byCode = await shipmentOf(await customer());

    expect((await staff.departures.addShipment({ departureId: d.id, shipmentId: byId.id })).shipmentCode).toBe(
      byId.code,
    );
    // A hand scanner types the WR label in whatever case; a second parcel of the same shipment is "already here".
    await staff.departures.scan({ departureId: d.id, code: byWr.wrs[0]!.toLowerCase() });
    expect((await trpcError(staff.departures.scan({ departureId: d.id, code: byWr.wrs[1]! }))).message).toBe(
      M.alreadyHere(byWr.code),
    );
    await staff.departures.scan({ departureId: d.id, code: ` ${byCode.code} ` });
    for (const s of [byId, byWr, byCode]) expect(await departureOf(s.id)).toBe(d.id);

    // Refusals, each in Spanish, each leaving the shipment where it was.
    const sea = await shipmentOf(await customer(), { mode: 'maritimo' });
    expect((await trpcError(staff.departures.addShipment({ departureId: d.id, shipmentId: sea.id }))).message).toBe(
      M.wrongMode(sea.code, 'Marítimo'),
    );
    const china = await shipmentOf(await customer('beijing'));
    expect((await trpcError(staff.departures.scan({ departureId: d.id, code: china.code }))).message).toBe(
      M.wrongOrigin(china.code, 'China'),
    );
    const other = await staff.departures.create(air());
    expect(
      (await trpcError(staff.departures.addShipment({ departureId: other.id, shipmentId: byId.id }))).message,
    ).toBe(M.inOtherDeparture(byId.code, d.code));
    expect((await trpcError(staff.departures.scan({ departureId: d.id, code: 'WR-NO-EXISTE' }))).message).toBe(
      M.scanNotFound('WR-NO-EXISTE'),
    );
    for (const s of [sea, china]) expect(await departureOf(s.id)).toBeNull();
    expect(await departureOf(byId.id)).toBe(d.id);

    // A cutoff after the departure is refused before anything is written.
    const before = (await staff.departures.list({})).rows.length;
    const late = await trpcError(
      staff.departures.create(air({ cutoffOn: addDays(today, 9), plannedDeparture: addDays(today, 4) })),
    );
    expect(late.message).toContain(M.cutoffAfterDeparture);
    expect((await staff.departures.list({})).rows.length).toBe(before);
    expect((await trpcError(staff.departures.create(air({ arrivalPort: 'la_guaira' })))).message).toContain(
      M.portForMode,
    );

    // Remove one, close, and a closed departure takes no more.
    await staff.departures.removeShipment({ departureId: d.id, shipmentId: byCode.id });
    expect(await departureOf(byCode.id)).toBeNull();
    expect((await trpcError(staff.departures.close({ id: other.id }))).message).toBe(M.closeEmpty);
    await staff.departures.close({ id: d.id });
    expect((await trpcError(staff.departures.scan({ departureId: d.id, code: byCode.code }))).message).toBe(
      M.closed(d.code),
    );
    expect(await departureOf(byCode.id)).toBeNull();
    expect((await trpcError(staff.departures.removeShipment({ departureId: d.id, shipmentId: byId.id }))).message).toBe(
      M.closed(d.code),
    );

    const detail = await staff.departures.detail({ id: d.id });
    expect(detail.status).toBe('closed');
    expect(detail.shipments.map((s) => s.shipmentCode).sort()).toEqual([byId.code, byWr.code].sort());
    expect(detail.milestones.map((m) => m.kind)).toEqual([
      'reception_closed',
      'departed',
      'arrived',
      'customs',
      'released',
      'distribution',
    ]);
  });

  it('the cashier reads departures but cannot change them', async () => {
    await as(caja).departures.list({});
    expect((await trpcError(as(caja).departures.create(air()))).code).toBe('FORBIDDEN');
  });
});

describe('departures: the manifest', () => {
  it('lists every shipment and its totals equal the database sums (CSV and PDF)', async () => {
    const staff = as(almacen);
    const d = await staff.departures.create(air());
    const people = [await customer(), await customer(), await customer()];
    const parcels = [
      [
        { weightKg: 1.15, valueUsd: 19.99, dims: '30x20x10' },
        { weightKg: 0.35, valueUsd: 7.01, dims: '10 x 10 x 5' },
      ],
      [{ weightKg: 12.4, valueUsd: 310.5, dims: 'grande' }],
      [
        { weightKg: 2.05, valueUsd: 0.1 },
        { weightKg: 2.05, valueUsd: 0.2, dims: '40x30x20' },
        { weightKg: 4.1, valueUsd: 0.3 },
      ],
    ];
    for (const [i, p] of people.entries()) {
      const s = await shipmentOf(p, { parcels: parcels[i] });
      await staff.departures.addShipment({ departureId: d.id, shipmentId: s.id });
    }
    const [sums] = rowsOf<{ pieces: number; weight: string; value: string; shipments: number }>(
      await db().execute(sql`
        select count(p.id)::int as pieces, sum(p.weight_kg)::text as weight, (sum(p.estimated_value_usd_cents) / 100.0)::text as value,
               count(distinct s.id)::int as shipments
        from shipments s join shipment_packages sp on sp.shipment_id = s.id join packages p on p.id = sp.package_id
        where s.departure_id = ${d.id}`),
    );

    const server = await createServer({ config, database });
    try {
      const cookie = `${SESSION_COOKIE_NAME}=${almacen.visitor.token}`;
      const csv = await server.app.inject({ url: departureManifestPath(d.id, 'csv'), headers: { cookie } });
      expect(csv.statusCode).toBe(200);
      const lines = csvRows(csv.body);
      // The numeric columns say how their numbers are written (docs/product/formats.md#csv).
      expect(lines[0]).toEqual([
        'Envío',
        'Cliente',
        'Casillero',
        'Piezas (punto decimal)',
        'Peso (kg, punto decimal)',
        'Volumen (cm³, punto decimal)',
        'Valor declarado (USD, punto decimal)',
        'Descripción',
      ]);
      expect(lines).toHaveLength(1 + 3 + 1);
      const totals = lines.at(-1)!;
      expect(totals[0]).toBe('TOTALES');
      expect(Number(totals[3])).toBe(Number(sums.pieces));
      expect(totals[4]).toBe(Number(sums.weight).toFixed(2));
      // 30·20·10 + 10·10·5 + 40·30·20 (the unreadable "grande" and the missing measures count nothing).
      expect(Number(totals[5])).toBe(6000 + 500 + 24000);
      expect(totals[6]).toBe(Number(sums.value).toFixed(2));
      const detail = await staff.departures.detail({ id: d.id });
      expect(detail.totals).toMatchObject({
        shipments: Number(sums.shipments),
        customers: 3,
        pieces: Number(sums.pieces),
        weightKg: Number(sums.weight),
        declaredUsd: Number(sums.value),
      });

      const pdf = await server.app.inject({ url: departureManifestPath(d.id, 'pdf'), headers: { cookie } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      // On paper the figures are es-VE (docs/product/formats.md): the total weight with a decimal comma.
      const doc = mupdf.Document.openDocument(pdf.rawPayload, 'application/pdf');
      const pages: string[] = [];
      for (let i = 0; i < doc.countPages(); i++)
        pages.push(doc.loadPage(i).toStructuredText('preserve-whitespace').asText());
      const paper = pages.join('\n');
      expect(findForeignNumbers(paper)).toEqual([]);
      expect(paper).toContain(formatDecimal(Number(sums.weight), { decimals: 2, fixed: true }));
      expect(paper).toContain(formatUsd(Number(sums.value)));

      const anonymous = await server.app.inject({ url: departureManifestPath(d.id, 'csv') });
      expect(anonymous.statusCode).toBe(401);
    } finally {
      await server.stop();
    }
  });
});

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
