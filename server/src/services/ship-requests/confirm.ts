// Confirming a ship request (docs/product/last-mile.md#the-ship-request): the parcels ticked (or
// finished repacks, each one box), the mode, the recipient and the delivery become, in one
// transaction, a shipment 'preparing' for staff and an invoice in the customer's account, at the
// price of ./price.ts. The shipment is marked requested_by_customer: departures take it only once
// its invoice is paid (services/departures/). Insured, the shipment records the insured value.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { SHIPMENT_FIRST_STAGE, SHIP_REQUEST_MESSAGES as M, type DeliveryMethod } from '@casillero/shared';
import type { Db } from '../../db/client';
import { packages, repackRequests, shipmentPackages, shipmentStages } from '../../db/schema';
import type { Config } from '../../env';
import { isConcurrencyFailure, isUniqueViolation } from '../../lib/database-errors';
import { DomainError } from '../../lib/domain-error';
import { issueInvoice } from '../billing/invoices';
import { confirmedTotal } from '../fiscal/confirmed-total';
import { notifyAboutShipment } from '../notify';
import { insertWithUniqueCode, moveIntoShipment } from '../shipments';
import { shipRequestLines } from './charges';
import { repackParcelIds } from './parcels';
import { priceRequest } from './price';
import type { ShipRequestChoice } from './types';

type AppConfig = Pick<Config, 'appUrl'>;

const CUSTOMER_LINK = '/dashboard/facturas';

/**
 * Confirms the request: in one transaction the parcels move to the shipment (locked in one order,
 * so two requests with one parcel take turns; the unique package_id settles any race), the
 * shipment is 'preparing' for staff with the chosen destination, and the invoice (shipping,
 * storage, delivery) is issued in the customer's account.
 */
export async function createShipRequest(
  db: Db,
  config: AppConfig,
  userId: string,
  choice: ShipRequestChoice & { recipientId: string; deliveryMethod: DeliveryMethod },
) {
  try {
    return await db.transaction(async (tx) => {
      // The repacks first, then every parcel that would travel, each in one order: two requests
      // with one repack or parcel take turns and the second reads it gone.
      const tickedRepacks = [...new Set(choice.repackIds ?? [])];
      if (tickedRepacks.length)
        await tx
          .select({ id: repackRequests.id })
          .from(repackRequests)
          .where(and(inArray(repackRequests.id, tickedRepacks), eq(repackRequests.userId, userId)))
          .orderBy(asc(repackRequests.id))
          .for('update');
      const toLock = [...new Set([...choice.packageIds, ...(await repackParcelIds(tx, userId, tickedRepacks))])];
      if (toLock.length)
        await tx
          .select({ id: packages.id })
          .from(packages)
          .where(and(inArray(packages.id, toLock), eq(packages.userId, userId)))
          .orderBy(asc(packages.id))
          .for('update');
      const { quote, charges, delivery, ids: packageIds, repackIds } = await priceRequest(tx, userId, choice, true);
      if (!delivery) throw new DomainError('BAD_INPUT', M.packagesRequired);

      await moveIntoShipment(tx, userId, packageIds, M.alreadyRequested);
      // The repack's box leaves with this shipment: its flow's last step, without a second
      // notification (the request's own tells the customer).
      if (repackIds.length) {
        const sent = await tx
          .update(repackRequests)
          .set({ status: 'shipped', shippedAt: new Date() })
          .where(
            and(
              inArray(repackRequests.id, repackIds),
              eq(repackRequests.userId, userId),
              eq(repackRequests.status, 'processed'),
            ),
          )
          .returning({ id: repackRequests.id });
        if (sent.length !== repackIds.length) throw new DomainError('CONFLICT', M.alreadyRequested);
      }

      const shipment = await insertWithUniqueCode(tx, {
        userId,
        ...delivery,
        // Shipping (freight and import taxes) and storage, as staff's shipments keep them; the delivery fee has its own column.
        shippingCostUsdCents: quote.shippingUsdCents + quote.storageUsdCents,
        totalWeightKg: quote.totalWeightKg,
        totalVolumeCm3: null,
        status: 'preparing',
        shippingMethod: choice.shippingMethod,
        requestedByCustomer: true,
        insuredValueUsdCents: quote.insured ? quote.declaredUsdCents : null,
        priceListVersionId: quote.priceList.id,
        quotedAt: new Date(quote.quotedAt),
        createdBy: userId,
      });
      await tx.insert(shipmentPackages).values(packageIds.map((packageId) => ({ shipmentId: shipment.id, packageId })));
      await tx.insert(shipmentStages).values({ shipmentId: shipment.id, ...SHIPMENT_FIRST_STAGE });

      const lines = shipRequestLines(charges, {
        shipmentCode: shipment.shipmentCode,
        parcelCount: packageIds.length,
        shippingMethod: choice.shippingMethod,
        deliveryMethod: delivery.deliveryMethod,
        declaredUsdCents: quote.declaredUsdCents,
      });
      const invoice = await issueInvoice(tx, {
        userId,
        concept: 'shipping_payment',
        description: M.invoiceDescription(shipment.shipmentCode),
        lines,
        shipmentId: shipment.id,
        priceListVersionId: quote.priceList.id,
        createdBy: userId,
      });
      // What the customer confirmed is what is invoiced, or nothing is (docs/product/fiscal-invoices.md#taxes).
      confirmedTotal(invoice.usdCents, quote.totalUsdCents, choice.confirmedTotalUsdCents);
      await notifyAboutShipment(
        tx,
        userId,
        {
          title: M.createdTitle,
          message: M.createdMessage(shipment.shipmentCode, packageIds.length, delivery.deliveryCity, invoice.number),
          link: CUSTOMER_LINK,
        },
        config.appUrl,
      );
      return {
        shipmentId: shipment.id,
        shipmentCode: shipment.shipmentCode,
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        totalUsdCents: invoice.usdCents,
        message: M.created(shipment.shipmentCode, invoice.number),
      };
    });
  } catch (err) {
    // A parcel taken by a concurrent request (the unique package_id) or a deadlock victim.
    if (isUniqueViolation(err, 'shipment_packages_package_id_key') || isConcurrencyFailure(err)) {
      throw new DomainError('CONFLICT', M.alreadyRequested);
    }
    throw err;
  }
}
