// Confirming a ship request (docs/product/last-mile.md#the-ship-request): a shipment 'preparing' and
// an invoice whose lines say what the quote said; a parcel goes in one request only, however many
// are sent at once; a departure takes the shipment only once its invoice is paid.
import { and, eq } from 'drizzle-orm';
import {
  CUSTOMS_CHARGE_LABELS,
  DELIVERY_FEE_DEFAULTS_USD_CENTS,
  DELIVERY_MESSAGES,
  SHIP_REQUEST_MESSAGES as M,
  addDays,
} from '@casillero/shared';
import { invoices, ledgerEntries, packages, shipmentPackages, shipments } from '../../db/schema';
import { trpcError } from '../../test/caller';
import { guiaCustomsCents } from '../../test/customs-charge';
import { businessToday } from '../../lib/business-clock';
import { describe, expect, it } from 'vitest';
import {
  useShipRequests,
  db,
  admin,
  maria,
  as,
  tag,
  parcel,
  recipient,
  agency,
  usaCents,
} from '../../test/ship-requests';

useShipRequests();

describe('ship requests: confirming', () => {
  it('makes a shipment in preparation and an invoice with the shipping, and the delivery fee of the zone', async () => {
    const a = await parcel(maria, 6, '40x30x30');
    const b = await parcel(maria, 1.2, '25x20x10');
    const home = await recipient(maria, 'Distrito Capital', 'Caracas');
    const done = await as(maria).shipRequests.create({
      packageIds: [a, b],
      shippingMethod: 'aereo',
      recipientId: home,
      deliveryMethod: 'home',
    });
    expect(done.message).toBe(M.created(done.shipmentCode, done.invoiceNumber));
    const [s] = await db().select().from(shipments).where(eq(shipments.id, done.shipmentId));
    expect(s).toMatchObject({
      userId: maria.user.id,
      status: 'preparing',
      requestedByCustomer: true,
      recipientId: home,
      deliveryMethod: 'home',
      deliveryCity: 'Caracas',
      deliveryState: 'Distrito Capital',
      deliveryFeeUsdCents: DELIVERY_FEE_DEFAULTS_USD_CENTS.caracas,
    });
    const linked = await db().select().from(shipmentPackages).where(eq(shipmentPackages.shipmentId, s.id));
    expect(linked.map((l) => l.packageId).sort()).toEqual([a, b].sort());
    const freight = usaCents(6, [40, 30, 30], 80, 'aereo') + usaCents(1.2, [25, 20, 10], 80, 'aereo');
    // The customs estimate of the shipment's guía (both parcels, two boxes), by the rules in effect.
    const importTaxes = await guiaCustomsCents(db(), [a, b], 'air', freight);
    expect(importTaxes).toBeGreaterThan(0);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.shipmentId, s.id));
    expect(invoice.userId).toBe(maria.user.id);
    expect(invoice.number).toBe(done.invoiceNumber);
    // The freight and, a line of their own, the estimate collected on her behalf for customs.
    expect(invoice.lines).toEqual([
      { description: M.lineShipping(s.shipmentCode, 2, 'Aéreo'), usdCents: freight, kind: 'shipping' },
      {
        description: CUSTOMS_CHARGE_LABELS.invoiceLine(s.shipmentCode),
        usdCents: importTaxes,
        kind: 'import_taxes',
        customsEstimate: true,
      },
      {
        description: M.lineDelivery('Entrega a domicilio'),
        usdCents: DELIVERY_FEE_DEFAULTS_USD_CENTS.caracas,
        kind: 'delivery',
      },
    ]);
    expect(invoice.usdCents).toBe(freight + importTaxes + DELIVERY_FEE_DEFAULTS_USD_CENTS.caracas);
    // The customer sees it among their invoices.
    const mine = await as(maria).billing.mine();
    expect(JSON.stringify(mine)).toContain(done.invoiceNumber);
  });

  it('sends to an agency without a delivery fee, and refuses an inactive one', async () => {
    const id = await parcel(maria, 2, '30x30x30');
    const home = await recipient(maria, 'Carabobo', 'Valencia');
    const closed = await agency(false);
    const err = await trpcError(
      as(maria).shipRequests.create({
        packageIds: [id],
        shippingMethod: 'aereo',
        recipientId: home,
        deliveryMethod: 'agency',
        agencyId: closed,
      }),
    );
    expect(err.message).toBe(DELIVERY_MESSAGES.agencyInactive);
    const open = await agency();
    const done = await as(maria).shipRequests.create({
      packageIds: [id],
      shippingMethod: 'aereo',
      recipientId: home,
      deliveryMethod: 'agency',
      agencyId: open,
    });
    const [s] = await db().select().from(shipments).where(eq(shipments.id, done.shipmentId));
    expect(s).toMatchObject({
      deliveryMethod: 'agency',
      agencyId: open,
      deliveryCity: 'Valencia',
      deliveryFeeUsdCents: 0,
    });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.shipmentId, s.id));
    expect(invoice.lines).toHaveLength(2);
    const freight = usaCents(2, [30, 30, 30], 80, 'aereo');
    expect(invoice.usdCents).toBe(freight + (await guiaCustomsCents(db(), [id], 'air', freight)));
  });

  it('puts a parcel in one request only when two are sent at once', async () => {
    const id = await parcel(maria, 1, '20x20x20');
    const home = await recipient(maria, 'Aragua', 'Maracay');
    const request = () =>
      as(maria).shipRequests.create({
        packageIds: [id],
        shippingMethod: 'aereo',
        recipientId: home,
        deliveryMethod: 'home',
      });
    const results = await Promise.allSettled([request(), request()]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason.code).toBe('CONFLICT');
    // The loser waited on the parcel's row (or lost the unique link) and reads why.
    const [{ wr }] = await db().select({ wr: packages.warehouseReceipt }).from(packages).where(eq(packages.id, id));
    expect([M.alreadyRequested, M.packageNotShippable(wr!)]).toContain(lost[0].reason.message);
    const links = await db().select().from(shipmentPackages).where(eq(shipmentPackages.packageId, id));
    expect(links).toHaveLength(1);
    const issued = await db()
      .select({ id: invoices.id })
      .from(invoices)
      .innerJoin(shipments, eq(shipments.id, invoices.shipmentId))
      .innerJoin(
        shipmentPackages,
        and(eq(shipmentPackages.shipmentId, shipments.id), eq(shipmentPackages.packageId, id)),
      );
    expect(issued).toHaveLength(1);
  });

  it('joins a departure only once its invoice is paid', async () => {
    const id = await parcel(maria, 1, '20x20x20');
    const done = await as(maria).shipRequests.create({
      packageIds: [id],
      shippingMethod: 'aereo',
      recipientId: await recipient(maria, 'Lara', 'Barquisimeto'),
      deliveryMethod: 'home',
    });
    const today = businessToday();
    const d = await admin.caller.departures.create({
      mode: 'aereo',
      origin: 'miami',
      masterRef: null,
      carrier: 'Laser Airlines',
      voyage: `QL ${tag()}`,
      arrivalPort: 'maiquetia',
      cutoffOn: addDays(today, 2),
      plannedDeparture: addDays(today, 3),
      plannedArrival: null,
    });
    const err = await trpcError(
      admin.caller.departures.addShipment({ departureId: d.id, shipmentId: done.shipmentId }),
    );
    expect(err.code).toBe('CONFLICT');
    expect(err.message).toBe(M.unpaidForDeparture(done.shipmentCode, done.invoiceNumber));
    // Paid (a payment entry against the invoice), it goes.
    await db().insert(ledgerEntries).values({
      userId: maria.user.id,
      kind: 'payment',
      usdCents: -done.totalUsdCents,
      invoiceId: done.invoiceId,
      description: 'Pago de prueba',
    });
    await admin.caller.departures.addShipment({ departureId: d.id, shipmentId: done.shipmentId });
    const [s] = await db()
      .select({ d: shipments.departureId })
      .from(shipments)
      .where(eq(shipments.id, done.shipmentId));
    expect(s.d).toBe(d.id);
  });
});
