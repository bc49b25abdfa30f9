// Parcels leave: a customer's ship request (quote, then the confirmation of the total shown), staff's
// 'Crear Envío', a shipment removed, a staff status change, and the departures: created, filled by
// id or by scanning, emptied, closed, and their milestones recorded (docs/product/departures.md,
// docs/product/last-mile.md#the-ship-request).
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import {
  MILESTONE_KINDS,
  SHIPMENT_STATUSES,
  type MilestoneKind,
  type ShipmentStatus,
  type ShippingMethod,
} from '@casillero/shared';
import { businessToday } from '../../lib/business-clock';
import { SimCommand, actorFor, attempt, choose, Nothing, Refused, type Model } from '../command';
import type { CustomerName, World } from '../world';
import { ids, owned } from './pick';

const pick = fc.nat({ max: 1000 });
const picks = fc.array(pick, { minLength: 1, maxLength: 3 });
const method = fc.constantFrom<ShippingMethod>('aereo', 'aereo', 'maritimo');

/** Distinct elements of `list` chosen by `picks` (fewer when the list is shorter). */
function chooseSome<T>(list: readonly T[], picks: readonly number[]): T[] {
  const left = [...list];
  const out: T[] = [];
  for (const p of picks) {
    const one = choose(left, p);
    if (one === null) break;
    out.push(one);
    left.splice(left.indexOf(one), 1);
  }
  return out;
}

/** Parcels a shipment may take: in the warehouse and in no shipment; or, `anyParcel`, every one. */
async function parcels(world: World, anyParcel: boolean) {
  return owned(
    world,
    anyParcel
      ? sql`select id, user_id as owner from packages order by warehouse_receipt`
      : sql`select p.id, p.user_id as owner from packages p where p.status in ('received', 'in_warehouse')
            and not exists (select 1 from shipment_packages sp where sp.package_id = p.id) order by p.warehouse_receipt`,
  );
}

/** The first pick chooses a parcel, and so its owner; the others more parcels of the same owner. */
async function parcelsOfOne(world: World, picks: readonly number[], anyParcel: boolean) {
  const all = await parcels(world, anyParcel);
  const first = choose(all, picks[0] ?? 0);
  if (!first) return null;
  const same = all.filter((p) => p.owner === first.owner && p.id !== first.id);
  return { owner: first.owner, packageIds: [first.id, ...chooseSome(same, picks.slice(1)).map((p) => p.id)] };
}

const delivery = (world: World, who: CustomerName, atAgency: boolean) => ({
  recipientId: world.customers[who].recipientId,
  deliveryMethod: atAgency ? ('agency' as const) : ('home' as const),
  agencyId: atAgency ? world.agencyId : null,
});

/** A request as it should be, on any of the owner's parcels, by someone else, or confirming another total. */
type Oddity = 'none' | 'anyParcel' | 'stranger' | 'otherTotal';

class ShipRequest extends SimCommand {
  readonly name = 'pedido de envío';
  constructor(
    readonly picks: number[],
    readonly method: ShippingMethod,
    readonly atAgency: boolean,
    readonly insured: boolean,
    readonly oddity: Oddity,
  ) {
    super();
  }
  toString() {
    const odd = {
      none: '',
      anyParcel: ' (paquetes en cualquier estado)',
      stranger: ' (lo pide otro cliente)',
      otherTotal: ', confirmando otro total',
    };
    return `pedido de envío ${this.method} de [${this.picks.join(',')}] ${this.atAgency ? 'a la agencia' : 'a domicilio'}${
      this.insured ? ', asegurado' : ''
    }${odd[this.oddity]}`;
  }
  protected async act(model: Model, world: World) {
    const chosen = await parcelsOfOne(world, this.picks, this.oddity === 'anyParcel');
    if (!chosen) return new Nothing('sin paquetes en el almacén');
    const who = actorFor(world, chosen.owner, this.oddity === 'stranger');
    const choice = {
      packageIds: chosen.packageIds,
      shippingMethod: this.method,
      insured: this.insured,
      ...delivery(world, who, this.atAgency),
    };
    const quote = await attempt(() => world.as(who).shipRequests.quote(choice));
    if (quote instanceof Refused) return quote;
    const confirmed = quote.totalUsdCents + (this.oddity === 'otherTotal' ? 1 : 0);
    const done = await attempt(() =>
      world.as(who).shipRequests.create({
        ...choice,
        quoteToken: quote.quoteToken,
        confirmedTotalUsdCents: confirmed,
      }),
    );
    if (done instanceof Refused) return done;
    model.confirmed.set(done.invoiceId, { usdCents: confirmed, what: `el pedido ${done.shipmentCode} de ${who}` });
    return `${who}: ${done.shipmentCode}, factura ${done.invoiceNumber} por ${done.totalUsdCents}`;
  }
}

class StaffShipment extends SimCommand {
  readonly name = 'crear envío (personal)';
  constructor(
    readonly picks: number[],
    readonly method: ShippingMethod,
    readonly costUsdCents: number,
    readonly atAgency: boolean,
    readonly insured: boolean,
  ) {
    super();
  }
  toString() {
    return `almacén crea un envío ${this.method} con [${this.picks.join(',')}] por ${this.costUsdCents} ¢${
      this.atAgency ? ' a la agencia' : ''
    }${this.insured ? ', asegurado' : ''}`;
  }
  protected async act(_model: Model, world: World) {
    const chosen = await parcelsOfOne(world, this.picks, false);
    if (!chosen) return new Nothing('sin paquetes en el almacén');
    const who = actorFor(world, chosen.owner, false);
    const done = await attempt(() =>
      world.as('almacen').shipments.create({
        userId: chosen.owner,
        packageIds: chosen.packageIds,
        shippingMethod: this.method,
        shippingCostUsdCents: this.costUsdCents,
        insured: this.insured,
        ...delivery(world, who, this.atAgency),
      }),
    );
    return done instanceof Refused ? done : `${who}: ${done.shipmentCode}`;
  }
}

/** Shipments in creation order (their codes break ties). */
const shipmentsSql = sql`select id from shipments order by created_at, shipment_code`;

class RemoveShipment extends SimCommand {
  readonly name = 'eliminar envío';
  constructor(
    readonly pick: number,
    readonly wild: boolean,
  ) {
    super();
  }
  toString() {
    return `almacén elimina el envío ${this.wild ? '' : 'en preparación '}#${this.pick}`;
  }
  protected async act(_model: Model, world: World) {
    const id = choose(
      await ids(
        world,
        this.wild
          ? shipmentsSql
          : sql`select id from shipments where status = 'preparing' order by created_at, shipment_code`,
      ),
      this.pick,
    );
    if (!id) return new Nothing('no hay envíos');
    const done = await attempt(() => world.as('almacen').shipments.remove({ id }));
    return done instanceof Refused ? done : 'eliminado';
  }
}

class ShipmentStatusChange extends SimCommand {
  readonly name = 'estado del envío';
  constructor(
    readonly pick: number,
    readonly status: ShipmentStatus,
  ) {
    super();
  }
  toString() {
    return `almacén pone el envío #${this.pick} en ${this.status}`;
  }
  protected async act(_model: Model, world: World) {
    const id = choose(await ids(world, shipmentsSql), this.pick);
    if (!id) return new Nothing('no hay envíos');
    const done = await attempt(() => world.as('almacen').shipments.updateStatus({ id, status: this.status }));
    return done instanceof Refused ? done : `${done.status}`;
  }
}

const departuresSql = sql`select id from departures order by code`;
const day = (offset: number) => {
  const d = new Date(`${businessToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

class CreateDeparture extends SimCommand {
  readonly name = 'crear despacho';
  constructor(
    readonly mode: ShippingMethod,
    readonly fromChina: boolean,
  ) {
    super();
  }
  toString() {
    return `almacén crea un despacho ${this.mode} desde ${this.fromChina ? 'China' : 'Miami'}`;
  }
  protected async act(_model: Model, world: World) {
    const done = await attempt(() =>
      world.as('almacen').departures.create({
        mode: this.mode,
        origin: this.fromChina ? 'china' : 'miami',
        carrier: this.mode === 'aereo' ? 'LASER' : 'CMA CGM',
        voyage: this.mode === 'aereo' ? 'QL-1234' : 'MARIA V. 12N',
        arrivalPort: this.mode === 'aereo' ? 'maiquetia' : 'la_guaira',
        cutoffOn: day(0),
        plannedDeparture: day(1),
        plannedArrival: day(4),
      }),
    );
    return done instanceof Refused ? done : `${done.code}`;
  }
}

class AddToDeparture extends SimCommand {
  readonly name = 'cargar envío en despacho';
  constructor(
    readonly departurePick: number,
    readonly shipmentPick: number,
    readonly byScan: boolean,
    readonly wild: boolean,
  ) {
    super();
  }
  toString() {
    return `almacén ${this.byScan ? 'escanea' : 'agrega'} el envío #${this.shipmentPick} en el despacho #${this.departurePick}${
      this.wild ? ' (cualquiera)' : ''
    }`;
  }
  protected async act(_model: Model, world: World) {
    const departureId = choose(
      await ids(world, this.wild ? departuresSql : sql`select id from departures where status = 'open' order by code`),
      this.departurePick,
    );
    const shipmentId = choose(
      await ids(
        world,
        this.wild
          ? shipmentsSql
          : sql`select id from shipments where departure_id is null order by created_at, shipment_code`,
      ),
      this.shipmentPick,
    );
    if (!departureId || !shipmentId) return new Nothing('sin despacho o sin envío');
    const [paid] = await ids(
      world,
      sql`select case when s.requested_by_customer then coalesce((select (sum(le.usd_cents) <= 0 and i.voided_at is null)::text
            from invoices i join ledger_entries le on le.invoice_id = i.id where i.shipment_id = s.id
            group by i.id, i.created_at order by i.created_at limit 1), 'false') else 'true' end as id
          from shipments s where s.id = ${shipmentId}`,
    );
    let code = shipmentId;
    if (this.byScan) [code] = await ids(world, sql`select shipment_code as id from shipments where id = ${shipmentId}`);
    const done = await attempt(() =>
      this.byScan
        ? world.as('almacen').departures.scan({ departureId, code })
        : world.as('almacen').departures.addShipment({ departureId, shipmentId }),
    );
    if (done instanceof Refused) return done;
    // A customer's request joins a departure only once its invoice is paid (docs/product/last-mile.md#the-ship-request).
    if (paid !== 'true') throw new Error(`El envío ${done.shipmentCode} entró al despacho con su factura sin pagar`);
    return `${done.shipmentCode} cargado`;
  }
}

class RemoveFromDeparture extends SimCommand {
  readonly name = 'sacar envío del despacho';
  constructor(readonly shipmentPick: number) {
    super();
  }
  toString() {
    return `almacén saca del despacho el envío #${this.shipmentPick}`;
  }
  protected async act(_model: Model, world: World) {
    const loaded = await ids(
      world,
      sql`select id from shipments where departure_id is not null order by created_at, shipment_code`,
    );
    const shipmentId = choose(loaded, this.shipmentPick);
    if (!shipmentId) return new Nothing('ningún envío en un despacho');
    const [departureId] = await ids(world, sql`select departure_id as id from shipments where id = ${shipmentId}`);
    const done = await attempt(() => world.as('almacen').departures.removeShipment({ departureId, shipmentId }));
    return done instanceof Refused ? done : `${done.shipmentCode} fuera`;
  }
}

class CloseDeparture extends SimCommand {
  readonly name = 'cerrar despacho';
  constructor(readonly pick: number) {
    super();
  }
  toString() {
    return `almacén cierra el despacho #${this.pick}`;
  }
  protected async act(_model: Model, world: World) {
    const id = choose(await ids(world, departuresSql), this.pick);
    if (!id) return new Nothing('no hay despachos');
    const done = await attempt(() => world.as('almacen').departures.close({ id }));
    return done instanceof Refused ? done : 'cerrado';
  }
}

class RecordMilestone extends SimCommand {
  readonly name = 'registrar hito';
  constructor(
    readonly pick: number,
    readonly kind: MilestoneKind,
    readonly daysAgo: number,
  ) {
    super();
  }
  toString() {
    return `almacén registra «${this.kind}» en el despacho #${this.pick}${this.daysAgo ? ` hace ${this.daysAgo} días` : ''}`;
  }
  protected async act(_model: Model, world: World) {
    const departureId = choose(await ids(world, departuresSql), this.pick);
    if (!departureId) return new Nothing('no hay despachos');
    const done = await attempt(() =>
      world.as('almacen').departures.recordMilestone({ departureId, kind: this.kind, actualOn: day(-this.daysAgo) }),
    );
    return done instanceof Refused ? done : 'registrado';
  }
}

export const shippingCommands = [
  fc
    .tuple(
      picks,
      method,
      fc.boolean(),
      fc.boolean(),
      fc.constantFrom<Oddity>('none', 'none', 'none', 'none', 'none', 'none', 'anyParcel', 'stranger', 'otherTotal'),
    )
    .map(([p, m, agency, insured, odd]) => new ShipRequest(p, m, agency, insured, odd)),
  fc
    .tuple(picks, method, fc.integer({ min: 0, max: 20_000 }), fc.boolean(), fc.boolean())
    .map(([p, m, cost, agency, insured]) => new StaffShipment(p, m, cost, agency, insured)),
  fc.tuple(pick, fc.nat({ max: 4 })).map(([p, w]) => new RemoveShipment(p, w === 0)),
  fc.tuple(pick, fc.constantFrom(...SHIPMENT_STATUSES)).map(([p, s]) => new ShipmentStatusChange(p, s)),
  fc.tuple(method, fc.boolean()).map(([m, china]) => new CreateDeparture(m, china && m === 'maritimo')),
  fc
    .tuple(pick, pick, fc.boolean(), fc.nat({ max: 4 }))
    .map(([d, s, scan, w]) => new AddToDeparture(d, s, scan, w === 0)),
  fc
    .tuple(pick, pick, fc.boolean(), fc.nat({ max: 4 }))
    .map(([d, s, scan, w]) => new AddToDeparture(d, s, scan, w === 0)),
  pick.map((p) => new RemoveFromDeparture(p)),
  pick.map((p) => new CloseDeparture(p)),
  fc
    .tuple(pick, fc.constantFrom(...MILESTONE_KINDS), fc.constantFrom(0, 0, 0, 1, 3))
    .map(([p, k, ago]) => new RecordMilestone(p, k, ago)),
  fc
    .tuple(pick, fc.constantFrom(...MILESTONE_KINDS), fc.constantFrom(0, 0, 0, 1, 3))
    .map(([p, k, ago]) => new RecordMilestone(p, k, ago)),
];
