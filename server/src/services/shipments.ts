// Shipments (docs/product/admin-packages-and-shipments.md#crear-envío): creating one is ONE transaction (the shipment with its
// unique code, the package links, the packages moved to in_shipment, the first stage and the
// customer's notification), so a package travels in one shipment only, however many admins
// click at once; a package waiting in a pending repack request cannot go. Status changes set
// updated_at, add a stage, and tell the customer. A shipment can be corrected (destination,
// date, cost, carrier tracking) at any time, and removed only while it is being prepared.
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  CLAIM_STATUSES_OPEN,
  CLAIM_STATUSES_PAID,
  PACKAGE_STATUSES_SHIPPABLE,
  PROBLEM_MESSAGES,
  SHIPMENT_EDIT_MESSAGES as E,
  SHIPMENT_FIELD_NAMES,
  SHIPMENT_FIRST_STAGE,
  SHIPMENT_MESSAGES as M,
  SHIPMENT_STATUS_LABELS,
  DELIVERY_METHOD_LABELS,
  INSURANCE_LABELS,
  formatUsdCents,
  shipmentCodeAt,
  type ShipmentStatus,
  type shipmentCreateInput,
  type shipmentStatusInput,
  type shipmentUpdateInput,
  type z,
  formatKg,
  formatCountOf,
} from '@casillero/shared';
import type { Db, DbOrTx } from '../db/client';
import type { Config } from '../env';
import {
  claims,
  customsSettlements,
  deliveryProofs,
  invoices,
  packages,
  paymentTransactions,
  shipmentPackages,
  shipmentStages,
  shipments,
} from '../db/schema';
import { issueInvoice, voidInvoice } from './billing/invoices';
import { resolveDelivery } from './delivery';
import { findClient } from '../queries/clients';
import { inPendingRepack } from '../queries/repacks';
import { openProblemsOf } from '../queries/problem-parcels';
import { businessToday } from '../lib/business-clock';
import { DomainError } from '../lib/domain-error';
import { lockShipment } from './shipment-lock';
import { isConcurrencyFailure, isUniqueViolation } from '../lib/database-errors';
import { accruedStorageFee } from './storage';
import { insureParcels } from './declared-value';
import { notifyAboutShipment } from './notify';
import { recordStatusChanges } from './shipment-stages';
import { refuseBehindDeparture } from './departures/milestone-effects';

type AppConfig = Pick<Config, 'appUrl'>;
/** The customer's Envíos page. */
const CUSTOMER_LINK = '/dashboard/envios';
/** A removed shipment's packages are back in the customer's Almacén. */
const CUSTOMER_WAREHOUSE_LINK = '/dashboard/almacen';
const CODE_CONSTRAINT = 'shipments_shipment_code_key';
const CODE_ATTEMPTS = 10;

/**
 * Moves the customer's parcels into a shipment (in_shipment) while each is still shippable and
 * in no shipment; CONFLICT with `refusal` when one no longer is (taken by a concurrent request).
 */
export async function moveIntoShipment(tx: DbOrTx, userId: string, packageIds: string[], refusal: string) {
  const moved = await tx
    .update(packages)
    .set({ status: 'in_shipment' })
    .where(
      and(
        inArray(packages.id, packageIds),
        eq(packages.userId, userId),
        inArray(packages.status, [...PACKAGE_STATUSES_SHIPPABLE]),
        sql`not exists (select 1 from shipment_packages sp where sp.package_id = "packages"."id")`,
      ),
    )
    .returning({ id: packages.id, weightKg: packages.weightKg });
  if (moved.length !== packageIds.length) throw new DomainError('CONFLICT', refusal);
  return moved;
}

/** Statuses in which the packages have left the warehouse. */
const LEFT_WAREHOUSE: readonly ShipmentStatus[] = [
  'in_transit',
  'arrived',
  'customs',
  'out_for_delivery',
  'ready_for_pickup',
  'delivered',
];

const round2 = (n: number) => Math.round(n * 100) / 100;

export async function createShipment(
  db: Db,
  config: AppConfig,
  adminId: string,
  input: z.output<typeof shipmentCreateInput>,
) {
  const packageIds = [...new Set(input.packageIds)];
  try {
    return await db.transaction(async (tx) => {
      const customer = await findClient(tx, input.userId);
      if (!customer) throw new DomainError('BAD_INPUT', M.customerRequired);

      // Lock the chosen packages in one order (no deadlock between two admins), then move only
      // those still shippable, of this customer and in no shipment: all of them or nothing.
      await tx
        .select({ id: packages.id })
        .from(packages)
        .where(inArray(packages.id, packageIds))
        .orderBy(asc(packages.id))
        .for('update');
      // A package waiting for the warehouse to repack it cannot travel as it is (requestRepack
      // locks the same rows, so a request cannot slip in between this check and the move).
      const inRepack = await tx
        .select({ id: packages.id })
        .from(packages)
        .where(and(inArray(packages.id, packageIds), eq(packages.userId, input.userId), inPendingRepack))
        .limit(1);
      if (inRepack.length > 0) throw new DomainError('CONFLICT', E.packagesInPendingRepack);
      // A parcel held by a problem waits for the customer's decision (docs/product/problem-parcels.md#held).
      const [held] = await openProblemsOf(tx, packageIds);
      if (held) throw new DomainError('CONFLICT', PROBLEM_MESSAGES.shipBlocked(held.label));
      const moved = await moveIntoShipment(tx, input.userId, packageIds, M.packagesUnavailable);

      const totalWeightKg = round2(moved.reduce((sum, p) => sum + (p.weightKg ?? 0), 0));
      // Storage (docs/product/storage.md#the-fee): the parcels leave storage here, so the storage fee they accrued past their free
      // days is charged with the shipping, frozen at this moment in the shipment's cost (read
      // from the reception dates, which the move above does not change).
      const storage = await accruedStorageFee(tx, packageIds);
      const storageFeeUsdCents = storage.feeUsdCents;
      // The last mile (docs/product/last-mile.md#delivery): the recipient and the delivery become the destination and the fee.
      const delivery = await resolveDelivery(tx, {
        userId: input.userId,
        recipientId: input.recipientId,
        deliveryMethod: input.deliveryMethod,
        agencyId: input.agencyId,
        chosenBy: 'staff',
      });
      // Insured: the same rule and records as the customer's ship request (docs/product/insurance.md).
      const insurance = input.insured ? await insureParcels(tx, packageIds) : null;
      const shipment = await insertWithUniqueCode(tx, {
        userId: input.userId,
        ...delivery,
        estimatedDelivery: input.estimatedDelivery,
        // The delivery fee stays in its own column (deliveryFeeUsdCents) and is its own invoice line.
        shippingCostUsdCents: input.shippingCostUsdCents + storageFeeUsdCents,
        totalWeightKg,
        totalVolumeCm3: null,
        status: 'preparing',
        shippingMethod: input.shippingMethod,
        insuredValueUsdCents: insurance?.insuredUsdCents ?? null,
        createdBy: adminId,
      });
      await tx.insert(shipmentPackages).values(packageIds.map((packageId) => ({ shipmentId: shipment.id, packageId })));
      await tx.insert(shipmentStages).values({ shipmentId: shipment.id, ...SHIPMENT_FIRST_STAGE });
      // Billing (docs/decisions/021-billing-in-bolivares.md): what the shipment costs is an invoice, with the storage fee as its own line.
      const lines = [
        {
          description: `Envío ${shipment.shipmentCode} (${formatCountOf(packageIds.length, 'paquetes')}, ${formatKg(totalWeightKg)})`,
          usdCents: input.shippingCostUsdCents,
          kind: 'shipping' as const,
        },
        { description: `Almacenaje pasados los días libres`, usdCents: storageFeeUsdCents, kind: 'storage' as const },
        {
          description: `${DELIVERY_METHOD_LABELS.home}: ${delivery.deliveryCity}, ${delivery.deliveryState}`,
          usdCents: delivery.deliveryFeeUsdCents,
          kind: 'delivery' as const,
        },
        {
          description: INSURANCE_LABELS.invoiceLine(
            shipment.shipmentCode,
            formatUsdCents(insurance?.insuredUsdCents ?? 0),
          ),
          usdCents: insurance?.premiumUsdCents ?? 0,
          kind: 'insurance' as const,
        },
      ].filter((l) => l.usdCents > 0);
      if (lines.length) {
        await issueInvoice(tx, {
          userId: input.userId,
          concept: 'shipping_payment',
          description: `Envío ${shipment.shipmentCode}`,
          lines,
          shipmentId: shipment.id,
          createdBy: adminId,
        });
      }
      await notifyAboutShipment(
        tx,
        input.userId,
        {
          title: M.createdTitle,
          message: M.createdMessage(
            shipment.shipmentCode,
            packageIds.length,
            delivery.deliveryCity,
            delivery.deliveryState,
            storageFeeUsdCents,
          ),
          link: CUSTOMER_LINK,
        },
        config.appUrl,
      );
      return {
        id: shipment.id,
        shipmentCode: shipment.shipmentCode,
        totalWeightKg,
        packageCount: packageIds.length,
        storageFeeUsdCents,
        deliveryFeeUsdCents: delivery.deliveryFeeUsdCents,
        insuredValueUsdCents: insurance?.insuredUsdCents ?? null,
        insuranceUsdCents: insurance?.premiumUsdCents ?? 0,
      };
    });
  } catch (err) {
    // A package linked by a concurrent shipment (the unique package_id) or a deadlock victim.
    if (isUniqueViolation(err, 'shipment_packages_package_id_key') || isConcurrencyFailure(err)) {
      throw new DomainError('CONFLICT', M.packagesUnavailable);
    }
    throw err;
  }
}

/** 'SH' + the last 8 digits of the time; a clash with another shipment's code tries the next millisecond (also the ship request's, services/ship-requests/confirm.ts). */
export async function insertWithUniqueCode(
  tx: DbOrTx & { transaction: Db['transaction'] },
  values: Omit<typeof shipments.$inferInsert, 'shipmentCode'>,
) {
  let ms = Date.now();
  for (let attempt = 1; ; attempt++) {
    const shipmentCode = shipmentCodeAt(ms);
    try {
      // A savepoint: a failed insert must not abort the whole transaction.
      const [row] = await tx.transaction((sp) =>
        sp
          .insert(shipments)
          .values({ ...values, shipmentCode })
          .returning({ id: shipments.id, shipmentCode: shipments.shipmentCode }),
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
    const current = await lockShipment(tx, input.id, M.notFound);
    // A shipment handed over with its proof stays delivered: the proof is the evidence, and a second
    // delivery could not record another (one proof per shipment).
    if (input.status !== current.status) {
      const [proof] = await tx
        .select({ id: deliveryProofs.shipmentId })
        .from(deliveryProofs)
        .where(eq(deliveryProofs.shipmentId, current.id));
      if (proof) throw new DomainError('CONFLICT', M.deliveredWithProof(current.shipmentCode));
    }
    // Not behind where its departure's milestones put it (docs/product/departures.md#what-a-milestone-moves).
    await refuseBehindDeparture(tx, input.id, input.status);

    const isDelivered = input.status === 'delivered';
    const [row] = await tx
      .update(shipments)
      .set({ status: input.status, updatedAt: new Date(), actualDelivery: isDelivered ? businessToday() : null })
      .where(eq(shipments.id, input.id))
      .returning({
        id: shipments.id,
        status: shipments.status,
        actualDelivery: shipments.actualDelivery,
        updatedAt: shipments.updatedAt,
      });
    if (current.status === input.status) return { ...row, updatedAt: row.updatedAt.toISOString() };

    await recordStatusChanges(
      tx,
      [
        {
          id: input.id,
          userId: current.userId,
          shipmentCode: current.shipmentCode,
          previous: current.status,
          changedAt: row.updatedAt,
        },
      ],
      input.status,
    );

    const linked = tx
      .select({ id: shipmentPackages.packageId })
      .from(shipmentPackages)
      .where(eq(shipmentPackages.shipmentId, input.id));
    if (LEFT_WAREHOUSE.includes(input.status)) {
      await tx
        .update(packages)
        .set({ status: 'shipped' })
        .where(and(inArray(packages.id, linked), eq(packages.status, 'in_shipment')));
    } else if (input.status === 'preparing') {
      await tx
        .update(packages)
        .set({ status: 'in_shipment' })
        .where(and(inArray(packages.id, linked), eq(packages.status, 'shipped')));
    }

    await notifyAboutShipment(
      tx,
      current.userId,
      {
        title: M.statusTitle,
        message: M.statusMessage(current.shipmentCode, SHIPMENT_STATUS_LABELS[input.status]),
        link: CUSTOMER_LINK,
      },
      config.appUrl,
    );
    return { ...row, updatedAt: row.updatedAt.toISOString() };
  });
}

const EDITABLE = Object.keys(SHIPMENT_FIELD_NAMES) as (keyof typeof SHIPMENT_FIELD_NAMES)[];

/**
 * 'Editar envío': corrects the destination, the estimated date, the cost and the carrier's
 * tracking number, in any status. When something changed, updated_at moves and the customer
 * is told what.
 */
export async function updateShipment(db: Db, config: AppConfig, input: z.output<typeof shipmentUpdateInput>) {
  return db.transaction(async (tx) => {
    const current = await lockShipment(tx, input.id, M.notFound);

    const { id, recipientId, deliveryMethod, agencyId, ...rest } = input;
    const delivery = await resolveDelivery(tx, {
      userId: current.userId,
      recipientId,
      deliveryMethod,
      agencyId,
      chosenBy: 'staff',
    });
    const values = { ...rest, ...delivery };
    const changed = EDITABLE.filter((key) => values[key] !== current[key]);
    if (changed.length === 0) return { id, shipmentCode: current.shipmentCode, changed: [] as string[] };

    await tx
      .update(shipments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(shipments.id, id));
    await notifyAboutShipment(
      tx,
      current.userId,
      {
        title: E.updatedNoticeTitle,
        message: E.updatedNotice(
          current.shipmentCode,
          changed.map((key) => SHIPMENT_FIELD_NAMES[key]),
        ),
        link: CUSTOMER_LINK,
      },
      config.appUrl,
    );
    return { id, shipmentCode: current.shipmentCode, changed: changed as string[] };
  });
}

/**
 * Removing a shipment still being prepared: its stages and package links go with it (one
 * transaction), its packages return to the warehouse and can be shipped again, and the
 * customer is told. Refused once it has left (any other status) or when payments refer to it.
 *
 * The packages' earlier status is not recorded; both shippable statuses mean "in the
 * warehouse", so a package with a received date returns as 'in_warehouse' (En almacén) and one
 * without as 'received'. Either can go into a new shipment.
 */
export async function removeShipment(db: Db, config: AppConfig, id: string) {
  return db.transaction(async (tx) => {
    const current = await lockShipment(tx, id, M.notFound);
    if (current.status !== 'preparing') {
      throw new DomainError('CONFLICT', E.removeNotPreparing(SHIPMENT_STATUS_LABELS[current.status]));
    }
    const [payment] = await tx
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.shipmentId, id))
      .limit(1);
    if (payment) throw new DomainError('CONFLICT', E.removeHasPayments);
    // A claim on it, or one open or paid on a parcel of it, was decided under its insurance and its
    // cap (docs/product/claims.md#the-cap-across-claims): the shipment stays.
    const [claimed] = await tx
      .select({ id: claims.id })
      .from(claims)
      .where(
        or(
          eq(claims.shipmentId, id),
          and(
            inArray(
              claims.packageId,
              tx
                .select({ id: shipmentPackages.packageId })
                .from(shipmentPackages)
                .where(eq(shipmentPackages.shipmentId, id)),
            ),
            inArray(claims.status, [...CLAIM_STATUSES_OPEN, ...CLAIM_STATUSES_PAID]),
          ),
        ),
      )
      .limit(1);
    if (claimed) throw new DomainError('CONFLICT', E.removeHasClaims);
    // Its customs settled against the broker's figure moved the customer's account and stays on
    // record (docs/product/customs.md#settled-against-what-customs-charged): the shipment stays
    // too, whatever its status now.
    const [settled] = await tx
      .select({ id: customsSettlements.id })
      .from(customsSettlements)
      .where(eq(customsSettlements.shipmentId, id))
      .limit(1);
    if (settled) throw new DomainError('CONFLICT', E.removeCustomsSettled);
    // Its invoice keeps its number, voided; anything paid on it becomes credit (docs/decisions/021-billing-in-bolivares.md).
    const issued = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.shipmentId, id));
    for (const invoice of issued) await voidInvoice(tx, invoice.id, null, `envío ${current.shipmentCode} eliminado`);

    const linked = tx
      .select({ id: shipmentPackages.packageId })
      .from(shipmentPackages)
      .where(eq(shipmentPackages.shipmentId, id));
    const freed = await tx
      .update(packages)
      .set({
        status: sql`case when ${packages.receivedDate} is not null then 'in_warehouse' else 'received' end::package_status`,
      })
      .where(inArray(packages.id, linked))
      .returning({ id: packages.id, status: packages.status });
    await tx.delete(shipmentStages).where(eq(shipmentStages.shipmentId, id));
    await tx.delete(shipmentPackages).where(eq(shipmentPackages.shipmentId, id));
    await tx.delete(shipments).where(eq(shipments.id, id));

    await notifyAboutShipment(
      tx,
      current.userId,
      {
        title: E.removedNoticeTitle,
        message: E.removedNotice(current.shipmentCode, freed.length),
        link: CUSTOMER_WAREHOUSE_LINK,
      },
      config.appUrl,
    );
    return { id, shipmentCode: current.shipmentCode, packages: freed };
  });
}
