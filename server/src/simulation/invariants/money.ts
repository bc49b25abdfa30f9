// The money invariants (docs/product/invariants.md): the ledger and what it shows, payments
// credited once and whole, a bank reference paying once, what a customer confirmed being what is
// invoiced, and every Bs. figure being its stored céntimos at the invoice's frozen rate.
import { sql } from 'drizzle-orm';
import {
  RECONCILIATION_TOLERANCE_CENTIMOS,
  igtfIncludedIn,
  taxTotalsInVes,
  usdCentsToVesCentimos,
  vesCentimosToUsdCents,
} from '@casillero/shared';
import { rowsOf } from '../../db/client';
import type { Model } from '../command';
import { CUSTOMERS, type World } from '../world';
import type { Shown } from './index';

const n = (v: string | number | null) => (v === null ? null : Number(v));

async function rows<T>(world: World, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await world.db.execute(query));
}

/**
 * I1: the balance a customer reads in Facturas is the sum of their ledger entries, and it is what
 * their open invoices still ask plus what stands on account. Per invoice: its charges are its
 * amount, its IGTF and its debit notes; nothing is owed below zero (an overpayment is credit on
 * account); a voided invoice asks nothing; credit on account never waits beside an open invoice
 * (it pays them, oldest first); credit applied moves money, never makes it.
 */
export async function ledgerBalances(world: World, _model: Model, shown: Shown): Promise<string[]> {
  const out: string[] = [];
  const sums = await rows<{ user_id: string; total: string; account: string; applied: string }>(
    world,
    sql`select user_id, coalesce(sum(usd_cents), 0) as total,
               coalesce(sum(usd_cents) filter (where invoice_id is null), 0) as account,
               coalesce(sum(usd_cents) filter (where kind = 'credit_applied'), 0) as applied
        from ledger_entries group by user_id`,
  );
  for (const name of CUSTOMERS) {
    const s = sums.find((r) => r.user_id === world.customers[name].userId) ?? { total: '0', account: '0', applied: '0' };
    const mine = shown[name];
    const total = Number(s.total);
    const account = Number(s.account);
    if (mine.balance.balanceUsdCents !== total)
      out.push(`${name}: Facturas muestra saldo ${mine.balance.balanceUsdCents} y sus asientos suman ${total}`);
    const owed = mine.invoices
      .filter((i) => i.status !== 'void')
      .reduce((sum, i) => sum + i.remainingUsdCents, 0);
    if (owed + account !== total)
      out.push(`${name}: sus facturas abiertas piden ${owed} y la cuenta tiene ${account}, pero el saldo es ${total}`);
    if (Number(s.applied) !== 0) out.push(`${name}: el saldo a favor aplicado suma ${s.applied}, no 0`);
    const open = mine.invoices.filter((i) => i.status === 'pending' || i.status === 'partial');
    if (mine.balance.creditUsdCents > 0 && open.length)
      out.push(
        `${name}: tiene ${mine.balance.creditUsdCents} a favor y la factura ${open[0]!.number} abierta (${open[0]!.remainingUsdCents})`,
      );
  }
  const invoices = await rows<{
    number: string;
    usd_cents: string;
    voided: boolean;
    remaining: string;
    charges: string;
    igtf: string;
    debits: string;
  }>(
    world,
    sql`select i.number, i.usd_cents, i.voided_at is not null as voided,
               (select coalesce(sum(le.usd_cents), 0) from ledger_entries le where le.invoice_id = i.id) as remaining,
               (select coalesce(sum(le.usd_cents), 0) from ledger_entries le where le.invoice_id = i.id and le.kind = 'charge') as charges,
               (select coalesce(sum(g.igtf_usd_cents), 0) from fiscal_igtf_charges g where g.invoice_id = i.id) as igtf,
               (select coalesce(sum(d.total_usd_cents), 0) from fiscal_documents d
                 where d.invoice_id = i.id and d.kind = 'nota_de_debito') as debits
        from invoices i`,
  );
  for (const i of invoices) {
    const expected = Number(i.usd_cents) + Number(i.igtf) + Number(i.debits);
    if (Number(i.charges) !== expected)
      out.push(`${i.number}: cargos ${i.charges}, y la factura, su IGTF y sus notas de débito suman ${expected}`);
    if (Number(i.remaining) < 0) out.push(`${i.number}: queda debiendo ${i.remaining} (pagada de más)`);
    if (i.voided && Number(i.remaining) !== 0) out.push(`${i.number}: anulada y aún pide ${i.remaining}`);
  }
  return out;
}

/**
 * I2: an approved payment is in the ledger once and whole (in dollars its amount; in bolívares
 * the Bs. paid, at the invoice's rate, settling within Bs. 1,00); a payment not approved is not
 * in it; the IGTF of a payment in dollars is the tax inside it.
 */
export async function paymentsCredited(world: World): Promise<string[]> {
  const out: string[] = [];
  const payments = await rows<{
    id: string;
    status: string;
    currency: string;
    amount_usd_cents: string;
    amount_ves_cents: string | null;
    rate: string | null;
    entries: string;
    credited: string;
    credited_ves: string | null;
    igtf: string | null;
    igtf_paid: string | null;
    igtf_bp: number | null;
  }>(
    world,
    sql`select p.id, p.status::text as status, p.currency, p.amount_usd_cents, p.amount_ves_cents, i.ves_per_usd::text as rate,
               (select count(*) from ledger_entries le where le.payment_id = p.id) as entries,
               (select coalesce(-sum(le.usd_cents), 0) from ledger_entries le where le.payment_id = p.id) as credited,
               (select -sum(le.ves_centimos) from ledger_entries le where le.payment_id = p.id) as credited_ves,
               g.igtf_usd_cents as igtf, g.paid_usd_cents as igtf_paid, g.basis_points as igtf_bp
        from payment_transactions p
        left join invoices i on i.id = p.invoice_id
        left join fiscal_igtf_charges g on g.payment_id = p.id`,
  );
  for (const p of payments) {
    const id = p.id.slice(0, 8);
    if (p.status !== 'completed') {
      if (Number(p.entries) > 0) out.push(`pago ${id} (${p.status}) tiene ${p.entries} asientos en el libro`);
      continue;
    }
    if (Number(p.entries) === 0) {
      out.push(`pago ${id} aprobado sin asiento en el libro`);
      continue;
    }
    const credited = Number(p.credited);
    if (p.currency === 'USD') {
      if (credited !== Number(p.amount_usd_cents))
        out.push(`pago ${id} en dólares de ${p.amount_usd_cents} acreditó ${credited}`);
      if (p.igtf !== null && Number(p.igtf) !== igtfIncludedIn(Number(p.igtf_paid), p.igtf_bp!))
        out.push(`pago ${id}: IGTF ${p.igtf} sobre ${p.igtf_paid} no es el impuesto incluido`);
    } else if (p.amount_ves_cents !== null) {
      const ves = Number(p.amount_ves_cents);
      if (n(p.credited_ves) !== ves) out.push(`pago ${id} de Bs. ${ves} céntimos figura en el libro por ${p.credited_ves}`);
      if (p.rate) {
        const atRate = vesCentimosToUsdCents(ves, p.rate);
        const slack = vesCentimosToUsdCents(RECONCILIATION_TOLERANCE_CENTIMOS, p.rate) + 1;
        if (Math.abs(credited - atRate) > slack)
          out.push(`pago ${id}: Bs. ${ves} céntimos a ${p.rate} valen ${atRate} y acreditó ${credited}`);
      }
    }
  }
  return out;
}

/**
 * I3: money that reached the bank is credited once: no two approved payments carry the same
 * reference key (in Bs. across methods, in dollars per method), a statement line approves at most
 * one payment, for its own reference and amount (within Bs. 1,00).
 */
export async function referencePaysOnce(world: World): Promise<string[]> {
  const out: string[] = [];
  const twice = await rows<{ key: string; n: string }>(
    world,
    sql`select ltrim(upper(regexp_replace(payment_reference, '[^A-Za-z0-9]', '', 'g')), '0') as key, count(*) as n
        from payment_transactions
        where status = 'completed' and payment_reference is not null and metadata->>'reference_paid_before' is null
        group by currency, case when currency = 'VES' then '' else coalesce(payment_method, '') end, 1
        having count(*) > 1 and ltrim(upper(regexp_replace(min(payment_reference), '[^A-Za-z0-9]', '', 'g')), '0') <> ''`,
  );
  for (const t of twice) out.push(`la referencia ${t.key} pagó ${t.n} pagos aprobados`);
  const lines = await rows<{ ref: string; line_key: string; line_ves: string; status: string | null; pay_key: string | null; pay_ves: string | null }>(
    world,
    sql`select l.reference as ref, l.reference_key as line_key, l.ves_centimos as line_ves, p.status::text as status,
               ltrim(upper(regexp_replace(p.payment_reference, '[^A-Za-z0-9]', '', 'g')), '0') as pay_key, p.amount_ves_cents as pay_ves
        from bank_statement_lines l left join payment_transactions p on p.id = l.payment_id
        where l.payment_id is not null`,
  );
  for (const l of lines) {
    if (l.status !== 'completed') out.push(`la línea ${l.ref} aprobó un pago que está ${l.status ?? 'ausente'}`);
    const k = l.pay_key ?? '';
    if (!(k === l.line_key || (k && (l.line_key.endsWith(k) || k.endsWith(l.line_key)))))
      out.push(`la línea ${l.ref} aprobó el pago de la referencia ${k}`);
    if (l.pay_ves === null || Math.abs(Number(l.pay_ves) - Number(l.line_ves)) > RECONCILIATION_TOLERANCE_CENTIMOS)
      out.push(`la línea ${l.ref} de Bs. ${l.line_ves} céntimos aprobó un pago de ${l.pay_ves}`);
  }
  return out;
}

/**
 * I4: what a customer confirmed is what is invoiced: each total confirmed in a ship request or a
 * compra is its invoice's amount, and every invoice's live factura (or nota de cobro) is it too.
 */
export async function confirmedIsInvoiced(world: World, model: Model): Promise<string[]> {
  const out: string[] = [];
  const invoices = await rows<{ id: string; number: string; usd_cents: string; docs: string; doc_total: string | null }>(
    world,
    sql`select i.id, i.number, i.usd_cents,
               (select count(*) from fiscal_documents d where d.invoice_id = i.id
                  and d.kind in ('factura', 'nota_de_cobro') and d.status <> 'reemplazada') as docs,
               (select max(d.total_usd_cents) from fiscal_documents d where d.invoice_id = i.id
                  and d.kind in ('factura', 'nota_de_cobro') and d.status <> 'reemplazada') as doc_total
        from invoices i`,
  );
  const byId = new Map(invoices.map((i) => [i.id, i]));
  for (const [id, c] of model.confirmed) {
    const invoice = byId.get(id);
    if (!invoice) out.push(`${c.what}: su factura confirmada no existe`);
    else if (Number(invoice.usd_cents) !== c.usdCents)
      out.push(`${c.what}: confirmó ${c.usdCents} y la factura ${invoice.number} cobra ${invoice.usd_cents}`);
  }
  for (const i of invoices) {
    if (Number(i.docs) !== 1) out.push(`${i.number} tiene ${i.docs} documentos fiscales vigentes`);
    else if (Number(i.doc_total) !== Number(i.usd_cents))
      out.push(`${i.number} cobra ${i.usd_cents} y su documento fiscal dice ${i.doc_total}`);
  }
  return out;
}

/**
 * I5: every Bs. figure shown is its stored céntimos, and those are the USD at the frozen rate: an
 * invoice's (its fiscal document's parts, each converted once), what it still asks, the balance
 * owed, the ledger's charge, each note at its factura's rate, a payment in Bs. at its invoice's.
 */
export async function bolivaresShown(world: World, _model: Model, shown: Shown): Promise<string[]> {
  const out: string[] = [];
  const stored = await rows<{
    id: string;
    number: string;
    usd_cents: string;
    ves_centimos: string | null;
    rate: string | null;
    doc_ves: string | null;
    charge_ok: boolean;
  }>(
    world,
    sql`select i.id, i.number, i.usd_cents, i.ves_centimos, i.ves_per_usd::text as rate,
               (select d.total_ves_centimos from fiscal_documents d where d.invoice_id = i.id
                  and d.kind in ('factura', 'nota_de_cobro') and d.status <> 'reemplazada' limit 1) as doc_ves,
               exists (select 1 from ledger_entries le where le.invoice_id = i.id and le.kind = 'charge'
                  and le.usd_cents = i.usd_cents and le.ves_centimos is not distinct from i.ves_centimos) as charge_ok
        from invoices i`,
  );
  const byId = new Map(stored.map((s) => [s.id, s]));
  for (const s of stored) {
    if (!s.rate) continue;
    const expected = s.doc_ves !== null ? Number(s.doc_ves) : usdCentsToVesCentimos(Number(s.usd_cents), s.rate);
    if (n(s.ves_centimos) !== expected) out.push(`${s.number}: guarda Bs. ${s.ves_centimos} céntimos, a su tasa son ${expected}`);
    if (!s.charge_ok) out.push(`${s.number}: su cargo en el libro no es su monto en USD y Bs.`);
  }
  const docs = await rows<{
    number: string;
    rate: string | null;
    own_rate: string | null;
    base: string;
    exempt: string;
    iva: string;
    base_ves: string | null;
    exempt_ves: string | null;
    iva_ves: string | null;
    total_ves: string | null;
  }>(
    world,
    sql`select d.number, d.ves_per_usd::text as rate,
               coalesce(f.ves_per_usd, i.ves_per_usd)::text as own_rate,
               d.base_usd_cents as base, d.exempt_usd_cents as exempt, d.iva_usd_cents as iva,
               d.base_ves_centimos as base_ves, d.exempt_ves_centimos as exempt_ves, d.iva_ves_centimos as iva_ves,
               d.total_ves_centimos as total_ves
        from fiscal_documents d
        left join fiscal_documents f on f.id = d.references_id and d.kind in ('nota_de_credito', 'nota_de_debito')
        left join invoices i on i.id = d.invoice_id`,
  );
  for (const d of docs) {
    if (d.rate !== d.own_rate) out.push(`${d.number}: tasa ${d.rate}, y la de su factura es ${d.own_rate}`);
    if (!d.rate) continue;
    const e = taxTotalsInVes({ baseUsdCents: +d.base, exemptUsdCents: +d.exempt, ivaUsdCents: +d.iva }, d.rate);
    const got = [n(d.base_ves), n(d.exempt_ves), n(d.iva_ves), n(d.total_ves)];
    const want = [e.baseVesCentimos, e.exemptVesCentimos, e.ivaVesCentimos, e.totalVesCentimos];
    if (got.some((g, k) => g !== want[k])) out.push(`${d.number}: Bs. ${got.join('/')} y a su tasa son ${want.join('/')}`);
  }
  for (const name of CUSTOMERS) {
    const mine = shown[name];
    let owed = 0;
    for (const i of mine.invoices) {
      const s = byId.get(i.id);
      if (s && n(s.ves_centimos) !== i.vesCentimos)
        out.push(`${i.number}: Facturas muestra Bs. ${i.vesCentimos} céntimos y guarda ${s.ves_centimos}`);
      const left = i.vesPerUsd ? usdCentsToVesCentimos(i.remainingUsdCents, i.vesPerUsd) : null;
      if (i.remainingVesCentimos !== left)
        out.push(`${i.number}: muestra que falta Bs. ${i.remainingVesCentimos} céntimos y a su tasa son ${left}`);
      if (i.status !== 'void' && i.remainingUsdCents > 0) owed += left ?? 0;
      if (i.fiscal && i.fiscal.totalVesCentimos !== (s ? n(s.doc_ves) : null))
        out.push(`${i.number}: su documento fiscal muestra Bs. ${i.fiscal.totalVesCentimos} céntimos`);
    }
    if (mine.balance.owedVesCentimos !== owed)
      out.push(`${name}: el saldo muestra Bs. ${mine.balance.owedVesCentimos} céntimos por pagar y sus facturas piden ${owed}`);
  }
  const payments = await rows<{ id: string; usd: string; ves: string; rate: string }>(
    world,
    sql`select p.id, p.amount_usd_cents as usd, p.amount_ves_cents as ves, i.ves_per_usd::text as rate
        from payment_transactions p join invoices i on i.id = p.invoice_id
        where p.currency = 'VES' and p.amount_ves_cents is not null and i.ves_per_usd is not null and p.reported_at is not null`,
  );
  for (const p of payments) {
    const usd = vesCentimosToUsdCents(Number(p.ves), p.rate);
    if (Number(p.usd) !== usd) out.push(`pago ${p.id.slice(0, 8)}: Bs. ${p.ves} céntimos a ${p.rate} son ${usd} y muestra ${p.usd}`);
  }
  return out;
}
