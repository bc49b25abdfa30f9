// Invoices (docs/decisions/021-billing-in-bolivares.md): a gapless number per year, the rate of
// their day frozen in them with their Bs. amount, and their charge in the customer's ledger
// (ledger.ts); a void reverses the charge and documents itself with a credit note.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { FISCAL_MESSAGES, usdCentsToVesCentimos, type PaymentType } from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { invoiceCounters, invoices, ledgerEntries, userProfiles, type InvoiceLine } from '../../db/schema';
import { businessToday } from '../../lib/business-clock';
import { rateForDay } from '../../queries/billing';
import { fiscalTermsFor, issueFiscalDocument } from '../fiscal/documents';
import { issueFiscalNote, liveFacturaOf } from '../fiscal/notes';
import { getPricesInEffect } from '../../queries/prices';
import { enqueueWebhookEvent } from '../webhooks';
import { applyCredit, invoiceRemaining, lockLedger, moneyOnInvoice } from './ledger';

/** 'F-2026-000123'. */
export const invoiceNumber = (year: number, sequence: number) => `F-${year}-${String(sequence).padStart(6, '0')}`;

/**
 * The next number of the year. The counter's row stays locked until the issuing transaction
 * ends: a rolled-back invoice gives its number back, so numbers have no gaps.
 */
async function nextInvoiceSequence(tx: DbOrTx, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  return row.lastNumber;
}

export type IssueInvoice = {
  userId: string;
  concept: PaymentType;
  description: string;
  lines: InvoiceLine[];
  mailboxId?: string | null;
  shipmentId?: string | null;
  createdBy?: string | null;
  now?: Date;
  /**
   * The price list it charged (docs/product/price-lists.md): a ship request's honoured version;
   * by default the version in effect when it is issued.
   */
  priceListVersionId?: string | null;
  /** The caller applies the customer's credit itself, once it has linked what it must (activations). */
  deferCredit?: boolean;
};

/**
 * Issues an invoice: its number, the rate of the business day (or the latest before it) frozen
 * in it with its Bs. amount, and its charge in the ledger; then credit on account pays it.
 * Must run inside a transaction.
 */
export async function issueInvoice(tx: DbOrTx, input: IssueInvoice) {
  const linesUsdCents = input.lines.reduce((sum, l) => sum + l.usdCents, 0);
  if (!Number.isSafeInteger(linesUsdCents) || linesUsdCents <= 0)
    throw new Error('Una factura necesita un monto mayor a 0.');
  await lockLedger(tx, input.userId);
  const now = input.now ?? new Date();
  const issueDate = businessToday(now);
  const year = Number(issueDate.slice(0, 4));
  const rate = await rateForDay(tx, issueDate);
  // With fiscal documents on (docs/product/fiscal-invoices.md), what is owed is the lines and their taxes.
  const fiscal = await fiscalTermsFor(tx, input.lines, rate?.vesPerUsd ?? null);
  const usdCents = fiscal ? fiscal.taxes.totalUsdCents : linesUsdCents;
  const [profile] = await tx
    .select({ fullName: userProfiles.fullName, cedula: userProfiles.cedula })
    .from(userProfiles)
    .where(eq(userProfiles.userId, input.userId));
  const sequence = await nextInvoiceSequence(tx, year);
  const priceListVersionId = input.priceListVersionId ?? (await getPricesInEffect(tx, now)).id;
  const vesCentimos = fiscal?.ves
    ? fiscal.ves.totalVesCentimos
    : rate
      ? usdCentsToVesCentimos(usdCents, rate.vesPerUsd)
      : null;
  const [invoice] = await tx
    .insert(invoices)
    .values({
      userId: input.userId,
      year,
      sequence,
      number: invoiceNumber(year, sequence),
      concept: input.concept,
      description: input.description,
      // The kind chooses the tax; the invoice keeps it with the line (the customs estimate and the
      // settlement read the freight, insurance and import taxes by kind), and the estimate's mark.
      lines: input.lines.map(({ description, usdCents: cents, kind, customsEstimate }) => ({
        description,
        usdCents: cents,
        ...(kind ? { kind } : {}),
        ...(customsEstimate ? { customsEstimate } : {}),
      })),
      usdCents,
      exchangeRateId: rate?.id ?? null,
      vesPerUsd: rate?.vesPerUsd ?? null,
      rateDate: rate?.rateDate ?? null,
      vesCentimos,
      issueDate,
      mailboxId: input.mailboxId ?? null,
      shipmentId: input.shipmentId ?? null,
      customerName: profile?.fullName ?? '',
      customerIdNumber: profile?.cedula ?? null,
      priceListVersionId,
      createdBy: input.createdBy ?? null,
      createdAt: now,
    })
    .returning();
  if (fiscal) await issueFiscalDocument(tx, invoice, fiscal, input.createdBy ?? null);
  await tx.insert(ledgerEntries).values({
    userId: input.userId,
    kind: 'charge',
    usdCents,
    vesCentimos,
    vesPerUsd: rate?.vesPerUsd ?? null,
    invoiceId: invoice.id,
    description: `Factura ${invoice.number}: ${input.description}`,
    createdBy: input.createdBy ?? null,
    createdAt: now,
  });
  await enqueueWebhookEvent(tx, 'invoice.issued', [
    {
      userId: input.userId,
      data: {
        invoiceId: invoice.id,
        number: invoice.number,
        concept: invoice.concept,
        description: invoice.description,
        usdCents: invoice.usdCents,
        vesCentimos: invoice.vesCentimos,
        issueDate: invoice.issueDate,
        shipmentId: invoice.shipmentId,
      },
    },
  ]);
  if (!input.deferCredit) await applyCredit(tx, input.userId, input.createdBy ?? null, now);
  return invoice;
}

/**
 * Voids an invoice that no longer applies (its shipment was removed): the number stays, its
 * charge is reversed by an adjustment, and whatever was paid on it becomes credit on account.
 */
export async function voidInvoice(tx: DbOrTx, invoiceId: string, createdBy: string | null, reason: string) {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), isNull(invoices.voidedAt)));
  if (!invoice) return;
  await lockLedger(tx, invoice.userId);
  const remaining = await invoiceRemaining(tx, invoiceId);
  // The money on it (payments and credit applied, less what a credit note already sent back to
  // the account); what it charges now is what is owed plus that money (docs/product/fiscal-invoices.md).
  const paid = await moneyOnInvoice(tx, invoiceId);
  const entries: (typeof ledgerEntries.$inferInsert)[] = [
    {
      userId: invoice.userId,
      kind: 'adjustment',
      usdCents: -(remaining + paid),
      invoiceId,
      description: `Factura ${invoice.number} anulada: ${reason}`,
      createdBy,
    },
  ];
  if (paid > 0) {
    entries.push(
      {
        userId: invoice.userId,
        kind: 'adjustment',
        usdCents: paid,
        invoiceId,
        description: `Lo pagado de la factura ${invoice.number} pasa a saldo a favor`,
        createdBy,
      },
      {
        userId: invoice.userId,
        kind: 'adjustment',
        usdCents: -paid,
        invoiceId: null,
        description: `Saldo a favor por la factura anulada ${invoice.number}`,
        createdBy,
      },
    );
  }
  await tx.insert(ledgerEntries).values(entries);
  await tx.update(invoices).set({ voidedAt: new Date() }).where(eq(invoices.id, invoiceId));
  // Its factura stays as it was issued: a credit note for what is left of it documents the void.
  const facturaId = await liveFacturaOf(tx, invoiceId);
  if (facturaId)
    await issueFiscalNote(tx, {
      facturaId,
      kind: 'nota_de_credito',
      amount: 'remaining',
      reason: FISCAL_MESSAGES.voidReason(reason),
      sourceKey: `void:${invoiceId}`,
      createdBy,
    });
  await applyCredit(tx, invoice.userId, createdBy);
}
