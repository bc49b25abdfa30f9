// Parcels arrive: a customer pre-alerts a purchase, the warehouse receives it (matched to the
// pre-alert, to a casillero code read off the label, or "sin dueño"), an unclaimed parcel is given
// to a casillero, a customer confirms a missing declared value (docs/product/warehouse-intake.md).
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { SimCommand, actorFor, attempt, choose, Nothing, Refused, type Model } from '../command';
import { ids, owned } from './pick';
import { CUSTOMERS, type CustomerName, type World } from '../world';

/** A tracking number of this run: deterministic, so a replay receives the same numbers. */
const trackingNumber = (model: Model) => `1ZSIM${String(++model.serial).padStart(8, '0')}`;

const customer = fc.constantFrom(...CUSTOMERS);

class Prealert extends SimCommand {
  readonly name = 'prealerta';
  constructor(
    readonly who: CustomerName,
    readonly valueUsdCents: number | null,
  ) {
    super();
  }
  toString() {
    return `${this.who} prealerta una compra${this.valueUsdCents === null ? ' sin valor declarado' : ` de ${this.valueUsdCents} ¢`}`;
  }
  protected async act(model: Model, world: World) {
    const number = trackingNumber(model);
    const done = await attempt(() =>
      world.as(this.who).prealerts.create({
        trackingNumber: number,
        description: `Compra simulada ${number}`,
        quantityItems: 1,
        estimatedValueUsdCents: this.valueUsdCents,
        mailboxId: world.customers[this.who].mailboxId,
      }),
    );
    return done instanceof Refused ? done : `prealertó ${number}`;
  }
}

type Arrival = 'prealerted' | 'labelled' | 'unknown' | 'again';

class Receive extends SimCommand {
  readonly name = 'recepción';
  constructor(
    readonly arrival: Arrival,
    readonly pick: number,
    readonly weightTenths: number,
    readonly measured: boolean,
  ) {
    super();
  }
  toString() {
    const what = {
      prealerted: 'un paquete prealertado',
      labelled: 'un paquete con el casillero en la etiqueta',
      unknown: 'un paquete sin dueño',
      again: 'un número ya recibido',
    }[this.arrival];
    return `almacén recibe ${what} (#${this.pick}, ${this.weightTenths / 10} kg${this.measured ? ', medido' : ''})`;
  }
  protected async act(model: Model, world: World) {
    let code: string | null;
    let mailboxCode: string | null = null;
    if (this.arrival === 'prealerted') {
      code = choose(
        await ids(
          world,
          sql`select tracking_number as id from prealerts where status <> 'converted' and tracking_number is not null order by tracking_number`,
        ),
        this.pick,
      );
      if (!code) code = trackingNumber(model);
    } else if (this.arrival === 'again') {
      code = choose(
        await ids(
          world,
          sql`select tracking_number as id from packages where tracking_number is not null order by warehouse_receipt`,
        ),
        this.pick,
      );
      if (!code) code = trackingNumber(model);
    } else {
      code = trackingNumber(model);
      if (this.arrival === 'labelled') mailboxCode = world.customers[choose(CUSTOMERS, this.pick)!].mailboxCode;
    }
    const side = this.measured ? 20 + (this.pick % 30) : null;
    const done = await attempt(() =>
      world.as('almacen').reception.receive({
        code,
        weightKg: this.weightTenths / 10,
        lengthCm: side,
        widthCm: side,
        heightCm: side === null ? null : 10,
        mailboxCode,
        description: 'Caja recibida en la simulación',
      }),
    );
    return done instanceof Refused ? done : `recibió ${code} como ${done.warehouseReceipt} (${done.status})`;
  }
}

class AssignIntake extends SimCommand {
  readonly name = 'asignar sin dueño';
  constructor(
    readonly pick: number,
    readonly to: CustomerName,
  ) {
    super();
  }
  toString() {
    return `almacén asigna el paquete sin dueño #${this.pick} a ${this.to}`;
  }
  protected async act(_model: Model, world: World) {
    const intake = choose(
      await ids(world, sql`select id from parcel_intakes where status = 'unclaimed' order by warehouse_receipt`),
      this.pick,
    );
    if (!intake) return new Nothing('no hay paquetes sin dueño');
    const done = await attempt(() =>
      world.as('almacen').reception.assign({ intakeId: intake, mailboxId: world.customers[this.to].mailboxId }),
    );
    return done instanceof Refused ? done : 'asignado';
  }
}

class ConfirmDeclaredValue extends SimCommand {
  readonly name = 'confirmar valor declarado';
  constructor(
    readonly pick: number,
    readonly usdCents: number,
    readonly stranger: boolean,
  ) {
    super();
  }
  toString() {
    return `${this.stranger ? 'otro cliente' : 'su dueño'} confirma el valor declarado del paquete sin valor #${this.pick}: ${this.usdCents} ¢`;
  }
  protected async act(_model: Model, world: World) {
    const pkg = choose(
      await owned(
        world,
        sql`select id, user_id as owner from packages where estimated_value_usd_cents is null order by warehouse_receipt`,
      ),
      this.pick,
    );
    if (!pkg) return new Nothing('ningún paquete sin valor declarado');
    const who = actorFor(world, pkg.owner, this.stranger);
    const done = await attempt(() =>
      world.as(who).packages.confirmDeclaredValue({ packageId: pkg.id, declaredValueUsdCents: this.usdCents }),
    );
    return done instanceof Refused ? done : `${who} lo confirmó`;
  }
}

const pick = fc.nat({ max: 1000 });

export const intakeCommands = [
  fc
    .tuple(customer, fc.option(fc.integer({ min: 500, max: 40_000 }), { freq: 6 }))
    .map(([who, value]) => new Prealert(who, value)),
  fc
    .tuple(
      fc.constantFrom<Arrival>('prealerted', 'prealerted', 'prealerted', 'labelled', 'unknown', 'again'),
      pick,
      fc.integer({ min: 2, max: 250 }),
      fc.boolean(),
    )
    .map(([arrival, p, w, m]) => new Receive(arrival, p, w, m)),
  fc.tuple(pick, customer).map(([p, to]) => new AssignIntake(p, to)),
  fc
    .tuple(pick, fc.integer({ min: 1, max: 50_000 }), fc.nat({ max: 9 }))
    .map(([p, cents, s]) => new ConfirmDeclaredValue(p, cents, s === 0)),
];
