// Warehouse packages, through the warehouse's package services: each is created (or came from a
// converted pre-alert), received with its WR number, weight, measures and shelf (the intake
// service), and moved to 'processed' with the status service. Then dated as the story tells it.
//
// Written directly: 'in_warehouse', which no staff procedure sets on a package (the inline
// status offers the other four), and the link to the tracking of the same parcel.
import { eq, inArray } from 'drizzle-orm';
import { packageCreateInput, packageIntakeInput, packageStatusInput } from '@casillero/shared';
import { packages } from '../db/schema';
import { changePackageStatus, createPackage, receivePackage } from '../services/packages';
import { asStaff, at, endStaffWork, redate, wr, type DemoCast, type DemoContext } from './context';
import { packageSpecs, type PackageKey, type PackageSpec } from './packages-data';
import type { DemoPrealerts } from './prealerts';
import type { DemoTrackings } from './trackings';

type PackageRow = typeof packages.$inferSelect;

/** Records the package through the services; answers its id (its dates are set afterwards). */
async function warehousePackage(ctx: DemoContext, cast: DemoCast, p: PackageSpec): Promise<string> {
  const who = cast.staff.almacen;
  let id = p.fromPrealert?.packageId ?? null;
  if (!id) {
    const input = packageCreateInput.parse({
      userId: p.customer.id,
      mailboxId: p.customer[p.country]!.mailbox.id,
      trackingNumber: p.trackingNumber,
      packageDescription: p.description,
      senderName: p.senderName,
      weightKg: p.weightKg,
      dimensionsCm: p.dimensionsCm,
      estimatedValueUsdCents: p.estimatedValueUsdCents,
      notes: p.notes ?? null,
      status: 'pending',
    });
    ({ id } = await asStaff(ctx, who, 'packages.create', () => createPackage(ctx.db, ctx.config, input)));
  }
  const received = p.receivedDaysAgo === undefined ? null : at(ctx, p.receivedDaysAgo);
  if (received) {
    const intake = packageIntakeInput.parse({
      id,
      warehouseReceipt: wr(received, p.receiptNumber!),
      weightKg: p.weightKg,
      dimensionsCm: p.dimensionsCm,
      warehouseLocation: p.warehouseLocation ?? null,
      photoFileId: null,
    });
    await asStaff(ctx, who, 'packages.receive', () => receivePackage(ctx.db, ctx.config, intake));
  }
  if (p.status === 'processed') {
    const change = packageStatusInput.parse({ id, status: 'processed' });
    await asStaff(ctx, who, 'packages.updateStatus', () => changePackageStatus(ctx.db, ctx.config, change));
  }
  return id;
}

/** The packages' own dates, the warehouse's shelf status and their trackings (see above). */
async function finishPackages(ctx: DemoContext, ids: string[], specs: PackageSpec[]): Promise<PackageRow[]> {
  const shelved = ids.filter((_, i) => specs[i].status === 'in_warehouse');
  if (shelved.length > 0)
    await ctx.tx.update(packages).set({ status: 'in_warehouse' }).where(inArray(packages.id, shelved));
  for (const [i, spec] of specs.entries()) {
    if (spec.trackingId)
      await ctx.tx.update(packages).set({ trackingId: spec.trackingId }).where(eq(packages.id, ids[i]));
  }
  await redate(
    ctx,
    packages,
    packages.id,
    specs.map((p, i) => ({
      key: ids[i],
      dates: {
        receivedDate: p.receivedDaysAgo === undefined ? null : at(ctx, p.receivedDaysAgo),
        createdAt: at(ctx, p.createdDaysAgo),
        updatedAt: at(ctx, p.updatedDaysAgo ?? p.receivedDaysAgo ?? p.createdDaysAgo),
      },
    })),
  );
  const rows = await ctx.tx.select().from(packages).where(inArray(packages.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!);
}

export type DemoPackages = Record<PackageKey, PackageRow>;

export async function receivePackages(
  ctx: DemoContext,
  cast: DemoCast,
  prealerts: DemoPrealerts,
  trackings: DemoTrackings,
) {
  const specs = packageSpecs(cast.customers, prealerts, trackings);
  const ids: string[] = [];
  for (const spec of specs) ids.push(await warehousePackage(ctx, cast, spec));
  await endStaffWork(ctx);
  const named = {} as DemoPackages;
  const rows = await finishPackages(ctx, ids, specs);
  for (const [i, spec] of specs.entries()) if (spec.key) named[spec.key] = rows[i];
  return named;
}
