// Pre-alerts: each created by its customer through the pre-alert form's service; the confirmed
// ones confirmed by customer service, the converted ones then converted by the warehouse into
// the package they became (packages.ts records that package's intake).
import { eq } from 'drizzle-orm';
import {
  prealertConvertInput,
  prealertCreateInput,
  type Carrier,
  type EstadoTrackingPrealerta,
} from '@casillero/shared';
import { packages, prealerts } from '../db/schema';
import { createOwnPrealert } from '../services/client-prealerts';
import { confirmPrealert, convertPrealert } from '../services/prealerts';
import { asStaff, at, endStaffWork, type DemoCast, type DemoContext, type DemoCustomer } from './context';

type PrealertSpec = {
  /** The name later parts use for it. */
  key?: 'mariaPending' | 'mariaConverted' | 'luisConverted';
  customer: DemoCustomer;
  country: 'usa' | 'china';
  trackingNumber: string | null;
  description: string;
  quantityItems: number;
  amountSpentUsdCents: number;
  senderName: string;
  estimatedWeight: number;
  estimatedValueUsdCents: number;
  carrier: Carrier | null;
  estadoTracking: EstadoTrackingPrealerta;
  status: 'pending' | 'confirmed' | 'converted';
  notes?: string;
  createdDaysAgo: number;
  updatedDaysAgo?: number;
  /** Converted: the weight and value the warehouse found. */
  actual?: { weightKg: number; valueUsdCents: number };
};

type Created = { id: string; trackingNumber: string | null; description: string; packageId: string | null };

export type DemoPrealerts = { mariaPending: Created; mariaConverted: Created; luisConverted: Created };

export async function createPrealerts(ctx: DemoContext, cast: DemoCast): Promise<DemoPrealerts> {
  const specs = prealertSpecs(cast);
  // The customers write theirs,
  const created: Created[] = [];
  for (const p of specs) {
    const input = prealertCreateInput.parse({
      trackingNumber: p.trackingNumber,
      carrier: p.carrier,
      senderName: p.senderName,
      description: p.description,
      quantityItems: p.quantityItems,
      amountSpentUsdCents: p.amountSpentUsdCents,
      estimatedWeight: p.estimatedWeight,
      estimatedValueUsdCents: p.estimatedValueUsdCents,
      estadoTracking: p.estadoTracking,
      notes: p.notes ?? null,
      mailboxId: p.customer[p.country]!.mailbox.id,
    });
    const { id } = await createOwnPrealert(ctx.db, p.customer.id, input, ctx.config);
    created.push({ id, trackingNumber: p.trackingNumber, description: p.description, packageId: null });
  }
  // customer service confirms some, and the warehouse converts the ones that arrived.
  for (const [i, p] of specs.entries()) {
    if (p.status === 'pending') continue;
    await asStaff(ctx, cast.staff.atencion, 'prealerts.confirm', () =>
      confirmPrealert(ctx.db, created[i].id, ctx.config),
    );
  }
  for (const [i, p] of specs.entries()) {
    if (p.status !== 'converted') continue;
    const convert = prealertConvertInput.parse({
      id: created[i].id,
      actualWeight: p.actual!.weightKg,
      actualValueUsdCents: p.actual!.valueUsdCents,
    });
    const { packageId } = await asStaff(ctx, cast.staff.almacen, 'prealerts.convert', () =>
      convertPrealert(ctx.db, convert, ctx.config),
    );
    created[i].packageId = packageId;
  }
  await endStaffWork(ctx);

  for (const [i, p] of specs.entries()) {
    const { id, packageId } = created[i];
    const updated = at(ctx, p.updatedDaysAgo ?? p.createdDaysAgo);
    await ctx.tx
      .update(prealerts)
      .set({ createdAt: at(ctx, p.createdDaysAgo), updatedAt: updated, ...(packageId ? { convertedAt: updated } : {}) })
      .where(eq(prealerts.id, id));
    if (packageId)
      await ctx.tx
        .update(packages)
        .set({ createdAt: updated, receivedDate: updated, updatedAt: updated })
        .where(eq(packages.id, packageId));
  }
  const named = (key: PrealertSpec['key']) => created[specs.findIndex((p) => p.key === key)];
  return {
    mariaPending: named('mariaPending'),
    mariaConverted: named('mariaConverted'),
    luisConverted: named('luisConverted'),
  };
}

function prealertSpecs(cast: DemoCast): PrealertSpec[] {
  const { maria, carlos, jose, ana, luis } = cast.customers;
  return [
    {
      key: 'mariaPending',
      customer: maria,
      country: 'usa',
      trackingNumber: 'TBA305812745000',
      description: 'Audífonos inalámbricos Sony WH-1000XM5 y funda protectora de viaje',
      quantityItems: 2,
      amountSpentUsdCents: 8997,
      senderName: 'Amazon',
      estimatedWeight: 1.2,
      estimatedValueUsdCents: 8997,
      carrier: 'Amazon',
      estadoTracking: 'Prealertado',
      status: 'pending',
      notes: 'Regalo de cumpleaños, por favor no abrir la caja de los audífonos.',
      createdDaysAgo: 3,
    },
    {
      customer: maria,
      country: 'usa',
      trackingNumber: null,
      description: 'Cargador MagSafe y dos cables USB-C de 2 metros',
      quantityItems: 3,
      amountSpentUsdCents: 8700,
      senderName: 'Apple',
      estimatedWeight: 0.4,
      estimatedValueUsdCents: 8700,
      carrier: null,
      estadoTracking: 'Prealertado',
      status: 'pending',
      notes: 'La tienda todavía no envía el número de seguimiento.',
      createdDaysAgo: 0.5,
    },
    {
      customer: carlos,
      country: 'usa',
      trackingNumber: '776512093348',
      description: 'Cafetera Nespresso Vertuo Next con 30 cápsulas surtidas',
      quantityItems: 2,
      amountSpentUsdCents: 16999,
      senderName: 'Target',
      estimatedWeight: 4.2,
      estimatedValueUsdCents: 16999,
      carrier: 'FedEx',
      estadoTracking: 'En tránsito',
      status: 'confirmed',
      createdDaysAgo: 5,
      updatedDaysAgo: 4,
    },
    {
      customer: jose,
      country: 'usa',
      trackingNumber: '1Z2V7A930345128811',
      description: 'Reloj Garmin Forerunner 265 con correa de repuesto',
      quantityItems: 1,
      amountSpentUsdCents: 44999,
      senderName: 'Garmin',
      estimatedWeight: 0.3,
      estimatedValueUsdCents: 44999,
      carrier: 'UPS',
      estadoTracking: 'En destino',
      status: 'confirmed',
      createdDaysAgo: 3,
      updatedDaysAgo: 1,
    },
    {
      customer: ana,
      country: 'china',
      trackingNumber: 'LP00612398745012',
      description: 'Pedido de 20 pares de zarcillos y accesorios para el cabello para reventa',
      quantityItems: 20,
      amountSpentUsdCents: 4680,
      senderName: 'AliExpress',
      estimatedWeight: 0.8,
      estimatedValueUsdCents: 4680,
      carrier: 'Otro',
      estadoTracking: 'En tránsito',
      status: 'pending',
      createdDaysAgo: 7,
    },
    {
      key: 'mariaConverted',
      customer: maria,
      country: 'usa',
      trackingNumber: 'TBA301928374650',
      description: 'Set de maquillaje Maybelline y paleta de sombras Huda Beauty',
      quantityItems: 4,
      amountSpentUsdCents: 6450,
      senderName: 'Amazon',
      estimatedWeight: 0.8,
      estimatedValueUsdCents: 6450,
      carrier: 'Amazon',
      estadoTracking: 'Entregado a casillero',
      status: 'converted',
      createdDaysAgo: 9,
      updatedDaysAgo: 5,
      actual: { weightKg: 0.9, valueUsdCents: 6450 },
    },
    {
      key: 'luisConverted',
      customer: luis,
      country: 'usa',
      trackingNumber: '9400136106190011223344',
      description: 'Libros: colección de tres novelas de Isabel Allende en tapa blanda',
      quantityItems: 3,
      amountSpentUsdCents: 4597,
      senderName: 'Barnes & Noble',
      estimatedWeight: 1.5,
      estimatedValueUsdCents: 4597,
      carrier: 'USPS',
      estadoTracking: 'Entregado a casillero',
      status: 'converted',
      createdDaysAgo: 38,
      updatedDaysAgo: 34,
      actual: { weightKg: 1.7, valueUsdCents: 4597 },
    },
  ];
}
