// Shipments (admin spec §4, §5, §9): creating one is ONE transaction (the shipment with its
// unique code, the package links, the packages moved to in_shipment, the first stage and the
// customer's notification), so a package travels in one shipment only, however many admins
// click at once. Status changes set updated_at, add a stage, and tell the customer.
import { TRPCError } from '@trpc/server';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  PACKAGE_STATUSES_SHIPPABLE,
  SHIPMENT_FIRST_STAGE,
  SHIPMENT_MESSAGES as M,
  SHIPMENT_STATUS_LABELS,
  shipmentCodeAt,
  type ShipmentStatus,
  type shipmentCreateInput,
  type shipmentStatusInput,
  type z,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../db/client';
import type { Config } from '../env';
import { packages, shipmentPackages, shipmentStages, shipments } from '../db/schema';
import { findCustomer } from '../queries/packages';
import { BUSINESS_TIME_ZONE } from '../queries/trackings';
import { isUniqueViolation } from './auth';
import { notifyUser } from './notify';

type AppConfig = Pick<Config, 'appUrl'>;
const CUSTOMER_LINK = '/dashboard/almacen';
const CODE_CONSTRAINT = 'shipments_shipment_code_key';
const CODE_ATTEMPTS = 10;

/** Statuses in which the packages have left the warehouse. */
const LEFT_WAREHOUSE: readonly ShipmentStatus[] = ['in_transit', 'customs', 'out_for_delivery', 'delivered'];

/** Today's date (YYYY-MM-DD) on the business's clock. */
export const businessToday = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(now);

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Deadlocks and serialization failures under concurrent creations mean the same as "taken". */
function isConcurrencyFailure(err: unknown): boolean {
  for (let e: any = err; e; e = e.cause) if (e.code === '40P01' || e.code === '40001') return true;
  return false;
}

export async function createShipment(db: Db, config: AppConfig, adminId: string, input: z.output<typeof shipmentCreateInput>) {
  const packageIds = [...new Set(input.packageIds)];
  try {
    return await db.transaction(async (tx) => {
      const customer = await findCustomer(tx, input.userId);
      if (!customer) throw new TRPCError({ code: 'BAD_REQUEST', message: M.customerRequired });

      // Lock the chosen packages in one order (no deadlock between two admins), then move only
      // those still shippable, of this customer and in no shipment: all of them or nothing.
      await tx.select({ id: packages.id }).from(packages).where(inArray(packages.id, packageIds)).orderBy(asc(packages.id)).for('update');
      const moved = await tx
        .update(packages)
        .set({ status: 'in_shipment' })
        .where(
          and(
            inArray(packages.id, packageIds),
            eq(packages.userId, input.userId),
            inArray(packages.status, [...PACKAGE_STATUSES_SHIPPABLE]),
            sql`not exists (select 1 from shipment_packages sp where sp.package_id = "packages"."id")`,
          ),
        )
        .returning({ id: packages.id, weightKg: packages.weightKg });
      if (moved.length !== packageIds.length) throw new TRPCError({ code: 'CONFLICT', message: M.packagesUnavailable });

      const totalWeightKg = round2(moved.reduce((sum, p) => sum + (p.weightKg ?? 0), 0));
      const shipment = await insertWithUniqueCode(tx, {
        userId: input.userId,
        deliveryAddress: input.deliveryAddress,
        deliveryCity: input.deliveryCity,
        deliveryState: input.deliveryState,
        estimatedDelivery: input.estimatedDelivery,
        shippingCostUsd: input.shippingCostUsd,
        totalWeightKg,
        totalVolumeCm3: null,
        status: 'preparing',
        createdBy: adminId,
      });
      await tx.insert(shipmentPackages).values(packageIds.map((packageId) => ({ shipmentId: shipment.id, packageId })));
      await tx.insert(shipmentStages).values({ shipmentId: shipment.id, ...SHIPMENT_FIRST_STAGE });
      await notifyUser(
        tx,
        input.userId,
        {
          title: M.createdTitle,
          message: M.createdMessage(shipment.shipmentCode, packageIds.length, input.deliveryCity, input.deliveryState),
          type: 'shipment',
          link: CUSTOMER_LINK,
        },
        { email: 'default', appUrl: config.appUrl },
      );
      return { id: shipment.id, shipmentCode: shipment.shipmentCode, totalWeightKg, packageCount: packageIds.length };
    });
  } catch (err) {
    // A package linked by a concurrent shipment (the unique package_id) or a deadlock victim.
    if (isUniqueViolation(err, 'shipment_packages_package_id_key') || isConcurrencyFailure(err)) {
      throw new TRPCError({ code: 'CONFLICT', message: M.packagesUnavailable });
    }
    throw err;
  }
}

/** 'SH' + the last 8 digits of the time; a clash with another shipment's code tries the next millisecond. */
async function insertWithUniqueCode(tx: DbOrTx & { transaction: Db['transaction'] }, values: Omit<typeof shipments.$inferInsert, 'shipmentCode'>) {
  let ms = Date.now();
  for (let attempt = 1; ; attempt++) {
    const shipmentCode = shipmentCodeAt(ms);
    try {
      // A savepoint: a failed insert must not abort the whole transaction.
      const [row] = await tx.transaction((sp) =>
        sp.insert(shipments).values({ ...values, shipmentCode }).returning({ id: shipments.id, shipmentCode: shipments.shipmentCode }),
      );
      return row;
    } catch (err) {
      if (!isUniqueViolation(err, CODE_CONSTRAINT) || attempt >= CODE_ATTEMPTS) throw err;
      ms = Math.max(ms + 1, Date.now());
    }
  }
}

/**
 * The inline status: any value; delivered sets actual_delivery to today (and leaving it clears
 * it); every change sets updated_at, completes the active stage and opens the next, moves the
 * packages to shipped once they leave the warehouse, and notifies the customer.
 */
export async function changeShipmentStatus(db: Db, config: AppConfig, input: z.output<typeof shipmentStatusInput>) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: shipments.id, userId: shipments.userId, status: shipments.status, shipmentCode: shipments.shipmentCode })
      .from(shipments)
      .where(eq(shipments.id, input.id))
      .for('update');
    if (!current) throw new TRPCError({ code: 'NOT_FOUND', message: M.notFound });

    const isDelivered = input.status === 'delivered';
    const [row] = await tx
      .update(shipments)
      .set({ status: input.status, updatedAt: new Date(), actualDelivery: isDelivered ? businessToday() : null })
      .where(eq(shipments.id, input.id))
      .returning({ id: shipments.id, status: shipments.status, actualDelivery: shipments.actualDelivery, updatedAt: shipments.updatedAt });
    if (current.status === input.status) return { ...row, updatedAt: row.updatedAt.toISOString() };

    await tx
      .update(shipmentStages)
      .set({ status: 'completed' })
      .where(and(eq(shipmentStages.shipmentId, input.id), eq(shipmentStages.status, 'active')));
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${shipmentStages.stageNumber}), 0)::int + 1` })
      .from(shipmentStages)
      .where(eq(shipmentStages.shipmentId, input.id));
    await tx.insert(shipmentStages).values({
      shipmentId: input.id,
      stageNumber: Number(next),
      stageName: SHIPMENT_STATUS_LABELS[input.status],
      status: isDelivered ? 'completed' : 'active',
    });

    const linked = tx.select({ id: shipmentPackages.packageId }).from(shipmentPackages).where(eq(shipmentPackages.shipmentId, input.id));
    if (LEFT_WAREHOUSE.includes(input.status)) {
      await tx.update(packages).set({ status: 'shipped' }).where(and(inArray(packages.id, linked), eq(packages.status, 'in_shipment')));
    } else if (input.status === 'preparing') {
      await tx.update(packages).set({ status: 'in_shipment' }).where(and(inArray(packages.id, linked), eq(packages.status, 'shipped')));
    }

    await notifyUser(
      tx,
      current.userId,
      {
        title: M.statusTitle,
        message: M.statusMessage(current.shipmentCode, SHIPMENT_STATUS_LABELS[input.status]),
        type: 'shipment',
        link: CUSTOMER_LINK,
      },
      { email: 'default', appUrl: config.appUrl },
    );
    return { ...row, updatedAt: row.updatedAt.toISOString() };
  });
}
