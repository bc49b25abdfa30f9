// Agency counters and proof of delivery (docs/product/last-mile.md#agency-counters-and-proof-of-delivery).
// An 'agencia' user works at one agency (agency_staff) and reaches only the shipments bound to
// it: anything else is answered as a missing shipment. Scanning an arriving shipment makes it
// "listo para retirar" with a fresh 6-digit code, kept only as its hash; handing it over takes
// the code or the cédula of the recipient (or of a person the customer authorised) and a photo,
// and leaves one delivery_proofs row. Five failed attempts (wrong codes and cédulas of no one allowed,
// counted together) lock pickup until staff unlock it.
import { randomInt } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  PICKUP_ARRIVING_STATUSES,
  PICKUP_CODE_LENGTH,
  PICKUP_MAX_WRONG_CODES,
  PICKUP_MESSAGES as M,
  SHIPMENT_STATUS_LABELS,
  sameIdPerson,
  type CounterTab,
  type counterDeliverInput,
  type z,
} from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import {
  agencies,
  packages,
  recipients,
  shipmentPackages,
  shipmentPickups,
  shipments,
  userProfiles,
} from '../../db/schema';
import { DomainError } from '../../lib/domain-error';
import { writeAuditEntry } from '../../audit/audit-context';
import { hashToken } from '../../auth/tokens';
import { enqueueWhatsapp } from '../../messaging/whatsapp-outbox';
import { WHATSAPP_TEMPLATES } from '../../messaging/whatsapp-templates';
import { notifyUser } from '../notify';
import { knownSilenced } from '../../lib/notifications-off';
import { refuseIfNotLeft } from '../shipment-left';
import { moveShipment } from '../shipment-stages';
import { recordDelivery } from './proof';
import { CUSTOMER_LINK, counterScope, inScope, notFound, type Scope, type Viewer } from './scope';

const TAB_STATUSES: Record<CounterTab, readonly string[]> = {
  arriving: PICKUP_ARRIVING_STATUSES,
  ready: ['ready_for_pickup'],
  delivered: ['delivered'],
};

/** The counter's list: the agency's shipments of one tab, newest first (at most 200). */
export async function listCounter(db: DbOrTx, viewer: Viewer, tab: CounterTab) {
  const scope = await counterScope(db, viewer);
  const rows = await db
    .select({
      id: shipments.id,
      shipmentCode: shipments.shipmentCode,
      status: shipments.status,
      updatedAt: shipments.updatedAt,
      actualDelivery: shipments.actualDelivery,
      customerName: userProfiles.fullName,
      recipientName: recipients.fullName,
      agencyName: agencies.name,
      pickupLockedAt: shipmentPickups.pickupLockedAt,
      readyAt: shipmentPickups.readyAt,
    })
    .from(shipments)
    .leftJoin(userProfiles, eq(userProfiles.userId, shipments.userId))
    .innerJoin(agencies, eq(agencies.id, shipments.agencyId))
    .leftJoin(recipients, eq(recipients.id, shipments.recipientId))
    .leftJoin(shipmentPickups, eq(shipmentPickups.shipmentId, shipments.id))
    .where(and(inScope(scope), inArray(shipments.status, TAB_STATUSES[tab] as (typeof shipments.status._.data)[])))
    .orderBy(sql`${shipments.updatedAt} desc`)
    .limit(200);
  return rows.map((r) => ({
    ...r,
    statusLabel: SHIPMENT_STATUS_LABELS[r.status],
    updatedAt: r.updatedAt.toISOString(),
    readyAt: r.readyAt?.toISOString() ?? null,
    locked: r.pickupLockedAt !== null,
    pickupLockedAt: r.pickupLockedAt?.toISOString() ?? null,
  }));
}

/** The shipment a scanned code names (its own code, or the WR label of one of its parcels), in scope. */
async function findScanned(tx: DbOrTx, scope: Scope, code: string) {
  const key = code.trim().toUpperCase();
  const [row] = await tx
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        inScope(scope),
        or(
          eq(sql`upper(${shipments.shipmentCode})`, key),
          sql`exists (select 1 from ${shipmentPackages} sp join ${packages} p on p.id = sp.package_id
                      where sp.shipment_id = ${shipments.id} and upper(p.warehouse_receipt) = ${key})`,
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The shipment with what the counter needs, locked for the change; NOT_FOUND outside the scope. */
async function shipmentInScope(tx: DbOrTx, scope: Scope, shipmentId: string) {
  const [row] = await tx
    .select({
      id: shipments.id,
      userId: shipments.userId,
      shipmentCode: shipments.shipmentCode,
      status: shipments.status,
      deliveryMethod: shipments.deliveryMethod,
      agencyId: shipments.agencyId,
      recipientId: shipments.recipientId,
    })
    .from(shipments)
    .where(and(eq(shipments.id, shipmentId), inScope(scope)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

const newPickupCode = () => String(randomInt(0, 10 ** PICKUP_CODE_LENGTH)).padStart(PICKUP_CODE_LENGTH, '0');
/** The code is kept only as the hash of the shipment and the code (a leaked table tells nothing). */
const pickupCodeHash = (shipmentId: string, code: string) => hashToken(`${shipmentId}:${code}`);

/**
 * The scan at the counter: an arriving shipment bound to the agency becomes "listo para retirar"
 * with a new pickup code, sent to the customer (their channels) and to the recipient's phone by
 * WhatsApp when the recipient is not the customer.
 */
export async function markReadyForPickup(tx: DbOrTx, viewer: Viewer, code: string, options: { appUrl?: string } = {}) {
  const scope = await counterScope(tx, viewer);
  const found = await findScanned(tx, scope, code);
  if (!found) throw notFound();
  const shipment = await shipmentInScope(tx, scope, found.id);
  if (shipment.status === 'ready_for_pickup') throw new DomainError('CONFLICT', M.alreadyReady(shipment.shipmentCode));
  if (!(PICKUP_ARRIVING_STATUSES as readonly string[]).includes(shipment.status)) {
    throw new DomainError('BAD_INPUT', M.notArriving(SHIPMENT_STATUS_LABELS[shipment.status]));
  }
  await refuseIfNotLeft(tx, shipment);
  const [agency] = await tx
    .select({ name: agencies.name, city: agencies.city })
    .from(agencies)
    .where(eq(agencies.id, shipment.agencyId!));
  const agencyName = `${agency.name}, ${agency.city}`;
  const pickupCode = newPickupCode();
  const values = {
    codeHash: pickupCodeHash(shipment.id, pickupCode),
    wrongCodes: 0,
    pickupLockedAt: null,
    readyAt: new Date(),
    markedReadyBy: viewer.id,
  };
  await tx
    .insert(shipmentPickups)
    .values({ shipmentId: shipment.id, ...values })
    .onConflictDoUpdate({ target: shipmentPickups.shipmentId, set: values });
  await moveShipment(tx, shipment, 'ready_for_pickup');

  await notifyUser(
    tx,
    shipment.userId,
    {
      title: M.readyTitle,
      message: M.readyMessage(shipment.shipmentCode, agencyName, pickupCode),
      type: 'shipment',
      link: CUSTOMER_LINK,
    },
    { kind: 'status_changed', email: 'default', whatsapp: 'default', appUrl: options.appUrl },
  );
  // The recipient has no account: their phone, by WhatsApp, when they are not the customer (not
  // in a transaction that tells nobody, lib/notifications-off.ts: the demo's).
  let recipientTold = false;
  if (shipment.recipientId && !knownSilenced(tx)) {
    const [recipient] = await tx
      .select({ phone: recipients.phone, isAccountHolder: recipients.isAccountHolder })
      .from(recipients)
      .where(eq(recipients.id, shipment.recipientId));
    if (recipient?.phone && !recipient.isAccountHolder) {
      await enqueueWhatsapp(tx, {
        userId: null,
        toPhone: recipient.phone,
        template: WHATSAPP_TEMPLATES.status_changed.name,
        params: [M.readyTitle, M.recipientReady(shipment.shipmentCode, agencyName, pickupCode), options.appUrl ?? '-'],
      });
      recipientTold = true;
    }
  }
  return {
    shipmentId: shipment.id,
    shipmentCode: shipment.shipmentCode,
    recipientTold,
    message: M.markedReady(shipment.shipmentCode),
  };
}
type DeliverInput = z.output<typeof counterDeliverInput>;

/**
 * A failed attempt (a wrong code or a cédula of no one allowed): one more on the shipment's one
 * count, and the lock at the fifth. Codes and cédulas share the count, so guessing cédulas does not
 * get around the limit on codes.
 */
async function countFailedAttempt(tx: DbOrTx, shipmentId: string, failedBefore: number) {
  const wrongCodes = failedBefore + 1;
  const locked = wrongCodes >= PICKUP_MAX_WRONG_CODES;
  await tx
    .update(shipmentPickups)
    .set({ wrongCodes, pickupLockedAt: locked ? new Date() : null })
    .where(eq(shipmentPickups.shipmentId, shipmentId));
  return { locked, left: PICKUP_MAX_WRONG_CODES - wrongCodes };
}

/**
 * The handover at the counter. A failed attempt is answered, not thrown: its count (and the lock at
 * the fifth) must be kept, and a thrown error would undo it with the rest. The shipment's row lock
 * makes concurrent attempts take turns, so none is lost.
 */
export async function deliverAtCounter(
  tx: DbOrTx,
  viewer: Viewer,
  input: DeliverInput,
  options: { appUrl?: string } = {},
): Promise<{ delivered: true; message: string } | { delivered: false; locked: boolean; message: string }> {
  const scope = await counterScope(tx, viewer);
  const shipment = await shipmentInScope(tx, scope, input.shipmentId);
  if (shipment.status === 'delivered') throw new DomainError('CONFLICT', M.alreadyDelivered);
  if (shipment.status !== 'ready_for_pickup') throw new DomainError('BAD_INPUT', M.notReady);
  const [pickup] = await tx
    .select()
    .from(shipmentPickups)
    .where(eq(shipmentPickups.shipmentId, shipment.id))
    .for('update');
  if (!pickup) throw new DomainError('BAD_INPUT', M.notReady);
  if (pickup.pickupLockedAt) throw new DomainError('CONFLICT', M.locked);

  if (input.method === 'code') {
    if (pickupCodeHash(shipment.id, input.code) !== pickup.codeHash) {
      const { locked, left } = await countFailedAttempt(tx, shipment.id, pickup.wrongCodes);
      return { delivered: false, locked, message: M.wrongCode(left) };
    }
    return recordDelivery(
      tx,
      viewer,
      shipment,
      { method: 'code', receivedBy: input.receivedBy, idDocument: null, photo: input.photo },
      options,
    );
  }

  // The cédula: the shipment's recipient, or a person the customer authorised.
  const allowed = await tx
    .select({ idDocument: recipients.idDocument })
    .from(recipients)
    .where(
      and(
        eq(recipients.userId, shipment.userId),
        shipment.recipientId
          ? or(
              eq(recipients.id, shipment.recipientId),
              and(eq(recipients.isAuthorized, true), isNull(recipients.archivedAt)),
            )
          : and(eq(recipients.isAuthorized, true), isNull(recipients.archivedAt)),
      ),
    );
  if (!allowed.some((r) => r.idDocument && sameIdPerson(r.idDocument, input.idDocument))) {
    const { locked, left } = await countFailedAttempt(tx, shipment.id, pickup.wrongCodes);
    return { delivered: false, locked, message: M.idDocumentNotAllowed(left) };
  }
  return recordDelivery(
    tx,
    viewer,
    shipment,
    { method: 'id_document', receivedBy: input.receivedBy, idDocument: input.idDocument, photo: input.photo },
    options,
  );
}

/** Staff lift the lock left by five failed attempts (codes or cédulas); the change is written to the audit log by hand. */
export async function unlockPickup(tx: DbOrTx, shipmentId: string) {
  const [pickup] = await tx
    .select({ wrongCodes: shipmentPickups.wrongCodes, pickupLockedAt: shipmentPickups.pickupLockedAt })
    .from(shipmentPickups)
    .where(eq(shipmentPickups.shipmentId, shipmentId))
    .for('update');
  if (!pickup) throw notFound();
  if (!pickup.pickupLockedAt) throw new DomainError('BAD_INPUT', M.notLocked);
  await tx
    .update(shipmentPickups)
    .set({ wrongCodes: 0, pickupLockedAt: null })
    .where(eq(shipmentPickups.shipmentId, shipmentId));
  await writeAuditEntry(tx, {
    entity: 'shipment_pickups',
    entityId: shipmentId,
    operation: 'update',
    before: { wrong_codes: pickup.wrongCodes, pickup_locked_at: pickup.pickupLockedAt.toISOString() },
    after: { wrong_codes: 0, pickup_locked_at: null },
  });
  return { message: M.unlocked };
}
