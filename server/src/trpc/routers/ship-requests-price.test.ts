// The ship request's price (docs/product/last-mile.md#the-ship-request): the public calculator's for
// the same parcels, the customs estimate of the shipment's guía (docs/product/customs.md#the-invoice),
// plus storage and the delivery fee of the recipient's zone, with the price list in effect; China
// parcels by sea only; another customer's parcel or recipient is a missing one.
import { eq } from 'drizzle-orm';
import {
  DELIVERY_FEE_DEFAULTS_USD_CENTS,
  DELIVERY_MESSAGES,
  SHIP_REQUEST_MESSAGES as M,
  caracasDay,
  caracasDayStart,
  quoteChina,
  PRICE_LIST_V1,
} from '@casillero/shared';
import { mailboxes, packages, priceQuotesSeen } from '../../db/schema';
import { trpcError } from '../../test/caller';
import { guiaCustomsCents } from '../../test/customs-charge';
import { describe, expect, it, vi } from 'vitest';
import { useShipRequests, db, admin, maria, pedro, as, parcel, recipient, usaCents } from '../../test/ship-requests';

useShipRequests();

describe('ship requests: the price', () => {
  it('prices the parcels like the public calculator, plus the delivery fee of the recipient’s zone', async () => {
    const a = await parcel(maria, 10, '50x40x30', 120);
    const b = await parcel(maria, 2.5, '30x20x15');
    const home = await recipient(maria, 'Carabobo', 'Valencia');
    const air = await as(maria).shipRequests.quote({
      packageIds: [a, b],
      shippingMethod: 'aereo',
      recipientId: home,
      deliveryMethod: 'home',
    });
    const freight = usaCents(10, [50, 40, 30], 120, 'aereo') + usaCents(2.5, [30, 20, 15], 80, 'aereo');
    const shipping = freight + (await guiaCustomsCents(db(), [a, b], 'air', freight));
    expect(air.origin).toBe('miami');
    expect(air.methods).toEqual(['aereo', 'maritimo']);
    expect(air.freightUsdCents).toBe(freight);
    expect(air.shippingUsdCents).toBe(shipping);
    expect(air.storageUsdCents).toBe(0);
    expect(air.deliveryUsdCents).toBe(DELIVERY_FEE_DEFAULTS_USD_CENTS.central);
    expect(air.totalUsdCents).toBe(shipping + DELIVERY_FEE_DEFAULTS_USD_CENTS.central);

    const sea = await as(maria).shipRequests.quote({ packageIds: [a, b], shippingMethod: 'maritimo' });
    const seaFreight = usaCents(10, [50, 40, 30], 120, 'maritimo') + usaCents(2.5, [30, 20, 15], 80, 'maritimo');
    // By sea too, the estimate is charged apart (the sea rate no longer includes the taxes).
    const seaCustoms = await guiaCustomsCents(db(), [a, b], 'sea', seaFreight);
    expect(seaCustoms).toBeGreaterThan(0);
    expect(sea.importTaxesUsdCents).toBe(seaCustoms);
    expect(sea.shippingUsdCents).toBe(seaFreight + seaCustoms);
    expect(sea.deliveryUsdCents).toBeNull();
  });

  it('charges the storage past the free days on top of the freight', async () => {
    const { freeDays, feePerDayUsdCents } = await admin.caller.storage.settings();
    const id = await parcel(maria, 3, '40x30x20');
    await db()
      .update(packages)
      .set({ receivedDate: new Date(Date.now() - (freeDays + 4) * 86_400_000) })
      .where(eq(packages.id, id));
    const quote = await as(maria).shipRequests.quote({ packageIds: [id], shippingMethod: 'aereo' });
    expect(quote.storageUsdCents).toBeGreaterThanOrEqual(4 * feePerDayUsdCents);
    const freight = usaCents(3, [40, 30, 20], 80, 'aereo');
    expect(quote.totalUsdCents).toBe(
      freight + (await guiaCustomsCents(db(), [id], 'air', freight)) + quote.storageUsdCents,
    );
  });

  it('follows the fees per zone of the price list in effect (docs/product/price-lists.md)', async () => {
    const tomorrow = caracasDay(new Date(Date.now() + 86_400_000));
    const version = await admin.caller.prices.create({
      effectiveFrom: tomorrow,
      prices: { ...PRICE_LIST_V1, deliveryFeesUsdCents: { caracas: 650, central: 900, interior: 1500 } },
    });
    // For a customer who saw no quote before (one seen would be honoured: docs/product/price-lists.md).
    await db().delete(priceQuotesSeen).where(eq(priceQuotesSeen.userId, maria.user.id));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(caracasDayStart(tomorrow));
    const id = await parcel(maria, 1, '20x20x20');
    const caracas = await recipient(maria, 'Miranda', 'Los Teques');
    const merida = await recipient(maria, 'Mérida', 'Mérida');
    const q = (r: string) =>
      as(maria).shipRequests.quote({
        packageIds: [id],
        shippingMethod: 'aereo',
        recipientId: r,
        deliveryMethod: 'home',
      });
    expect((await q(caracas)).deliveryUsdCents).toBe(650);
    expect((await q(merida)).deliveryUsdCents).toBe(1500);
    vi.useRealTimers();
    expect((await q(merida)).deliveryUsdCents).toBe(DELIVERY_FEE_DEFAULTS_USD_CENTS.interior);
    await admin.caller.prices.cancel({ id: version.id });
  });

  it('prices China parcels by sea only', async () => {
    const [box] = await db()
      .update(mailboxes)
      .set({ location: 'beijing' })
      .where(eq(mailboxes.id, pedro.mailboxId))
      .returning({ id: mailboxes.id });
    const id = await parcel({ user: pedro.user, mailboxId: box.id }, 4, '60x40x40');
    const quote = await as(pedro).shipRequests.quote({ packageIds: [id], shippingMethod: 'maritimo' });
    expect(quote.methods).toEqual(['maritimo']);
    const freight = quoteChina(
      { largo: 60, ancho: 40, alto: 40, valor: 80, seguro: false },
      PRICE_LIST_V1,
    )!.totalUsdCents;
    expect(quote.freightUsdCents).toBe(freight);
    expect(quote.importTaxesUsdCents).toBe(await guiaCustomsCents(db(), [id], 'sea', freight));
    const err = await trpcError(as(pedro).shipRequests.quote({ packageIds: [id], shippingMethod: 'aereo' }));
    expect(err.message).toBe(M.methodNotOffered);
    await db().update(mailboxes).set({ location: 'miami' }).where(eq(mailboxes.id, pedro.mailboxId));
  });

  it('answers another customer’s parcel or recipient as a missing one', async () => {
    const mine = await parcel(maria, 1, '20x20x20');
    const his = await parcel(pedro, 1, '20x20x20');
    const hisRecipient = await recipient(pedro, 'Zulia', 'Maracaibo');
    const parcelErr = await trpcError(
      as(maria).shipRequests.create({
        packageIds: [mine, his],
        shippingMethod: 'aereo',
        recipientId: await recipient(maria, 'Carabobo', 'Valencia'),
        deliveryMethod: 'home',
      }),
    );
    expect(parcelErr.code).toBe('NOT_FOUND');
    expect(parcelErr.message).toBe(M.packageNotFound);
    const recipientErr = await trpcError(
      as(maria).shipRequests.create({
        packageIds: [mine],
        shippingMethod: 'aereo',
        recipientId: hisRecipient,
        deliveryMethod: 'home',
      }),
    );
    expect(recipientErr.code).toBe('NOT_FOUND');
    expect(recipientErr.message).toBe(DELIVERY_MESSAGES.recipientNotFound);
    // Nothing moved.
    const [p] = await db().select({ status: packages.status }).from(packages).where(eq(packages.id, mine));
    expect(p.status).toBe('in_warehouse');
  });
});
