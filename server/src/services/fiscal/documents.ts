// Issuing fiscal documents (docs/product/fiscal-invoices.md, docs/decisions/029-fiscal-documents-and-control-numbers.md).
// When the fiscal settings are on, every invoice (the amount due) is issued with its taxes and a
// fiscal document in the same transaction: a factura when the customer's fiscal data are valid
// (its own gapless number at once, status 'pendiente_numero_control' and a row in the control
// outbox), a nota de cobro otherwise. Once the customer gives their data, their notas de cobro are
// issued as facturas (the nota is kept, 'reemplazada').
import { and, eq, sql } from 'drizzle-orm';
import {
  computeTaxes,
  FISCAL_MESSAGES,
  fiscalDocumentNumber,
  taxTotalsInVes,
  type FiscalDocumentKind,
  type FiscalSettings,
  type TaxTotals,
} from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import {
  fiscalControlOutbox,
  fiscalCounters,
  fiscalDocuments,
  type invoices,
  userProfiles,
  type InvoiceLine,
} from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { isUniqueViolation } from '../../lib/database-errors';
import { customerFiscalData, waitingNotasDeCobro } from '../../queries/fiscal';
import { getFiscalSettings } from './settings';

export type FiscalTerms = {
  settings: FiscalSettings;
  taxes: TaxTotals;
  ves: ReturnType<typeof taxTotalsInVes> | null;
};

/** The taxes of an amount due about to be issued, or null when fiscal documents are off. */
export async function fiscalTermsFor(
  tx: DbOrTx,
  lines: InvoiceLine[],
  vesPerUsd: string | null,
): Promise<FiscalTerms | null> {
  const settings = await getFiscalSettings(tx);
  if (!settings.enabled) return null;
  const taxes = computeTaxes(lines, (kind) => settings.taxes[kind]);
  return { settings, taxes, ves: vesPerUsd ? taxTotalsInVes(taxes, vesPerUsd) : null };
}

/**
 * The next number of a kind's series: one after the highest its documents hold, so the series
 * never repeats or skips a number whatever happened to the counter (deleted, rewound, moved on).
 * The counter's row is the series' lock, held until the transaction ends: concurrent issues take
 * turns, and the max is read in a statement of its own, after the lock, so it sees the number the
 * previous holder committed (docs/decisions/029-fiscal-documents-and-control-numbers.md#issued-documents-never-change).
 */
async function nextSequence(tx: DbOrTx, kind: FiscalDocumentKind): Promise<number> {
  // Inserted if missing, locked either way (a no-op update locks the row it finds).
  await tx
    .insert(fiscalCounters)
    .values({ kind, lastNumber: 0 })
    .onConflictDoUpdate({ target: fiscalCounters.kind, set: { lastNumber: sql`${fiscalCounters.lastNumber}` } });
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${fiscalDocuments.sequence}), 0)::int` })
    .from(fiscalDocuments)
    .where(eq(fiscalDocuments.kind, kind));
  const next = Number(row.last) + 1;
  await tx.update(fiscalCounters).set({ lastNumber: next }).where(eq(fiscalCounters.kind, kind));
  return next;
}

/** The unique indexes a number taken twice would hit. */
const NUMBER_KEYS = ['fiscal_documents_kind_sequence_key', 'fiscal_documents_number_key'];

type InvoiceRow = typeof invoices.$inferSelect;

export async function insertDocument(
  tx: DbOrTx,
  values: Omit<typeof fiscalDocuments.$inferInsert, 'sequence' | 'number' | 'status'> & { kind: FiscalDocumentKind },
) {
  const sequence = await nextSequence(tx, values.kind);
  const needsControl = values.kind !== 'nota_de_cobro';
  const [doc] = await tx
    .insert(fiscalDocuments)
    .values({
      ...values,
      sequence,
      number: fiscalDocumentNumber(values.kind, sequence),
      status: needsControl ? 'pendiente_numero_control' : 'emitida',
    })
    .returning()
    .catch((err: unknown) => {
      // A number someone else holds (a hand-made row): nothing is issued, and the person is told.
      if (NUMBER_KEYS.some((key) => isUniqueViolation(err, key))) {
        throw new DomainError('CONFLICT', FISCAL_MESSAGES.numberingFailed, { cause: err });
      }
      throw err;
    });
  // The request for its control number, in the same transaction: no commit, no request.
  if (needsControl) await tx.insert(fiscalControlOutbox).values({ documentId: doc.id });
  return doc;
}

/**
 * The fiscal document of a just-issued invoice. Idempotent: an invoice that already has its
 * live factura or nota de cobro answers that one.
 */
export async function issueFiscalDocument(
  tx: DbOrTx,
  invoice: InvoiceRow,
  terms: FiscalTerms,
  createdBy: string | null,
) {
  const [existing] = await tx
    .select()
    .from(fiscalDocuments)
    .where(
      and(
        eq(fiscalDocuments.invoiceId, invoice.id),
        sql`${fiscalDocuments.kind} in ('factura', 'nota_de_cobro') and ${fiscalDocuments.status} <> 'reemplazada'`,
      ),
    );
  if (existing) return existing;
  const customer = await customerFiscalData(tx, invoice.userId);
  const { settings, taxes, ves } = terms;
  return insertDocument(tx, {
    kind: customer.complete ? 'factura' : 'nota_de_cobro',
    userId: invoice.userId,
    invoiceId: invoice.id,
    issuerName: settings.legalName,
    issuerRif: settings.rif,
    issuerAddress: settings.address,
    customerName: customer.name || invoice.customerName,
    customerIdNumber: customer.idNumber,
    customerAddress: customer.address,
    lines: taxes.lines,
    ivaBuckets: taxes.ivaBuckets,
    legalGrounds: taxes.legalGrounds,
    baseUsdCents: taxes.baseUsdCents,
    exemptUsdCents: taxes.exemptUsdCents,
    ivaUsdCents: taxes.ivaUsdCents,
    totalUsdCents: taxes.totalUsdCents,
    vesPerUsd: invoice.vesPerUsd,
    baseVesCentimos: ves?.baseVesCentimos ?? null,
    exemptVesCentimos: ves?.exemptVesCentimos ?? null,
    ivaVesCentimos: ves?.ivaVesCentimos ?? null,
    totalVesCentimos: ves?.totalVesCentimos ?? null,
    igtfBasisPoints: settings.igtfApplies ? settings.igtfBasisPoints : null,
    issueDate: invoice.issueDate,
    issuedAt: invoice.createdAt,
    createdBy,
  });
}

/**
 * A nota de cobro issued as a factura, now that the customer's data are complete: the factura
 * copies its amounts (same invoice, same frozen rate and taxes), carries today's fiscal data,
 * takes the factura series' next number and waits for its control number; the nota stays,
 * 'reemplazada'. Refused when it is not a live nota de cobro or the data are still missing.
 */
export async function issueFacturaForNota(tx: DbOrTx, notaId: string, createdBy: string | null, now = new Date()) {
  const [nota] = await tx.select().from(fiscalDocuments).where(eq(fiscalDocuments.id, notaId)).for('update');
  if (!nota) throw new DomainError('NOT_FOUND', FISCAL_MESSAGES.documentNotFound);
  if (nota.kind !== 'nota_de_cobro' || nota.status !== 'emitida')
    throw new DomainError('CONFLICT', FISCAL_MESSAGES.notANotaDeCobro);
  const customer = await customerFiscalData(tx, nota.userId);
  if (!customer.complete) throw new DomainError('BAD_INPUT', FISCAL_MESSAGES.customerDataMissing);
  await tx
    .update(fiscalDocuments)
    .set({ status: 'reemplazada', replacedAt: now })
    .where(eq(fiscalDocuments.id, nota.id));
  const {
    id: _id,
    issueOrder: _o,
    sequence: _s,
    number: _n,
    status: _st,
    controlNumber: _c,
    replacedAt: _r,
    controlAssignedAt: _a,
    ...copy
  } = nota;
  return insertDocument(tx, {
    ...copy,
    kind: 'factura',
    referencesId: nota.id,
    customerName: customer.name,
    customerIdNumber: customer.idNumber,
    customerAddress: customer.address,
    issueDate: nota.issueDate,
    issuedAt: now,
    createdBy,
  });
}

/** Every live nota de cobro of the customer, issued as a factura (in the order they were issued). */
export async function issuePendingFacturas(tx: DbOrTx, userId: string, createdBy: string | null) {
  const notas = await tx
    .select({ id: fiscalDocuments.id })
    .from(fiscalDocuments)
    .where(waitingNotasDeCobro(userId))
    .orderBy(fiscalDocuments.issueOrder);
  const issued = [];
  for (const n of notas) issued.push(await issueFacturaForNota(tx, n.id, createdBy));
  return issued;
}

/** The customer's fiscal data saved to their profile; then their notas de cobro become facturas. */
export async function setCustomerFiscalData(
  tx: DbOrTx,
  userId: string,
  input: { name: string; idNumber: string; address: string },
) {
  await tx
    .update(userProfiles)
    .set({ fullName: input.name, cedula: input.idNumber, venezuelaAddress: input.address, updatedAt: new Date() })
    .where(eq(userProfiles.userId, userId));
  const issued = await issuePendingFacturas(tx, userId, userId);
  return { facturas: issued.map((d) => d.number) };
}
