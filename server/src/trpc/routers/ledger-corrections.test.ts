// The four-eyes rule on the ledger: a correction of LEDGER_SECOND_APPROVAL_USD or more waits for a
// second staff member; the one who asked cannot decide it; the audit log names both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BILLING_MESSAGES, formatUsdCents } from '@casillero/shared';
import type { Database } from '../../db/client';
import { auditLog, ledgerCorrectionRequests, ledgerEntries } from '../../db/schema';
import { testConfig } from '../../env';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { signedInAdmin, signedInCustomer, signedInStaff } from '../../test/factories';

const THRESHOLD_CENTS = 20_000;
let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL, ledgerSecondApprovalUsdCents: THRESHOLD_CENTS });
type Person = { visitor: Parameters<typeof callerFor>[1]; user: { id: string } };
let caja: Person;
let admin: Person;
const as = (p: Person) => callerFor(db(), p.visitor, config);

beforeAll(async () => {
  database = await createTestDatabase();
  caja = await signedInStaff(db(), 'caja');
  admin = await signedInAdmin(db());
});
afterAll(async () => {
  await database.close();
});

/** The corrections entered on a customer's ledger (a credit may also pay open invoices: other kinds). */
const entriesOf = (userId: string) =>
  db()
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'adjustment')));

describe('ledger corrections and the four-eyes rule', () => {
  it('below the threshold a correction is entered at once', async () => {
    const c = await signedInCustomer(db());
    const before = (await entriesOf(c.user.id)).length;
    const result = await as(caja).billing.recordEntry({
      userId: c.user.id,
      kind: 'adjustment',
      amountUsd: -199.99,
      reason: 'Cortesía por demora',
    });
    expect(result.message).toBe(BILLING_MESSAGES.adjustmentSaved);
    expect((await entriesOf(c.user.id)).length).toBe(before + 1);
  });

  it('at the threshold it waits; the person who asked cannot decide it; another approves it once, and the audit log names both', async () => {
    const c = await signedInCustomer(db());
    const before = (await entriesOf(c.user.id)).length;
    const asked = await as(caja).billing.recordEntry({
      userId: c.user.id,
      kind: 'adjustment',
      amountUsd: -200,
      reason: 'Compensación por paquete dañado',
    });
    expect(asked.message).toBe(
      BILLING_MESSAGES.correctionPending(formatUsdCents(20_000), formatUsdCents(THRESHOLD_CENTS)),
    );
    expect((await entriesOf(c.user.id)).length).toBe(before);
    const [pending] = (await as(admin).billing.customerAccount({ userId: c.user.id })).pendingCorrections;
    expect(pending).toMatchObject({
      kind: 'adjustment',
      usdCents: -20_000,
      reason: 'Compensación por paquete dañado',
      requestedBy: caja.user.id,
    });

    const own = await trpcError(as(caja).billing.decideCorrection({ id: pending.id, approve: true }));
    expect(own).toMatchObject({ code: 'FORBIDDEN', message: BILLING_MESSAGES.correctionOwnRequest });
    expect((await entriesOf(c.user.id)).length).toBe(before);

    const approved = await as(admin).billing.decideCorrection({ id: pending.id, approve: true });
    expect(approved.message).toBe(BILLING_MESSAGES.correctionApproved);
    const entries = await entriesOf(c.user.id);
    expect(entries.length).toBe(before + 1);
    expect(entries.at(-1)).toMatchObject({
      kind: 'adjustment',
      usdCents: -20_000,
      description: 'Compensación por paquete dañado',
      createdBy: admin.user.id,
    });
    expect((await as(admin).billing.customerAccount({ userId: c.user.id })).pendingCorrections).toEqual([]);

    const again = await trpcError(as(admin).billing.decideCorrection({ id: pending.id, approve: false }));
    expect(again).toMatchObject({ code: 'CONFLICT', message: BILLING_MESSAGES.correctionAlreadyDecided });

    const trail = await db()
      .select({ actorId: auditLog.actorId, action: auditLog.action, operation: auditLog.operation })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'ledger_correction_requests'), eq(auditLog.entityId, pending.id)))
      .orderBy(auditLog.id);
    expect(trail).toEqual([
      { actorId: caja.user.id, action: 'billing.recordEntry', operation: 'insert' },
      { actorId: admin.user.id, action: 'billing.decideCorrection', operation: 'update' },
    ]);
  });

  it('a rejected correction moves nothing, and the database itself refuses a decision by the person who asked', async () => {
    const c = await signedInCustomer(db());
    const before = await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, c.user.id));
    await as(admin).billing.recordEntry({
      userId: c.user.id,
      kind: 'adjustment',
      amountUsd: 350,
      reason: 'Cargo por almacenaje extra',
    });
    const [pending] = (await as(caja).billing.customerAccount({ userId: c.user.id })).pendingCorrections;
    const rejected = await as(caja).billing.decideCorrection({ id: pending.id, approve: false });
    expect(rejected.message).toBe(BILLING_MESSAGES.correctionRejected);
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.userId, c.user.id))).toEqual(before);

    await as(caja).billing.recordEntry({ userId: c.user.id, kind: 'adjustment', amountUsd: 300, reason: 'Otro cargo' });
    const [mine] = (await as(caja).billing.customerAccount({ userId: c.user.id })).pendingCorrections;
    const refused = await db()
      .update(ledgerCorrectionRequests)
      .set({ status: 'approved', decidedBy: caja.user.id, decidedAt: new Date() })
      .where(eq(ledgerCorrectionRequests.id, mine.id))
      .then(
        () => null,
        (err: Error) => err,
      );
    expect(String((refused?.cause as Error | undefined)?.message ?? refused?.message)).toMatch(
      /ledger_correction_requests_four_eyes/,
    );
  });

  it('a refund that waited is checked against the credit again when approved', async () => {
    const c = await signedInCustomer(db());
    await as(admin).billing.recordEntry({
      userId: c.user.id,
      kind: 'adjustment',
      amountUsd: -199,
      reason: 'Saldo a favor',
    });
    await as(admin).billing.recordEntry({ userId: c.user.id, kind: 'refund', amountUsd: 250, reason: 'Devolución' });
    const [pending] = (await as(caja).billing.customerAccount({ userId: c.user.id })).pendingCorrections;
    const refused = await trpcError(as(caja).billing.decideCorrection({ id: pending.id, approve: true }));
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: BILLING_MESSAGES.refundExceedsCredit });
    expect((await as(caja).billing.customerAccount({ userId: c.user.id })).pendingCorrections).toHaveLength(1);
  });
});
