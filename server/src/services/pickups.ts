// Agency counters and proof of delivery (docs/product/last-mile.md#agency-counters-and-proof-of-delivery).
// An 'agencia' user works at one agency (agency_staff) and reaches only the shipments bound to
// it: anything else is answered as a missing shipment. Scanning an arriving shipment makes it
// "listo para retirar" with a fresh 6-digit code, kept only as its hash; handing it over takes
// the code or the cédula of the recipient (or of a person the customer authorised) and a photo,
// and leaves one delivery_proofs row. Five wrong codes lock pickup until staff unlock it.
import { randomInt } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  DELIVERY_PROOF_METHOD_LABELS,
  PICKUP_ARRIVING_STATUSES,
  PICKUP_CODE_LENGTH,
  PICKUP_DEFAULTS,
  PICKUP_MAX_WRONG_CODES,
  PICKUP_MESSAGES as M,
  SHIPMENT_STATUS_LABELS,
  isHomeDeliverable,
  sameIdPerson,
  type CounterTab,
  type DeliveryProofMethod,
  type PickupSettings,
  type ShipmentStatus,
  type counterDeliverInput,
  type homeDeliveryInput,
  type z,
} from '@casillero/shared';
import { rowsOf, type DbOrTx } from '../db/client';
import {
  agencies,
  agencyStaff,
  appSettings,
  deliveryProofs,
  packages,
  recipients,
  shipmentPackages,
  shipmentPickups,
  shipments,
  storedFiles,
  userProfiles,
} from '../db/schema';
import { DomainError } from '../lib/domain-error';
import { BUSINESS_TZ_SQL, businessToday } from '../lib/business-clock';
import { writeAuditEntry } from '../audit/audit-context';
import { hashToken } from '../auth/tokens';
import { enqueueWhatsapp } from '../messaging/whatsapp-outbox';
import { WHATSAPP_TEMPLATES } from '../messaging/whatsapp-templates';
import { notifyUser } from './notify';
import { moveShipment } from './shipment-stages';
import { refuseIfNotLeft } from './shipment-left';

const CUSTOMER_LINK = '/dashboard/envios';
export const PICKUP_SETTINGS_KEY = 'pickup';

type Viewer = { id: string; role: string };
/** The agency the viewer works at, or null for staff who see every agency (the administrator). */
type Scope = { agencyId: string | null };

const notFound = () => new DomainError('NOT_FOUND', M.notFound);

/** Where the viewer works: an 'agencia' user's one agency; other staff reach every agency. */
export async function counterScope(db: DbOrTx, viewer: Viewer): Promise<Scope> {
  if (viewer.role !== 'agencia') return { agencyId: null };
  const [row] = await db
    .select({ agencyId: agencyStaff.agencyId })
    .from(agencyStaff)
    .where(eq(agencyStaff.userId, viewer.id));
  if (!row) throw new DomainError('FORBIDDEN', M.noAgency);
  return { agencyId: row.agencyId };
}

/** Only shipments to be collected at an agency, and for an agency user only its own. */
const inScope = (scope: Scope) =>
  and(
    eq(shipments.deliveryMethod, 'agency'),
    scope.agencyId ? eq(shipments.agencyId, scope.agencyId) : sql`${shipments.agencyId} is not null`,
  );

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
  // The recipient has no account: their phone, by WhatsApp, when they are not the customer.
  let recipientTold = false;
  if (shipment.recipientId) {
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

type Photo = { fileId: string; thumbFileId: string };

/** The photo the viewer just took (both sizes, delivery photos they uploaded, not in another proof), handed to the customer. */
async function takePhoto(tx: DbOrTx, viewerId: string, customerId: string, photo: Photo) {
  const ids = [photo.fileId, photo.thumbFileId];
  const usable = await tx
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .where(
      and(
        inArray(storedFiles.id, ids),
        eq(storedFiles.kind, 'delivery_photo'),
        eq(storedFiles.ownerUserId, viewerId),
        eq(storedFiles.uploadedBy, viewerId),
      ),
    );
  if (photo.fileId === photo.thumbFileId || usable.length !== 2) throw new DomainError('BAD_INPUT', M.photoInvalid);
  // The customer may open the proof's photo (files.link answers a file's owner).
  await tx.update(storedFiles).set({ ownerUserId: customerId }).where(inArray(storedFiles.id, ids));
}

async function recordDelivery(
  tx: DbOrTx,
  viewer: Viewer,
  shipment: { id: string; userId: string; shipmentCode: string; agencyId: string | null; status: ShipmentStatus },
  proof: { method: DeliveryProofMethod; receivedBy: string; idDocument: string | null; photo: Photo },
  options: { appUrl?: string },
) {
  await takePhoto(tx, viewer.id, shipment.userId, proof.photo);
  const today = businessToday();
  await tx.insert(deliveryProofs).values({
    shipmentId: shipment.id,
    method: proof.method,
    receivedBy: proof.receivedBy,
    idDocument: proof.idDocument,
    photoFileId: proof.photo.fileId,
    photoThumbFileId: proof.photo.thumbFileId,
    agencyId: proof.method === 'home' ? null : shipment.agencyId,
    recordedBy: viewer.id,
  });
  // The customer's stages end with 'Entregado' (docs/product/last-mile.md#agency-counters-and-proof-of-delivery).
  await moveShipment(tx, shipment, 'delivered', { actualDelivery: today });
  await tx.delete(shipmentPickups).where(eq(shipmentPickups.shipmentId, shipment.id));
  await notifyUser(
    tx,
    shipment.userId,
    {
      title: M.deliveredTitle,
      message: M.deliveredMessage(shipment.shipmentCode, proof.receivedBy),
      type: 'shipment',
      link: CUSTOMER_LINK,
    },
    { kind: 'status_changed', email: 'default', appUrl: options.appUrl },
  );
  return { delivered: true as const, message: M.delivered(shipment.shipmentCode) };
}

type DeliverInput = z.output<typeof counterDeliverInput>;

/**
 * The handover at the counter. A wrong code is answered, not thrown: the count of wrong codes
 * (and the lock at the fifth) must be kept, and a thrown error would undo it with the rest.
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
      const wrongCodes = pickup.wrongCodes + 1;
      const locked = wrongCodes >= PICKUP_MAX_WRONG_CODES;
      await tx
        .update(shipmentPickups)
        .set({ wrongCodes, pickupLockedAt: locked ? new Date() : null })
        .where(eq(shipmentPickups.shipmentId, shipment.id));
      return { delivered: false, locked, message: M.wrongCode(PICKUP_MAX_WRONG_CODES - wrongCodes) };
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
    throw new DomainError('FORBIDDEN', M.idDocumentNotAllowed);
  }
  return recordDelivery(
    tx,
    viewer,
    shipment,
    { method: 'id_document', receivedBy: input.receivedBy, idDocument: input.idDocument, photo: input.photo },
    options,
  );
}

/** Staff lift the lock left by five wrong codes; the change is written to the audit log by hand. */
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

type HomeInput = z.output<typeof homeDeliveryInput>;

/** Staff record the proof of a home delivery: who received it, their cédula and a photo. */
export async function recordHomeDelivery(
  tx: DbOrTx,
  viewer: Viewer,
  input: HomeInput,
  options: { appUrl?: string } = {},
) {
  const [shipment] = await tx
    .select({
      id: shipments.id,
      userId: shipments.userId,
      shipmentCode: shipments.shipmentCode,
      status: shipments.status,
      deliveryMethod: shipments.deliveryMethod,
      agencyId: shipments.agencyId,
    })
    .from(shipments)
    .where(eq(shipments.id, input.shipmentId))
    .for('update');
  if (!shipment) throw notFound();
  if (shipment.deliveryMethod !== 'home') throw new DomainError('BAD_INPUT', M.notHomeDelivery);
  if (shipment.status === 'delivered') throw new DomainError('CONFLICT', M.alreadyDelivered);
  if (!isHomeDeliverable(shipment.status)) {
    throw new DomainError('BAD_INPUT', M.homeNotDeliverable(SHIPMENT_STATUS_LABELS[shipment.status]));
  }
  await refuseIfNotLeft(tx, shipment);
  return recordDelivery(
    tx,
    viewer,
    shipment,
    { method: 'home', receivedBy: input.receivedBy, idDocument: input.idDocument, photo: input.photo },
    options,
  );
}

/**
 * A shipment's proof of delivery, or null. For the customer (`ownerId`) only their own shipment;
 * another's is NOT_FOUND. No one's cédula is shown to the customer beyond who received it.
 */
export async function deliveryProofOf(db: DbOrTx, shipmentId: string, ownerId: string | null) {
  const [shipment] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(ownerId ? and(eq(shipments.id, shipmentId), eq(shipments.userId, ownerId)) : eq(shipments.id, shipmentId));
  if (!shipment) throw notFound();
  const [proof] = await db
    .select({
      method: deliveryProofs.method,
      receivedBy: deliveryProofs.receivedBy,
      idDocument: deliveryProofs.idDocument,
      photoFileId: deliveryProofs.photoFileId,
      photoThumbFileId: deliveryProofs.photoThumbFileId,
      deliveredAt: deliveryProofs.deliveredAt,
      agencyName: agencies.name,
      agencyCity: agencies.city,
      recordedByName: userProfiles.fullName,
    })
    .from(deliveryProofs)
    .leftJoin(agencies, eq(agencies.id, deliveryProofs.agencyId))
    .leftJoin(userProfiles, eq(userProfiles.userId, deliveryProofs.recordedBy))
    .where(eq(deliveryProofs.shipmentId, shipmentId));
  if (!proof) return null;
  return {
    ...proof,
    methodLabel: DELIVERY_PROOF_METHOD_LABELS[proof.method],
    deliveredAt: proof.deliveredAt.toISOString(),
    // The customer sees who received it; the staff member's name stays with staff.
    recordedByName: ownerId ? null : proof.recordedByName,
  };
}

// --- The reminder and its setting ---------------------------------------------------------

export async function getPickupSettings(db: DbOrTx): Promise<PickupSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, PICKUP_SETTINGS_KEY));
  if (!row) return { ...PICKUP_DEFAULTS };
  try {
    const parsed = JSON.parse(row.value) as Partial<PickupSettings>;
    return {
      reminderDays: Number.isInteger(parsed.reminderDays) ? parsed.reminderDays! : PICKUP_DEFAULTS.reminderDays,
    };
  } catch {
    return { ...PICKUP_DEFAULTS };
  }
}

/** The administrator's change; app_settings has no trigger, so the entry is written by hand (as storage's). */
export async function setPickupSettings(tx: DbOrTx, next: PickupSettings): Promise<PickupSettings> {
  const before = await getPickupSettings(tx);
  const value = JSON.stringify({ reminderDays: next.reminderDays });
  const [existing] = await tx
    .select({ key: appSettings.key })
    .from(appSettings)
    .where(eq(appSettings.key, PICKUP_SETTINGS_KEY))
    .for('update');
  await tx
    .insert(appSettings)
    .values({ key: PICKUP_SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
  const after = JSON.parse(value) as PickupSettings;
  await writeAuditEntry(tx, {
    entity: 'app_settings',
    entityId: PICKUP_SETTINGS_KEY,
    operation: existing ? 'update' : 'insert',
    before: existing ? { value: before } : null,
    after: existing ? { value: after } : { key: PICKUP_SETTINGS_KEY, value: after },
  });
  return after;
}

type DueReminder = { id: string; user_id: string; shipment_code: string; agency: string; days: number };

/**
 * The daily reminder: every shipment ready for pickup for at least the setting's days gets one a
 * day (the notification's dedupe key holds the shipment and the day, so a rerun sends nothing).
 */
export async function sendPickupReminders(tx: DbOrTx, options: { today?: string; appUrl?: string } = {}) {
  const today = options.today ?? businessToday();
  const { reminderDays } = await getPickupSettings(tx);
  const due = rowsOf<DueReminder>(
    await tx.execute(sql`
      select s.id, s.user_id, s.shipment_code, a.name || ', ' || a.city as agency,
             (${today}::date - (sp.ready_at at time zone ${BUSINESS_TZ_SQL})::date) as days
      from ${shipmentPickups} sp
      join ${shipments} s on s.id = sp.shipment_id
      join ${agencies} a on a.id = s.agency_id
      where s.status = 'ready_for_pickup'
        and (sp.ready_at at time zone ${BUSINESS_TZ_SQL})::date <= ${today}::date - ${reminderDays}::int
      order by s.user_id, s.id`),
  );
  let notified = 0;
  for (const r of due) {
    const id = await notifyUser(
      tx,
      r.user_id,
      {
        title: M.reminderTitle,
        message: M.reminderMessage(r.shipment_code, r.agency, Number(r.days)),
        type: 'shipment',
        link: CUSTOMER_LINK,
      },
      {
        kind: 'reminders',
        email: 'default',
        whatsapp: 'default',
        appUrl: options.appUrl,
        dedupeKey: `pickup-reminder:${r.id}:${today}`,
      },
    );
    if (id) notified++;
  }
  return { reminders: due.length, notified };
}

/** The agencies an administrator may bind a new agency user to. */
export async function agencyChoices(db: DbOrTx) {
  return db
    .select({ id: agencies.id, name: agencies.name, city: agencies.city, code: agencies.code })
    .from(agencies)
    .where(eq(agencies.active, true))
    .orderBy(agencies.name);
}

/** The agency of a user (for the admin home of an 'agencia' user). */
export async function agencyOfUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: agencies.id, name: agencies.name, city: agencies.city })
    .from(agencyStaff)
    .innerJoin(agencies, eq(agencies.id, agencyStaff.agencyId))
    .where(eq(agencyStaff.userId, userId));
  return row ?? null;
}
