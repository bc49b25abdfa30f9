// Reempaques: a customer asks for a repack or consolidation of their packages in the warehouse;
// an admin processes it once with a warehouse receipt (WR) number and the box's weight and
// measures, then marks it shipped (or the customer's ship request sends the box, services/ship-requests/confirm.ts).
// Each step notifies the customer (and the request e-mails the admins) in its transaction.
import { and, eq, inArray } from 'drizzle-orm';
import {
  REPACK_MESSAGES,
  SHIPPING_METHOD_LABELS,
  type processRepackSchema,
  type requestRepackSchema,
} from '@casillero/shared';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../db/client';
import { DomainError } from '../lib/domain-error';
import type { Config } from '../env';
import { packages, repackRequestItems, repackRequests } from '../db/schema';
import { enqueueEmail } from '../mail/outbox';
import { layout, type EmailMessage } from '../mail/templates';
import { inPendingRepack, inShipment, REPACKABLE_PACKAGE_STATUSES } from '../queries/repacks';
import { customerForAdmins, notifyUser } from './notify';

type MailConfig = Pick<Config, 'adminNotifyEmails' | 'appUrl'>;
const CUSTOMER_LINK = '/dashboard/reempaques';

export async function requestRepack(
  db: Db,
  config: MailConfig,
  userId: string,
  input: z.output<typeof requestRepackSchema>,
) {
  const packageIds = [...new Set(input.packageIds)];
  return db.transaction(async (tx) => {
    // Locking the packages closes the race of two requests for the same package.
    const rows = await tx
      .select({
        id: packages.id,
        status: packages.status,
        trackingNumber: packages.trackingNumber,
        description: packages.packageDescription,
        inShipment,
        inPendingRepack,
      })
      .from(packages)
      .where(and(eq(packages.userId, userId), inArray(packages.id, packageIds)))
      .for('update', { of: packages });
    if (rows.length !== packageIds.length) throw new DomainError('NOT_FOUND', REPACK_MESSAGES.packageNotFound);
    const eligible = (r: (typeof rows)[number]) =>
      (REPACKABLE_PACKAGE_STATUSES as readonly string[]).includes(r.status) && !r.inShipment && !r.inPendingRepack;
    if (!rows.every(eligible)) throw new DomainError('BAD_INPUT', REPACK_MESSAGES.packageNotEligible);

    const [request] = await tx
      .insert(repackRequests)
      .values({ userId, shippingMethod: input.shippingMethod, instructions: input.instructions })
      .returning({ id: repackRequests.id, createdAt: repackRequests.createdAt });
    await tx
      .insert(repackRequestItems)
      .values(packageIds.map((packageId) => ({ repackRequestId: request.id, packageId })));

    await notifyUser(
      tx,
      userId,
      {
        title: REPACK_MESSAGES.requestedTitle,
        message: REPACK_MESSAGES.requestedMessage(rows.length),
        type: 'package',
        link: CUSTOMER_LINK,
      },
      { kind: 'status_changed', email: 'default', appUrl: config.appUrl },
    );
    await enqueueEmail(
      tx,
      config.adminNotifyEmails,
      repackRequestedEmail({
        ...(await customerForAdmins(tx, userId)),
        method: SHIPPING_METHOD_LABELS[input.shippingMethod],
        instructions: input.instructions,
        packages: rows.map((r) => `${r.trackingNumber ?? 'Sin tracking'}: ${r.description}`),
        url: `${config.appUrl}/admin/reempaques`,
      }),
    );
    return { id: request.id };
  });
}

/** Why a request could not move on: it does not exist, or it is past that step. */
async function refuseTransition(
  tx: DbOrTx,
  id: string,
  messages: { processed: string; shipped: string; pending: string },
) {
  const [row] = await tx
    .select({ status: repackRequests.status })
    .from(repackRequests)
    .where(eq(repackRequests.id, id));
  if (!row) throw new DomainError('NOT_FOUND', REPACK_MESSAGES.notFound);
  throw new DomainError('CONFLICT', messages[row.status]);
}

export async function processRepack(
  db: Db,
  config: MailConfig,
  adminId: string,
  input: z.output<typeof processRepackSchema>,
) {
  return db.transaction(async (tx) => {
    // pending → processed exactly once, however many times it is clicked.
    const [row] = await tx
      .update(repackRequests)
      .set({
        status: 'processed',
        warehouseReceipt: input.warehouseReceipt,
        // The finished box, priced as one parcel by the customer's ship request.
        weightKg: input.weightKg,
        dimensionsCm: input.dimensionsCm,
        processedAt: new Date(),
        processedBy: adminId,
      })
      .where(and(eq(repackRequests.id, input.id), eq(repackRequests.status, 'pending')))
      .returning({ id: repackRequests.id, userId: repackRequests.userId });
    if (!row) {
      return refuseTransition(tx, input.id, {
        pending: REPACK_MESSAGES.notFound,
        processed: REPACK_MESSAGES.alreadyProcessed,
        shipped: REPACK_MESSAGES.alreadyProcessed,
      });
    }
    await notifyUser(
      tx,
      row.userId,
      {
        title: REPACK_MESSAGES.processedTitle,
        message: REPACK_MESSAGES.processedMessage(input.warehouseReceipt),
        type: 'package',
        link: CUSTOMER_LINK,
      },
      { kind: 'status_changed', email: 'default', appUrl: config.appUrl },
    );
    return { id: row.id, status: 'processed' as const, warehouseReceipt: input.warehouseReceipt };
  });
}

export async function markRepackShipped(db: Db, config: MailConfig, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(repackRequests)
      .set({ status: 'shipped', shippedAt: new Date() })
      .where(and(eq(repackRequests.id, id), eq(repackRequests.status, 'processed')))
      .returning({
        id: repackRequests.id,
        userId: repackRequests.userId,
        warehouseReceipt: repackRequests.warehouseReceipt,
      });
    if (!row) {
      return refuseTransition(tx, id, {
        pending: REPACK_MESSAGES.notProcessed,
        processed: REPACK_MESSAGES.notFound,
        shipped: REPACK_MESSAGES.alreadyShipped,
      });
    }
    await notifyUser(
      tx,
      row.userId,
      {
        title: REPACK_MESSAGES.shippedTitle,
        message: REPACK_MESSAGES.shippedMessage(row.warehouseReceipt),
        type: 'shipment',
        link: CUSTOMER_LINK,
      },
      { kind: 'status_changed', email: 'default', appUrl: config.appUrl },
    );
    return { id: row.id, status: 'shipped' as const };
  });
}

export function repackRequestedEmail(p: {
  customer: string;
  email: string;
  method: string;
  instructions: string | null;
  packages: string[];
  url: string;
}): EmailMessage {
  const title = `Nueva solicitud de reempaque de ${p.customer}`;
  const { html, text } = layout({
    title,
    paragraphs: [
      `${p.customer} (${p.email}) pidió reempacar o consolidar ${p.packages.length} ${p.packages.length === 1 ? 'paquete' : 'paquetes'}. Envío ${p.method.toLowerCase()}.`,
      ...p.packages.map((line) => `• ${line}`),
      `Instrucciones: ${p.instructions ?? 'sin instrucciones especiales'}.`,
    ],
    action: { label: 'Ver solicitud', url: p.url },
  });
  return { template: 'repack-requested', subject: title, html, text };
}
