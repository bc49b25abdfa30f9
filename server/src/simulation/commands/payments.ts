// Money comes in: a customer reports a payment on one of their invoices or on account, in bolívares
// or in dollars, with a new reference or one already used; the cashier approves, rejects or keeps
// it pending (docs/product/admin-payments-and-billing.md#actualizar-pago).
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { usdCentsToVesCentimos } from '@casillero/shared';
import { SimCommand, actorFor, attempt, choose, Nothing, Refused, type Model } from '../command';
import { CUSTOMERS, type CustomerName, type StaffName, type World } from '../world';
import { ids, owned } from './pick';

const pick = fc.nat({ max: 1000 });
const customer = fc.constantFrom(...CUSTOMERS);

export type MethodName = 'pagoMovil' | 'transferencia' | 'zelle';
const method = fc.constantFrom<MethodName>('pagoMovil', 'pagoMovil', 'transferencia', 'zelle');
const isVes = (m: MethodName) => m !== 'zelle';

/** How much is paid against what is owed. */
type Share = 'owed' | 'half' | 'over' | 'tiny';
/** Which reference: a new one, one already used (any payment's), or the last digits of one. */
type Reference = 'new' | 'reused' | 'suffix';

/** A bank reference of this run: digits, as the banks write them. */
export const newReference = (model: Model) => `0045${String(++model.serial).padStart(10, '0')}`;

async function referenceFor(world: World, model: Model, how: Reference, p: number) {
  if (how === 'new') return newReference(model);
  const used = choose(
    await ids(
      world,
      sql`select payment_reference as id from payment_transactions where payment_reference is not null order by created_at, payment_reference`,
    ),
    p,
  );
  if (!used) return newReference(model);
  return how === 'reused' ? used : used.slice(-6);
}

/** The amount typed, in the method's currency (null: what is owed, filled by the server). */
function typed(share: Share, owedUsdCents: number, rate: string, ves: boolean): number | null {
  if (share === 'owed') return null;
  if (share === 'tiny') return 0.01;
  const usd = share === 'half' ? Math.max(1, Math.round(owedUsdCents / 2)) : Math.round(owedUsdCents * 1.3) + 1;
  return (ves ? usdCentsToVesCentimos(usd, rate) : usd) / 100;
}

/** A report as it should be, on any invoice of the owner's (paid or void too), or by someone else. */
type Oddity = 'none' | 'anyInvoice' | 'stranger';

class ReportPayment extends SimCommand {
  readonly name = 'reportar pago';
  constructor(
    readonly invoicePick: number,
    readonly method: MethodName,
    readonly share: Share,
    readonly reference: Reference,
    readonly refPick: number,
    readonly oddity: Oddity,
  ) {
    super();
  }
  toString() {
    const odd = { none: 'abierta', anyInvoice: 'cualquiera', stranger: 'de otro cliente' }[this.oddity];
    return `pago reportado (${this.method}, ${this.share}, referencia ${this.reference}${
      this.reference === 'new' ? '' : ` #${this.refPick}`
    }) de la factura ${odd} #${this.invoicePick}`;
  }
  protected async act(model: Model, world: World) {
    const invoice = choose(
      await owned(
        world,
        this.oddity === 'anyInvoice'
          ? sql`select id, user_id as owner from invoices order by number`
          : sql`select i.id, i.user_id as owner from invoices i where i.voided_at is null
                and (select sum(le.usd_cents) from ledger_entries le where le.invoice_id = i.id) > 0 order by i.number`,
      ),
      this.invoicePick,
    );
    if (!invoice) return new Nothing('sin facturas por pagar');
    const who = actorFor(world, invoice.owner, this.oddity === 'stranger');
    const [row] = await ids(
      world,
      sql`select concat((select coalesce(sum(usd_cents), 0) from ledger_entries where invoice_id = ${invoice.id}), ':',
            (select coalesce(ves_per_usd::text, '') from invoices where id = ${invoice.id})) as id`,
    );
    const [owed, rate] = row.split(':');
    const reference = await referenceFor(world, model, this.reference, this.refPick);
    const done = await attempt(async () =>
      world.as(who).payments.report({
        invoiceId: invoice.id,
        methodId: world.methods[this.method],
        paymentReference: reference,
        amount: typed(this.share, Math.max(1, Number(owed)), rate || world.rate, isVes(this.method)),
        receiptFileId: await world.file(world.customers[who].userId, 'receipt'),
      }),
    );
    return done instanceof Refused ? done : `${who} reportó ${reference}`;
  }
}

class ReportOnAccount extends SimCommand {
  readonly name = 'pago a cuenta';
  constructor(
    readonly who: CustomerName,
    readonly method: MethodName,
    readonly amountUsdCents: number,
    readonly reference: Reference,
    readonly refPick: number,
  ) {
    super();
  }
  toString() {
    return `${this.who} reporta una compra de crédito de ${this.amountUsdCents} ¢ por ${this.method} (referencia ${this.reference})`;
  }
  protected async act(model: Model, world: World) {
    const c = world.customers[this.who];
    const reference = await referenceFor(world, model, this.reference, this.refPick);
    const amount = isVes(this.method) ? usdCentsToVesCentimos(this.amountUsdCents, world.rate) : this.amountUsdCents;
    const done = await attempt(async () =>
      world.as(this.who).payments.report({
        transactionType: 'credit_purchase',
        methodId: world.methods[this.method],
        paymentReference: reference,
        amount: amount / 100,
        receiptFileId: await world.file(c.userId, 'receipt'),
      }),
    );
    return done instanceof Refused ? done : `reportado ${reference}`;
  }
}

type Decision = 'completed' | 'failed' | 'pending';

class ReviewPayment extends SimCommand {
  readonly name = 'revisar pago';
  constructor(
    readonly pick: number,
    readonly decision: Decision,
    readonly by: StaffName,
    readonly wild: boolean,
  ) {
    super();
  }
  toString() {
    return `${this.by} ${{ completed: 'aprueba', failed: 'rechaza', pending: 'deja pendiente' }[this.decision]} el pago #${this.pick}${
      this.wild ? ' (cualquiera)' : ''
    }`;
  }
  protected async act(_model: Model, world: World) {
    const id = choose(
      await ids(
        world,
        this.wild
          ? sql`select id from payment_transactions order by created_at, payment_reference`
          : sql`select id from payment_transactions where status = 'pending' and reported_at is not null order by created_at, payment_reference`,
      ),
      this.pick,
    );
    if (!id) return new Nothing('ningún pago por revisar');
    const done = await attempt(() =>
      world.as(this.by).payments.review({ id, status: this.decision, adminNotes: 'Revisado en la simulación' }),
    );
    return done instanceof Refused ? done : this.decision;
  }
}

const reference = fc.constantFrom<Reference>('new', 'new', 'new', 'reused', 'suffix');

const oddity = fc.constantFrom<Oddity>(
  'none',
  'none',
  'none',
  'none',
  'none',
  'none',
  'none',
  'anyInvoice',
  'stranger',
);

export const paymentCommands = [
  fc
    .tuple(
      pick,
      method,
      fc.constantFrom<Share>('owed', 'owed', 'owed', 'half', 'over', 'tiny'),
      reference,
      pick,
      oddity,
    )
    .map(([p, m, share, ref, rp, odd]) => new ReportPayment(p, m, share, ref, rp, odd)),
  fc
    .tuple(customer, method, fc.integer({ min: 100, max: 30_000 }), reference, pick)
    .map(([who, m, cents, ref, rp]) => new ReportOnAccount(who, m, cents, ref, rp)),
  fc
    .tuple(
      pick,
      fc.constantFrom<Decision>('completed', 'completed', 'completed', 'failed', 'pending'),
      fc.constantFrom<StaffName>('caja', 'caja', 'caja2', 'admin', 'almacen'),
      fc.nat({ max: 9 }),
    )
    .map(([p, d, by, w]) => new ReviewPayment(p, d, by, w === 0)),
  fc
    .tuple(pick, fc.constant<Decision>('completed'), fc.constantFrom<StaffName>('caja', 'caja2'))
    .map(([p, d, by]) => new ReviewPayment(p, d, by, false)),
];
