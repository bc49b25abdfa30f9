// The first step of most changes to a shipment: its row, locked until the transaction ends, so
// that two changes of one shipment apply one after the other.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { shipments } from '../db/schema';
import { DomainError } from '../lib/domain-error';

/** The shipment's row, locked for the change; NOT_FOUND with `notFound` when there is none. */
export async function lockShipment(tx: DbOrTx, id: string, notFound: string) {
  const [row] = await tx.select().from(shipments).where(eq(shipments.id, id)).for('update');
  if (!row) throw new DomainError('NOT_FOUND', notFound);
  return row;
}
