// I8 (docs/product/fiscal-invoices.md#numbers-and-control-numbers, docs/decisions/021): every
// series is gapless and without duplicates: the invoices of a year are 1…n with their counter at n,
// each fiscal kind is 1…n with its counter at n, every number is written from its sequence; a
// control number is given once, in the order documents were issued; a factura's credit notes
// never pass what it charged.
import { sql } from 'drizzle-orm';
import { fiscalDocumentNumber, type FiscalDocumentKind } from '@casillero/shared';
import { rowsOf } from '../../db/client';
import { invoiceNumber } from '../../services/billing';
import type { World } from '../world';

type Series = { series: string; n: string; distinct_n: string; min: number | null; max: number | null; counter: number | null };

function gapless(s: Series, what: string): string[] {
  const n = Number(s.n);
  if (n === 0) return s.counter === null || s.counter === 0 ? [] : [`${what}: contador en ${s.counter} sin documentos`];
  const out: string[] = [];
  if (Number(s.distinct_n) !== n) out.push(`${what}: ${n} documentos y ${s.distinct_n} números distintos`);
  if (s.min !== 1 || s.max !== n) out.push(`${what}: ${n} documentos numerados de ${s.min} a ${s.max}`);
  if (s.counter !== s.max) out.push(`${what}: el último número es ${s.max} y el contador dice ${s.counter}`);
  return out;
}

export async function fiscalNumbers(world: World): Promise<string[]> {
  const out: string[] = [];
  const years = rowsOf<Series>(
    await world.db.execute(sql`
      select i.year::text as series, count(*) as n, count(distinct i.sequence) as distinct_n, min(i.sequence) as min,
             max(i.sequence) as max, (select c.last_number from invoice_counters c where c.year = i.year) as counter
      from invoices i group by i.year`),
  );
  for (const y of years) out.push(...gapless(y, `facturas de ${y.series}`));
  const badInvoices = rowsOf<{ number: string; year: number; sequence: number }>(
    await world.db.execute(sql`select number, year, sequence from invoices`),
  ).filter((i) => i.number !== invoiceNumber(i.year, i.sequence));
  for (const i of badInvoices) out.push(`la factura ${i.number} tiene la secuencia ${i.sequence}`);

  const kinds = rowsOf<Series>(
    await world.db.execute(sql`
      select c.kind as series, count(d.id) as n, count(distinct d.sequence) as distinct_n, min(d.sequence) as min,
             max(d.sequence) as max, c.last_number as counter
      from fiscal_counters c left join fiscal_documents d on d.kind = c.kind group by c.kind, c.last_number
      union all
      select d.kind, count(*), count(distinct d.sequence), min(d.sequence), max(d.sequence), null
      from fiscal_documents d where not exists (select 1 from fiscal_counters c where c.kind = d.kind) group by d.kind`),
  );
  for (const k of kinds) out.push(...gapless(k, `serie ${k.series}`));
  const docs = rowsOf<{ kind: FiscalDocumentKind; number: string; sequence: number; control: string | null; issue_order: string }>(
    await world.db.execute(sql`
      select kind, number, sequence, control_number as control, issue_order from fiscal_documents order by issue_order`),
  );
  for (const d of docs)
    if (d.number !== fiscalDocumentNumber(d.kind, d.sequence)) out.push(`${d.number} tiene la secuencia ${d.sequence}`);
  const controls = docs.filter((d) => d.control !== null).map((d) => d.control!);
  if (new Set(controls).size !== controls.length) out.push('hay números de control repetidos');
  // In order: a document waiting for its control number is never passed by a later one.
  const numbered = docs.filter((d) => d.kind !== 'nota_de_cobro');
  const firstWaiting = numbered.findIndex((d) => d.control === null);
  if (firstWaiting >= 0) {
    const passed = numbered.slice(firstWaiting).find((d) => d.control !== null);
    if (passed) out.push(`${passed.number} tiene número de control y ${numbered[firstWaiting]!.number}, anterior, no`);
  }

  const facturas = rowsOf<{ number: string; total: string; credits: string; debits: string }>(
    await world.db.execute(sql`
      select f.number, f.total_usd_cents as total,
             coalesce(sum(n.total_usd_cents) filter (where n.kind = 'nota_de_credito'), 0) as credits,
             coalesce(sum(n.total_usd_cents) filter (where n.kind = 'nota_de_debito'), 0) as debits
      from fiscal_documents f join fiscal_documents n on n.references_id = f.id and n.kind in ('nota_de_credito', 'nota_de_debito')
      where f.kind = 'factura' group by f.id, f.number, f.total_usd_cents`),
  );
  for (const f of facturas)
    if (Number(f.credits) > Number(f.total) + Number(f.debits))
      out.push(`${f.number} cobra ${f.total} (+${f.debits}) y sus notas de crédito suman ${f.credits}`);
  return out;
}
