// Compra asistida (docs/product/compra-asistida.md): a customer asks, atención quotes, the
// customer accepts the total shown (or another, refused), pays it through Facturas like any
// invoice; atención marks an item the store failed on, the customer chooses, atención records the
// purchase (for less, the difference is credit; for more, the customer accepts an extra invoice)
// and the store's trackings, which become pre-alerts.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { SimCommand, actorFor, attempt, choose, Nothing, Refused, type Model, told } from '../command';
import { CUSTOMERS, type CustomerName, type World } from '../world';
import { owned } from './pick';

const pick = fc.nat({ max: 1000 });
const customer = fc.constantFrom(...CUSTOMERS);
/** The compras in one of these statuses (every one when `wild`), with their owners, in number order. */
const comprasIn = (world: World, statuses: string[], wild: boolean) =>
  owned(
    world,
    wild
      ? sql`select id, user_id as owner from purchase_requests order by number`
      : sql`select id, user_id as owner from purchase_requests where status::text = any(${`{${statuses.join(',')}}`}::text[]) order by number`,
  );

class CreateCompra extends SimCommand {
  readonly name = 'pedir compra';
  constructor(
    readonly who: CustomerName,
    readonly prices: number[],
  ) {
    super();
  }
  toString() {
    return `${this.who} pide una compra asistida de ${this.prices.length} artículos (${this.prices.join(', ')} ¢)`;
  }
  protected async act(_model: Model, world: World) {
    const done = await attempt(() =>
      world.as(this.who).compras.create({
        mailboxId: world.customers[this.who].mailboxId,
        items: this.prices.map((price, k) => ({
          url: `https://tienda.example.com/producto/${k}`,
          name: `Artículo ${k + 1}`,
          quantity: 1 + (k % 2),
          priceUsdCents: price,
        })),
      }),
    );
    return done instanceof Refused ? done : done.code;
  }
}

class QuoteCompra extends SimCommand {
  readonly name = 'cotizar compra';
  constructor(
    readonly pick: number,
    readonly raisePercent: number,
    readonly taxUsdCents: number,
    readonly shippingUsdCents: number,
  ) {
    super();
  }
  toString() {
    return `atención cotiza la compra por cotizar #${this.pick} (+${this.raisePercent} %, impuesto ${this.taxUsdCents} ¢, envío ${this.shippingUsdCents} ¢)`;
  }
  protected async act(_model: Model, world: World) {
    const id = choose(await comprasIn(world, ['requested', 'quoted'], false), this.pick)?.id;
    if (!id) return new Nothing('sin compras por cotizar');
    const detail = await attempt(() => world.as('atencion').compras.adminDetail({ id }));
    if (detail instanceof Refused) return detail;
    return told(() =>
      world.as('atencion').compras.quote({
        id,
        items: detail.items.map((i) => ({
          id: i.id,
          priceUsdCents: Math.max(1, Math.round((i.customerPriceUsdCents * (100 + this.raisePercent)) / 100)),
        })),
        salesTaxUsdCents: this.taxUsdCents,
        shippingUsdCents: this.shippingUsdCents,
      }),
    );
  }
}

class AcceptCompra extends SimCommand {
  readonly name = 'aceptar compra';
  constructor(
    readonly pick: number,
    readonly confirmsOther: boolean,
    readonly stranger: boolean,
  ) {
    super();
  }
  toString() {
    return `${this.stranger ? 'otro cliente' : 'su dueño'} acepta la cotización #${this.pick}${this.confirmsOther ? ' confirmando otro total' : ''}`;
  }
  protected async act(model: Model, world: World) {
    const compra = choose(await comprasIn(world, ['quoted'], false), this.pick);
    if (!compra) return new Nothing('sin cotizaciones');
    // What the owner's screen shows; a stranger sends the same total for a compra not theirs.
    const detail = await attempt(() =>
      world.as(actorFor(world, compra.owner, false)).compras.detail({ id: compra.id }),
    );
    if (detail instanceof Refused) return detail;
    if (!detail.taxes) return new Nothing('sin cotización que aceptar');
    const who = actorFor(world, compra.owner, this.stranger);
    const shown = detail.taxes.totalUsdCents + (this.confirmsOther ? 1 : 0);
    const done = await attempt(() => world.as(who).compras.accept({ id: compra.id, confirmedTotalUsdCents: shown }));
    if (done instanceof Refused) return done;
    model.confirmed.set(done.invoiceId, { usdCents: shown, what: `la compra ${detail.code} de ${who}` });
    return done.message;
  }
}

class MarkItemIssue extends SimCommand {
  readonly name = 'artículo con problema';
  constructor(
    readonly pick: number,
    readonly itemPick: number,
    readonly newPricePercent: number | null,
  ) {
    super();
  }
  toString() {
    return `atención marca el artículo #${this.itemPick} de la compra pagada #${this.pick} ${
      this.newPricePercent === null ? 'agotado' : `con nuevo precio (${this.newPricePercent} %)`
    }`;
  }
  protected async act(_model: Model, world: World) {
    const id = choose(await comprasIn(world, ['paid'], false), this.pick)?.id;
    if (!id) return new Nothing('sin compras');
    const detail = await attempt(() => world.as('atencion').compras.adminDetail({ id }));
    if (detail instanceof Refused) return detail;
    const item = choose(detail.items, this.itemPick);
    if (!item) return new Nothing('sin artículos');
    const base = item.quotedPriceUsdCents ?? item.customerPriceUsdCents;
    return told(() =>
      world.as('atencion').compras.markItemIssue({
        id,
        itemId: item.id,
        issue: this.newPricePercent === null ? 'out_of_stock' : 'price_changed',
        newPriceUsdCents:
          this.newPricePercent === null ? null : Math.max(1, Math.round((base * this.newPricePercent) / 100)),
        note: 'La tienda avisó del cambio.',
      }),
    );
  }
}

class ChooseItem extends SimCommand {
  readonly name = 'elegir sobre el artículo';
  constructor(
    readonly pick: number,
    readonly cancel: boolean,
    readonly stranger: boolean,
  ) {
    super();
  }
  toString() {
    return `${this.stranger ? 'otro cliente' : 'su dueño'} ${this.cancel ? 'cancela' : 'acepta el nuevo precio de'} el artículo marcado #${this.pick}`;
  }
  protected async act(_model: Model, world: World) {
    const row = choose(
      await owned(
        world,
        sql`select concat(r.id, ';', i.id) as id, r.user_id as owner from purchase_request_items i
            join purchase_requests r on r.id = i.request_id
            where i.issue is not null order by r.number, i.position`,
      ),
      this.pick,
    );
    if (!row) return new Nothing('ningún artículo marcado');
    const [id, itemId] = row.id.split(';');
    const who = actorFor(world, row.owner, this.stranger);
    return told(() => world.as(who).compras.chooseItem({ id, itemId, choice: this.cancel ? 'cancel' : 'accept' }));
  }
}

class RecordPurchase extends SimCommand {
  readonly name = 'registrar compra';
  constructor(
    readonly pick: number,
    readonly finalPercent: number,
  ) {
    super();
  }
  toString() {
    return `atención registra la compra pagada #${this.pick} por el ${this.finalPercent} % de lo cotizado`;
  }
  protected async act(model: Model, world: World) {
    const id = choose(await comprasIn(world, ['paid'], false), this.pick)?.id;
    if (!id) return new Nothing('sin compras');
    const detail = await attempt(() => world.as('atencion').compras.adminDetail({ id }));
    if (detail instanceof Refused) return detail;
    const store = (detail.itemsUsdCents ?? 0) + (detail.salesTaxUsdCents ?? 0) + (detail.shippingUsdCents ?? 0) || 100;
    return told(async () =>
      world.as('atencion').compras.recordPurchase({
        id,
        storeOrderNumber: `ORD-${++model.serial}`,
        finalUsdCents: Math.max(1, Math.round((store * this.finalPercent) / 100)),
        receiptFileId: await world.file(detail.userId, 'invoice'),
      }),
    );
  }
}

class AcceptDifference extends SimCommand {
  readonly name = 'aceptar diferencia';
  constructor(readonly pick: number) {
    super();
  }
  toString() {
    return `su dueño acepta lo que la tienda cobró de más en la compra #${this.pick}`;
  }
  protected async act(_model: Model, world: World) {
    const compra = choose(await comprasIn(world, ['purchased', 'shipped'], false), this.pick);
    if (!compra) return new Nothing('sin compras hechas');
    return told(() => world.as(actorFor(world, compra.owner, false)).compras.acceptDifference({ id: compra.id }));
  }
}

class AddCompraTrackings extends SimCommand {
  readonly name = 'trackings de la tienda';
  constructor(readonly pick: number) {
    super();
  }
  toString() {
    return `atención registra el tracking de la tienda de la compra hecha #${this.pick}`;
  }
  protected async act(model: Model, world: World) {
    const id = choose(await comprasIn(world, ['purchased', 'shipped'], false), this.pick)?.id;
    if (!id) return new Nothing('sin compras');
    const number = `1ZSTORE${String(++model.serial).padStart(8, '0')}`;
    return told(() => world.as('atencion').compras.addTrackings({ id, carrier: 'UPS', trackingNumbers: [number] }));
  }
}

const stranger = fc.nat({ max: 9 }).map((n) => n === 0);

export const compraCommands = [
  fc
    .tuple(customer, fc.array(fc.integer({ min: 100, max: 30_000 }), { minLength: 1, maxLength: 3 }))
    .map(([who, prices]) => new CreateCompra(who, prices)),
  fc
    .tuple(pick, fc.constantFrom(0, 0, 5, 20), fc.integer({ min: 0, max: 3_000 }), fc.integer({ min: 0, max: 2_000 }))
    .map(([p, raise, tax, ship]) => new QuoteCompra(p, raise, tax, ship)),
  fc.tuple(pick, fc.nat({ max: 5 }), stranger).map(([p, o, s]) => new AcceptCompra(p, o === 0, s)),
  fc
    .tuple(pick, pick, fc.option(fc.constantFrom(50, 80, 130), { freq: 2 }))
    .map(([p, i, percent]) => new MarkItemIssue(p, i, percent)),
  fc.tuple(pick, fc.boolean(), stranger).map(([p, cancel, s]) => new ChooseItem(p, cancel, s)),
  fc.tuple(pick, fc.constantFrom(80, 100, 100, 115)).map(([p, percent]) => new RecordPurchase(p, percent)),
  pick.map((p) => new AcceptDifference(p)),
  pick.map((p) => new AddCompraTrackings(p)),
];
