// Fiscal documents as screens and the PDF read them (docs/product/fiscal-invoices.md).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { FISCAL_MESSAGES, isValidFiscalId } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { fiscalControlOutbox, fiscalDocuments, fiscalIgtfCharges, invoices, userProfiles } from '../db/schema';

export type CustomerFiscal = { name: string; idNumber: string | null; address: string | null; complete: boolean };

/** The customer's fiscal data from their profile, and whether a factura can carry them. */
export async function customerFiscalData(tx: DbOrTx, userId: string): Promise<CustomerFiscal> {
  const [p] = await tx
    .select({ name: userProfiles.fullName, idNumber: userProfiles.cedula, address: userProfiles.venezuelaAddress })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  const name = p?.name?.trim() ?? '';
  const address = p?.address?.trim() || null;
  const idNumber = p?.idNumber?.trim() || null;
  return { name, idNumber, address, complete: name.length > 0 && !!address && isValidFiscalId(idNumber) };
}

/** The invoice's live factura or nota de cobro (null when issued with fiscal documents off). */
export async function liveFiscalDocument(db: DbOrTx, invoiceId: string) {
  const [doc] = await db
    .select()
    .from(fiscalDocuments)
    .where(
      and(
        eq(fiscalDocuments.invoiceId, invoiceId),
        sql`${fiscalDocuments.kind} in ('factura', 'nota_de_cobro') and ${fiscalDocuments.status} <> 'reemplazada'`,
      ),
    );
  if (!doc) return null;
  const igtf = await db
    .select({
      paidUsdCents: fiscalIgtfCharges.paidUsdCents,
      igtfUsdCents: fiscalIgtfCharges.igtfUsdCents,
      basisPoints: fiscalIgtfCharges.basisPoints,
    })
    .from(fiscalIgtfCharges)
    .where(eq(fiscalIgtfCharges.invoiceId, invoiceId))
    .orderBy(asc(fiscalIgtfCharges.createdAt));
  return { ...doc, igtfCharges: igtf, igtfUsdCents: igtf.reduce((s, c) => s + c.igtfUsdCents, 0) };
}
export type LiveFiscalDocument = NonNullable<Awaited<ReturnType<typeof liveFiscalDocument>>>;

/** A small summary for lists (Facturas, a client's account): kind, number, control number, status. */
export const fiscalSummarySql = sql<{
  id: string;
  kind: 'factura' | 'nota_de_cobro';
  number: string;
  controlNumber: string | null;
  status: string;
} | null>`(select json_build_object('id', d.id, 'kind', d.kind, 'number', d.number, 'controlNumber', d.control_number, 'status', d.status)
  from ${fiscalDocuments} d where d.invoice_id = ${invoices.id} and d.kind in ('factura', 'nota_de_cobro') and d.status <> 'reemplazada' limit 1)`;

/** The customer's side: their fiscal data, whether complete, and their notas de cobro waiting for it. */
export async function myFiscalStatus(db: DbOrTx, userId: string) {
  const data = await customerFiscalData(db, userId);
  const notas = await db
    .select({ id: fiscalDocuments.id, number: fiscalDocuments.number, totalUsdCents: fiscalDocuments.totalUsdCents })
    .from(fiscalDocuments)
    .where(
      and(
        eq(fiscalDocuments.userId, userId),
        eq(fiscalDocuments.kind, 'nota_de_cobro'),
        eq(fiscalDocuments.status, 'emitida'),
      ),
    )
    .orderBy(asc(fiscalDocuments.issueOrder));
  return {
    name: data.name,
    idNumber: data.idNumber,
    address: data.address,
    complete: data.complete,
    pendingNotas: notas,
    /** Acción requerida asks for the data while a nota de cobro waits for it. */
    actionRequired: notas.length > 0 && !data.complete ? FISCAL_MESSAGES.actionText(notas.length) : null,
  };
}

/** Documents waiting for a control number, oldest first, with the outbox's attempts and last error. */
export function pendingControlNumbers(db: DbOrTx) {
  return db
    .select({
      id: fiscalDocuments.id,
      kind: fiscalDocuments.kind,
      number: fiscalDocuments.number,
      customerName: fiscalDocuments.customerName,
      issueDate: fiscalDocuments.issueDate,
      attempts: fiscalControlOutbox.attempts,
      lastError: fiscalControlOutbox.lastError,
      nextAttemptAt: fiscalControlOutbox.nextAttemptAt,
    })
    .from(fiscalDocuments)
    .innerJoin(fiscalControlOutbox, eq(fiscalControlOutbox.documentId, fiscalDocuments.id))
    .where(eq(fiscalDocuments.status, 'pendiente_numero_control'))
    .orderBy(asc(fiscalDocuments.issueOrder))
    .limit(200);
}

/** A customer's fiscal documents, newest first. */
export function customerFiscalDocuments(db: DbOrTx, userId: string) {
  return db
    .select({
      id: fiscalDocuments.id,
      kind: fiscalDocuments.kind,
      number: fiscalDocuments.number,
      controlNumber: fiscalDocuments.controlNumber,
      status: fiscalDocuments.status,
      invoiceId: fiscalDocuments.invoiceId,
      totalUsdCents: fiscalDocuments.totalUsdCents,
      issueDate: fiscalDocuments.issueDate,
    })
    .from(fiscalDocuments)
    .where(eq(fiscalDocuments.userId, userId))
    .orderBy(desc(fiscalDocuments.issueOrder))
    .limit(500);
}
