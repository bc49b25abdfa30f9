// The sales book (libro de ventas, docs/product/fiscal-invoices.md#the-sales-book): a month's
// facturas and notes of credit and debit, in the order they were issued, with the columns an
// accountant files. A credit note's amounts are negative. The totals are the sum of the rows.
import { and, asc, gte, inArray, lt, sql } from 'drizzle-orm';
import { FISCAL_DOCUMENT_KIND_LABELS } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { fiscalDocuments, fiscalIgtfCharges } from '../db/schema';

/** 'YYYY-MM' → the first day of it and of the next month. */
export function monthRange(month: string) {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

export async function salesBook(db: DbOrTx, month: string) {
  const { from, to } = monthRange(month);
  const refs = sql`(select r.number from ${fiscalDocuments} r where r.id = ${fiscalDocuments.referencesId} and ${fiscalDocuments.kind} <> 'factura')`;
  const igtf = sql<number>`(case when ${fiscalDocuments.kind} = 'factura' then (select coalesce(sum(c.igtf_usd_cents), 0) from ${fiscalIgtfCharges} c where c.invoice_id = ${fiscalDocuments.invoiceId}) else 0 end)::bigint`;
  const raw = await db
    .select({
      id: fiscalDocuments.id,
      issueDate: fiscalDocuments.issueDate,
      kind: fiscalDocuments.kind,
      number: fiscalDocuments.number,
      controlNumber: fiscalDocuments.controlNumber,
      referencesNumber: sql<string | null>`${refs}`,
      customerName: fiscalDocuments.customerName,
      customerIdNumber: fiscalDocuments.customerIdNumber,
      baseUsdCents: fiscalDocuments.baseUsdCents,
      exemptUsdCents: fiscalDocuments.exemptUsdCents,
      ivaUsdCents: fiscalDocuments.ivaUsdCents,
      totalUsdCents: fiscalDocuments.totalUsdCents,
      totalVesCentimos: fiscalDocuments.totalVesCentimos,
      igtfUsdCents: igtf.mapWith(Number),
    })
    .from(fiscalDocuments)
    .where(
      and(
        inArray(fiscalDocuments.kind, ['factura', 'nota_de_credito', 'nota_de_debito']),
        gte(fiscalDocuments.issueDate, from),
        lt(fiscalDocuments.issueDate, to),
      ),
    )
    .orderBy(asc(fiscalDocuments.issueDate), asc(fiscalDocuments.issueOrder));
  const rows = raw.map((r) => {
    const sign = r.kind === 'nota_de_credito' ? -1 : 1;
    return {
      ...r,
      kind: r.kind as 'factura' | 'nota_de_credito' | 'nota_de_debito',
      kindLabel: FISCAL_DOCUMENT_KIND_LABELS[r.kind],
      baseUsdCents: sign * r.baseUsdCents,
      exemptUsdCents: sign * r.exemptUsdCents,
      ivaUsdCents: sign * r.ivaUsdCents,
      igtfUsdCents: sign * r.igtfUsdCents,
      totalUsdCents: sign * r.totalUsdCents,
      totalVesCentimos: r.totalVesCentimos === null ? null : sign * r.totalVesCentimos,
    };
  });
  const sum = (pick: (r: (typeof rows)[number]) => number | null) => rows.reduce((s, r) => s + (pick(r) ?? 0), 0);
  return {
    month,
    rows,
    totals: {
      baseUsdCents: sum((r) => r.baseUsdCents),
      exemptUsdCents: sum((r) => r.exemptUsdCents),
      ivaUsdCents: sum((r) => r.ivaUsdCents),
      igtfUsdCents: sum((r) => r.igtfUsdCents),
      totalUsdCents: sum((r) => r.totalUsdCents),
      totalVesCentimos: sum((r) => r.totalVesCentimos),
    },
  };
}
export type SalesBook = Awaited<ReturnType<typeof salesBook>>;
