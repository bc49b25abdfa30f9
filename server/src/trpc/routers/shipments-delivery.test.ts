// A shipment's delivery (docs/product/last-mile.md#delivery): home to the recipient's address with
// the zone's fee, or pickup at an agency; another customer's recipient is a missing one.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DELIVERY_FEE_DEFAULTS_USD_CENTS, DELIVERY_MESSAGES as D } from '@casillero/shared';
import { agencies, invoices, notifications, recipients, shipments } from '../../db/schema';
import { trpcError } from '../../test/caller';
import { describe, expect, it } from 'vitest';
import {
  useShipments,
  adminCaller,
  ana,
  beto,
  homeOf,
  betoLara,
  db,
  nextSeq,
  packageOf,
  form,
  statusOf,
} from '../../test/shipments';

useShipments();

describe('the delivery (docs/product/last-mile.md#delivery)', () => {
  async function agency(values: Partial<typeof agencies.$inferInsert> = {}) {
    const [row] = await db()
      .insert(agencies)
      .values({
        kind: 'partner',
        carrier: 'MRW',
        code: `MRW-${nextSeq()}-${Date.now().toString(36)}`.toUpperCase(),
        name: 'Valencia Centro',
        state: 'Carabobo',
        city: 'Valencia',
        address: 'Av. Bolívar Norte, C.C. Camoruco, local 15',
        ...values,
      })
      .returning();
    return row;
  }

  it("home delivery: the recipient's address, the zone's fee kept and charged as a line of the invoice", async () => {
    const p = await packageOf(beto);
    const created = await adminCaller.shipments.create(
      form(beto, [p.id], { recipientId: betoLara, shippingCostUsdCents: 2000 }),
    );
    // Lara is in the interior: its default fee.
    expect(created.deliveryFeeUsdCents).toBe(DELIVERY_FEE_DEFAULTS_USD_CENTS.interior);
    const [s] = await db().select().from(shipments).where(eq(shipments.id, created.id));
    expect(s).toMatchObject({
      recipientId: betoLara,
      deliveryMethod: 'home',
      agencyId: null,
      deliveryAddress: 'Calle 10 con carrera 5, edificio Lara',
      deliveryCity: 'Barquisimeto',
      deliveryState: 'Lara',
      deliveryFeeUsdCents: 1200,
      shippingCostUsdCents: 2000,
    });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.shipmentId, created.id));
    expect(invoice.lines).toEqual([
      expect.objectContaining({ usdCents: 2000 }),
      { description: 'Entrega a domicilio: Barquisimeto, Lara', usdCents: 1200, kind: 'delivery' },
    ]);
    expect(invoice.usdCents).toBe(3200);
    // The details show who receives it and what the delivery costs.
    expect(await adminCaller.shipments.detail({ id: created.id })).toMatchObject({
      recipientName: 'Carmen Rodríguez',
      deliveryMethod: 'home',
      deliveryFeeUsdCents: 1200,
    });
  });

  it("pickup at an agency: the agency's address, no fee; an inactive agency or none is refused", async () => {
    const valencia = await agency();
    const p = await packageOf(ana);
    const created = await adminCaller.shipments.create(
      form(ana, [p.id], { deliveryMethod: 'agency', agencyId: valencia.id }),
    );
    const [s] = await db().select().from(shipments).where(eq(shipments.id, created.id));
    expect(s).toMatchObject({
      deliveryMethod: 'agency',
      agencyId: valencia.id,
      deliveryAddress: 'MRW Valencia Centro: Av. Bolívar Norte, C.C. Camoruco, local 15',
      deliveryCity: 'Valencia',
      deliveryState: 'Carabobo',
      deliveryFeeUsdCents: 0,
    });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.shipmentId, created.id));
    expect(invoice.lines.map((l) => l.description)).not.toContainEqual(expect.stringContaining('Entrega'));

    const closed = await agency({ active: false });
    const q = await packageOf(ana);
    const inactive = await trpcError(
      adminCaller.shipments.create(form(ana, [q.id], { deliveryMethod: 'agency', agencyId: closed.id })),
    );
    expect(inactive).toMatchObject({ code: 'BAD_REQUEST', message: D.agencyInactive });
    const missing = await trpcError(
      adminCaller.shipments.create(form(ana, [q.id], { deliveryMethod: 'agency', agencyId: randomUUID() })),
    );
    expect(missing).toMatchObject({ code: 'NOT_FOUND', message: D.agencyNotFound });
    expect(await statusOf([q.id])).toEqual(['received']);
  });

  it("refuses another customer's recipient as a missing one, and one without cédula or phone", async () => {
    const p = await packageOf(ana);
    const err = await trpcError(adminCaller.shipments.create(form(ana, [p.id], { recipientId: betoLara })));
    expect(err).toMatchObject({ code: 'NOT_FOUND', message: D.recipientNotFound });
    const [incomplete] = await db()
      .insert(recipients)
      .values({ userId: ana.user.id, fullName: 'Migrado', state: 'Lara', city: 'Carora', address: 'Calle 1' })
      .returning();
    const err2 = await trpcError(adminCaller.shipments.create(form(ana, [p.id], { recipientId: incomplete.id })));
    expect(err2).toMatchObject({ code: 'BAD_REQUEST', message: D.recipientIncompleteStaff });
    expect(await statusOf([p.id])).toEqual(['received']);
  });

  it("'Editar envío' moves a shipment from home to an agency: the new destination and fee, the customer told", async () => {
    const valencia = await agency();
    const p = await packageOf(beto);
    const { id, shipmentCode } = await adminCaller.shipments.create(form(beto, [p.id]));
    const result = await adminCaller.shipments.update({
      id,
      recipientId: homeOf.get(beto.user.id)!,
      deliveryMethod: 'agency',
      agencyId: valencia.id,
      estimatedDelivery: '',
      shippingCostUsdCents: 3550,
    });
    expect(result.changed).toEqual([
      'deliveryMethod',
      'agencyId',
      'deliveryAddress',
      'deliveryCity',
      'deliveryState',
      'deliveryFeeUsdCents',
    ]);
    const [s] = await db().select().from(shipments).where(eq(shipments.id, id));
    expect(s).toMatchObject({
      deliveryMethod: 'agency',
      agencyId: valencia.id,
      deliveryCity: 'Valencia',
      deliveryFeeUsdCents: 0,
    });
    const notices = await db().select().from(notifications).where(eq(notifications.userId, beto.user.id));
    expect(notices.some((n) => n.message.includes(shipmentCode) && n.message.includes('forma de entrega'))).toBe(true);
  });
});
