// Shipments to Venezuela: María's on its way, three delivered long ago. Written directly, with
// their packages moved to 'shipped': the shipment service issues the shipping
// invoice and charges the ledger at the current time, and the ledger is append-only, so a
// shipment that left weeks ago cannot be created through it. Its payment is credited on the day
// it was approved (billing.ts), which issues the invoice of that day.
import { eq } from 'drizzle-orm';
import { shipmentCodeAt, type VenezuelanState } from '@casillero/shared';
import { packages, shipmentPackages, shipmentStages, shipments } from '../db/schema';
import { at, dateOnly, daysFrom, round2, type DemoCast, type DemoContext, type DemoCustomer } from './context';
import type { DemoPackages } from './packages';
import type { DemoRecipients } from './recipients';

type ShipmentSpec = {
  customer: DemoCustomer;
  /** The recipient it names (docs/product/last-mile.md#delivery): home delivery to their address. */
  recipientId: string;
  status: 'in_transit' | 'delivered';
  trackingNumber: string;
  address: string;
  city: string;
  state: VenezuelanState;
  createdDaysAgo: number;
  estimatedDeliveryInDays: number;
  deliveredDaysAgo?: number;
  shippingCostUsdCents: number;
  items: { id: string; weightKg: number | null; updatedAt: Date }[];
  stages: { name: string; status: 'pending' | 'active' | 'completed'; estimatedDays: number; daysAgo: number }[];
};

async function shipment(ctx: DemoContext, cast: DemoCast, values: ShipmentSpec) {
  const created = at(ctx, values.createdDaysAgo);
  const updated =
    values.deliveredDaysAgo === undefined ? at(ctx, values.stages.at(-1)!.daysAgo) : at(ctx, values.deliveredDaysAgo);
  const [row] = await ctx.tx
    .insert(shipments)
    .values({
      userId: values.customer.id,
      // The code the admin screen gives it: 'SH' and the last 8 digits of the creation time.
      shipmentCode: shipmentCodeAt(created.getTime()),
      trackingNumber: values.trackingNumber,
      recipientId: values.recipientId,
      deliveryMethod: 'home',
      deliveryAddress: values.address,
      deliveryCity: values.city,
      deliveryState: values.state,
      estimatedDelivery: dateOnly(daysFrom(ctx, values.estimatedDeliveryInDays)),
      actualDelivery: values.deliveredDaysAgo === undefined ? null : dateOnly(at(ctx, values.deliveredDaysAgo)),
      shippingCostUsdCents: values.shippingCostUsdCents,
      totalWeightKg: round2(values.items.reduce((sum, p) => sum + (p.weightKg ?? 0), 0)),
      status: values.status,
      createdBy: cast.staff.almacen.id,
      createdAt: created,
      updatedAt: updated,
    })
    .returning();
  await ctx.tx
    .insert(shipmentPackages)
    .values(values.items.map((p) => ({ shipmentId: row.id, packageId: p.id, createdAt: created })));
  await ctx.tx.insert(shipmentStages).values(
    values.stages.map((stage, i) => ({
      shipmentId: row.id,
      stageNumber: i + 1,
      stageName: stage.name,
      status: stage.status,
      estimatedDays: stage.estimatedDays,
      createdAt: i === 0 ? created : at(ctx, values.stages[i - 1].daysAgo),
      updatedAt: at(ctx, stage.daysAgo),
    })),
  );
  // As the status service leaves them: a shipment in transit or delivered has left the warehouse,
  // so its parcels are 'shipped' (services/shipment-left.ts refuses a delivery of one still inside).
  for (const item of values.items) {
    await ctx.tx.update(packages).set({ status: 'shipped', updatedAt: item.updatedAt }).where(eq(packages.id, item.id));
  }
  return row;
}

export type DemoShipments = Awaited<ReturnType<typeof createShipments>>;

export async function createShipments(ctx: DemoContext, cast: DemoCast, p: DemoPackages, book: DemoRecipients) {
  const c = cast.customers;
  const mariaShipment = await shipment(ctx, cast, {
    customer: c.maria,
    recipientId: book.maria,
    status: 'in_transit',
    trackingNumber: 'CCS4471208',
    address: 'Av. Francisco de Miranda, Edif. Parque Cristal, Torre Este, piso 8, apto 8-B, Los Palos Grandes',
    city: 'Caracas',
    state: 'Miranda',
    createdDaysAgo: 3,
    estimatedDeliveryInDays: 5,
    shippingCostUsdCents: 11235,
    items: [p.mariaShip1, p.mariaShip2],
    stages: [
      { name: 'Preparación', status: 'completed', estimatedDays: 2, daysAgo: 1 },
      { name: 'En tránsito', status: 'active', estimatedDays: 7, daysAgo: 1 },
    ],
  });
  const joseShipment = await shipment(ctx, cast, {
    customer: c.jose,
    recipientId: book.jose,
    status: 'delivered',
    trackingNumber: 'MAR3318805',
    address: 'Calle 72 con Av. 3E, Residencias Lago Mar, apto 5-A, sector Tierra Negra',
    city: 'Maracaibo',
    state: 'Zulia',
    createdDaysAgo: 26,
    estimatedDeliveryInDays: -19,
    deliveredDaysAgo: 20,
    shippingCostUsdCents: 3250,
    items: [p.joseShipped],
    stages: [
      { name: 'Preparación', status: 'completed', estimatedDays: 2, daysAgo: 24 },
      { name: 'En tránsito', status: 'completed', estimatedDays: 7, daysAgo: 21 },
      { name: 'Entregado', status: 'completed', estimatedDays: 1, daysAgo: 20 },
    ],
  });
  const luisShipment = await shipment(ctx, cast, {
    customer: c.luis,
    recipientId: book.luis,
    status: 'delivered',
    trackingNumber: 'CCS2904417',
    address: 'Urb. El Paraíso, Av. Páez, Res. Los Jardines, torre B, apto 12-3',
    city: 'Caracas',
    state: 'Distrito Capital',
    createdDaysAgo: 97,
    estimatedDeliveryInDays: -88,
    deliveredDaysAgo: 89,
    shippingCostUsdCents: 4875,
    items: [p.luisShipped],
    stages: [
      { name: 'Preparación', status: 'completed', estimatedDays: 2, daysAgo: 95 },
      { name: 'En tránsito', status: 'completed', estimatedDays: 7, daysAgo: 90 },
      { name: 'Entregado', status: 'completed', estimatedDays: 1, daysAgo: 89 },
    ],
  });
  const danielaShipment = await shipment(ctx, cast, {
    customer: c.daniela,
    recipientId: book.daniela,
    status: 'delivered',
    trackingNumber: 'MRD1187342',
    address: 'Av. Las Américas, Conjunto Residencial Santa María, casa 14',
    city: 'Mérida',
    state: 'Mérida',
    createdDaysAgo: 152,
    estimatedDeliveryInDays: -144,
    deliveredDaysAgo: 143,
    shippingCostUsdCents: 2790,
    items: [p.danielaShipped],
    stages: [
      { name: 'Preparación', status: 'completed', estimatedDays: 2, daysAgo: 150 },
      { name: 'En tránsito', status: 'completed', estimatedDays: 7, daysAgo: 144 },
      { name: 'Entregado', status: 'completed', estimatedDays: 1, daysAgo: 143 },
    ],
  });

  return { mariaShipment, joseShipment, luisShipment, danielaShipment };
}
