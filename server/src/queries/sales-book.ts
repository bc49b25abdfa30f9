// The sales book (libro de ventas, docs/product/fiscal-invoices.md#the-sales-book): a month's
// facturas and notes of credit and debit, in the order they were issued, with the columns an
// accountant files. The legal figures are in bolívares as each document stored them when issued,
// at its own frozen rate (never converted again at another one); the USD figures go beside them.
// A credit note's amounts are negative. The totals are the sums of the rows, column by column.
import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FISCAL_DOCUMENT_KIND_LABELS, usdCentsToVesCentimos, type TaxedLine } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { fiscalDocuments, fiscalIgtfCharges } from '../db/schema';

/** 'YYYY-MM' → the first day of it and of the next month. */
export function monthRange(month: string) {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, to: `${next}-01` };
}

/** The lines not subject to IVA because they are paid on the customer's behalf, in USD cents. */
const onBehalfOf = (lines: TaxedLine[]) =>
  lines.reduce((sum, l) => sum + (l.treatment === 'no_sujeto' ? l.usdCents : 0), 0);

export async function salesBook(db: DbOrTx, month: string) {
  const { from, to } = monthRange(month);
  // The IGTF charged on each invoice's payments, and the factura a note affects: joined (a
  // correlated subquery here would name the outer table's columns unqualified, which the inner
  // table's columns of the same name shadow).
  const igtfByInvoice = db
    .select({
      invoiceId: fiscalIgtfCharges.invoiceId,
      igtfUsdCents: sql<number>`sum(${fiscalIgtfCharges.igtfUsdCents})::bigint`.mapWith(Number).as('igtf_usd_cents'),
    })
    .from(fiscalIgtfCharges)
    .groupBy(fiscalIgtfCharges.invoiceId)
    .as('igtf');
  const affected = alias(fiscalDocuments, 'affected');
  const raw = await db
    .select({
      id: fiscalDocuments.id,
      issueDate: fiscalDocuments.issueDate,
      kind: fiscalDocuments.kind,
      number: fiscalDocuments.number,
      controlNumber: fiscalDocuments.controlNumber,
      referencesNumber: affected.number,
      customerName: fiscalDocuments.customerName,
      customerIdNumber: fiscalDocuments.customerIdNumber,
      ivaBuckets: fiscalDocuments.ivaBuckets,
      lines: fiscalDocuments.lines,
      baseUsdCents: fiscalDocuments.baseUsdCents,
      exemptUsdCents: fiscalDocuments.exemptUsdCents,
      ivaUsdCents: fiscalDocuments.ivaUsdCents,
      totalUsdCents: fiscalDocuments.totalUsdCents,
      vesPerUsd: fiscalDocuments.vesPerUsd,
      baseVesCentimos: fiscalDocuments.baseVesCentimos,
      exemptVesCentimos: fiscalDocuments.exemptVesCentimos,
      ivaVesCentimos: fiscalDocuments.ivaVesCentimos,
      totalVesCentimos: fiscalDocuments.totalVesCentimos,
      igtfUsdCents:
        sql<number>`case when ${fiscalDocuments.kind} = 'factura' then coalesce(${igtfByInvoice.igtfUsdCents}, 0) else 0 end`.mapWith(
          Number,
        ),
    })
    .from(fiscalDocuments)
    .leftJoin(affected, and(eq(affected.id, fiscalDocuments.referencesId), ne(fiscalDocuments.kind, 'factura')))
    .leftJoin(igtfByInvoice, eq(igtfByInvoice.invoiceId, fiscalDocuments.invoiceId))
    .where(
      and(
        inArray(fiscalDocuments.kind, ['factura', 'nota_de_credito', 'nota_de_debito']),
        gte(fiscalDocuments.issueDate, from),
        lt(fiscalDocuments.issueDate, to),
      ),
    )
    .orderBy(asc(fiscalDocuments.issueDate), asc(fiscalDocuments.issueOrder));
  const rows = raw.map(({ ivaBuckets, lines, ...r }, i) => {
    const sign = r.kind === 'nota_de_credito' ? -1 : 1;
    // A credit note's figures are negative (and a zero stays 0, not -0).
    const signed = (v: number) => (v === 0 ? 0 : sign * v);
    const nullable = (v: number | null) => (v === null ? null : signed(v));
    return {
      ...r,
      /** The operation's number in the month's book, from 1. */
      operation: i + 1,
      kind: r.kind as 'factura' | 'nota_de_credito' | 'nota_de_debito',
      kindLabel: FISCAL_DOCUMENT_KIND_LABELS[r.kind],
      /** The IVA rates the document carries (the alícuota), in basis points; none when all is exempt. */
      ivaRatesBasisPoints: [...new Set(ivaBuckets.map((b) => b.rateBasisPoints))].sort((a, b) => a - b),
      baseUsdCents: signed(r.baseUsdCents),
      exemptUsdCents: signed(r.exemptUsdCents),
      ivaUsdCents: signed(r.ivaUsdCents),
      igtfUsdCents: signed(r.igtfUsdCents),
      totalUsdCents: signed(r.totalUsdCents),
      // Of the exempt amount, what was collected on the customer's behalf (customs' import taxes, a
      // compra's goods: no sujeto, not our income), kept apart (docs/product/fiscal-invoices.md#the-sales-book).
      onBehalfUsdCents: signed(onBehalfOf(lines)),
      onBehalfVesCentimos: r.vesPerUsd === null ? null : signed(usdCentsToVesCentimos(onBehalfOf(lines), r.vesPerUsd)),
      // The Bs. the document itself stored at its frozen rate; null while no rate was ever recorded.
      baseVesCentimos: nullable(r.baseVesCentimos),
      exemptVesCentimos: nullable(r.exemptVesCentimos),
      ivaVesCentimos: nullable(r.ivaVesCentimos),
      totalVesCentimos: nullable(r.totalVesCentimos),
      // IGTF is charged in USD on the factura's payments; in Bs. at the factura's own rate, as its PDF shows it.
      igtfVesCentimos: r.vesPerUsd === null ? null : signed(usdCentsToVesCentimos(r.igtfUsdCents, r.vesPerUsd)),
    };
  });
  type Row = (typeof rows)[number];
  const sum = (pick: (r: Row) => number | null) => rows.reduce((s, r) => s + (pick(r) ?? 0), 0);
  return {
    month,
    rows,
    totals: {
      baseUsdCents: sum((r) => r.baseUsdCents),
      exemptUsdCents: sum((r) => r.exemptUsdCents),
      onBehalfUsdCents: sum((r) => r.onBehalfUsdCents),
      onBehalfVesCentimos: sum((r) => r.onBehalfVesCentimos),
      ivaUsdCents: sum((r) => r.ivaUsdCents),
      igtfUsdCents: sum((r) => r.igtfUsdCents),
      totalUsdCents: sum((r) => r.totalUsdCents),
      baseVesCentimos: sum((r) => r.baseVesCentimos),
      exemptVesCentimos: sum((r) => r.exemptVesCentimos),
      ivaVesCentimos: sum((r) => r.ivaVesCentimos),
      igtfVesCentimos: sum((r) => r.igtfVesCentimos),
      totalVesCentimos: sum((r) => r.totalVesCentimos),
    },
    /** Documents issued before any rate was recorded: they have no Bs. figures, and the Bs. totals leave them out. */
    withoutRate: rows.filter((r) => r.vesPerUsd === null).length,
  };
}
export type SalesBook = Awaited<ReturnType<typeof salesBook>>;
export type SalesBookRow = SalesBook['rows'][number];
