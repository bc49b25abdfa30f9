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
import { SimCommand, attempt, choose, Nothing, Refused, type Model } from '../command';
import { CUSTOMERS, type CustomerName, type World } from '../world';
import { ids } from './intake';

const pick = fc.nat({ max: 1000 });
const customer = fc.constantFrom(...CUSTOMERS);
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

/** The customer's parcels a request may take (in the warehouse, free), or any of theirs when `wild`. */
async function parcelsOf(world: World, who: CustomerName, wild: boolean) {
  const userId = world.customers[who].userId;
  return wild
    ? ids(world, sql`select id from packages where user_id = ${userId} order by warehouse_receipt`)
    : ids(
        world,
        sql`select p.id from packages p where p.user_id = ${userId} and p.status in ('received', 'in_warehouse')
            and not exists (select 1 from shipment_packages sp where sp.package_id = p.id) order by p.warehouse_receipt`,
      );
}

const delivery = (world: World, who: CustomerName, atAgency: boolean) => ({
  recipientId: world.customers[who].recipientId,
  deliveryMethod: atAgency ? ('agency' as const) : ('home' as const),
  agencyId: atAgency ? world.agencyId : null,
});

class ShipRequest extends SimCommand {
  readonly name = 'pedido de envío';
  constructor(
    readonly who: CustomerName,
    readonly picks: number[],
    readonly method: ShippingMethod,
    readonly atAgency: boolean,
    readonly insured: boolean,
    readonly confirmsOther: boolean,
    readonly wild: boolean,
  ) {
    super();
  }
  toString() {
    return `${this.who} pide envío ${this.method} de [${this.picks.join(',')}]${this.wild ? ' (cualquiera)' : ''} ${
      this.atAgency ? 'a la agencia' : 'a domicilio'
    }${this.insured ? ', asegurado' : ''}${this.confirmsOther ? ', confirmando otro total' : ''}`;
  }
  protected async act(model: Model, world: World) {
    const packageIds = chooseSome(await parcelsOf(world, this.who, this.wild), this.picks);
    if (packageIds.length === 0) return new Nothing('sin paquetes en el almacén');
    const choice = {
      packageIds,
      shippingMethod: this.method,
      insured: this.insured,
      ...delivery(world, this.who, this.atAgency),
    };
    const quote = await attempt(() => world.as(this.who).shipRequests.quote(choice));
    if (quote instanceof Refused) return quote;
    const confirmed = quote.totalUsdCents + (this.confirmsOther ? 1 : 0);
    const done = await attempt(() =>
      world.as(this.who).shipRequests.create({
        ...choice,
        quoteToken: quote.quoteToken,
        confirmedTotalUsdCents: confirmed,
      }),
    );
    if (done instanceof Refused) return done;
    model.confirmed.set(done.invoiceId, { usdCents: confirmed, what: `el pedido ${done.shipmentCode} de ${this.who}` });
    return `${done.shipmentCode}, factura ${done.invoiceNumber} por ${done.totalUsdCents}`;
  }
}

class StaffShipment extends SimCommand {
  readonly name = 'crear envío (personal)';
  constructor(
    readonly who: CustomerName,
    readonly picks: number[],
    readonly method: ShippingMethod,
    readonly costUsdCents: number,
    readonly atAgency: boolean,
    readonly insured: boolean,
  ) {
    super();
  }
  toString() {
    return `almacén crea un envío ${this.method} de ${this.who} con [${this.picks.join(',')}] por ${this.costUsdCents} ¢${
      this.atAgency ? ' a la agencia' : ''
    }${this.insured ? ', asegurado' : ''}`;
  }
  protected async act(_model: Model, world: World) {
    const packageIds = chooseSome(await parcelsOf(world, this.who, false), this.picks);
    if (packageIds.length === 0) return new Nothing('sin paquetes en el almacén');
    const done = await attempt(() =>
      world.as('almacen').shipments.create({
        userId: world.customers[this.who].userId,
        packageIds,
        shippingMethod: this.method,
        shippingCostUsdCents: this.costUsdCents,
        insured: this.insured,
        ...delivery(world, this.who, this.atAgency),
      }),
    );
    return done instanceof Refused ? done : `${done.shipmentCode}`;
  }
}

/** Shipments in creation order (their codes break ties). */
const shipmentsSql = sql`select id from shipments order by created_at, shipment_code`;

class RemoveShipment extends SimCommand {
  readonly name = 'eliminar envío';
  constructor(readonly pick: number) {
    super();
  }
  toString() {
    return `almacén elimina el envío #${this.pick}`;
  }
  protected async act(_model: Model, world: World) {
    const id = choose(await ids(world, shipmentsSql), this.pick);
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
  ) {
    super();
  }
  toString() {
    return `almacén ${this.byScan ? 'escanea' : 'agrega'} el envío #${this.shipmentPick} en el despacho #${this.departurePick}`;
  }
  protected async act(_model: Model, world: World) {
    const departureId = choose(await ids(world, departuresSql), this.departurePick);
    const shipmentId = choose(await ids(world, shipmentsSql), this.shipmentPick);
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
    const loaded = await ids(world, sql`select id from shipments where departure_id is not null order by created_at, shipment_code`);
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
    .tuple(customer, picks, method, fc.boolean(), fc.boolean(), fc.nat({ max: 9 }))
    .map(([who, p, m, agency, insured, odd]) => new ShipRequest(who, p, m, agency, insured, odd === 0, odd === 1)),
  fc
    .tuple(customer, picks, method, fc.integer({ min: 0, max: 20_000 }), fc.boolean(), fc.boolean())
    .map(([who, p, m, cost, agency, insured]) => new StaffShipment(who, p, m, cost, agency, insured)),
  pick.map((p) => new RemoveShipment(p)),
  fc.tuple(pick, fc.constantFrom(...SHIPMENT_STATUSES)).map(([p, s]) => new ShipmentStatusChange(p, s)),
  fc.tuple(method, fc.boolean()).map(([m, china]) => new CreateDeparture(m, china && m === 'maritimo')),
  fc.tuple(pick, pick, fc.boolean()).map(([d, s, scan]) => new AddToDeparture(d, s, scan)),
  fc.tuple(pick, pick, fc.boolean()).map(([d, s, scan]) => new AddToDeparture(d, s, scan)),
  pick.map((p) => new RemoveFromDeparture(p)),
  pick.map((p) => new CloseDeparture(p)),
  fc
    .tuple(pick, fc.constantFrom(...MILESTONE_KINDS), fc.constantFrom(0, 0, 0, 1, 3))
    .map(([p, k, ago]) => new RecordMilestone(p, k, ago)),
  fc
    .tuple(pick, fc.constantFrom(...MILESTONE_KINDS), fc.constantFrom(0, 0, 0, 1, 3))
    .map(([p, k, ago]) => new RecordMilestone(p, k, ago)),
];
