// The last mile (docs/product/last-mile.md#agency-counters-and-proof-of-delivery): the agency's
// counter scans an arriving shipment (ready, with a code sent to the customer) and hands it over
// to the recipient's cédula (or a wrong one, refused); staff record a home delivery's proof.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { SimCommand, attempt, choose, Nothing, Refused, type Model } from '../command';
import type { World } from '../world';
import { ids } from './intake';

const pick = fc.nat({ max: 1000 });

async function photo(world: World, by: string) {
  return { fileId: await world.file(by, 'delivery_photo'), thumbFileId: await world.file(by, 'delivery_photo') };
}

class MarkReady extends SimCommand {
  readonly name = 'listo para retirar';
  constructor(readonly pick: number) {
    super();
  }
  toString() {
    return `la agencia escanea el envío #${this.pick}`;
  }
  protected async act(_model: Model, world: World) {
    const code = choose(
      await ids(world, sql`select shipment_code as id from shipments where delivery_method = 'agency' order by created_at, shipment_code`),
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
  ) {
    super();
  }
  toString() {
    return `la agencia entrega el envío #${this.pick} ${this.rightPerson ? 'al destinatario' : 'a otra cédula'}`;
  }
  protected async act(_model: Model, world: World) {
    const row = choose(
      await ids(
        world,
        sql`select concat(s.id, ';', r.id_document) as id from shipments s join recipients r on r.id = s.recipient_id
            where s.delivery_method = 'agency' order by s.created_at, s.shipment_code`,
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
  constructor(readonly pick: number) {
    super();
  }
  toString() {
    return `almacén registra la entrega a domicilio del envío #${this.pick}`;
  }
  protected async act(_model: Model, world: World) {
    const row = choose(
      await ids(
        world,
        sql`select concat(s.id, ';', r.id_document) as id from shipments s join recipients r on r.id = s.recipient_id
            where s.delivery_method = 'home' order by s.created_at, s.shipment_code`,
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

export const pickupCommands = [
  pick.map((p) => new MarkReady(p)),
  fc.tuple(pick, fc.nat({ max: 4 })).map(([p, wrong]) => new DeliverAtCounter(p, wrong !== 0)),
  pick.map((p) => new HomeDelivery(p)),
];
