// A finished repack in a ship request (docs/product/last-mile.md#the-ship-request) is one box: priced
// once with its weight and measures, its parcels travel together and never alone.
import { eq } from 'drizzle-orm';
import { SHIP_REQUEST_MESSAGES as M, fromCents } from '@casillero/shared';
import { invoices, packages, repackRequests, shipmentPackages, shipments } from '../../db/schema';
import { trpcError } from '../../test/caller';
import { guiaCustomsCents } from '../../test/customs-charge';
import type { CustomerWithMailbox } from '../../test/factories';
import { describe, expect, it } from 'vitest';
import {
  useShipRequests,
  db,
  admin,
  maria,
  pedro,
  as,
  tag,
  parcel,
  recipient,
  usaCents,
} from '../../test/ship-requests';

useShipRequests();

describe('ship requests: a finished repack', () => {
  /** The customer asks to consolidate the parcels; the warehouse finishes the box. */
  async function finishedRepack(c: CustomerWithMailbox, parcelIds: string[], weightKg: number, dimensionsCm: string) {
    const { id } = await as(c).repacks.request({ packageIds: parcelIds, shippingMethod: 'aereo' });
    const warehouseReceipt = `WR-RPK-${tag()}`;
    await admin.caller.repacks.process({ id, warehouseReceipt, weightKg, dimensionsCm });
    return { id, warehouseReceipt };
  }

  it('is offered as one box and priced once, like the calculator prices that box', async () => {
    const a = await parcel(maria, 2, '30x20x15', 120);
    const b = await parcel(maria, 3, '40x30x20', 200);
    const box = await finishedRepack(maria, [a, b], 5.5, '50x40x30');
    const offered = (await as(maria).shipRequests.repacks()).find((r) => r.id === box.id);
    expect(offered).toMatchObject({ warehouseReceipt: box.warehouseReceipt, weightKg: 5.5, dimensionsCm: '50x40x30' });
    expect(offered?.packageIds.sort()).toEqual([a, b].sort());

    const quote = await as(maria).shipRequests.quote({ repackIds: [box.id], shippingMethod: 'aereo' });
    // The box's weight and measures, with the declared value of what it holds.
    const boxCents = usaCents(5.5, [50, 40, 30], fromCents(120 + 200), 'aereo');
    expect(quote.repacks).toEqual([
      {
        id: box.id,
        label: box.warehouseReceipt,
        weightKg: 5.5,
        dimensionsCm: '50x40x30',
        packageCount: 2,
        shippingUsdCents: boxCents,
        // What the two parcels inside declare: the value insured if the box is insured.
        declaredUsdCents: 120 + 200,
        // For the customs estimate: each parcel inside with its declared value and category.
        items: expect.any(Array),
      },
    ]);
    expect(quote.repacks[0]!.items.toSorted((x, y) => x.declaredValueUsdCents - y.declaredValueUsdCents)).toEqual([
      { packageId: a, category: 'other', declaredValueUsdCents: 120 },
      { packageId: b, category: 'other', declaredValueUsdCents: 200 },
    ]);
    expect(quote.parcels).toEqual([]);
    // The freight and the customs estimate of the guía: the repack is one box.
    expect(quote.freightUsdCents).toBe(boxCents);
    expect(quote.importTaxesUsdCents).toBe(await guiaCustomsCents(db(), [a, b], 'air', boxCents, 0, 1));
    expect(quote.shippingUsdCents).toBe(boxCents + quote.importTaxesUsdCents);
    expect(quote.totalWeightKg).toBe(5.5);

    // Next to a loose parcel, each is priced on its own.
    const loose = await parcel(maria, 1, '20x20x20');
    const both = await as(maria).shipRequests.quote({
      packageIds: [loose],
      repackIds: [box.id],
      shippingMethod: 'aereo',
    });
    expect(both.freightUsdCents).toBe(boxCents + usaCents(1, [20, 20, 20], fromCents(80), 'aereo'));
  });

  it('sends all of its parcels in the shipment and marks the repack shipped; twice is refused', async () => {
    const a = await parcel(maria, 2, '30x20x15');
    const b = await parcel(maria, 1, '20x20x10');
    const box = await finishedRepack(maria, [a, b], 3.2, '35x30x25');
    const home = await recipient(maria, 'Distrito Capital', 'Caracas');
    const request = () =>
      as(maria).shipRequests.create({
        repackIds: [box.id],
        shippingMethod: 'aereo',
        recipientId: home,
        deliveryMethod: 'home',
      });
    const done = await request();
    const linked = await db().select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, done.shipmentId));
    expect(linked.map((l) => l.packageId).sort()).toEqual([a, b].sort());
    const moved = await db().select({ status: packages.status }).from(packages).where(eq(packages.id, a));
    expect(moved[0].status).toBe('in_shipment');
    const [repack] = await db().select().from(repackRequests).where(eq(repackRequests.id, box.id));
    expect(repack.status).toBe('shipped');
    expect(repack.shippedAt).not.toBeNull();

    const [s] = await db().select().from(shipments).where(eq(shipments.id, done.shipmentId));
    const boxCents = usaCents(3.2, [35, 30, 25], fromCents(160), 'aereo');
    const [invoice] = await db().select().from(invoices).where(eq(invoices.shipmentId, s.id));
    expect(invoice.lines[0]).toEqual({
      description: M.lineShipping(s.shipmentCode, 2, 'Aéreo'),
      usdCents: boxCents,
      kind: 'shipping',
    });
    // The estimate charged is the guía's with the repack as one box, and the one her invoice shows.
    const charged = invoice.lines.find((l) => l.kind === 'import_taxes');
    expect(charged?.usdCents).toBe(await guiaCustomsCents(db(), [a, b], 'air', boxCents, 0, 1));
    const shown = (await as(maria).billing.mine()).invoices.find((i) => i.id === invoice.id)?.customs;
    expect(shown?.estimate.usdCents.total).toBe(charged?.usdCents);
    expect(s.totalWeightKg).toBe(3.2);
    // No longer offered, and a second request is refused like a parcel already requested.
    expect((await as(maria).shipRequests.repacks()).some((r) => r.id === box.id)).toBe(false);
    const again = await trpcError(request());
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe(M.alreadyRequested);
  });

  it('refuses one of its parcels ticked alone or with the repack', async () => {
    const a = await parcel(maria, 2, '30x20x15');
    const b = await parcel(maria, 1, '20x20x10');
    const box = await finishedRepack(maria, [a, b], 3, '35x30x25');
    const [{ wr }] = await db().select({ wr: packages.warehouseReceipt }).from(packages).where(eq(packages.id, a));
    const home = await recipient(maria, 'Aragua', 'Maracay');
    for (const choice of [{ packageIds: [a] }, { packageIds: [a], repackIds: [box.id] }]) {
      const err = await trpcError(
        as(maria).shipRequests.create({
          ...choice,
          shippingMethod: 'aereo',
          recipientId: home,
          deliveryMethod: 'home',
        }),
      );
      expect(err.code).toBe('CONFLICT');
      expect(err.message).toBe(M.packageInFinishedRepack(wr!, box.warehouseReceipt));
    }
    // Nothing moved.
    const [repack] = await db().select().from(repackRequests).where(eq(repackRequests.id, box.id));
    expect(repack.status).toBe('processed');
    expect(await db().select().from(shipmentPackages).where(eq(shipmentPackages.packageId, a))).toHaveLength(0);
  });

  it('answers another customer’s repack as a missing one', async () => {
    const his = await parcel(pedro, 2, '30x20x15');
    const box = await finishedRepack(pedro, [his], 2, '30x20x15');
    const quoteErr = await trpcError(as(maria).shipRequests.quote({ repackIds: [box.id], shippingMethod: 'aereo' }));
    expect(quoteErr.code).toBe('NOT_FOUND');
    expect(quoteErr.message).toBe(M.repackNotFound);
    const createErr = await trpcError(
      as(maria).shipRequests.create({
        repackIds: [box.id],
        shippingMethod: 'aereo',
        recipientId: await recipient(maria, 'Lara', 'Barquisimeto'),
        deliveryMethod: 'home',
      }),
    );
    expect(createErr.code).toBe('NOT_FOUND');
    expect(createErr.message).toBe(M.repackNotFound);
    expect((await as(maria).shipRequests.repacks()).some((r) => r.id === box.id)).toBe(false);
    const [repack] = await db().select().from(repackRequests).where(eq(repackRequests.id, box.id));
    expect(repack.status).toBe('processed');
  });
});
