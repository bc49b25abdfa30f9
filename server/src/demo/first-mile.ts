// The first mile in the demo (docs/product/first-mile.md): María's purchases on their way from the
// stores, followed through the fake provider with the services the app uses. One in transit
// expected tomorrow, one out for delivery today, one delivered at our warehouse and received
// there (its WR), one delivered at our Doral address four days ago that nobody has received (the
// parcel search starts from it) and one with a carrier's incidencia. Notices are not sent here
// (the demo's transaction tells nobody).
import { inArray, sql } from 'drizzle-orm';
import { prealertCreateInput, trackingKey } from '@casillero/shared';
import { carrierShipments } from '../db/schema';
import { FakeTrackingProvider, type FakeScenario } from '../services/carrier-tracking/providers/fake';
import { applyInTransaction } from '../services/carrier-tracking/updates';
import { createOwnPrealert } from '../services/client-prealerts';
import type { DemoCast, DemoContext } from './context';
import type { DemoPrealerts } from './prealerts';

const HOUR = 3600 * 1000;

/** María's new purchases only the first mile shows. */
const NEW_PURCHASES = [
  {
    trackingNumber: '1Z8V92A40312345678',
    senderName: 'Nike',
    description: 'Zapatos deportivos Nike Pegasus 41, talla 38',
    valueUsdCents: 13000,
  },
  {
    trackingNumber: '9400111899223197428490',
    senderName: 'Walmart',
    description: 'Licuadora Oster de 6 velocidades',
    valueUsdCents: 5999,
  },
  {
    trackingNumber: '784512093375',
    senderName: 'Best Buy',
    description: 'Tableta Samsung Galaxy Tab A9 con funda',
    valueUsdCents: 17999,
  },
] as const;

export async function followFirstMile(ctx: DemoContext, cast: DemoCast, prealerts: DemoPrealerts): Promise<void> {
  const maria = cast.customers.maria;
  for (const p of NEW_PURCHASES) {
    const input = prealertCreateInput.parse({
      trackingNumber: p.trackingNumber,
      senderName: p.senderName,
      description: p.description,
      quantityItems: 1,
      estimatedValueUsdCents: p.valueUsdCents,
      mailboxId: maria.usa!.mailbox.id,
    });
    await createOwnPrealert(ctx.db, maria.id, input, ctx.config);
  }
  const now = ctx.now.getTime();
  // When each sequence started (the fake's steps: out for delivery at 52 h, delivered at 56 h).
  const plays: [string, FakeScenario, Date][] = [
    // In transit: arrived at the hub, delivery expected about a day from now.
    [prealerts.mariaPending.trackingNumber!, 'in_transit', new Date(now - 31 * HOUR)],
    [NEW_PURCHASES[0].trackingNumber, 'out_for_delivery', new Date(now - 53 * HOUR)],
    // Delivered a few hours before the warehouse received it, five days ago.
    [prealerts.mariaConverted.trackingNumber!, 'delivered', new Date(now - (5 * 24 + 60) * HOUR)],
    // Delivered at our address four days ago; no WR since.
    [NEW_PURCHASES[1].trackingNumber, 'delivered', new Date(now - (4 * 24 + 56) * HOUR)],
    [NEW_PURCHASES[2].trackingNumber, 'exception', new Date(now - 44 * HOUR)],
  ];
  const fake = new FakeTrackingProvider({ secret: 'demo', now: () => ctx.now });
  for (const [number, scenario, start] of plays) fake.start(number, start, scenario);
  const numbers = plays.map(([n]) => n);
  await ctx.tx
    .update(carrierShipments)
    .set({ registeredAt: sql`created_at`, nextPollAt: new Date(now + 6 * HOUR) })
    .where(inArray(carrierShipments.trackingKey, numbers.map(trackingKey)));
  await applyInTransaction(ctx.tx, 'fake', fake.updateFor(numbers, ctx.now), { now: ctx.now });
}
