import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PREALERT_MESSAGES } from '@casillero/shared';
import type { Database } from '../../db/client';
import { mailboxes, prealerts, storedFiles, trackings } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { trpcError } from '../../test/caller';
import { customerWithActiveMailbox, signedInCustomer } from '../../test/factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

const purchase = {
  trackingNumber: 'tba123456789',
  carrier: 'Amazon' as const,
  senderName: 'Amazon',
  description: 'Audífonos inalámbricos',
  quantityItems: 2,
  amountSpentUsdCents: 8997,
  estimatedWeight: 1.2,
  estimatedValueUsdCents: 8997,
  notes: 'Regalo',
};

async function invoiceOf(userId: string) {
  const id = randomUUID();
  await db()
    .insert(storedFiles)
    .values({
      id,
      ownerUserId: userId,
      kind: 'invoice',
      storageKey: `invoices/${id}.pdf`,
      contentType: 'application/pdf',
      sizeBytes: 10,
    });
  return id;
}

describe('pre-alerts', () => {
  it('creates a pending pre-alert into the only active mailbox and lists it with every field', async () => {
    const { caller, user } = await customerWithActiveMailbox(db());
    const invoiceFileId = await invoiceOf(user.id);
    const { id, message } = await caller.prealerts.create({ ...purchase, invoiceFileId });
    expect(message).toBe(PREALERT_MESSAGES.created);
    const [row] = await caller.prealerts.mine();
    const [box] = await caller.mailboxes.mine();
    expect(row).toMatchObject({
      id,
      trackingNumber: 'TBA123456789',
      carrier: 'Amazon',
      senderName: 'Amazon',
      description: 'Audífonos inalámbricos',
      quantityItems: 2,
      amountSpentUsdCents: 8997,
      estimatedWeight: 1.2,
      estimatedValueUsdCents: 8997,
      estadoTracking: 'Prealertado',
      notes: 'Regalo',
      status: 'pending',
      mailboxId: box.id,
      mailboxCode: box.mailboxCode,
      invoiceFileId,
      isEditable: true,
      matchedTracking: null,
    });
  });

  it('refuses a pre-alert into an inactive mailbox, created there or moved there, and changes nothing', async () => {
    // A new customer's casillero stays inactive until its activation payment is approved.
    const { caller, user } = await signedInCustomer(db());
    const [inactive] = await caller.mailboxes.mine();
    expect(inactive.status).toBe('inactive');
    const refused = await trpcError(caller.prealerts.create({ ...purchase, mailboxId: inactive.id }));
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: PREALERT_MESSAGES.mailboxInactive });
    expect(await caller.prealerts.mine()).toEqual([]);

    // Without a choice, an inactive casillero is not the default either.
    const { id } = await caller.prealerts.create(purchase);
    expect((await caller.prealerts.mine())[0]).toMatchObject({ id, mailboxId: null });
    const moved = await trpcError(caller.prealerts.update({ id, ...purchase, mailboxId: inactive.id }));
    expect(moved).toMatchObject({ code: 'BAD_REQUEST', message: PREALERT_MESSAGES.mailboxInactive });
    expect((await caller.prealerts.mine())[0]).toMatchObject({ id, mailboxId: null });

    // A pre-alert already in a casillero that was closed later can still be edited where it is.
    await db().update(mailboxes).set({ status: 'active' }).where(eq(mailboxes.userId, user.id));
    await caller.prealerts.update({ id, ...purchase, mailboxId: inactive.id });
    await db().update(mailboxes).set({ status: 'inactive' }).where(eq(mailboxes.userId, user.id));
    await caller.prealerts.update({ id, ...purchase, mailboxId: inactive.id, notes: 'Sigue aquí' });
    expect((await caller.prealerts.mine())[0]).toMatchObject({ mailboxId: inactive.id, notes: 'Sigue aquí' });
  });

  it('validates items, amounts and weight, and refuses a repeated tracking number', async () => {
    const { caller } = await signedInCustomer(db());
    expect((await trpcError(caller.prealerts.create({ ...purchase, quantityItems: 0 }))).message).toBe(
      PREALERT_MESSAGES.itemsMin,
    );
    expect((await trpcError(caller.prealerts.create({ ...purchase, amountSpentUsdCents: -100 }))).message).toBe(
      PREALERT_MESSAGES.amountMin,
    );
    expect((await trpcError(caller.prealerts.create({ ...purchase, estimatedWeight: 0.05 }))).message).toBe(
      PREALERT_MESSAGES.weightMin,
    );
    expect((await trpcError(caller.prealerts.create({ ...purchase, estimatedValueUsdCents: -500 }))).message).toBe(
      PREALERT_MESSAGES.valueMin,
    );
    expect((await trpcError(caller.prealerts.create({ ...purchase, carrier: 'Correos' as never }))).code).toBe(
      'BAD_REQUEST',
    );
    await caller.prealerts.create(purchase);
    const dup = await trpcError(caller.prealerts.create({ ...purchase, trackingNumber: 'TBA123456789' }));
    expect(dup.code).toBe('CONFLICT');
    expect(dup.message).toBe(PREALERT_MESSAGES.duplicateTracking);
  });

  it('twenty simultaneous submits of one tracking number make one pre-alert and clear refusals', async () => {
    const { caller, user } = await signedInCustomer(db());
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => caller.prealerts.create({ ...purchase, trackingNumber: 'CARRERA12345' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refusals.map((r) => (r.reason as Error).message)).toEqual(
      Array(19).fill(PREALERT_MESSAGES.duplicateTracking),
    );
    expect(await db().select({ id: prealerts.id }).from(prealerts).where(eq(prealerts.userId, user.id))).toHaveLength(
      1,
    );
  });

  it('edits while pending or confirmed, adds a missing tracking number once, refuses once converted', async () => {
    const { caller } = await signedInCustomer(db());
    const { id } = await caller.prealerts.create({ ...purchase, trackingNumber: null });
    await caller.prealerts.update({
      ...purchase,
      id,
      trackingNumber: 'NUEVO12345',
      quantityItems: 3,
      estadoTracking: 'En tránsito',
    });
    let [row] = await caller.prealerts.mine();
    expect(row).toMatchObject({ trackingNumber: 'NUEVO12345', quantityItems: 3, estadoTracking: 'En tránsito' });
    const fixed = await trpcError(caller.prealerts.update({ ...purchase, id, trackingNumber: 'OTRO123456' }));
    expect(fixed.message).toBe(PREALERT_MESSAGES.trackingNumberFixed);

    await db().update(prealerts).set({ status: 'confirmed' }).where(eq(prealerts.id, id));
    await caller.prealerts.update({ ...purchase, id, trackingNumber: 'NUEVO12345', description: 'Audífonos y funda' });
    [row] = await caller.prealerts.mine();
    expect(row.description).toBe('Audífonos y funda');

    await db().update(prealerts).set({ status: 'converted', convertedAt: new Date() }).where(eq(prealerts.id, id));
    const refused = await trpcError(
      caller.prealerts.update({ ...purchase, id, trackingNumber: 'NUEVO12345', description: 'Cambio tardío' }),
    );
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toBe(PREALERT_MESSAGES.notEditable);
    [row] = await caller.prealerts.mine();
    expect(row).toMatchObject({ description: 'Audífonos y funda', isEditable: false });
  });

  it('shows the warehouse tracking that matches a pending pre-alert', async () => {
    const { caller, user } = await signedInCustomer(db());
    const { id } = await caller.prealerts.create({ ...purchase, trackingNumber: 'MATCH123456' });
    const [box] = await caller.mailboxes.mine();
    await db().insert(trackings).values({
      trackingNumber: 'MATCH123456',
      userId: user.id,
      mailboxId: box.id,
      description: 'Audífonos inalámbricos',
      carrier: 'Amazon',
      senderName: 'Amazon',
      status: 'arrived',
    });
    const [row] = await caller.prealerts.mine();
    expect(row.id).toBe(id);
    expect(row.matchedTracking).toMatchObject({ trackingNumber: 'MATCH123456', status: 'arrived' });
  });

  it('a customer can neither see nor edit another customer’s pre-alerts, mailboxes or invoices', async () => {
    const a = await signedInCustomer(db());
    const b = await signedInCustomer(db());
    const { id } = await b.caller.prealerts.create(purchase);
    const [bBox] = await b.caller.mailboxes.mine();
    const bInvoice = await invoiceOf(b.user.id);
    expect(await a.caller.prealerts.mine()).toEqual([]);
    const edit = await trpcError(a.caller.prealerts.update({ ...purchase, id, description: 'Intrusión' }));
    expect(edit.code).toBe('NOT_FOUND');
    expect(
      (await trpcError(a.caller.prealerts.create({ ...purchase, trackingNumber: null, mailboxId: bBox.id }))).code,
    ).toBe('NOT_FOUND');
    expect(
      (await trpcError(a.caller.prealerts.create({ ...purchase, trackingNumber: null, invoiceFileId: bInvoice }))).code,
    ).toBe('NOT_FOUND');
    const [own] = await b.caller.prealerts.mine();
    expect(own.description).toBe(purchase.description);
  });
});
