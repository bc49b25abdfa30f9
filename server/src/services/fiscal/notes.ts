// Notes of credit and debit (docs/product/fiscal-invoices.md#notes-of-credit-and-debit): a factura
// is never edited or deleted; what changes its amount afterwards is a note that references it,
// with its own number in its own series and its own número de control (the same outbox as
// facturas). A credit note never exceeds what is left of its factura (its total, less earlier
// credit notes, plus debit notes). A note issued for a source (a void, a claim) carries its key,
// so issuing it again answers the note there is. The ledger is the caller's (billing's void,
// the claim's payout, or corrections.ts for a staff correction).
import { and, eq, sql } from 'drizzle-orm';
import {
  FISCAL_MESSAGES,
  formatUsdCents,
  splitNoteTotal,
  taxTotalsInVes,
  type FiscalNoteKind,
} from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../../db/client';
import { fiscalDocuments } from '../../db/schema';
import { businessToday } from '../../lib/business-clock';
import { DomainError } from '../../lib/domain-error';
import { insertDocument } from './documents';

type FiscalDocumentRow = typeof fiscalDocuments.$inferSelect;

/** What is left of a factura: its total, less its credit notes, plus its debit notes (USD cents). */
export async function facturaRemaining(tx: DbOrTx, factura: Pick<FiscalDocumentRow, 'id' | 'totalUsdCents'>) {
  const [row] = await tx
    .select({
      net: sql<number>`coalesce(sum(case when ${fiscalDocuments.kind} = 'nota_de_credito' then -${fiscalDocuments.totalUsdCents} else ${fiscalDocuments.totalUsdCents} end), 0)::bigint`.mapWith(
        Number,
      ),
    })
    .from(fiscalDocuments)
    .where(
      and(
        eq(fiscalDocuments.referencesId, factura.id),
        sql`${fiscalDocuments.kind} in ('nota_de_credito', 'nota_de_debito')`,
      ),
    );
  return factura.totalUsdCents + row.net;
}

export type IssueNote = {
  facturaId: string;
  kind: FiscalNoteKind;
  /** The note's total with taxes, or everything left of the factura (a void). */
  amount: number | 'remaining';
  reason: string;
  sourceKey?: string | null;
  createdBy: string | null;
  now?: Date;
};

/**
 * Issues a note on a factura. Answers null when there is nothing left to credit (a void of a
 * factura already credited in full). Refused: not a factura, or a credit larger than what is left.
 */
export async function issueFiscalNote(tx: DbOrTx, input: IssueNote): Promise<FiscalDocumentRow | null> {
  if (input.sourceKey) {
    const [existing] = await tx.select().from(fiscalDocuments).where(eq(fiscalDocuments.sourceKey, input.sourceKey));
    if (existing) return existing;
  }
  // The factura's row is locked: two notes on one factura take turns, so neither overshoots.
  const [factura] = await tx
    .select()
    .from(fiscalDocuments)
    .where(eq(fiscalDocuments.id, input.facturaId))
    .for('update');
  if (!factura) throw new DomainError('NOT_FOUND', FISCAL_MESSAGES.documentNotFound);
  if (factura.kind !== 'factura' || factura.status === 'reemplazada')
    throw new DomainError('CONFLICT', FISCAL_MESSAGES.noteNotAFactura);
  const remaining = await facturaRemaining(tx, factura);
  const amount = input.amount === 'remaining' ? remaining : input.amount;
  if (amount <= 0) {
    if (input.amount === 'remaining') return null;
    throw new DomainError('BAD_INPUT', FISCAL_MESSAGES.noteAmountRequired);
  }
  if (input.kind === 'nota_de_credito' && amount > remaining)
    throw new DomainError(
      'BAD_INPUT',
      FISCAL_MESSAGES.noteExceedsFactura(
        formatUsdCents(amount),
        formatUsdCents(Math.max(0, remaining)),
        factura.number,
      ),
    );
  // As much as the factura: its own lines; a part: split like it.
  const split = splitNoteTotal(factura, amount, input.reason);
  const ves = factura.vesPerUsd ? taxTotalsInVes(split, factura.vesPerUsd) : null;
  const now = input.now ?? new Date();
  return insertDocument(tx, {
    kind: input.kind,
    userId: factura.userId,
    invoiceId: factura.invoiceId,
    referencesId: factura.id,
    issuerName: factura.issuerName,
    issuerRif: factura.issuerRif,
    issuerAddress: factura.issuerAddress,
    customerName: factura.customerName,
    customerIdNumber: factura.customerIdNumber,
    customerAddress: factura.customerAddress,
    lines: split.lines,
    ivaBuckets: split.ivaBuckets,
    legalGrounds: split.legalGrounds,
    baseUsdCents: split.baseUsdCents,
    exemptUsdCents: split.exemptUsdCents,
    ivaUsdCents: split.ivaUsdCents,
    totalUsdCents: split.totalUsdCents,
    vesPerUsd: factura.vesPerUsd,
    baseVesCentimos: ves?.baseVesCentimos ?? null,
    exemptVesCentimos: ves?.exemptVesCentimos ?? null,
    ivaVesCentimos: ves?.ivaVesCentimos ?? null,
    totalVesCentimos: ves?.totalVesCentimos ?? null,
    igtfBasisPoints: null,
    issueDate: businessToday(now),
    issuedAt: now,
    createdBy: input.createdBy,
    reason: input.reason,
    sourceKey: input.sourceKey ?? null,
  });
}

/** The invoice's live factura (not a nota de cobro), or null. */
export async function liveFacturaOf(tx: DbOrTx, invoiceId: string) {
  const [doc] = await tx
    .select({ id: fiscalDocuments.id })
    .from(fiscalDocuments)
    .where(
      and(
        eq(fiscalDocuments.invoiceId, invoiceId),
        eq(fiscalDocuments.kind, 'factura'),
        sql`${fiscalDocuments.status} <> 'reemplazada'`,
      ),
    );
  return doc?.id ?? null;
}

/**
 * A claim's payout on a shipment invoiced with a factura: a credit note on that factura for the
 * payout, up to what is left of it (the rest of a payout, the goods' value, is compensation and
 * not a sales document). The payout is already credit in the ledger (claims.ts); the note
 * documents it. Once per claim. Answers the note, or null with no factura to credit.
 */
export async function creditNoteForClaim(
  tx: DbOrTx,
  claim: { id: string; shipmentId: string | null; packageId: string | null },
  payoutUsdCents: number,
  reason: string,
  createdBy: string,
) {
  const shipmentId =
    claim.shipmentId ??
    (claim.packageId
      ? rowsOf<{ shipment_id: string }>(
          await tx.execute(
            sql`select shipment_id from shipment_packages where package_id = ${claim.packageId} limit 1`,
          ),
        )[0]?.shipment_id
      : null);
  if (!shipmentId || payoutUsdCents <= 0) return null;
  const [invoice] = rowsOf<{ id: string }>(
    await tx.execute(
      sql`select id from invoices where shipment_id = ${shipmentId} and voided_at is null order by created_at limit 1`,
    ),
  );
  const facturaId = invoice ? await liveFacturaOf(tx, invoice.id) : null;
  if (!facturaId) return null;
  const [factura] = await tx
    .select({ id: fiscalDocuments.id, totalUsdCents: fiscalDocuments.totalUsdCents })
    .from(fiscalDocuments)
    .where(eq(fiscalDocuments.id, facturaId));
  const amount = Math.min(payoutUsdCents, await facturaRemaining(tx, factura));
  if (amount <= 0) return null;
  return issueFiscalNote(tx, {
    facturaId,
    kind: 'nota_de_credito',
    amount,
    reason,
    sourceKey: `claim:${claim.id}`,
    createdBy,
  });
}
