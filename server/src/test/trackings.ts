// What the trackings tests start from: a customer whose mailbox is active, ready to receive
// trackings, and the create form's input with a fresh number.
import { eq } from 'drizzle-orm';
import type { TrackingCreateInput } from '@casillero/shared';
import type { Db } from '../db/client';
import { mailboxes } from '../db/schema';
import { signedInCustomer } from './factories';

/** A customer whose mailbox is active (approved activation), ready to receive trackings. */
export async function customerWithMailbox(db: Db, nombre = 'Ana Pérez') {
  const customer = await signedInCustomer(db, { nombre });
  const [mailbox] = await db
    .update(mailboxes)
    .set({ status: 'active' })
    .where(eq(mailboxes.userId, customer.user.id))
    .returning({ id: mailboxes.id, mailboxCode: mailboxes.mailboxCode });
  return { ...customer, mailbox };
}

let serial = 0;
export const trackingNumber = (prefix = 'TST') => `${prefix}${Date.now().toString(36)}${++serial}`.toUpperCase();

export function trackingForm(mailboxId: string, overrides: Partial<TrackingCreateInput> = {}): TrackingCreateInput {
  return {
    mailboxId,
    trackingNumber: trackingNumber(),
    carrier: 'UPS',
    description: 'Zapatos deportivos talla 38',
    senderName: 'Nike',
    ...overrides,
  };
}
