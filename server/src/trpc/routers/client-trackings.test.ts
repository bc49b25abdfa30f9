import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackingStatus } from '@casillero/shared';
import type { Database } from '../../db/client';
import { trackingHistory, trackings } from '../../db/schema';
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

let counter = 0;
/** A tracking of the customer's, having gone through the given statuses (oldest first). */
async function trackingFor(userId: string, mailboxId: string, statuses: TrackingStatus[]) {
  counter++;
  const [row] = await db()
    .insert(trackings)
    .values({
      trackingNumber: `CT${Date.now()}${counter}`,
      userId,
      mailboxId,
      description: 'Zapatos deportivos talla 40',
      carrier: 'UPS',
      senderName: 'Nike',
      estimatedWeight: 1.5,
      actualWeight: 1.7,
      estimatedValueUsdCents: 12000,
      status: statuses.at(-1)!,
      notes: 'Nota interna del almacén',
    })
    .returning({ id: trackings.id, trackingNumber: trackings.trackingNumber });
  const start = Date.now() - statuses.length * 3_600_000;
  await db()
    .insert(trackingHistory)
    .values(
      statuses.map((status, i) => ({
        trackingId: row.id,
        status,
        message: `Paso ${i + 1}`,
        createdAt: new Date(start + i * 3_600_000),
      })),
    );
  return row;
}

describe('Mis Trackings', () => {
  it('lists own trackings with status, carrier, weights, values and mailbox code; never internal notes', async () => {
    const { caller, user } = await signedInCustomer(db());
    const [box] = await caller.mailboxes.mine();
    const t = await trackingFor(user.id, box.id, ['created', 'in_transit', 'ready_to_ship']);
    const [row] = await caller.trackings.mine();
    expect(row).toMatchObject({
      id: t.id,
      trackingNumber: t.trackingNumber,
      status: 'ready_to_ship',
      carrier: 'UPS',
      estimatedWeight: 1.5,
      actualWeight: 1.7,
      estimatedValueUsdCents: 12000,
      mailboxCode: box.mailboxCode,
    });
    expect(row).not.toHaveProperty('notes');
    expect(row).not.toHaveProperty('priority');
  });

  it('shows the whole history newest first', async () => {
    const { caller, user } = await signedInCustomer(db());
    const [box] = await caller.mailboxes.mine();
    const t = await trackingFor(user.id, box.id, ['created', 'in_transit', 'arrived', 'in_warehouse']);
    const detail = await caller.trackings.mineDetail({ id: t.id });
    expect(detail.history.map((h) => h.status)).toEqual(['in_warehouse', 'arrived', 'in_transit', 'created']);
    expect(detail.history[0]).not.toHaveProperty('createdBy');
  });

  it('a customer cannot list or open another customer’s tracking', async () => {
    const a = await signedInCustomer(db());
    const b = await signedInCustomer(db());
    const [bBox] = await b.caller.mailboxes.mine();
    const t = await trackingFor(b.user.id, bBox.id, ['created']);
    expect(await a.caller.trackings.mine()).toEqual([]);
    expect((await trpcError(a.caller.trackings.mineDetail({ id: t.id }))).code).toBe('NOT_FOUND');
    expect((await b.caller.trackings.mineDetail({ id: t.id })).id).toBe(t.id);
  });
});
