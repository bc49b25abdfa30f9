// Departures (docs/product/departures.md) and the last mile at the agency counter
// (docs/product/last-mile.md), through the services as staff use them in /admin/despachos,
// Crear Envío and /admin/mostrador:
//
// - a flight from Miami that left two weeks ago and is already at the agencies: José's shipment
//   collected by his sister Yusmary at MRW Valencia Centro (with the counter's photo), another of
//   his and one of Daniela's (for her brother in Valencia) waiting there;
// - the flight that left yesterday with María's shipment in transit;
// - a flight from China whose Salida has not happened: late, on the dashboard's card;
// - a sea container from Miami and next week's flight, both open for reception (the promise in Almacén).
//
// The services stamp the current time; the story's dates are then moved into the past, as
// the other parts do (the invoices and the ledger keep theirs: a staff step issued them now).
import { eq, inArray } from 'drizzle-orm';
import {
  counterDeliverInput,
  departureCreateInput,
  departureMilestoneInput,
  shipmentCreateInput,
  type DepartureCreateInput,
  type MilestoneKind,
  type ShipmentCreateInput,
} from '@casillero/shared';
import { agencies, departureMilestones, departures, shipmentPickups, shipments } from '../db/schema';
import { businessToday } from '../lib/business-clock';
import { insertRecipient } from '../queries/recipients';
import { addShipmentToDeparture, createDeparture } from '../services/departures/departures';
import { checkDepartureDelays, recordMilestone } from '../services/departures/milestones';
import { deliverAtCounter, markReadyForPickup } from '../services/pickups/counter';
import { createShipment } from '../services/shipments';
import { DEMO_ACCOUNTS } from './accounts';
import { asStaff, at, endStaffWork, redate, type DemoCast, type DemoContext } from './context';
import type { DemoPackages } from './packages';
import type { DemoRecipients } from './recipients';
import { storeDemoImage } from './receipts';
import type { DemoShipments } from './shipments';

const DAY = 86_400_000;

/** The business day `offset` days from now (negative: before), as the forms take it. */
const dayFrom = (ctx: DemoContext, offset: number) => businessToday(new Date(ctx.now.getTime() + offset * DAY));

type DepartureSpec = Omit<DepartureCreateInput, 'cutoffOn' | 'plannedDeparture' | 'plannedArrival'> & {
  createdDaysAgo: number;
  cutoffIn: number;
  departureIn: number;
  arrivalIn?: number;
  /** The milestones recorded, each the number of days ago it happened. */
  recorded: Partial<Record<MilestoneKind, number>>;
};

export type DemoDepartures = Awaited<ReturnType<typeof createDepartures>>;

export async function createDepartures(
  ctx: DemoContext,
  cast: DemoCast,
  p: DemoPackages,
  book: DemoRecipients,
  earlier: DemoShipments,
  counterId: string,
) {
  const { almacen, admin } = cast.staff;
  const c = cast.customers;
  const [mrwValencia] = await ctx.tx
    .select({ id: agencies.id })
    .from(agencies)
    .where(eq(agencies.code, DEMO_ACCOUNTS.agency.agencyCode));
  // José's sister in Valencia collects his parcels at the agency.
  const yusmary = await insertRecipient(ctx.db, c.jose.id, {
    fullName: 'Yusmary Fernández',
    idDocument: 'V-19876543',
    phone: '+584124567890',
    state: 'Carabobo',
    municipality: 'Valencia',
    city: 'Valencia',
    address: 'Av. Bolívar Norte, Res. Los Samanes, torre 2, apto 7-C',
    reference: 'Diagonal al C.C. Camoruco',
    isAuthorized: true,
  });
  // Daniela's brother, who studies in Valencia, collects hers there.
  const andres = await insertRecipient(ctx.db, c.daniela.id, {
    fullName: 'Andrés Suárez Briceño',
    idDocument: 'V-27456123',
    phone: '+584264561230',
    state: 'Carabobo',
    municipality: 'Naguanagua',
    city: 'Valencia',
    address: 'Urb. La Granja, Res. Universitaria Bárbula, edif. 4, apto 2-B',
    reference: 'Frente a la entrada de la Universidad de Carabobo',
    isAuthorized: true,
  });

  // Crear Envío, as the warehouse makes each shipment from the parcels on its shelves.
  const ship = (input: ShipmentCreateInput) =>
    asStaff(ctx, almacen, 'shipments.create', () =>
      createShipment(ctx.db, ctx.config, almacen.id, shipmentCreateInput.parse(input)),
    );
  const atAgency = (userId: string, recipientId: string) => ({
    userId,
    recipientId,
    deliveryMethod: 'agency' as const,
    agencyId: mrwValencia.id,
  });
  const home = (userId: string, recipientId: string) => ({ userId, recipientId, deliveryMethod: 'home' as const });
  const delivered = await ship({
    ...atAgency(c.jose.id, yusmary!),
    packageIds: [p.josePickup.id],
    shippingCostUsdCents: 2390,
  });
  const joseWaiting = await ship({
    ...atAgency(c.jose.id, yusmary!),
    packageIds: [p.joseWaiting.id],
    shippingCostUsdCents: 4350,
  });
  const danielaWaiting = await ship({
    ...atAgency(c.daniela.id, andres!),
    packageIds: [p.danielaPickup.id],
    shippingCostUsdCents: 1480,
  });
  const joseChina = await ship({
    ...home(c.jose.id, book.jose),
    packageIds: [p.joseChina.id],
    shippingCostUsdCents: 5120,
  });
  const luisSea = await ship({
    ...home(c.luis.id, book.luis),
    packageIds: [p.luisSea.id],
    shippingMethod: 'maritimo',
    shippingCostUsdCents: 9600,
  });
  const danielaNext = await ship({
    ...home(c.daniela.id, book.daniela),
    packageIds: [p.danielaOpen.id],
    shippingCostUsdCents: 3180,
  });

  const air = { mode: 'aereo', arrivalPort: 'maiquetia', carrier: 'Amerijet' } as const;
  const specs: { spec: DepartureSpec; shipmentIds: string[] }[] = [
    {
      spec: {
        ...air,
        origin: 'miami',
        masterRef: '810-55123764',
        voyage: 'M6 1422',
        createdDaysAgo: 20,
        cutoffIn: -13,
        departureIn: -12,
        recorded: { reception_closed: 13, departed: 12, arrived: 10, customs: 8, released: 5, distribution: 4 },
      },
      shipmentIds: [delivered.id, joseWaiting.id, danielaWaiting.id],
    },
    {
      spec: {
        ...air,
        origin: 'miami',
        masterRef: '810-55124410',
        voyage: 'M6 1436',
        createdDaysAgo: 6,
        cutoffIn: -2,
        departureIn: -1,
        recorded: { reception_closed: 2, departed: 1 },
      },
      shipmentIds: [earlier.mariaShipment.id],
    },
    {
      spec: {
        mode: 'aereo',
        origin: 'china',
        arrivalPort: 'maiquetia',
        masterRef: '999-20418856',
        carrier: 'Air China Cargo',
        voyage: 'CA 1041',
        createdDaysAgo: 12,
        cutoffIn: -4,
        departureIn: -2,
        arrivalIn: 2,
        recorded: { reception_closed: 4 },
      },
      shipmentIds: [joseChina.id],
    },
    {
      spec: {
        mode: 'maritimo',
        origin: 'miami',
        arrivalPort: 'la_guaira',
        masterRef: 'MEDU9283745',
        containerNumber: 'MSCU4829173',
        carrier: 'MSC',
        voyage: 'MSC Lorena 612N',
        createdDaysAgo: 5,
        cutoffIn: 9,
        departureIn: 12,
        arrivalIn: 33,
        recorded: {},
      },
      shipmentIds: [luisSea.id],
    },
    {
      spec: {
        ...air,
        origin: 'miami',
        masterRef: '810-55125091',
        voyage: 'M6 1450',
        createdDaysAgo: 1,
        cutoffIn: 6,
        departureIn: 7,
        recorded: {},
      },
      shipmentIds: [danielaNext.id],
    },
  ];

  const made: { id: string; code: string; createdDaysAgo: number }[] = [];
  for (const { spec, shipmentIds } of specs) {
    const { createdDaysAgo, cutoffIn, departureIn, arrivalIn, recorded, ...fields } = spec;
    const input = departureCreateInput.parse({
      ...fields,
      cutoffOn: dayFrom(ctx, cutoffIn),
      plannedDeparture: dayFrom(ctx, departureIn),
      plannedArrival: arrivalIn === undefined ? null : dayFrom(ctx, arrivalIn),
    });
    const d = await asStaff(ctx, almacen, 'departures.create', () => createDeparture(ctx.db, almacen.id, input));
    for (const shipmentId of shipmentIds)
      await asStaff(ctx, almacen, 'departures.addShipment', () => addShipmentToDeparture(ctx.db, d.id, shipmentId));
    for (const [kind, daysAgo] of Object.entries(recorded) as [MilestoneKind, number][]) {
      const milestone = departureMilestoneInput.parse({ departureId: d.id, kind, actualOn: dayFrom(ctx, -daysAgo) });
      await asStaff(ctx, almacen, 'departures.recordMilestone', () =>
        recordMilestone(ctx.db, ctx.config, almacen.id, milestone),
      );
    }
    made.push({ ...d, createdDaysAgo });
  }
  // 'Revisar retrasos': the China flight's Salida passed unrecorded; it gets its new estimate.
  await asStaff(ctx, admin, 'departures.checkDelays', () =>
    checkDepartureDelays(ctx.db, { appUrl: ctx.config.appUrl }),
  );

  // At MRW Valencia Centro the counter scans the three arriving shipments,
  const counter = { id: counterId, role: 'agencia' as const };
  for (const s of [delivered, joseWaiting, danielaWaiting])
    await asStaff(ctx, counter, 'pickups.markReady', () =>
      markReadyForPickup(ctx.tx, counter, s.shipmentCode, { appUrl: ctx.config.appUrl }),
    );
  // and Yusmary, authorised by José, collects his with her cédula, photographed at the counter.
  const photo = async (name: string) =>
    storeDemoImage(ctx, {
      ownerId: counterId,
      uploadedBy: counterId,
      kind: 'delivery_photo',
      name,
      uploadedDaysAgo: 0,
    });
  const proof = counterDeliverInput.parse({
    method: 'id_document',
    shipmentId: delivered.id,
    idDocument: 'V-19876543',
    receivedBy: 'Yusmary Fernández',
    photo: { fileId: await photo('entrega-yusmary.png'), thumbFileId: await photo('entrega-yusmary-mini.png') },
  });
  const handover = await asStaff(ctx, counter, 'pickups.deliver', () => deliverAtCounter(ctx.tx, counter, proof));
  if (!handover.delivered) throw new Error(`La demostración no pudo entregar el envío: ${handover.message}`);
  await endStaffWork(ctx);

  // The story's dates: each departure created when staff planned it, its milestones recorded on
  // their day, each shipment created a day before its departure's cutoff, and the counter's scans.
  await redate(
    ctx,
    departures,
    departures.id,
    made.map((d) => ({ key: d.id, dates: { createdAt: at(ctx, d.createdDaysAgo) } })),
  );
  const milestones = await ctx.tx
    .select({ id: departureMilestones.id, actualOn: departureMilestones.actualOn })
    .from(departureMilestones)
    .where(
      inArray(
        departureMilestones.departureId,
        made.map((d) => d.id),
      ),
    );
  await redate(
    ctx,
    departureMilestones,
    departureMilestones.id,
    milestones
      .filter((m) => m.actualOn)
      .map((m) => ({ key: m.id, dates: { recordedAt: new Date(`${m.actualOn}T15:30:00Z`) } })),
  );
  const created = specs.flatMap(({ spec, shipmentIds }) =>
    shipmentIds
      .filter((id) => id !== earlier.mariaShipment.id)
      .map((id) => ({ key: id, dates: { createdAt: at(ctx, Math.max(-spec.cutoffIn + 1, 1)) } })),
  );
  await redate(ctx, shipments, shipments.id, created);
  await redate(
    ctx,
    shipmentPickups,
    shipmentPickups.shipmentId,
    [joseWaiting, danielaWaiting].map((s) => ({ key: s.id, dates: { readyAt: at(ctx, 3) } })),
  );

  return {
    transit: made[1],
    arrived: made[0],
    late: made[2],
    sea: made[3],
    next: made[4],
    deliveredShipmentId: delivered.id,
    waitingShipmentIds: [joseWaiting.id, danielaWaiting.id],
  };
}
