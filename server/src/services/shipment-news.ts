// Shipment broadcasts (docs/product/messages-and-notifications.md#shipment-news): an admin posts news on a shipment (delayed, new estimated date,
// arrived in Venezuela, ready for pickup) and every customer with a parcel in it is told ONCE,
// on the channels they chose for 'shipment_news'. One transaction: the news row, the shipment's
// new estimated date and the notifications (set-based, notifyMany), so either the news exists
// and everyone was told or nothing happened. The dedupe key 'shipment-news:<id>' makes a second
// delivery of the same news impossible, whatever retries the caller makes; a customer with 20
// parcels in the shipment still gets one message.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  SHIPMENT_NEWS_KIND_LABELS,
  SHIPMENT_NEWS_MESSAGES as M,
  type shipmentNewsInput,
  type z,
} from '@casillero/shared';
import type { Db } from '../db/client';
import { DomainError } from '../lib/domain-error';
import { lockShipment } from './shipment-lock';
import type { Config } from '../env';
import { packages, shipmentNews, shipmentPackages, shipments } from '../db/schema';
import { notifyMany } from './notify';

type AppConfig = Pick<Config, 'appUrl'>;
/** The customer's Envíos page, where the news shows in the shipment's timeline. */
const CUSTOMER_LINK = '/dashboard/envios';

export const shipmentNewsDedupeKey = (newsId: string) => `shipment-news:${newsId}`;

export async function postShipmentNews(
  db: Db,
  config: AppConfig,
  adminId: string,
  input: z.output<typeof shipmentNewsInput>,
) {
  return db.transaction(async (tx) => {
    // Locked: two admins correcting the date at once apply one after the other.
    const shipment = await lockShipment(tx, input.shipmentId, M.notFound);

    // Every distinct customer with a parcel in the shipment (not one per parcel).
    const recipients = await tx
      .selectDistinct({ userId: packages.userId })
      .from(shipmentPackages)
      .innerJoin(packages, eq(packages.id, shipmentPackages.packageId))
      .where(eq(shipmentPackages.shipmentId, shipment.id));
    if (recipients.length === 0) throw new DomainError('BAD_INPUT', M.noCustomers);

    const id = randomUUID();
    const label = SHIPMENT_NEWS_KIND_LABELS[input.kind];
    const recipientCount = await notifyMany(
      tx,
      recipients.map((r) => r.userId),
      {
        title: M.noticeTitle(shipment.shipmentCode, label),
        message: input.message,
        type: 'shipment',
        link: CUSTOMER_LINK,
      },
      {
        kind: 'shipment_news',
        dedupeKey: shipmentNewsDedupeKey(id),
        appUrl: config.appUrl,
        email: 'default',
        whatsapp: 'default',
      },
    );

    const [news] = await tx
      .insert(shipmentNews)
      .values({
        id,
        shipmentId: shipment.id,
        kind: input.kind,
        message: input.message,
        estimatedDelivery: input.estimatedDelivery,
        recipientCount,
        createdBy: adminId,
      })
      .returning();
    if (input.estimatedDelivery) {
      await tx
        .update(shipments)
        .set({ estimatedDelivery: input.estimatedDelivery, updatedAt: new Date() })
        .where(eq(shipments.id, shipment.id));
    }
    return {
      id: news.id,
      shipmentCode: shipment.shipmentCode,
      kind: news.kind,
      recipientCount: news.recipientCount,
      estimatedDelivery: news.estimatedDelivery,
      createdAt: news.createdAt.toISOString(),
    };
  });
}
