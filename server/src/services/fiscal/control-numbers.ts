// The control outbox's worker (docs/decisions/029-fiscal-documents-and-control-numbers.md): asks the
// provider for each waiting document's número de control, in the order the documents were
// issued, and writes it once. Like docs/decisions/004's outbox, with two differences that the
// fiscal series needs:
// - In order: when a document fails, the later ones wait for it (a control number is never given
//   to a later factura before an earlier one), and nothing is ever given up: the row keeps its
//   last error and is retried with the same backoff, capped at an hour.
// - One round at a time: a round holds a transaction-scoped advisory lock, so two instances (or
//   two ticks) never ask for the same document at once; and the document id is the provider's
//   idempotency key, so a retry after a lost answer gets the same number, never a second one.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { backoffMs, startDeliveryLoop, type DeliveryLogger } from '../../lib/outbox-delivery';
import type { ControlNumberProvider } from './control-number-provider';

type DueRow = {
  document_id: string;
  attempts: number;
  due: boolean;
  kind: 'factura' | 'nota_de_credito' | 'nota_de_debito';
  number: string;
  issue_date: string;
  issuer_rif: string;
  customer_id_number: string | null;
  customer_name: string;
  base_usd_cents: string;
  exempt_usd_cents: string;
  iva_usd_cents: string;
  total_usd_cents: string;
  total_ves_centimos: string | null;
  references_number: string | null;
};

/** One round: numbers the waiting documents in order until one fails. Answers how many got theirs. */
export async function assignDueControlNumbers(
  db: Db,
  provider: ControlNumberProvider,
  log: DeliveryLogger,
  limit = 50,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtextextended('fiscal-control-numbers', 0)) as locked`),
    );
    if (!lock?.locked) return 0;
    const due = rowsOf<DueRow>(
      await tx.execute(sql`
        select o.document_id, o.attempts, o.next_attempt_at <= now() as due,
               d.kind, d.number, d.issue_date::text as issue_date, d.issuer_rif, d.customer_id_number, d.customer_name,
               d.base_usd_cents, d.exempt_usd_cents, d.iva_usd_cents, d.total_usd_cents, d.total_ves_centimos,
               r.number as references_number
        from fiscal_control_outbox o
        join fiscal_documents d on d.id = o.document_id
        left join fiscal_documents r on r.id = d.references_id and d.kind <> 'factura'
        where o.status = 'pending'
        order by d.issue_order
        limit ${limit}`),
    );
    let assigned = 0;
    for (const row of due) {
      // The earliest waiting document is still in its backoff: the later ones wait behind it.
      if (!row.due) break;
      try {
        const { controlNumber } = await provider.assign({
          idempotencyKey: row.document_id,
          kind: row.kind,
          number: row.number,
          issueDate: row.issue_date,
          issuerRif: row.issuer_rif,
          customerIdNumber: row.customer_id_number,
          customerName: row.customer_name,
          baseUsdCents: Number(row.base_usd_cents),
          exemptUsdCents: Number(row.exempt_usd_cents),
          ivaUsdCents: Number(row.iva_usd_cents),
          totalUsdCents: Number(row.total_usd_cents),
          totalVesCentimos: row.total_ves_centimos === null ? null : Number(row.total_ves_centimos),
          referencesNumber: row.references_number,
        });
        // Written once: a document that has its number keeps it.
        const updated = rowsOf<{ id: string }>(
          await tx.execute(sql`
            update fiscal_documents set control_number = ${controlNumber}, status = 'emitida', control_assigned_at = now()
            where id = ${row.document_id} and control_number is null
            returning id`),
        );
        await tx.execute(sql`
          update fiscal_control_outbox
          set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null, provider = ${provider.name}
          where document_id = ${row.document_id}`);
        if (updated.length) {
          await tx.insert(auditLog).values({
            actorId: null,
            actorRole: 'sistema',
            action: 'fiscal.controlNumber',
            entity: 'fiscal_documents',
            entityId: row.document_id,
            operation: 'update',
            before: { status: 'pendiente_numero_control', control_number: null },
            after: { status: 'emitida', control_number: controlNumber, provider: provider.name },
          });
          assigned++;
        }
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const attempts = row.attempts + 1;
        log.warn({ documentId: row.document_id, number: row.number, attempts, err }, 'Número de control pendiente');
        await tx.execute(sql`
          update fiscal_control_outbox
          set attempts = ${attempts}, last_error = ${message},
              next_attempt_at = now() + make_interval(secs => ${backoffMs(attempts) / 1000})
          where document_id = ${row.document_id}`);
        break;
      }
    }
    return assigned;
  });
}

/** Polls until stopped, as the e-mail worker does. */
export function startControlNumberWorker(
  db: Db,
  provider: () => Promise<ControlNumberProvider>,
  log: DeliveryLogger,
  intervalMs = 5000,
) {
  return startDeliveryLoop(
    async () => assignDueControlNumbers(db, await provider(), log),
    log,
    'números de control',
    intervalMs,
  );
}
