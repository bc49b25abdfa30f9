// Warehouse packages, through the warehouse's package services: each is created (or came from a
// converted pre-alert), received with its WR number, weight, measures and shelf (the intake
// service), and moved to 'processed' with the status service. Then dated as the story tells it.
//
// Written directly: 'in_warehouse', which no staff procedure sets on a package (the inline
// status offers the other four), and the link to the tracking of the same parcel.
import { eq } from 'drizzle-orm';
import { packageCreateInput, packageIntakeInput, packageStatusInput } from '@casillero/shared';
import { packages } from '../db/schema';
import { changePackageStatus, createPackage, receivePackage } from '../services/packages';
import { asStaff, at, endStaffWork, wr, type DemoCast, type DemoContext } from './context';
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

/** The package's own dates, the warehouse's shelf status and its tracking (see above). */
async function finishPackage(ctx: DemoContext, id: string, p: PackageSpec): Promise<PackageRow> {
  const received = p.receivedDaysAgo === undefined ? null : at(ctx, p.receivedDaysAgo);
  const [row] = await ctx.tx
    .update(packages)
    .set({
      ...(p.status === 'in_warehouse' ? { status: 'in_warehouse' as const } : {}),
      ...(p.trackingId ? { trackingId: p.trackingId } : {}),
      receivedDate: received,
      createdAt: at(ctx, p.createdDaysAgo),
      updatedAt: at(ctx, p.updatedDaysAgo ?? p.receivedDaysAgo ?? p.createdDaysAgo),
    })
    .where(eq(packages.id, id))
    .returning();
  return row;
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
  for (const [i, spec] of specs.entries()) {
    const row = await finishPackage(ctx, ids[i], spec);
    if (spec.key) named[spec.key] = row;
  }
  return named;
}
