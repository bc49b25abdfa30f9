// docs/product/prealerts-from-email.md: the customer's sender addresses, confirming or discarding a
// draft made from an e-mail, and a draft never confirmed still matched when the warehouse scans it.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PREALERT_MAIL_MESSAGES as M, PREALERT_MESSAGES } from '@casillero/shared';
import { prealerts } from '../../db/schema';
import {
  admin,
  ana,
  beto,
  customerCaller,
  db,
  prealertRow,
  receiveInput,
  staffCaller,
  upsNumber,
  useReception,
} from '../../test/reception';
import { trpcError } from '../../test/caller';

async function expectDomainError(promise: Promise<unknown>, code: string, message: string) {
  const err = await trpcError(promise);
  expect([err.code, err.message]).toEqual([code, message]);
}

useReception();

/** A draft as the pipeline makes it from a forwarded e-mail (its tracking and carrier read). */
async function draftOf(userId: string, trackingNumber: string | null, createdAt = new Date()) {
  const [row] = await db()
    .insert(prealerts)
    .values({
      userId,
      trackingNumber,
      carrier: trackingNumber ? 'UPS' : null,
      senderName: 'Amazon',
      description: 'Tu paquete de Amazon ha sido enviado',
      status: 'draft',
      emailFields: ['trackingNumber', 'carrier', 'senderName', 'description'],
      createdAt,
    })
    .returning({ id: prealerts.id });
  return row.id;
}

const form = (id: string, trackingNumber: string | null) => ({
  id,
  trackingNumber,
  carrier: 'UPS' as const,
  senderName: 'Amazon',
  description: 'Audífonos inalámbricos',
  quantityItems: 1,
  amountSpentUsdCents: 4999,
  mailboxId: null,
  invoiceFileId: null,
});

describe('sender addresses', () => {
  it('adds (lower-cased), refuses a duplicate, lists and removes the customer’s own', async () => {
    const c = customerCaller(ana);
    const added = await c.prealertMail.addSender({ email: 'Ana.Reenvios@Example.com' });
    expect(added).toMatchObject({ email: 'ana.reenvios@example.com', message: M.senderAdded });
    await expectDomainError(
      c.prealertMail.addSender({ email: 'ana.reenvios@example.com' }),
      'CONFLICT',
      M.senderDuplicate,
    );
    expect((await c.prealertMail.senders()).map((s) => s.email)).toEqual(['ana.reenvios@example.com']);
    expect(await customerCaller(beto).prealertMail.senders()).toEqual([]);
    await c.prealertMail.removeSender({ id: added.id });
    expect(await c.prealertMail.senders()).toEqual([]);
  });

  it('answers null for the address while no inbound domain is configured', async () => {
    expect(await customerCaller(ana).prealertMail.address()).toEqual({ address: null });
  });
});

describe('confirming a draft', () => {
  it('makes it a normal pending pre-alert with the corrections, once', async () => {
    const number = upsNumber();
    const id = await draftOf(ana.user.id, number);
    const saved = await customerCaller(ana).prealertMail.confirmDraft(form(id, number));
    expect(saved.message).toBe(M.confirmed);
    const row = await prealertRow(id);
    expect(row).toMatchObject({ status: 'pending', description: 'Audífonos inalámbricos', amountSpentUsdCents: 4999 });
    expect(row.draftConfirmedAt).not.toBeNull();
    await expectDomainError(customerCaller(ana).prealertMail.confirmDraft(form(id, number)), 'CONFLICT', M.notDraft);
  });

  it('lets the customer correct the tracking number read from the e-mail, but not into one they already pre-alerted', async () => {
    const mine = upsNumber();
    await customerCaller(ana).prealerts.create({ trackingNumber: mine, description: 'Libro', quantityItems: 1 });
    const id = await draftOf(ana.user.id, upsNumber());
    await expectDomainError(
      customerCaller(ana).prealertMail.confirmDraft(form(id, mine)),
      'CONFLICT',
      PREALERT_MESSAGES.duplicateTracking,
    );
    const corrected = upsNumber();
    await customerCaller(ana).prealertMail.confirmDraft(form(id, corrected));
    expect(await prealertRow(id)).toMatchObject({ status: 'pending', trackingNumber: corrected });
  });

  it('discards a draft, and only a draft', async () => {
    const id = await draftOf(ana.user.id, null);
    await customerCaller(ana).prealertMail.discardDraft({ id });
    expect(await db().select().from(prealerts).where(eq(prealerts.id, id))).toEqual([]);
    const { id: typed } = await customerCaller(ana).prealerts.create({
      trackingNumber: null,
      description: 'Revista',
      quantityItems: 1,
    });
    await expectDomainError(customerCaller(ana).prealertMail.discardDraft({ id: typed }), 'CONFLICT', M.notDraft);
  });
});

describe('a draft never confirmed', () => {
  it('is listed for staff as a draft, and still matched when the warehouse scans its number', async () => {
    const number = upsNumber();
    const old = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    const id = await draftOf(beto.user.id, number, old);
    const listed = await admin.prealerts.list({ status: 'draft' });
    expect(listed.rows.find((r) => r.id === id)).toMatchObject({ status: 'draft' });

    const saved = await staffCaller().reception.receive(receiveInput(number, { weightKg: 1.1 }));
    expect(saved).toMatchObject({ status: 'claimed', mailboxCode: beto.mailboxCode, customerNotified: true });
    expect(await prealertRow(id)).toMatchObject({ status: 'converted', convertedPackageId: saved.packageId });
  });
});
