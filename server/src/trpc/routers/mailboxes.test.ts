import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACTIVATION_COST_USD_CENTS, MAILBOX_COUNTRY_LABELS, MAILBOX_MESSAGES } from '@casillero/shared';
import type { Database } from '../../db/client';
import { mailboxes, paymentTransactions } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { trpcError } from '../../test/caller';
import { signedInCustomer } from '../../test/factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

describe('mailboxes', () => {
  it('lists the own mailbox with its full address and its pending activation payment', async () => {
    const { caller } = await signedInCustomer(db(), { type: 'usa' });
    const [box] = await caller.mailboxes.mine();
    expect(box).toMatchObject({ country: 'USA', status: 'inactive', city: 'Miami', state: 'FL', postalCode: '33166' });
    expect(box.addressLine2).toBe(`REF/APTO: ${box.mailboxCode}`);
    expect(box.activation).toMatchObject({
      amountUsdCents: ACTIVATION_COST_USD_CENTS.usa,
      status: 'pending',
      reportedAt: null,
    });
  });

  it('opens the other country’s mailbox inactive with its activation payment, once', async () => {
    const { caller, user } = await signedInCustomer(db(), { type: 'usa' });
    const opened = await caller.mailboxes.open({ type: 'china' });
    expect(opened.mailboxCode).toMatch(/^BJS\d{6}$/);
    expect(opened.activationAmountUsdCents).toBe(ACTIVATION_COST_USD_CENTS.china);
    const boxes = await caller.mailboxes.mine();
    expect(boxes.map((b) => b.country)).toEqual(['USA', 'CHINA']);
    expect(boxes[1]).toMatchObject({ status: 'inactive', activation: { amountUsdCents: 999, status: 'pending' } });

    const again = await trpcError(caller.mailboxes.open({ type: 'china' }));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe(MAILBOX_MESSAGES.alreadyHas(MAILBOX_COUNTRY_LABELS.CHINA));
    const usa = await trpcError(caller.mailboxes.open({ type: 'usa' }));
    expect(usa.message).toBe(MAILBOX_MESSAGES.alreadyHas(MAILBOX_COUNTRY_LABELS.USA));

    expect(await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.userId, user.id))).toHaveLength(
      2,
    );
    expect(
      await db()
        .select({ id: paymentTransactions.id })
        .from(paymentTransactions)
        .where(eq(paymentTransactions.userId, user.id)),
    ).toHaveLength(2);
  });

  it('two simultaneous clicks open one mailbox and one payment', async () => {
    const { caller, user } = await signedInCustomer(db(), { type: 'china' });
    const results = await Promise.allSettled([
      caller.mailboxes.open({ type: 'usa' }),
      caller.mailboxes.open({ type: 'usa' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason.message).toBe(MAILBOX_MESSAGES.alreadyHas(MAILBOX_COUNTRY_LABELS.USA));
    expect(
      await db()
        .select({ id: paymentTransactions.id })
        .from(paymentTransactions)
        .where(eq(paymentTransactions.userId, user.id)),
    ).toHaveLength(2);
  });

  it('a customer sees only their own mailboxes and payments', async () => {
    const a = await signedInCustomer(db(), { type: 'usa' });
    const b = await signedInCustomer(db(), { type: 'usa' });
    const aBoxes = await a.caller.mailboxes.mine();
    const bBoxes = await b.caller.mailboxes.mine();
    expect(aBoxes).toHaveLength(1);
    expect(bBoxes).toHaveLength(1);
    expect(aBoxes[0].id).not.toBe(bBoxes[0].id);
    expect(aBoxes[0].activation!.id).not.toBe(bBoxes[0].activation!.id);
  });
});
