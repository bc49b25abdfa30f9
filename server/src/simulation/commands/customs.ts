// Customs settled against the broker (docs/product/customs.md#settled-against-what-customs-charged):
// the warehouse applies the broker's file for a departure that left (recording its Salida first
// when it had not), once or twice (the second changes
// nothing), with what customs charged each guía; the administrator moves the threshold meanwhile.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { businessToday } from '../../lib/business-clock';
import { SimCommand, attempt, choose, Nothing, Refused, type Model } from '../command';
import type { World } from '../world';
import { ids } from './pick';

const pick = fc.nat({ max: 1000 });

class SettleDeparture extends SimCommand {
  readonly name = 'liquidar aduana';
  constructor(
    readonly pick: number,
    /** What customs charged each guía in turn, in USD cents (cycled over the departure's shipments). */
    readonly paid: number[],
    readonly twice: boolean,
    readonly wild: boolean,
  ) {
    super();
  }
  toString() {
    return `almacén liquida la aduana del despacho ${this.wild ? '' : 'que salió '}#${this.pick} con [${this.paid.join(', ')}] ¢${this.twice ? ', dos veces' : ''}`;
  }
  protected async act(_model: Model, world: World) {
    const departureId = choose(
      await ids(
        world,
        this.wild
          ? sql`select id from departures order by code`
          : sql`select d.id from departures d
                  where exists (select 1 from shipments s where s.departure_id = d.id) order by d.code`,
      ),
      this.pick,
    );
    if (!departureId) return new Nothing('no hay despachos');
    const codes = await ids(
      world,
      sql`select shipment_code as id from shipments where departure_id = ${departureId} order by shipment_code`,
    );
    if (codes.length === 0) return new Nothing('el despacho no lleva envíos');
    // The broker's file comes after the departure left: one still open leaves first (its Salida today).
    const [open] = await ids(world, sql`select id from departures where id = ${departureId} and status = 'open'`);
    if (open && !this.wild) {
      const left = await attempt(() =>
        world.as('almacen').departures.recordMilestone({ departureId, kind: 'departed', actualOn: businessToday() }),
      );
      if (left instanceof Refused) return left;
    }
    const lines = codes.map((code, i) => {
      const cents = this.paid[i % this.paid.length]!;
      return `${code},${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    });
    const input = { departureId, fileName: 'corredor.csv', csv: ['guia,monto_usd', ...lines].join('\n') };
    const first = await attempt(() => world.as('almacen').customs.settle(input));
    if (first instanceof Refused) return first;
    if (!this.twice) return `${codes.length} guías liquidadas`;
    const again = await attempt(() => world.as('almacen').customs.settle(input));
    return again instanceof Refused ? again : `${codes.length} guías liquidadas, y otra vez`;
  }
}

class SetThreshold extends SimCommand {
  readonly name = 'umbral de aduana';
  constructor(readonly cents: number) {
    super();
  }
  toString() {
    return `la administración pone el umbral de aduana en ${this.cents} ¢`;
  }
  protected async act(_model: Model, world: World) {
    const done = await attempt(() => world.as('admin').customs.setThreshold({ thresholdUsdCents: this.cents }));
    return done instanceof Refused ? done : 'umbral puesto';
  }
}

export const customsCommands = [
  fc
    .tuple(
      pick,
      fc.array(fc.integer({ min: 0, max: 40_000 }), { minLength: 1, maxLength: 4 }),
      fc.boolean(),
      fc.nat({ max: 4 }),
    )
    .map(([p, paid, twice, w]) => new SettleDeparture(p, paid, twice, w === 0)),
  fc.constantFrom(0, 100, 500, 2_000).map((cents) => new SetThreshold(cents)),
];
