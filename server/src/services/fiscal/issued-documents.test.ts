// An issued fiscal document never changes (docs/decisions/029-fiscal-documents-and-control-numbers.md#issued-documents-never-change):
// the database refuses any UPDATE of its fiscal fields, allowing only the control number filled
// once, the status moving forward and the issuer's user removed. Each series' next number comes from
// its documents, so a deleted or rewound counter never numbers a factura twice, and a factura that
// cannot be numbered answers a Spanish message, not an unexpected error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { FISCAL_MESSAGES, fiscalDocumentNumber } from '@casillero/shared';
import type { Database } from '../../db/client';
import { fiscalDocuments, invoices, userProfiles } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { trpcError } from '../../test/caller';
import { FISCAL_TEST_SETTINGS, firstFiscalDocumentOf } from '../../test/fiscal';
import { recordRate, signedInAdmin, signedInCustomer } from '../../test/factories';

let database: Database;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let conDatos: Awaited<ReturnType<typeof signedInCustomer>>;
let sinDatos: Awaited<ReturnType<typeof signedInCustomer>>;
const db = () => database.db;

/** The cashier's invoice for a charge, through tRPC: with the settings on, a factura (or a nota de cobro). */
const issue = (userId: string) =>
  admin.caller.billing.issue({
    userId,
    concept: 'course_purchase',
    description: 'Taller de importación',
    lines: [{ description: 'Taller', amountUsd: 40 }],
  });

const docOf = (invoiceId: string) => firstFiscalDocumentOf(db(), invoiceId);

const docById = async (id: string) => (await db().select().from(fiscalDocuments).where(eq(fiscalDocuments.id, id)))[0]!;

/** Every message of the error and its causes (drizzle wraps the driver's error). */
function messagesOf(err: unknown) {
  const out: string[] = [];
  for (let e = err; e instanceof Error; e = e.cause) out.push(e.message);
  return out.join(' | ');
}

/** `UPDATE fiscal_documents SET <set> WHERE id = <id>`: the refusal's text, or null when it was allowed. */
async function update(id: string, set: string) {
  try {
    await db().execute(sql`update fiscal_documents set ${sql.raw(set)} where id = ${id}`);
    return null;
  } catch (err) {
    return messagesOf(err);
  }
}

async function nextFacturaSequence() {
  const [row] = await db()
    .select({ last: sql<number>`coalesce(max(${fiscalDocuments.sequence}), 0)::int` })
    .from(fiscalDocuments)
    .where(eq(fiscalDocuments.kind, 'factura'));
  return row!.last + 1;
}

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInAdmin(db());
  await recordRate(db(), '36.5');
  await admin.caller.fiscal.updateSettings(FISCAL_TEST_SETTINGS);
  conDatos = await signedInCustomer(db(), { nombre: 'Con Datos' });
  await db()
    .update(userProfiles)
    .set({ cedula: 'V-12345678', venezuelaAddress: 'Calle 1, Maracay' })
    .where(eq(userProfiles.userId, conDatos.user.id));
  sinDatos = await signedInCustomer(db(), { nombre: 'Sin Datos' });
});
afterAll(() => database?.close());

describe('an issued fiscal document', () => {
  it('refuses a change to every fiscal field, and the document stays as issued', async () => {
    const factura = await docOf((await issue(conDatos.user.id)).id);
    const other = await docOf((await issue(conDatos.user.id)).id);
    expect(factura).toMatchObject({ kind: 'factura', status: 'pendiente_numero_control' });
    // One change per fiscal column, each a value its type and constraints accept.
    const changes: Record<string, string> = {
      id: 'id = gen_random_uuid()',
      user_id: `user_id = '${sinDatos.user.id}'`,
      issue_order: 'issue_order = DEFAULT',
      kind: "kind = 'nota_de_debito'",
      sequence: 'sequence = sequence + 1000',
      number: "number = number || '-X'",
      invoice_id: `invoice_id = '${other.invoiceId}'`,
      references_id: `references_id = '${other.id}'`,
      issuer_name: "issuer_name = 'Otra Empresa C.A.'",
      issuer_rif: "issuer_rif = 'J-00000000-1'",
      issuer_address: "issuer_address = 'Otra dirección'",
      customer_name: "customer_name = 'Otro Cliente'",
      customer_id_number: "customer_id_number = 'V-1'",
      customer_address: "customer_address = 'Otra dirección'",
      lines: "lines = '[]'::jsonb",
      iva_buckets: "iva_buckets = '[]'::jsonb",
      legal_grounds: 'legal_grounds = \'["Otra"]\'::jsonb',
      base_usd_cents: 'base_usd_cents = base_usd_cents + 1',
      exempt_usd_cents: 'exempt_usd_cents = exempt_usd_cents + 1',
      iva_usd_cents: 'iva_usd_cents = iva_usd_cents + 1',
      total_usd_cents: 'total_usd_cents = 1',
      ves_per_usd: 'ves_per_usd = 1',
      base_ves_centimos: 'base_ves_centimos = base_ves_centimos + 1',
      exempt_ves_centimos: 'exempt_ves_centimos = exempt_ves_centimos + 1',
      iva_ves_centimos: 'iva_ves_centimos = iva_ves_centimos + 1',
      total_ves_centimos: 'total_ves_centimos = 1',
      igtf_basis_points: 'igtf_basis_points = 0',
      issue_date: 'issue_date = issue_date - 1',
      created_at: "created_at = created_at - interval '1 day'",
      reason: "reason = 'Editada'",
      source_key: "source_key = 'editada'",
    };
    for (const [column, set] of Object.entries(changes)) {
      expect(await update(factura.id, set), column).toContain(`fiscal_documents.${column} `);
    }
    // Several at once, as a careless fix would write them.
    expect(await update(factura.id, 'total_usd_cents = 1, iva_usd_cents = 0')).toContain('fiscal_documents.');
    expect(await docById(factura.id)).toEqual(factura);
  });

  it('takes its control number once, moving to emitida; then the number and the status stay', async () => {
    const factura = await docOf((await issue(conDatos.user.id)).id);
    // What the control-number worker writes (services/fiscal/control-numbers.ts).
    expect(
      await update(factura.id, "control_number = 'T1-00000001', status = 'emitida', control_assigned_at = now()"),
    ).toBeNull();
    const numbered = await docById(factura.id);
    expect(numbered).toMatchObject({ controlNumber: 'T1-00000001', status: 'emitida' });
    expect(await update(factura.id, "control_number = 'T1-00000002'")).toContain('fiscal_documents.control_number ');
    expect(await update(factura.id, "control_assigned_at = now() + interval '1 hour'")).toContain(
      'fiscal_documents.control_assigned_at ',
    );
    expect(await update(factura.id, "status = 'pendiente_numero_control', control_number = null")).toContain(
      'fiscal_documents.',
    );
    // Only a nota de cobro is replaced (by its factura).
    expect(await update(factura.id, "status = 'reemplazada', replaced_at = now()")).toContain(
      'fiscal_documents.status ',
    );
    // Writing what it already holds changes nothing, and is allowed.
    expect(await update(factura.id, 'total_usd_cents = total_usd_cents, status = status')).toBeNull();
    expect(await docById(factura.id)).toEqual(numbered);
  });

  it('a nota de cobro becomes reemplazada once, as issuing its factura does, and never goes back', async () => {
    const nota = await docOf((await issue(sinDatos.user.id)).id);
    expect(nota).toMatchObject({ kind: 'nota_de_cobro', status: 'emitida' });
    expect(await update(nota.id, 'replaced_at = now()')).toContain('fiscal_documents.replaced_at ');
    expect(await update(nota.id, "status = 'pendiente_numero_control'")).toContain('fiscal_documents.status ');
    expect(await update(nota.id, "status = 'reemplazada', replaced_at = now()")).toBeNull();
    expect(await update(nota.id, "status = 'emitida', replaced_at = null")).toContain('fiscal_documents.');
    expect(await update(nota.id, "replaced_at = now() + interval '1 day'")).toContain('fiscal_documents.replaced_at ');
    expect((await docById(nota.id)).status).toBe('reemplazada');
    // The customer's data then issue the factura of a live nota de cobro through the app: still allowed.
    const live = await docOf((await issue(sinDatos.user.id)).id);
    const saved = await sinDatos.caller.fiscal.saveMine({
      name: 'Sin Datos C.A.',
      idNumber: 'V-23456789',
      address: 'Calle 2, Valencia',
    });
    expect(saved.message).toBe(FISCAL_MESSAGES.customerDataSaved);
    expect((await docById(live.id)).status).toBe('reemplazada');
  });

  it('loses only who issued it when that user is removed (the foreign key sets it null)', async () => {
    const factura = await docOf((await issue(conDatos.user.id)).id);
    expect(factura.createdBy).toBe(admin.user.id);
    expect(await update(factura.id, `created_by = '${conDatos.user.id}'`)).toContain('fiscal_documents.created_by ');
    expect(await update(factura.id, 'created_by = null')).toBeNull();
  });
});

describe('the numbering of a series', () => {
  it('continues from the documents when the counter is deleted or rewound, with no gap and no repeat', async () => {
    const first = await docOf((await issue(conDatos.user.id)).id);
    await db().execute(sql`delete from fiscal_counters`);
    const second = await docOf((await issue(conDatos.user.id)).id);
    expect(second.number).toBe(fiscalDocumentNumber('factura', first.sequence + 1));
    await db().execute(sql`update fiscal_counters set last_number = 0`);
    const third = await docOf((await issue(conDatos.user.id)).id);
    expect(third.number).toBe(fiscalDocumentNumber('factura', first.sequence + 2));
    await db().execute(sql`update fiscal_counters set last_number = last_number + 1000`);
    const fourth = await docOf((await issue(conDatos.user.id)).id);
    expect(fourth.number).toBe(fiscalDocumentNumber('factura', first.sequence + 3));
  });

  it('numbers concurrent facturas one after another after the counter is deleted', async () => {
    const from = await nextFacturaSequence();
    await db().execute(sql`delete from fiscal_counters`);
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => issue(conDatos.user.id)));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill('fulfilled'));
    const numbers = await Promise.all(
      results.map(async (r) => (await docOf((r as PromiseFulfilledResult<{ id: string }>).value.id)).sequence),
    );
    expect(numbers.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5].map((i) => from + i));
  });

  it('a factura whose number cannot be taken answers in Spanish and issues nothing', async () => {
    const next = await nextFacturaSequence();
    // A document already holding the next factura's number (a hand-made row): the number is taken.
    const { id: _id, issueOrder: _o, ...copy } = await docOf((await issue(conDatos.user.id)).id);
    await db()
      .insert(fiscalDocuments)
      .values({
        ...copy,
        kind: 'nota_de_debito',
        sequence: 900000,
        number: fiscalDocumentNumber('factura', next + 1),
        invoiceId: null,
        status: 'pendiente_numero_control',
        controlNumber: null,
      });
    const [before] = await db().select({ n: count() }).from(invoices);
    const err = await trpcError(issue(conDatos.user.id));
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toBe(FISCAL_MESSAGES.numberingFailed);
    const [after] = await db().select({ n: count() }).from(invoices);
    expect(after!.n).toBe(before!.n);
  });
});
