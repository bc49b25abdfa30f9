// I8 (docs/product/fiscal-invoices.md#numbers-and-control-numbers, docs/decisions/021): every
// series is gapless and without duplicates: the invoices of a year are 1…n with their counter at n,
// each fiscal kind is 1…n with its counter at n, every number is written from its sequence; a
// control number is given once, in the order documents were issued; a factura's credit notes
// never pass what it charged.
import { sql } from 'drizzle-orm';
import { fiscalDocumentNumber, type FiscalDocumentKind } from '@casillero/shared';
import { rowsOf } from '../../db/client';
import { invoiceNumber } from '../../services/billing/invoices';
import type { World } from '../world';

type Series = {
  series: string;
  n: number;
  distinct_n: number;
  min: number | null;
  max: number | null;
  counter: number | null;
};

function gapless(s: Series, what: string): string[] {
  const n = s.n;
  if (n === 0) return s.counter === null || s.counter === 0 ? [] : [`${what}: contador en ${s.counter} sin documentos`];
  const out: string[] = [];
  if (s.distinct_n !== n) out.push(`${what}: ${n} documentos y ${s.distinct_n} números distintos`);
  if (s.min !== 1 || s.max !== n) out.push(`${what}: ${n} documentos numerados de ${s.min} a ${s.max}`);
  if (s.counter !== s.max) out.push(`${what}: el último número es ${s.max} y el contador dice ${s.counter}`);
  return out;
}

/** Every series with its counter, every number, and each factura's notes, in one statement. */
const FACTS = sql`
  with years as (
    select i.year::text as series, count(*) as n, count(distinct i.sequence) as distinct_n, min(i.sequence) as min,
           max(i.sequence) as max, (select c.last_number from invoice_counters c where c.year = i.year) as counter
    from invoices i group by i.year
  ),
  kinds as (
    select c.kind as series, count(d.id) as n, count(distinct d.sequence) as distinct_n, min(d.sequence) as min,
           max(d.sequence) as max, c.last_number as counter
    from fiscal_counters c left join fiscal_documents d on d.kind = c.kind group by c.kind, c.last_number
    union all
    select d.kind, count(*), count(distinct d.sequence), min(d.sequence), max(d.sequence), null
    from fiscal_documents d where not exists (select 1 from fiscal_counters c where c.kind = d.kind) group by d.kind
  ),
  invoice_numbers as (select number, year, sequence from invoices),
  docs as (
    select kind, number, sequence, control_number as control, issue_order from fiscal_documents
  ),
  facturas as (
    select f.number, f.total_usd_cents as total,
           coalesce(sum(n.total_usd_cents) filter (where n.kind = 'nota_de_credito'), 0) as credits,
           coalesce(sum(n.total_usd_cents) filter (where n.kind = 'nota_de_debito'), 0) as debits
    from fiscal_documents f join fiscal_documents n on n.references_id = f.id and n.kind in ('nota_de_credito', 'nota_de_debito')
    where f.kind = 'factura' group by f.id, f.number, f.total_usd_cents
  )
  select json_build_object(
    'years', (select coalesce(json_agg(years), '[]') from years),
    'kinds', (select coalesce(json_agg(kinds), '[]') from kinds),
    'invoices', (select coalesce(json_agg(invoice_numbers), '[]') from invoice_numbers),
    'docs', (select coalesce(json_agg(docs order by issue_order), '[]') from docs),
    'facturas', (select coalesce(json_agg(facturas), '[]') from facturas)) as facts`;

type Facts = {
  years: Series[];
  kinds: Series[];
  invoices: { number: string; year: number; sequence: number }[];
  docs: { kind: FiscalDocumentKind; number: string; sequence: number; control: string | null }[];
  facturas: { number: string; total: number; credits: number; debits: number }[];
};

export async function fiscalNumbers(world: World): Promise<string[]> {
  const out: string[] = [];
  const [{ facts }] = rowsOf<{ facts: Facts }>(await world.db.execute(FACTS));
  for (const y of facts.years) out.push(...gapless(y, `facturas de ${y.series}`));
  for (const i of facts.invoices)
    if (i.number !== invoiceNumber(i.year, i.sequence))
      out.push(`la factura ${i.number} tiene la secuencia ${i.sequence}`);
  for (const k of facts.kinds) out.push(...gapless(k, `serie ${k.series}`));
  for (const d of facts.docs)
    if (d.number !== fiscalDocumentNumber(d.kind, d.sequence)) out.push(`${d.number} tiene la secuencia ${d.sequence}`);
  const controls = facts.docs.filter((d) => d.control !== null).map((d) => d.control!);
  if (new Set(controls).size !== controls.length) out.push('hay números de control repetidos');
  // In order: a document waiting for its control number is never passed by a later one.
  const numbered = facts.docs.filter((d) => d.kind !== 'nota_de_cobro');
  const firstWaiting = numbered.findIndex((d) => d.control === null);
  if (firstWaiting >= 0) {
    const passed = numbered.slice(firstWaiting).find((d) => d.control !== null);
    if (passed) out.push(`${passed.number} tiene número de control y ${numbered[firstWaiting]!.number}, anterior, no`);
  }
  for (const f of facts.facturas)
    if (f.credits > f.total + f.debits)
      out.push(`${f.number} cobra ${f.total} (+${f.debits}) y sus notas de crédito suman ${f.credits}`);
  return out;
}
