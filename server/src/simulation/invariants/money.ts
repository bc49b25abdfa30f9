// The money invariants (docs/product/invariants.md): the ledger and what it shows, payments
// credited once and whole, a bank reference paying once, what a customer confirmed being what is
// invoiced, and every Bs. figure being its stored céntimos at the invoice's frozen rate. They read
// the facts of money-facts.ts and what Facturas shows.
import {
  RECONCILIATION_TOLERANCE_CENTIMOS,
  igtfIncludedIn,
  taxTotalsInVes,
  invoiceRemainingVesCentimos,
  usdCentsToVesCentimos,
  vesCentimosToUsdCents,
} from '@casillero/shared';
import type { Model } from '../model';
import { CUSTOMERS, type World } from '../world';
import type { CheckContext } from './context';

/**
 * I1: the balance a customer reads in Facturas is the sum of their ledger entries, and it is what
 * their open invoices still ask plus what stands on account. Per invoice: its charges are its
 * amount, its IGTF and its debit notes; nothing is owed below zero (an overpayment is credit on
 * account); a voided invoice asks nothing; credit on account never waits beside an open invoice
 * (it pays them, oldest first); credit applied moves money, never makes it.
 */
export async function ledgerBalances(world: World, _model: Model, { shown, money }: CheckContext): Promise<string[]> {
  const out: string[] = [];
  for (const name of CUSTOMERS) {
    const s = money.sums.find((r) => r.user_id === world.customers[name].userId) ?? {
      total: 0,
      account: 0,
      applied: 0,
    };
    const mine = shown[name];
    if (mine.balance.balanceUsdCents !== s.total)
      out.push(`${name}: Facturas muestra saldo ${mine.balance.balanceUsdCents} y sus asientos suman ${s.total}`);
    const owed = mine.invoices.filter((i) => i.status !== 'void').reduce((sum, i) => sum + i.remainingUsdCents, 0);
    if (owed + s.account !== s.total)
      out.push(
        `${name}: sus facturas abiertas piden ${owed} y la cuenta tiene ${s.account}, pero el saldo es ${s.total}`,
      );
    if (s.applied !== 0) out.push(`${name}: el saldo a favor aplicado suma ${s.applied}, no 0`);
    const open = mine.invoices.filter((i) => i.status === 'pending' || i.status === 'partial');
    if (mine.balance.creditUsdCents > 0 && open.length)
      out.push(
        `${name}: tiene ${mine.balance.creditUsdCents} a favor y la factura ${open[0]!.number} abierta (${open[0]!.remainingUsdCents})`,
      );
  }
  for (const i of money.invoices) {
    const expected = i.usd_cents + i.igtf + i.debits;
    if (i.charges !== expected)
      out.push(`${i.number}: cargos ${i.charges}, y la factura, su IGTF y sus notas de débito suman ${expected}`);
    if (i.remaining < 0) out.push(`${i.number}: queda debiendo ${i.remaining} (pagada de más)`);
    if (i.voided && i.remaining !== 0) out.push(`${i.number}: anulada y aún pide ${i.remaining}`);
  }
  return out;
}

/**
 * I2: an approved payment is in the ledger once and whole (in dollars its amount; in bolívares
 * the Bs. paid, at the invoice's rate, settling within Bs. 1,00); a payment not approved is not
 * in it; the IGTF of a payment in dollars is the tax inside it.
 */
export async function paymentsCredited(_world: World, _model: Model, { money }: CheckContext): Promise<string[]> {
  const out: string[] = [];
  for (const p of money.payments) {
    const id = p.id.slice(0, 8);
    if (p.status !== 'completed') {
      if (p.entries > 0) out.push(`pago ${id} (${p.status}) tiene ${p.entries} asientos en el libro`);
      continue;
    }
    if (p.entries === 0) {
      out.push(`pago ${id} aprobado sin asiento en el libro`);
      continue;
    }
    if (p.currency === 'USD') {
      if (p.credited !== p.amount_usd_cents)
        out.push(`pago ${id} en dólares de ${p.amount_usd_cents} acreditó ${p.credited}`);
      if (p.igtf !== null && p.igtf !== igtfIncludedIn(p.igtf_paid!, p.igtf_bp!))
        out.push(`pago ${id}: IGTF ${p.igtf} sobre ${p.igtf_paid} no es el impuesto incluido`);
    } else if (p.amount_ves_cents !== null) {
      const ves = p.amount_ves_cents;
      if (p.credited_ves !== ves)
        out.push(`pago ${id} de Bs. ${ves} céntimos figura en el libro por ${p.credited_ves}`);
      if (p.rate) {
        const atRate = vesCentimosToUsdCents(ves, p.rate);
        const slack = vesCentimosToUsdCents(RECONCILIATION_TOLERANCE_CENTIMOS, p.rate) + 1;
        if (Math.abs(p.credited - atRate) > slack)
          out.push(`pago ${id}: Bs. ${ves} céntimos a ${p.rate} valen ${atRate} y acreditó ${p.credited}`);
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
export async function referencePaysOnce(_world: World, _model: Model, { money }: CheckContext): Promise<string[]> {
  const out: string[] = [];
  for (const t of money.twice) out.push(`la referencia ${t.key} pagó ${t.n} pagos aprobados`);
  for (const l of money.lines) {
    if (l.status !== 'completed') out.push(`la línea ${l.ref} aprobó un pago que está ${l.status ?? 'ausente'}`);
    const k = l.pay_key ?? '';
    if (!(k === l.line_key || (k && (l.line_key.endsWith(k) || k.endsWith(l.line_key)))))
      out.push(`la línea ${l.ref} aprobó el pago de la referencia ${k}`);
    if (l.pay_ves === null || Math.abs(l.pay_ves - l.line_ves) > RECONCILIATION_TOLERANCE_CENTIMOS)
      out.push(`la línea ${l.ref} de Bs. ${l.line_ves} céntimos aprobó un pago de ${l.pay_ves}`);
  }
  return out;
}

/**
 * I4: what a customer confirmed is what is invoiced: each total confirmed in a ship request or a
 * compra is its invoice's amount, and every invoice's live factura (or nota de cobro) is it too.
 */
export async function confirmedIsInvoiced(_world: World, model: Model, { money }: CheckContext): Promise<string[]> {
  const out: string[] = [];
  const byId = new Map(money.invoices.map((i) => [i.id, i]));
  for (const [id, c] of model.confirmed) {
    const invoice = byId.get(id);
    if (!invoice) out.push(`${c.what}: su factura confirmada no existe`);
    else if (invoice.usd_cents !== c.usdCents)
      out.push(`${c.what}: confirmó ${c.usdCents} y la factura ${invoice.number} cobra ${invoice.usd_cents}`);
  }
  for (const i of money.invoices) {
    if (i.docs !== 1) out.push(`${i.number} tiene ${i.docs} documentos fiscales vigentes`);
    else if (i.doc_total !== i.usd_cents)
      out.push(`${i.number} cobra ${i.usd_cents} y su documento fiscal dice ${i.doc_total}`);
  }
  return out;
}

/**
 * I5: every Bs. figure shown is its stored céntimos, and those are the USD at the frozen rate: an
 * invoice's (its fiscal document's parts, each converted once), what it still asks, the balance
 * owed, the ledger's charge, each note at its factura's rate, a payment in Bs. at its invoice's.
 */
export async function bolivaresShown(_world: World, _model: Model, { shown, money }: CheckContext): Promise<string[]> {
  const out: string[] = [];
  const byId = new Map(money.invoices.map((s) => [s.id, s]));
  for (const s of money.invoices) {
    if (!s.rate) continue;
    const expected = s.doc_ves !== null ? s.doc_ves : usdCentsToVesCentimos(s.usd_cents, s.rate);
    if (s.ves_centimos !== expected)
      out.push(`${s.number}: guarda Bs. ${s.ves_centimos} céntimos, a su tasa son ${expected}`);
    if (!s.charge_ok) out.push(`${s.number}: su cargo en el libro no es su monto en USD y Bs.`);
  }
  for (const d of money.docs) {
    if (d.rate !== d.own_rate) out.push(`${d.number}: tasa ${d.rate}, y la de su factura es ${d.own_rate}`);
    if (!d.rate) continue;
    const e = taxTotalsInVes({ baseUsdCents: d.base, exemptUsdCents: d.exempt, ivaUsdCents: d.iva }, d.rate);
    const got = [d.base_ves, d.exempt_ves, d.iva_ves, d.total_ves];
    const want = [e.baseVesCentimos, e.exemptVesCentimos, e.ivaVesCentimos, e.totalVesCentimos];
    if (got.some((g, k) => g !== want[k]))
      out.push(`${d.number}: Bs. ${got.join('/')} y a su tasa son ${want.join('/')}`);
  }
  for (const name of CUSTOMERS) {
    const mine = shown[name];
    let owed = 0;
    for (const i of mine.invoices) {
      const s = byId.get(i.id);
      if (s && s.ves_centimos !== i.vesCentimos)
        out.push(`${i.number}: Facturas muestra Bs. ${i.vesCentimos} céntimos y guarda ${s.ves_centimos}`);
      const left = i.vesPerUsd ? invoiceRemainingVesCentimos(i, i.vesPerUsd) : null;
      if (i.remainingVesCentimos !== left)
        out.push(`${i.number}: muestra que falta Bs. ${i.remainingVesCentimos} céntimos y a su tasa son ${left}`);
      if (i.status !== 'void' && i.remainingUsdCents > 0) owed += left ?? 0;
      if (i.fiscal && i.fiscal.totalVesCentimos !== (s?.doc_ves ?? null))
        out.push(`${i.number}: su documento fiscal muestra Bs. ${i.fiscal.totalVesCentimos} céntimos`);
    }
    if (mine.balance.owedVesCentimos !== owed)
      out.push(
        `${name}: el saldo muestra Bs. ${mine.balance.owedVesCentimos} céntimos por pagar y sus facturas piden ${owed}`,
      );
  }
  for (const p of money.payments) {
    if (p.currency !== 'VES' || p.amount_ves_cents === null || !p.rate || !p.reported) continue;
    const usd = vesCentimosToUsdCents(p.amount_ves_cents, p.rate);
    if (p.amount_usd_cents !== usd)
      out.push(
        `pago ${p.id.slice(0, 8)}: Bs. ${p.amount_ves_cents} céntimos a ${p.rate} son ${usd} y muestra ${p.amount_usd_cents}`,
      );
  }
  return out;
}
