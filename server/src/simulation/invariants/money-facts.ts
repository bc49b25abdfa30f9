// What the money invariants read (docs/product/invariants.md), in one statement per check: each
// customer's ledger sums, each invoice with what its entries, IGTF, notes and live fiscal document
// say, each payment with its ledger entries, the references approved twice, the statement lines
// that approved a payment, and each fiscal document's Bs.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import type { World } from '../world';

export type MoneyFacts = {
  sums: { user_id: string; total: number; account: number; applied: number }[];
  invoices: {
    id: string;
    number: string;
    usd_cents: number;
    ves_centimos: number | null;
    rate: string | null;
    voided: boolean;
    remaining: number;
    charges: number;
    igtf: number;
    debits: number;
    docs: number;
    doc_total: number | null;
    doc_ves: number | null;
    charge_ok: boolean;
  }[];
  payments: {
    id: string;
    status: string;
    currency: string;
    amount_usd_cents: number;
    amount_ves_cents: number | null;
    reported: boolean;
    rate: string | null;
    entries: number;
    credited: number;
    credited_ves: number | null;
    igtf: number | null;
    igtf_paid: number | null;
    igtf_bp: number | null;
  }[];
  twice: { key: string; n: number }[];
  lines: {
    ref: string;
    line_key: string;
    line_ves: number;
    status: string | null;
    pay_key: string | null;
    pay_ves: number | null;
  }[];
  docs: {
    number: string;
    rate: string | null;
    own_rate: string | null;
    base: number;
    exempt: number;
    iva: number;
    base_ves: number | null;
    exempt_ves: number | null;
    iva_ves: number | null;
    total_ves: number | null;
  }[];
};

const KEY = (column: ReturnType<typeof sql>) =>
  sql`ltrim(upper(regexp_replace(${column}, '[^A-Za-z0-9]', '', 'g')), '0')`;

const FACTS = sql`
  with by_invoice as (
    select invoice_id, sum(usd_cents) as remaining, coalesce(sum(usd_cents) filter (where kind = 'charge'), 0) as charges
    from ledger_entries where invoice_id is not null group by invoice_id
  ),
  igtf as (select invoice_id, sum(igtf_usd_cents) as igtf from fiscal_igtf_charges where invoice_id is not null group by invoice_id),
  debits as (select invoice_id, sum(total_usd_cents) as debits from fiscal_documents where kind = 'nota_de_debito' group by invoice_id),
  live as (
    select invoice_id, count(*) as docs, max(total_usd_cents) as doc_total, max(total_ves_centimos) as doc_ves
    from fiscal_documents where kind in ('factura', 'nota_de_cobro') and status <> 'reemplazada' group by invoice_id
  ),
  charged as (
    select distinct le.invoice_id from ledger_entries le join invoices i on i.id = le.invoice_id
    where le.kind = 'charge' and le.usd_cents = i.usd_cents and le.ves_centimos is not distinct from i.ves_centimos
  ),
  invoices_ as (
    select i.id, i.number, i.usd_cents, i.ves_centimos, i.ves_per_usd::text as rate, i.voided_at is not null as voided,
           coalesce(b.remaining, 0) as remaining, coalesce(b.charges, 0) as charges, coalesce(g.igtf, 0) as igtf,
           coalesce(d.debits, 0) as debits, coalesce(v.docs, 0) as docs, v.doc_total, v.doc_ves, c.invoice_id is not null as charge_ok
    from invoices i left join by_invoice b on b.invoice_id = i.id left join igtf g on g.invoice_id = i.id
    left join debits d on d.invoice_id = i.id left join live v on v.invoice_id = i.id left join charged c on c.invoice_id = i.id
  ),
  sums as (
    select user_id, sum(usd_cents) as total, coalesce(sum(usd_cents) filter (where invoice_id is null), 0) as account,
           coalesce(sum(usd_cents) filter (where kind = 'credit_applied'), 0) as applied
    from ledger_entries group by user_id
  ),
  by_payment as (
    select payment_id, count(*) as entries, -sum(usd_cents) as credited, -sum(ves_centimos) as credited_ves
    from ledger_entries where payment_id is not null group by payment_id
  ),
  payments_ as (
    select p.id, p.status::text as status, p.currency, p.amount_usd_cents, p.amount_ves_cents, p.reported_at is not null as reported,
           i.ves_per_usd::text as rate, coalesce(b.entries, 0) as entries, coalesce(b.credited, 0) as credited, b.credited_ves,
           g.igtf_usd_cents as igtf, g.paid_usd_cents as igtf_paid, g.basis_points as igtf_bp
    from payment_transactions p left join invoices i on i.id = p.invoice_id
    left join by_payment b on b.payment_id = p.id left join fiscal_igtf_charges g on g.payment_id = p.id
  ),
  twice as (
    select ${KEY(sql`payment_reference`)} as key, count(*) as n from payment_transactions
    where status = 'completed' and payment_reference is not null and metadata->>'reference_paid_before' is null
      and ${KEY(sql`payment_reference`)} <> ''
    group by currency, case when currency = 'VES' then '' else coalesce(payment_method, '') end, 1
    having count(*) > 1
  ),
  lines as (
    select l.reference as ref, l.reference_key as line_key, l.ves_centimos as line_ves, p.status::text as status,
           ${KEY(sql`p.payment_reference`)} as pay_key, p.amount_ves_cents as pay_ves
    from bank_statement_lines l left join payment_transactions p on p.id = l.payment_id where l.payment_id is not null
  ),
  docs as (
    select d.number, d.ves_per_usd::text as rate, coalesce(f.ves_per_usd, i.ves_per_usd)::text as own_rate,
           d.base_usd_cents as base, d.exempt_usd_cents as exempt, d.iva_usd_cents as iva,
           d.base_ves_centimos as base_ves, d.exempt_ves_centimos as exempt_ves, d.iva_ves_centimos as iva_ves,
           d.total_ves_centimos as total_ves
    from fiscal_documents d
    left join fiscal_documents f on f.id = d.references_id and d.kind in ('nota_de_credito', 'nota_de_debito')
    left join invoices i on i.id = d.invoice_id
  )
  select json_build_object(
    'sums', (select coalesce(json_agg(sums), '[]') from sums),
    'invoices', (select coalesce(json_agg(invoices_), '[]') from invoices_),
    'payments', (select coalesce(json_agg(payments_), '[]') from payments_),
    'twice', (select coalesce(json_agg(twice), '[]') from twice),
    'lines', (select coalesce(json_agg(lines), '[]') from lines),
    'docs', (select coalesce(json_agg(docs), '[]') from docs)) as facts`;

export async function moneyFacts(world: World): Promise<MoneyFacts> {
  const [{ facts }] = rowsOf<{ facts: MoneyFacts }>(await world.db.execute(FACTS));
  return facts;
}
