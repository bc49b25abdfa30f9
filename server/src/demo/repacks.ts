// Repack requests: asked by the customer through Reempaques (the request service checks the
// packages are hers and free), processed by the warehouse with a WR number, and marked shipped,
// each through its service; then dated as the story tells it.
import { eq } from 'drizzle-orm';
import { processRepackSchema, requestRepackSchema } from '@casillero/shared';
import { repackRequests } from '../db/schema';
import { markRepackShipped, processRepack, requestRepack } from '../services/repacks';
import { asStaff, at, endStaffWork, wr, type DemoCast, type DemoContext, type DemoCustomer } from './context';
import type { DemoPackages } from './packages';

type RepackSpec = {
  customer: DemoCustomer;
  shippingMethod: 'aereo' | 'maritimo';
  instructions: string;
  status: 'pending' | 'processed' | 'shipped';
  receiptNumber?: number;
  createdDaysAgo: number;
  processedDaysAgo?: number;
  shippedDaysAgo?: number;
  packageIds: string[];
};

/** Asked by the customer; answers the request's id. */
async function ask(ctx: DemoContext, r: RepackSpec): Promise<string> {
  const request = requestRepackSchema.parse({
    packageIds: r.packageIds,
    shippingMethod: r.shippingMethod,
    instructions: r.instructions,
  });
  return (await requestRepack(ctx.db, ctx.config, r.customer.id, request)).id;
}

/** What the warehouse did with it. */
async function handle(ctx: DemoContext, cast: DemoCast, id: string, r: RepackSpec) {
  const who = cast.staff.almacen;
  if (r.processedDaysAgo !== undefined) {
    const input = processRepackSchema.parse({
      id,
      warehouseReceipt: wr(at(ctx, r.processedDaysAgo), r.receiptNumber!),
      // The consolidated box the warehouse weighed: Almacén offers it as one box to send.
      weightKg: 9.5,
      dimensionsCm: '55x45x35',
    });
    await asStaff(ctx, who, 'repacks.process', () => processRepack(ctx.db, ctx.config, who.id, input));
  }
  if (r.shippedDaysAgo !== undefined)
    await asStaff(ctx, who, 'repacks.markShipped', () => markRepackShipped(ctx.db, ctx.config, id));
}

async function backdate(ctx: DemoContext, id: string, r: RepackSpec) {
  const processed = r.processedDaysAgo === undefined ? null : at(ctx, r.processedDaysAgo);
  const shipped = r.shippedDaysAgo === undefined ? null : at(ctx, r.shippedDaysAgo);
  const created = at(ctx, r.createdDaysAgo);
  await ctx.tx
    .update(repackRequests)
    .set({ createdAt: created, processedAt: processed, shippedAt: shipped, updatedAt: shipped ?? processed ?? created })
    .where(eq(repackRequests.id, id));
}

export async function createRepacks(ctx: DemoContext, cast: DemoCast, p: DemoPackages): Promise<void> {
  const specs = repackSpecs(cast, p);
  const ids: string[] = [];
  for (const r of specs) ids.push(await ask(ctx, r));
  for (const [i, r] of specs.entries()) await handle(ctx, cast, ids[i], r);
  await endStaffWork(ctx);
  for (const [i, r] of specs.entries()) await backdate(ctx, ids[i], r);
}

function repackSpecs(cast: DemoCast, p: DemoPackages): RepackSpec[] {
  const { maria, carlos, jose } = cast.customers;
  return [
    {
      customer: maria,
      shippingMethod: 'aereo',
      instructions:
        'Por favor consolidar ambos paquetes en una sola caja, retirar las cajas originales y proteger el bolso con plástico de burbujas.',
      status: 'pending',
      createdDaysAgo: 1,
      packageIds: [p.mariaReceived.id, p.mariaInWarehouse.id],
    },
    {
      customer: carlos,
      shippingMethod: 'maritimo',
      instructions: 'Unir la pantalla y los repuestos de la licuadora; la pantalla va con esquineros de cartón.',
      status: 'processed',
      receiptNumber: 133,
      createdDaysAgo: 4,
      processedDaysAgo: 2,
      packageIds: [p.carlosProcessed.id, p.carlosSecond.id],
    },
    {
      customer: jose,
      shippingMethod: 'aereo',
      instructions: 'Quitar la caja exterior de la tienda y enviar solo la caja de la consola bien protegida.',
      status: 'shipped',
      receiptNumber: 99,
      createdDaysAgo: 30,
      processedDaysAgo: 28,
      shippedDaysAgo: 26,
      packageIds: [p.joseShipped.id],
    },
  ];
}
