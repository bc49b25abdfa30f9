// Fiscal documents (docs/decisions/029-fiscal-documents-and-control-numbers.md,
// docs/product/fiscal-invoices.md): the factura, the notes of credit and debit that reference one,
// and the nota de cobro issued while the customer's fiscal data are missing. Each kind has its own
// gapless series; a factura or note gets its número de control from the provider through
// fiscal_control_outbox, once. Amounts are integer cents and céntimos, frozen when issued.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FiscalDocumentKind, FiscalDocumentStatus, IvaBucket, TaxedLine } from '@casillero/shared';
import { outboxStatusEnum } from './enums';
import { cents, createdAt, timestamptz, uuidPk } from './columns';
import { customerOwned } from './owned';
import { users } from './users';
import { invoices, ledgerEntries } from './billing';

/** The last number of each kind's series; locked by the issuing transaction, so there are no gaps. */
export const fiscalCounters = pgTable('fiscal_counters', {
  kind: text('kind').$type<FiscalDocumentKind>().primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

export const fiscalDocuments = pgTable(
  'fiscal_documents',
  {
    ...customerOwned('restrict'),
    /** The order documents were issued in, which is the order they get their control numbers. */
    issueOrder: bigint('issue_order', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    kind: text('kind').$type<FiscalDocumentKind>().notNull(),
    sequence: integer('sequence').notNull(),
    /** 'FAC-00000001', 'NC-00000001', 'COB-00000001'. */
    number: text('number').notNull(),
    /** Null until the provider gives it (status 'pendiente_numero_control'); never for a nota de cobro. */
    controlNumber: text('control_number'),
    status: text('status').$type<FiscalDocumentStatus>().notNull(),
    /** The amount due it documents. */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    /** A note's factura; a factura's nota de cobro it replaces. */
    referencesId: uuid('references_id').references((): AnyPgColumn => fiscalDocuments.id, { onDelete: 'restrict' }),
    /** The business and the customer as on the day it was issued. */
    issuerName: text('issuer_name').notNull(),
    issuerRif: text('issuer_rif').notNull(),
    issuerAddress: text('issuer_address').notNull(),
    customerName: text('customer_name').notNull(),
    customerIdNumber: text('customer_id_number'),
    customerAddress: text('customer_address'),
    lines: jsonb('lines').$type<TaxedLine[]>().notNull(),
    ivaBuckets: jsonb('iva_buckets').$type<IvaBucket[]>().notNull(),
    legalGrounds: jsonb('legal_grounds').$type<string[]>().notNull(),
    baseUsdCents: cents('base_usd_cents').notNull(),
    exemptUsdCents: cents('exempt_usd_cents').notNull(),
    ivaUsdCents: cents('iva_usd_cents').notNull(),
    totalUsdCents: cents('total_usd_cents').notNull(),
    /** The invoice's frozen rate and the Bs. of each total (null with no rate ever recorded). */
    vesPerUsd: numeric('ves_per_usd', { precision: 18, scale: 8 }),
    baseVesCentimos: cents('base_ves_centimos'),
    exemptVesCentimos: cents('exempt_ves_centimos'),
    ivaVesCentimos: cents('iva_ves_centimos'),
    totalVesCentimos: cents('total_ves_centimos'),
    /** The IGTF rate in force when issued, to tell the customer what paying in foreign currency adds. */
    igtfBasisPoints: integer('igtf_basis_points'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    issuedAt: createdAt(),
    controlAssignedAt: timestamptz('control_assigned_at'),
    replacedAt: timestamptz('replaced_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A note's reason, printed on it ('Anulación: envío … eliminado', a claim, a staff correction). */
    reason: text('reason'),
    /**
     * What issued a note, once: 'void:<invoice id>', 'claim:<claim id>'; a staff correction has
     * none. Issuing again for the same source answers the note there is.
     */
    sourceKey: text('source_key'),
  },
  (t) => [
    uniqueIndex('fiscal_documents_kind_sequence_key').on(t.kind, t.sequence),
    uniqueIndex('fiscal_documents_number_key').on(t.number),
    uniqueIndex('fiscal_documents_control_number_key').on(t.controlNumber).where(sql`${t.controlNumber} is not null`),
    // One live factura or nota de cobro per invoice: issuing again answers the one there is.
    uniqueIndex('fiscal_documents_invoice_live_key')
      .on(t.invoiceId)
      .where(sql`${t.kind} in ('factura', 'nota_de_cobro') and ${t.status} <> 'reemplazada'`),
    uniqueIndex('fiscal_documents_source_key').on(t.sourceKey).where(sql`${t.sourceKey} is not null`),
    index('fiscal_documents_references_idx').on(t.referencesId),
    index('fiscal_documents_user_idx').on(t.userId, t.issuedAt),
    index('fiscal_documents_issue_date_idx').on(t.issueDate, t.issueOrder),
    check('fiscal_documents_kind', sql`${t.kind} in ('factura', 'nota_de_credito', 'nota_de_debito', 'nota_de_cobro')`),
    check('fiscal_documents_status', sql`${t.status} in ('pendiente_numero_control', 'emitida', 'reemplazada')`),
    check(
      'fiscal_documents_control_kind',
      sql`${t.kind} <> 'nota_de_cobro' or (${t.controlNumber} is null and ${t.status} <> 'pendiente_numero_control')`,
    ),
    check(
      'fiscal_documents_pending_control',
      sql`(${t.status} = 'pendiente_numero_control') = (${t.kind} <> 'nota_de_cobro' and ${t.controlNumber} is null)`,
    ),
  ],
);

/**
 * A factura or note waiting for its control number (docs/decisions/004's outbox, one row per
 * document, written in the issuing transaction). The document id is the provider's idempotency
 * key, so a retry after a lost answer gets the same number back.
 */
export const fiscalControlOutbox = pgTable(
  'fiscal_control_outbox',
  {
    documentId: uuid('document_id')
      .primaryKey()
      .references(() => fiscalDocuments.id, { onDelete: 'restrict' }),
    status: outboxStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    provider: text('provider'),
    sentAt: timestamptz('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [index('fiscal_control_outbox_status_idx').on(t.status, t.nextAttemptAt)],
);

/** The IGTF charged on a payment in foreign currency: once per payment, with its ledger entry. */
export const fiscalIgtfCharges = pgTable(
  'fiscal_igtf_charges',
  {
    id: uuidPk(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id').notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'restrict' }),
    paidUsdCents: cents('paid_usd_cents').notNull(),
    igtfUsdCents: cents('igtf_usd_cents').notNull(),
    basisPoints: integer('basis_points').notNull(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id, {
      onDelete: 'restrict',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fiscal_igtf_charges_payment_key').on(t.paymentId),
    index('fiscal_igtf_charges_invoice_idx').on(t.invoiceId),
  ],
);
