// A payment in bolívares that pays an invoice and leaves the rest as credit is split in two ledger
// entries (docs/decisions/021-billing-in-bolivares.md): their Bs. add up to exactly what was paid,
// never a céntimo more, however each half rounds.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { ledgerEntries } from '../db/schema';
import { createTestDatabase } from '../test/db';
import { recordRate, signedInCustomer } from '../test/factories';
import { creditApprovedPayment } from './billing/approved-payments';
import { issueInvoice } from './billing/invoices';

let database: Database;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  await recordRate(db(), '36.5');
});
afterAll(async () => {
  await database?.close();
});

describe('a payment in bolívares split between its invoice and the account', () => {
  it('enters the Bs. paid, to the céntimo, across its two entries', async () => {
    const c = await signedInCustomer(db(), { nombre: 'Berta Bolívares' });
    const paymentId = randomUUID();
    await db().transaction(async (tx) => {
      const invoice = await issueInvoice(tx, {
        userId: c.user.id,
        concept: 'course_purchase',
        description: 'Curso',
        lines: [{ description: 'Curso', usdCents: 1_000, kind: 'course' }],
      });
      // Bs. 730,01 at 36,5 are $20,00: $10,00 pay the invoice and $10,00 stay as credit; each half
      // is Bs. 365,005, which rounded alone would be Bs. 365,01 twice: Bs. 730,02.
      await creditApprovedPayment(
        tx,
        {
          id: paymentId,
          userId: c.user.id,
          transactionType: 'course_purchase',
          description: 'Curso',
          currency: 'VES',
          amountUsdCents: 2_000,
          amountVesCents: 73_001,
          invoiceId: invoice.id,
        },
        null,
      );
    });
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
    expect(entries.map((e) => e.usdCents).sort()).toEqual([-1_000, -1_000]);
    expect(entries.reduce((sum, e) => sum + (e.vesCentimos ?? 0), 0)).toBe(-73_001);
  });
});
