// The last mile (docs/product/last-mile.md#agency-counters-and-proof-of-delivery): the agency's
// counter scans an arriving shipment (ready, with a code sent to the customer) and hands it over
// to the recipient's cédula (or a wrong one, refused); staff record a home delivery's proof.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { SimCommand, attempt, choose, Nothing, Refused, type Model } from '../command';
import type { World } from '../world';
import { ids } from './pick';

const pick = fc.nat({ max: 1000 });

async function photo(world: World, by: string) {
  return { fileId: await world.file(by, 'delivery_photo'), thumbFileId: await world.file(by, 'delivery_photo') };
}

/** Shipments on their way (by a departure's milestones or staff), or any when `wild`. */
const onTheWay = (wild: boolean) =>
  wild ? sql`true` : sql`s.status in ('in_transit', 'arrived', 'customs', 'out_for_delivery', 'delayed')`;

class MarkReady extends SimCommand {
  readonly name = 'listo para retirar';
  constructor(
    readonly pick: number,
    readonly wild: boolean,
  ) {
    super();
  }
  toString() {
    return `la agencia escanea el envío ${this.wild ? '' : 'en camino '}#${this.pick}`;
  }
  protected async act(_model: Model, world: World) {
    const code = choose(
      await ids(
        world,
        sql`select s.shipment_code as id from shipments s where s.delivery_method = 'agency' and ${onTheWay(this.wild)}
            order by s.created_at, s.shipment_code`,
      ),
      this.pick,
    );
    if (!code) return new Nothing('ningún envío a la agencia');
    const done = await attempt(() => world.as('agencia').pickups.markReady({ code }));
    return done instanceof Refused ? done : `${code} listo`;
  }
}

class DeliverAtCounter extends SimCommand {
  readonly name = 'entregar en la agencia';
  constructor(
    readonly pick: number,
    readonly rightPerson: boolean,
    readonly wild: boolean,
  ) {
    super();
  }
  toString() {
    return `la agencia entrega el envío ${this.wild ? '' : 'listo '}#${this.pick} ${this.rightPerson ? 'al destinatario' : 'a otra cédula'}`;
  }
  protected async act(_model: Model, world: World) {
    const row = choose(
      await ids(
        world,
        sql`select concat(s.id, ';', r.id_document) as id from shipments s join recipients r on r.id = s.recipient_id
            where s.delivery_method = 'agency' and (${this.wild} or s.status = 'ready_for_pickup')
            order by s.created_at, s.shipment_code`,
      ),
      this.pick,
    );
    if (!row) return new Nothing('ningún envío a la agencia');
    const [shipmentId, idDocument] = row.split(';');
    const done = await attempt(async () =>
      world.as('agencia').pickups.deliver({
        method: 'id_document',
        shipmentId,
        idDocument: this.rightPerson ? idDocument : 'V-1234567',
        receivedBy: 'Quien retira',
        photo: await photo(world, world.staff.agencia.userId),
      }),
    );
    return done instanceof Refused ? done : 'entregado';
  }
}

class HomeDelivery extends SimCommand {
  readonly name = 'entrega a domicilio';
  constructor(
    readonly pick: number,
    readonly wild: boolean,
  ) {
    super();
  }
  toString() {
    return `almacén registra la entrega a domicilio del envío ${this.wild ? '' : 'en camino '}#${this.pick}`;
  }
  protected async act(_model: Model, world: World) {
    const row = choose(
      await ids(
        world,
        sql`select concat(s.id, ';', r.id_document) as id from shipments s join recipients r on r.id = s.recipient_id
            where s.delivery_method = 'home' and ${onTheWay(this.wild)} order by s.created_at, s.shipment_code`,
      ),
      this.pick,
    );
    if (!row) return new Nothing('ningún envío a domicilio');
    const [shipmentId, idDocument] = row.split(';');
    const done = await attempt(async () =>
      world.as('almacen').pickups.recordHomeDelivery({
        shipmentId,
        receivedBy: 'Destinatario',
        idDocument,
        photo: await photo(world, world.staff.almacen.userId),
      }),
    );
    return done instanceof Refused ? done : 'entregado';
  }
}

const wild = fc.nat({ max: 5 }).map((n) => n === 0);

export const pickupCommands = [
  fc.tuple(pick, wild).map(([p, w]) => new MarkReady(p, w)),
  fc.tuple(pick, fc.nat({ max: 4 }), wild).map(([p, wrong, w]) => new DeliverAtCounter(p, wrong !== 0, w)),
  fc.tuple(pick, wild).map(([p, w]) => new HomeDelivery(p, w)),
];
