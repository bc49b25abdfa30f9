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

/** The tax breakdown a screen shows (docs/product/fiscal-invoices.md#taxes), in USD cents and Bs. céntimos. */
export type FiscalBreakdown = {
  baseUsdCents: number;
  exemptUsdCents: number;
  ivaUsdCents: number;
  totalUsdCents: number;
  igtfUsdCents: number;
  baseVesCentimos: number | null;
  exemptVesCentimos: number | null;
  ivaVesCentimos: number | null;
  igtfVesCentimos: number | null;
  totalVesCentimos: number | null;
};

/**
 * A small summary for lists (Facturas, a client's account): kind, number, control number,
 * status, the tax breakdown and the IGTF charged on its invoice.
 */
export const fiscalSummarySql = sql<
  | ({
      id: string;
      kind: 'factura' | 'nota_de_cobro';
      number: string;
      controlNumber: string | null;
      status: string;
    } & FiscalBreakdown)
  | null
>`(select json_build_object('id', d.id, 'kind', d.kind, 'number', d.number, 'controlNumber', d.control_number, 'status', d.status,
    'baseUsdCents', d.base_usd_cents, 'exemptUsdCents', d.exempt_usd_cents, 'ivaUsdCents', d.iva_usd_cents, 'totalUsdCents', d.total_usd_cents,
    'baseVesCentimos', d.base_ves_centimos, 'exemptVesCentimos', d.exempt_ves_centimos, 'ivaVesCentimos', d.iva_ves_centimos,
    'totalVesCentimos', d.total_ves_centimos, 'igtfUsdCents', g.igtf,
    'igtfVesCentimos', case when d.ves_per_usd is null then null else round(g.igtf * d.ves_per_usd)::bigint end)
  from ${fiscalDocuments} d
  cross join lateral (select coalesce(sum(c.igtf_usd_cents), 0)::bigint as igtf from ${fiscalIgtfCharges} c where c.invoice_id = d.invoice_id) g
  where d.invoice_id = ${invoices.id} and d.kind in ('factura', 'nota_de_cobro') and d.status <> 'reemplazada' limit 1)`;

export type FiscalNoteSummary = {
  id: string;
  kind: 'nota_de_credito' | 'nota_de_debito';
  number: string;
  controlNumber: string | null;
  status: string;
  totalUsdCents: number;
  totalVesCentimos: number | null;
  issueDate: string;
  reason: string | null;
};

/** The notes of credit and debit on an invoice's factura, in the order they were issued. */
export const fiscalNotesSql = sql<
  FiscalNoteSummary[]
>`(select coalesce(json_agg(json_build_object('id', n.id, 'kind', n.kind,
    'number', n.number, 'controlNumber', n.control_number, 'status', n.status, 'totalUsdCents', n.total_usd_cents,
    'totalVesCentimos', n.total_ves_centimos, 'issueDate', n.issue_date, 'reason', n.reason) order by n.issue_order), '[]'::json)
  from ${fiscalDocuments} n where n.invoice_id = ${invoices.id} and n.kind in ('nota_de_credito', 'nota_de_debito'))`;

/** The customer's notas de cobro still waiting for their fiscal data (each to be issued as a factura). */
export function waitingNotasDeCobro(userId: string) {
  return and(
    eq(fiscalDocuments.userId, userId),
    eq(fiscalDocuments.kind, 'nota_de_cobro'),
    eq(fiscalDocuments.status, 'emitida'),
  );
}

/** The customer's side: their fiscal data, whether complete, and their notas de cobro waiting for it. */
export async function myFiscalStatus(db: DbOrTx, userId: string) {
  const data = await customerFiscalData(db, userId);
  const notas = await db
    .select({ id: fiscalDocuments.id, number: fiscalDocuments.number, totalUsdCents: fiscalDocuments.totalUsdCents })
    .from(fiscalDocuments)
    .where(waitingNotasDeCobro(userId))
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

/**
 * One fiscal document with the number of the factura it references; with `userId`, only when it
 * is that customer's (another's is not found, as a missing one).
 */
export async function findFiscalDocument(db: DbOrTx, id: string, userId?: string) {
  const [doc] = await db
    .select()
    .from(fiscalDocuments)
    .where(and(eq(fiscalDocuments.id, id), userId ? eq(fiscalDocuments.userId, userId) : undefined));
  if (!doc) return null;
  const [ref] = doc.referencesId
    ? await db
        .select({
          number: fiscalDocuments.number,
          controlNumber: fiscalDocuments.controlNumber,
          issueDate: fiscalDocuments.issueDate,
        })
        .from(fiscalDocuments)
        .where(eq(fiscalDocuments.id, doc.referencesId))
    : [];
  return { ...doc, references: ref ?? null };
}
export type FiscalDocumentDetail = NonNullable<Awaited<ReturnType<typeof findFiscalDocument>>>;
