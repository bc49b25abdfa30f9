// Where a customer lands after signing in (docs/product/sign-up-and-sign-in.md#where-a-customer-lands):
// the first of these that waits for them, each one indexed lookup of their own rows.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CUSTOMER_LANDINGS, type CustomerLandingReason } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { invoices, ledgerEntries, packages, shipments } from '../db/schema';
import { shippablePackagesOf } from './shipments';

const exists = async (rows: Promise<unknown[]>) => (await rows).length > 0;

/** The reason the customer has to act first, or 'nothingPending'. */
export async function customerLandingReason(db: DbOrTx, userId: string): Promise<CustomerLandingReason> {
  // An invoice still owes while its ledger entries add up to more than zero (as Facturas shows it).
  const unpaid = db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        isNull(invoices.voidedAt),
        sql`(select coalesce(sum(le.usd_cents), 0) from ${ledgerEntries} le where le.invoice_id = ${invoices.id}) > 0`,
      ),
    )
    .limit(1);
  if (await exists(unpaid)) return 'unpaidInvoice';

  const atAgency = db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.userId, userId), eq(shipments.status, 'ready_for_pickup')))
    .limit(1);
  if (await exists(atAgency)) return 'readyForPickup';

  // In the warehouse, in no shipment, and not waiting for a repack the warehouse has to do.
  const waiting = db.select({ id: packages.id }).from(packages).where(shippablePackagesOf(userId)).limit(1);
  if (await exists(waiting)) return 'waitingParcels';

  return 'nothingPending';
}

/** The screen the customer lands on, and why. */
export async function customerLanding(db: DbOrTx, userId: string) {
  const reason = await customerLandingReason(db, userId);
  return { reason, to: CUSTOMER_LANDINGS[reason] };
}
