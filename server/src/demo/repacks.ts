// Repack requests: asked by the customer through Reempaques (the request service checks the
// packages are hers and free), processed by the warehouse with a WR number, and marked shipped,
// each through its service; then dated as the story tells it.
import { eq } from 'drizzle-orm';
import { processRepackSchema, requestRepackSchema } from '@casillero/shared';
import { repackRequests } from '../db/schema';
import { markRepackShipped, processRepack, requestRepack } from '../services/repacks';
import { asStaff, at, wr, type DemoCast, type DemoContext, type DemoCustomer } from './context';
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

async function repack(ctx: DemoContext, cast: DemoCast, r: RepackSpec) {
  const who = cast.staff.almacen;
  const request = requestRepackSchema.parse({ packageIds: r.packageIds, shippingMethod: r.shippingMethod, instructions: r.instructions });
  const { id } = await requestRepack(ctx.db, ctx.config, r.customer.id, request);
  const processed = r.processedDaysAgo === undefined ? null : at(ctx, r.processedDaysAgo);
  const shipped = r.shippedDaysAgo === undefined ? null : at(ctx, r.shippedDaysAgo);
  if (processed) {
    const input = processRepackSchema.parse({ id, warehouseReceipt: wr(processed, r.receiptNumber!) });
    await asStaff(ctx, who, 'repacks.process', () => processRepack(ctx.db, ctx.config, who.id, input));
  }
  if (shipped) await asStaff(ctx, who, 'repacks.markShipped', () => markRepackShipped(ctx.db, ctx.config, id));
  const created = at(ctx, r.createdDaysAgo);
  await ctx.tx
    .update(repackRequests)
    .set({ createdAt: created, processedAt: processed, shippedAt: shipped, updatedAt: shipped ?? processed ?? created })
    .where(eq(repackRequests.id, id));
}

export async function createRepacks(ctx: DemoContext, cast: DemoCast, p: DemoPackages): Promise<void> {
  const { maria, carlos, jose } = cast.customers;
  await repack(ctx, cast, {
    customer: maria,
    shippingMethod: 'aereo',
    instructions:
      'Por favor consolidar ambos paquetes en una sola caja, retirar las cajas originales y proteger el bolso con plástico de burbujas.',
    status: 'pending',
    createdDaysAgo: 1,
    packageIds: [p.mariaReceived.id, p.mariaInWarehouse.id],
  });
  await repack(ctx, cast, {
    customer: carlos,
    shippingMethod: 'maritimo',
    instructions: 'Unir la pantalla y los repuestos de la licuadora; la pantalla va con esquineros de cartón.',
    status: 'processed',
    receiptNumber: 133,
    createdDaysAgo: 4,
    processedDaysAgo: 2,
    packageIds: [p.carlosProcessed.id, p.carlosSecond.id],
  });
  await repack(ctx, cast, {
    customer: jose,
    shippingMethod: 'aereo',
    instructions: 'Quitar la caja exterior de la tienda y enviar solo la caja de la consola bien protegida.',
    status: 'shipped',
    receiptNumber: 99,
    createdDaysAgo: 30,
    processedDaysAgo: 28,
    shippedDaysAgo: 26,
    packageIds: [p.joseShipped.id],
  });
}
