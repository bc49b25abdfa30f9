// docs/product/security.md#only-your-own: customer A can neither read, change nor download anything of customer B's.
// Walks every customer procedure of the app router whose input names an id, calls it as A with B's
// ids from the table (test/ownership-inputs.ts), and expects NOT_FOUND, as if B's resource did not
// exist; then reads B's data as B to see nothing moved.

import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '@casillero/shared';
import { allProcedures, customerIdProcedures, FOREIGN_INPUTS, QUERY_INPUTS, fieldOf } from '../test/ownership-inputs';
import { useOwnership, ana, beto, fixture, as, call, errorCode, betoView, anaView } from '../test/ownership';

useOwnership();

describe('ownership matrix (docs/product/security.md#only-your-own)', () => {
  it('finds the customer procedures that take an id, and the table names each one and each id field', () => {
    const detected = Object.fromEntries(customerIdProcedures.map((p) => [p.path, p.idFields]));
    // Printed so a reader sees what the walk found.
    console.info(
      `Customer procedures with an id input:\n${customerIdProcedures.map((p) => `  ${p.path} (${p.idFields.join(', ')})`).join('\n')}`,
    );
    expect(customerIdProcedures.length).toBeGreaterThan(5);
    expect(Object.keys(FOREIGN_INPUTS).sort()).toEqual(Object.keys(detected).sort());
    for (const [path, cases] of Object.entries(FOREIGN_INPUTS)) {
      expect([...new Set(Object.keys(cases).map(fieldOf))].sort(), path).toEqual(detected[path]);
    }
  });

  it("answers NOT_FOUND to every call of customer A's that names one of customer B's ids, and nothing of B's or A's changes", async () => {
    const betoBefore = await betoView();
    const anaBefore = await anaView();

    const answers: string[] = [];
    const expected: string[] = [];
    for (const [path, cases] of Object.entries(FOREIGN_INPUTS)) {
      for (const [label, input] of Object.entries(cases)) {
        answers.push(`${path} [${label}]: ${await errorCode(call(as(ana), path, input(fixture)))}`);
        expected.push(`${path} [${label}]: NOT_FOUND`);
      }
    }
    expect(answers).toEqual(expected);

    // B's data, read as B: the same as before, field by field.
    const betoAfter = await betoView();
    expect(betoAfter).toEqual(betoBefore);
    // …spelled out for the ones a stray write would touch first.
    const b = as(beto);
    expect((await b.auth.me()).user?.id).toBe(fixture.b.userId);
    expect((await b.account.sessions()).map((s) => s.id)).toContain(fixture.b.sessionId);
    expect(await b.payments.get({ id: fixture.b.activationPaymentId })).toMatchObject({
      status: 'pending',
      reportedAt: null,
      paymentReference: null,
      receiptFileId: null,
      canReport: true,
    });
    expect(await b.payments.get({ id: fixture.b.reportedPaymentId })).toMatchObject({
      status: 'pending',
      receiptFileId: fixture.b.receiptFileId,
    });
    for (const id of [fixture.b.activationInvoiceId, fixture.b.shipmentInvoiceId]) {
      expect(await b.billing.invoice({ id })).toMatchObject({ status: 'pending', payments: [] });
    }
    const prealert = (await b.prealerts.mine()).find((p) => p.id === fixture.b.prealertId)!;
    expect(prealert).toMatchObject({
      description: 'Zapatos deportivos de Beto',
      quantityItems: 2,
      senderName: 'Tienda de Beto',
      notes: 'Frágil',
      mailboxId: fixture.b.mailboxId,
      invoiceFileId: fixture.b.invoiceFileId,
      status: 'pending',
    });
    const notification = (await b.notifications.mine({ pageSize: MAX_PAGE_SIZE })).items.find(
      (n) => n.id === fixture.b.notificationId,
    )!;
    expect(notification.read).toBe(false);
    // B's only repack request is the finished one, its box still waiting to be sent.
    expect((await b.repacks.mine()).map((r) => [r.id, r.status])).toEqual([[fixture.b.repackId, 'processed']]);
    expect((await b.shipRequests.repacks()).map((r) => r.id)).toEqual([fixture.b.repackId]);
    expect((await b.repacks.packages()).find((p) => p.id === fixture.b.packageId)).toMatchObject({
      inPendingRequest: false,
    });
    expect((await b.payments.payableTrackings()).map((t) => t.id)).toContain(fixture.b.trackingId);

    // A gained nothing either: no payment, pre-alert, repack request or notification of theirs.
    expect(await anaView()).toEqual(anaBefore);
  });

  it("never shows one of B's ids in what A's own customer queries answer", async () => {
    const bIds = Object.entries(fixture.b)
      .filter(([key]) => key !== 'email')
      .flatMap(([, id]) => (typeof id === 'string' ? [id] : Object.values(id)));
    const queries = allProcedures.filter((p) => p.access === 'user' && p.type === 'query' && p.idFields.length === 0);
    expect(queries.length).toBeGreaterThan(5);
    const leaks: string[] = [];
    for (const q of queries) {
      const answer = JSON.stringify(await call(as(ana), q.path, QUERY_INPUTS[q.path]));
      for (const id of [...bIds, fixture.b.email]) if (answer.includes(id)) leaks.push(`${q.path}: ${id}`);
    }
    expect(leaks).toEqual([]);
  });
});
