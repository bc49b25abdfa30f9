// The cashier's desk: bank statements uploaded, matched, approved and assigned; the ledger's
// corrections with four eyes on large ones; the day's rate corrected; notes of credit and debit
// on facturas; a customer giving their fiscal data; the control-number worker's rounds
// (docs/product/admin-payments-and-billing.md, docs/product/fiscal-invoices.md).
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { businessToday } from '../../lib/business-clock';
import { assignDueControlNumbers } from '../../services/fiscal/control-numbers';
import { SimCommand, attempt, choose, Nothing, Refused, type Model, told } from '../command';
import { CUSTOMERS, type CustomerName, type StaffName, type World } from '../world';
import { ids } from './pick';
import { newReference } from './payments';

const pick = fc.nat({ max: 1000 });
const customer = fc.constantFrom(...CUSTOMERS);
const cashier = fc.constantFrom<StaffName>('caja', 'caja2');

/** 1234,56, as the bank writes Bs. céntimos. */
const bs = (centimos: number) => `${Math.trunc(centimos / 100)},${String(centimos % 100).padStart(2, '0')}`;
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** A line of the statement: a reported payment's reference (off by `deltaCentimos`), or money nobody reported. */
type Line = { pick: number; deltaCentimos: number; padded: boolean } | { unknownCentimos: number };

class UploadStatement extends SimCommand {
  readonly name = 'subir estado de cuenta';
  constructor(readonly lines: Line[]) {
    super();
  }
  toString() {
    const parts = this.lines.map((l) =>
      'unknownCentimos' in l
        ? `sin reportar Bs. ${bs(l.unknownCentimos)}`
        : `pago #${l.pick}${l.deltaCentimos ? ` ${l.deltaCentimos > 0 ? '+' : ''}${l.deltaCentimos}` : ''}${l.padded ? ' (con ceros)' : ''}`,
    );
    return `caja sube un estado de cuenta: ${parts.join('; ')}`;
  }
  protected async act(model: Model, world: World) {
    const reported = await ids(
      world,
      sql`select concat(payment_reference, ';', amount_ves_cents) as id from payment_transactions
          where currency = 'VES' and payment_reference is not null and amount_ves_cents is not null
          order by created_at, payment_reference`,
    );
    const rows: string[] = [];
    for (const l of this.lines) {
      if ('unknownCentimos' in l) {
        rows.push(`${ddmmyyyy(businessToday())};${newReference(model)};PAGO MOVIL RECIBIDO;${bs(l.unknownCentimos)}`);
        continue;
      }
      const one = choose(reported, l.pick);
      if (!one) continue;
      const [ref, ves] = one.split(';');
      const amount = Math.max(1, Number(ves) + l.deltaCentimos);
      rows.push(`${ddmmyyyy(businessToday())};${l.padded ? `000${ref}` : ref};TRANSFERENCIA RECIBIDA;${bs(amount)}`);
    }
    if (rows.length === 0) return new Nothing('nada que poner en el estado de cuenta');
    const content = ['fecha;referencia;descripcion;monto', ...rows].join('\n');
    const done = await attempt(() =>
      world.as('caja').reconciliation.upload({ fileName: `banco-${model.serial}.csv`, content }),
    );
    return done instanceof Refused ? done : `${rows.length} líneas`;
  }
}

const statementsSql = sql`select id from bank_statements order by created_at`;
const linesSql = sql`select l.id from bank_statement_lines l join bank_statements s on s.id = l.statement_id
                     order by s.created_at, l.line_number`;

class ApproveMatched extends SimCommand {
  readonly name = 'aprobar coincidencias';
  constructor(
    readonly pick: number,
    readonly by: StaffName,
  ) {
    super();
  }
  toString() {
    return `${this.by} aprueba las coincidencias del estado de cuenta #${this.pick}`;
  }
  protected async act(_model: Model, world: World) {
    const statementId = choose(await ids(world, statementsSql), this.pick);
    if (!statementId) return new Nothing('sin estados de cuenta');
    return told(() => world.as(this.by).reconciliation.approveMatched({ statementId }));
  }
}

class ApproveLine extends SimCommand {
  readonly name = 'aprobar línea con un pago';
  constructor(
    readonly linePick: number,
    readonly paymentPick: number,
  ) {
    super();
  }
  toString() {
    return `caja aprueba la línea #${this.linePick} con el pago #${this.paymentPick}`;
  }
  protected async act(_model: Model, world: World) {
    const lineId = choose(await ids(world, linesSql), this.linePick);
    const paymentId = choose(
      await ids(
        world,
        sql`select id from payment_transactions where currency = 'VES' order by created_at, payment_reference`,
      ),
      this.paymentPick,
    );
    if (!lineId || !paymentId) return new Nothing('sin líneas o sin pagos');
    return told(() => world.as('caja').reconciliation.approveLine({ lineId, paymentId }));
  }
}

/** Toward the oldest open invoice, on account (credit), or one invoice of the customer's. */
type Target = 'oldest' | 'account' | number;

class AssignLine extends SimCommand {
  readonly name = 'asignar línea a un cliente';
  constructor(
    readonly linePick: number,
    readonly to: CustomerName,
    readonly target: Target,
    readonly by: StaffName,
    readonly wild: boolean,
  ) {
    super();
  }
  toString() {
    const where =
      this.target === 'oldest'
        ? 'su factura más antigua'
        : this.target === 'account'
          ? 'su cuenta'
          : `su factura #${this.target}`;
    return `${this.by} asigna la línea ${this.wild ? '' : 'sin pago '}#${this.linePick} a ${this.to}, hacia ${where}`;
  }
  protected async act(_model: Model, world: World) {
    const lineId = choose(
      await ids(
        world,
        this.wild
          ? linesSql
          : sql`select l.id from bank_statement_lines l join bank_statements s on s.id = l.statement_id
                where l.payment_id is null order by s.created_at, l.line_number`,
      ),
      this.linePick,
    );
    if (!lineId) return new Nothing('sin líneas');
    const userId = world.customers[this.to].userId;
    let invoiceId: string | null | undefined;
    if (this.target === 'account') invoiceId = null;
    else if (typeof this.target === 'number')
      invoiceId = choose(
        await ids(world, sql`select id from invoices where user_id = ${userId} order by number`),
        this.target,
      );
    const done = await attempt(() =>
      world
        .as(this.by)
        .reconciliation.assignLine({ lineId, userId, ...(invoiceId === undefined ? {} : { invoiceId }) }),
    );
    return done instanceof Refused ? done : 'asignada';
  }
}

class LedgerCorrection extends SimCommand {
  readonly name = 'corrección del libro';
  constructor(
    readonly by: StaffName,
    readonly who: CustomerName,
    readonly kind: 'adjustment' | 'refund',
    readonly usdCents: number,
  ) {
    super();
  }
  toString() {
    return `${this.by} pide ${this.kind === 'refund' ? 'un reembolso' : 'un ajuste'} de ${this.usdCents} ¢ para ${this.who}`;
  }
  protected async act(_model: Model, world: World) {
    const done = await attempt(() =>
      world.as(this.by).billing.recordEntry({
        userId: world.customers[this.who].userId,
        kind: this.kind,
        amountUsd: this.usdCents / 100,
        reason: 'Corrección de la simulación',
      }),
    );
    return done instanceof Refused ? done : 'status' in done ? `${done.status}` : 'asentada';
  }
}

class DecideCorrection extends SimCommand {
  readonly name = 'decidir corrección';
  constructor(
    readonly pick: number,
    readonly approve: boolean,
    readonly by: StaffName,
  ) {
    super();
  }
  toString() {
    return `${this.by} ${this.approve ? 'aprueba' : 'rechaza'} la corrección pendiente #${this.pick}`;
  }
  protected async act(_model: Model, world: World) {
    const id = choose(
      await ids(world, sql`select id from ledger_correction_requests where status = 'pending' order by created_at`),
      this.pick,
    );
    if (!id) return new Nothing('ninguna corrección pendiente');
    const done = await attempt(() => world.as(this.by).billing.decideCorrection({ id, approve: this.approve }));
    return done instanceof Refused ? done : this.approve ? 'aprobada' : 'rechazada';
  }
}

class RecordRate extends SimCommand {
  readonly name = 'corregir la tasa';
  constructor(readonly permille: number) {
    super();
  }
  toString() {
    return `caja corrige la tasa de hoy a ${this.permille / 10} % de la de la mañana`;
  }
  protected async act(_model: Model, world: World) {
    const rate = ((Number(world.rate) * this.permille) / 1000).toFixed(4);
    const done = await attempt(() =>
      world.as('caja').exchangeRates.record({ rateDate: businessToday(), vesPerUsd: rate, source: 'BCV' }),
    );
    return done instanceof Refused ? done : `tasa ${rate}`;
  }
}

class IssueNote extends SimCommand {
  readonly name = 'nota de crédito o débito';
  constructor(
    readonly pick: number,
    readonly kind: 'nota_de_credito' | 'nota_de_debito',
    readonly percent: number,
  ) {
    super();
  }
  toString() {
    return `caja emite una ${this.kind === 'nota_de_credito' ? 'nota de crédito' : 'nota de débito'} del ${this.percent} % sobre la factura fiscal #${this.pick}`;
  }
  protected async act(_model: Model, world: World) {
    const [facturaId, total] = (
      choose(
        await ids(
          world,
          sql`select concat(id, ';', total_usd_cents) as id from fiscal_documents where kind = 'factura' order by issue_order`,
        ),
        this.pick,
      ) ?? ';'
    ).split(';');
    if (!facturaId) return new Nothing('sin facturas fiscales');
    const cents = Math.max(1, Math.round((Number(total) * this.percent) / 100));
    return told(() =>
      world
        .as('caja')
        .fiscal.issueNote({ facturaId, kind: this.kind, amountUsd: cents / 100, reason: 'Corrección de precio' }),
    );
  }
}

class SaveFiscalData extends SimCommand {
  readonly name = 'datos fiscales';
  constructor(readonly who: CustomerName) {
    super();
  }
  toString() {
    return `${this.who} guarda sus datos fiscales`;
  }
  protected async act(_model: Model, world: World) {
    const c = world.customers[this.who];
    const done = await attempt(() =>
      world.as(this.who).fiscal.saveMine({
        name: `Cliente ${c.name}`,
        idNumber: c.recipientIdDocument,
        address: 'Calle Real 5, Caracas',
      }),
    );
    return done instanceof Refused ? done : `${done.facturas.length} facturas emitidas`;
  }
}

class ControlNumbers extends SimCommand {
  readonly name = 'números de control';
  constructor(readonly printerDown: boolean) {
    super();
  }
  toString() {
    return `el trabajo de números de control corre${this.printerDown ? ' con la imprenta caída' : ''}`;
  }
  protected async act(_model: Model, world: World) {
    world.printer.setDown(this.printerDown);
    const quiet = { info: () => {}, warn: () => {} };
    const assigned = await assignDueControlNumbers(world.db, world.printer, quiet);
    // A failed request waits its backoff; the simulated day does not wait for it.
    await world.db.execute(sql`update fiscal_control_outbox set next_attempt_at = now() where status = 'pending'`);
    return `${assigned} asignados`;
  }
}

const line: fc.Arbitrary<Line> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ pick, deltaCentimos: fc.constantFrom(0, 0, 0, 50, -80, 500), padded: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ unknownCentimos: fc.integer({ min: 100, max: 2_000_000 }) }) },
);

export const ledgerCommands = [
  fc.array(line, { minLength: 1, maxLength: 4 }).map((lines) => new UploadStatement(lines)),
  fc.tuple(pick, fc.constantFrom<StaffName>('caja', 'caja2', 'atencion')).map(([p, by]) => new ApproveMatched(p, by)),
  fc.tuple(pick, pick).map(([l, p]) => new ApproveLine(l, p)),
  fc
    .tuple(pick, customer, fc.oneof(fc.constantFrom<Target>('oldest', 'account'), pick), cashier, fc.nat({ max: 4 }))
    .map(([l, to, target, by, w]) => new AssignLine(l, to, target, by, w === 0)),
  fc
    .tuple(
      cashier,
      customer,
      fc.constantFrom<'adjustment' | 'refund'>('adjustment', 'adjustment', 'refund'),
      fc.oneof(fc.integer({ min: -5_000, max: 5_000 }), fc.integer({ min: -30_000, max: 30_000 })),
    )
    .map(
      ([by, who, kind, cents]) =>
        new LedgerCorrection(by, who, kind, kind === 'refund' ? Math.abs(cents) || 1 : cents || 1),
    ),
  fc
    .tuple(pick, fc.boolean(), fc.constantFrom<StaffName>('caja', 'caja2', 'admin'))
    .map(([p, a, by]) => new DecideCorrection(p, a, by)),
  fc.integer({ min: 950, max: 1100 }).map((p) => new RecordRate(p)),
  fc
    .tuple(
      pick,
      fc.constantFrom<'nota_de_credito' | 'nota_de_debito'>('nota_de_credito', 'nota_de_credito', 'nota_de_debito'),
      fc.constantFrom(10, 50, 100, 120),
    )
    .map(([p, kind, percent]) => new IssueNote(p, kind, percent)),
  customer.map((who) => new SaveFiscalData(who)),
  fc.nat({ max: 4 }).map((n) => new ControlNumbers(n === 0)),
];
