// What the audit tests start from (docs/product/staff-and-audit.md#audit-log): a database with Ana, a
// customer with an active casillero, and an administrator's caller for the steps not under test; the
// shape of a case of the table (test/audit-cases/), and what the cases act on (a tracking, a parcel,
// a shipment, a departure, an agency's shipment, an ally, a purchase, a claim…), each made fresh.
// The test file calls useAudit() once, before its first test.
import { afterAll, beforeAll } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import type { StaffRole } from '@casillero/shared';
import type { Database } from '../db/client';
import { testConfig } from '../env';
import { agencies, agencyStaff, packages, recipients, shipments, staffInvitations } from '../db/schema';
import { diskFileStore } from '../files/file-store';
import { storeFile } from '../files/store';
import { callerFor, TEST_APP_URL, type TestCaller } from './caller';
import { createTestDatabase } from './db';
import {
  customerWithActiveMailbox,
  paymentMethodId,
  recordRate,
  signedInStaff,
  uniqueEmail,
  type CustomerWithMailbox,
  homeDeliveryTo,
} from './factories';
import { businessToday } from '../lib/business-clock';
import { tempStorageDir, tinyPng } from './files';

export type Expected = {
  entity: string;
  entityId: string;
  operation: 'insert' | 'update' | 'delete';
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};
export type Case = (input: { staff: TestCaller; result?: unknown }) => Promise<{
  input: unknown;
  /** Given the procedure's answer, the entry it must have left. */
  expected: (result: any) => Expected | Promise<Expected>;
}>;

export let database: Database;
export const db = () => database.db;
export const storageDir = tempStorageDir();
export const config = testConfig({ appUrl: TEST_APP_URL, storageDir });
export let serial = 0;
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++serial}`;

export let ana: CustomerWithMailbox;
/** An administrator's caller, for the setup steps that are not under test. */
export let setup: TestCaller;

export const customerCaller = () => callerFor(db(), ana.visitor, config);

export async function tracking(status?: 'ready_to_ship') {
  const t = await setup.trackings.create({
    mailboxId: ana.mailboxId,
    trackingNumber: unique('AUDT'),
    carrier: 'UPS',
    description: 'Zapatos deportivos talla 38',
    senderName: 'Nike',
  });
  if (status) await setup.trackings.updateStatus({ id: t.id, status });
  return t;
}

export async function pkg(status: 'pending' | 'received' = 'received') {
  const trackingNumber = unique('AUDP');
  const { id } = await setup.packages.create({
    userId: ana.user.id,
    mailboxId: ana.mailboxId,
    trackingNumber,
    packageDescription: 'Audífonos',
    status: 'pending',
  });
  if (status === 'received') await setup.packages.receive({ id, warehouseReceipt: unique('WR-AUD-'), weightKg: 1.5 });
  return { id, trackingNumber };
}

export async function prealert() {
  return customerCaller().prealerts.create({
    trackingNumber: unique('AUDPA'),
    description: 'Libros de cocina',
    quantityItems: 2,
  });
}

export async function shipment() {
  const p = await pkg();
  return setup.shipments.create({
    userId: ana.user.id,
    ...(await homeDeliveryTo(db(), ana.user.id, {
      address: 'Av. Francisco de Miranda, Torre Parque Cristal, piso 4',
      city: 'Caracas',
      state: 'Distrito Capital',
    })),
    estimatedDelivery: '',
    shippingCostUsdCents: 3550,
    packageIds: [p.id],
  });
}

export async function reportedPayment() {
  const file = await storeFile(db(), diskFileStore(storageDir), {
    ownerUserId: ana.user.id,
    kind: 'receipt',
    bytes: tinyPng('auditoria'),
    contentType: 'image/png',
    originalName: 'comprobante.png',
    uploadedBy: ana.user.id,
  });
  return customerCaller().payments.report({
    transactionType: 'shipping_payment',
    amount: 20,
    methodId: await paymentMethodId(db(), 'zelle'),
    paymentReference: unique('REF-AUD-'),
    receiptFileId: file.id,
    trackingIds: [(await tracking('ready_to_ship')).id],
  });
}

export async function repackRequest() {
  const p = await pkg();
  return customerCaller().repacks.request({ packageIds: [p.id], shippingMethod: 'aereo' });
}

export async function notification() {
  await setup.notifications.send({
    recipient: 'individual',
    userId: ana.user.id,
    type: 'general',
    title: 'Aviso de prueba',
    message: 'Para borrar',
  });
  const list = await setup.notifications.list({ q: 'Aviso de prueba' });
  return list.rows[0]!;
}

/** A customer reports Bs. 150,00 by Pago Móvil toward their activation invoice; a statement line has it. */
export async function statementLineFor(nombre: string) {
  await recordRate(db(), '40');
  const customer = await customerWithActiveMailbox(db(), { nombre });
  const customerCaller = callerFor(db(), customer.visitor, config);
  const activation = (await customerCaller.billing.mine()).invoices.find((i) => i.concept === 'mailbox_activation')!;
  const file = await storeFile(db(), diskFileStore(storageDir), {
    ownerUserId: customer.user.id,
    kind: 'receipt',
    bytes: tinyPng(`conciliacion ${nombre}`),
    contentType: 'image/png',
    originalName: 'pago-movil.png',
    uploadedBy: customer.user.id,
  });
  const reference = unique('AUDPM');
  const payment = await customerCaller.payments.report({
    paymentId: activation.openPaymentId!,
    methodId: await paymentMethodId(db(), 'pago_movil'),
    paymentReference: reference,
    amount: 150,
    receiptFileId: file.id,
  });
  const { statementId } = await setup.reconciliation.upload({
    fileName: `estado-${reference}.csv`,
    content: `fecha;referencia;descripcion;monto\n13/03/2026;${reference};Pago movil;150,00\n`,
  });
  const [line] = (await setup.reconciliation.lines({ statementId })).lines;
  return { statementId, line: line!, payment };
}

export async function staffMember(role: StaffRole) {
  return (await signedInStaff(db(), role)).user;
}

export async function pendingInvitationId(email: string) {
  const [row] = await db()
    .select({ id: staffInvitations.id })
    .from(staffInvitations)
    .where(eq(staffInvitations.email, email))
    .orderBy(desc(staffInvitations.createdAt));
  return row!.id;
}

/** An agency's form as the administrator fills it. */
export const agencyForm = () => ({
  kind: 'partner' as const,
  carrier: 'MRW',
  code: unique('AUD'),
  name: 'MRW Valencia Centro',
  state: 'Carabobo' as const,
  city: 'Valencia',
  address: 'Av. Bolívar Norte, local 4',
  hours: 'Lun a Vie 8:00 a 17:00',
  phone: '0241-8234567',
});

/** A departure of Ana's warehouse (Miami, by air), open, with its dates ahead. */
export async function departure() {
  const today = businessToday();
  const plus = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  return setup.departures.create({
    mode: 'aereo',
    origin: 'miami',
    masterRef: null,
    carrier: 'Laser Airlines',
    voyage: unique('QL'),
    arrivalPort: 'maiquetia',
    cutoffOn: plus(-1),
    plannedDeparture: plus(0),
    plannedArrival: null,
  });
}

/** A departure carrying one of Ana's shipments. */
export async function departureWithShipment() {
  const d = await departure();
  const s = await shipment();
  await setup.departures.addShipment({ departureId: d.id, shipmentId: s.id });
  return { d, s };
}

// --- Agency counters (docs/product/last-mile.md#agency-counters-and-proof-of-delivery) -------------

/** An agency, and one of Ana's shipments on its way to it for her recipient (V-12345678). */
export async function agencyShipment(
  status: 'in_transit' | 'ready_for_pickup' = 'in_transit',
  method: 'agency' | 'home' = 'agency',
) {
  const [agency] = await db()
    .insert(agencies)
    .values({
      kind: 'partner',
      carrier: 'MRW',
      code: unique('AUDAG'),
      name: 'MRW Auditoría',
      state: 'Miranda',
      city: 'Los Teques',
      address: 'Av. 1',
    })
    .returning({ id: agencies.id });
  const [recipient] = await db()
    .insert(recipients)
    .values({
      userId: ana.user.id,
      fullName: 'Rosa Auditoría',
      idDocument: 'V-12345678',
      state: 'Miranda',
      city: 'Los Teques',
      address: 'Calle 1',
    })
    .returning({ id: recipients.id });
  const [row] = await db()
    .insert(shipments)
    .values({
      userId: ana.user.id,
      shipmentCode: unique('ENV-AUD-'),
      deliveryMethod: method,
      agencyId: method === 'agency' ? agency!.id : null,
      recipientId: recipient!.id,
      deliveryAddress: 'Av. 1',
      deliveryCity: 'Los Teques',
      deliveryState: 'Miranda',
      status,
    })
    .returning({ id: shipments.id, code: shipments.shipmentCode });
  return { agencyId: agency!.id, id: row!.id, code: row!.code };
}

/** Binds the acting counter user to the agency. */
export let allyPrefixes = 0;
/** 'AUA', 'AUB', …: a prefix no other case uses. */
export const nextAllyPrefix = () => `AU${String.fromCharCode(65 + (allyPrefixes++ % 26))}`;

/** An ally created by the administrator (setup), without adjustment; its id. */
export async function newAlly() {
  const { id } = await setup.allies.create({
    name: 'Aliado de prueba',
    prefix: nextAllyPrefix(),
    priceAdjustmentBp: 0,
    contactEmail: uniqueEmail('aliado-setup'),
  });
  return id;
}

export async function bindCounter(staff: TestCaller, agencyId: string) {
  const me = await staff.auth.me();
  await db().insert(agencyStaff).values({ userId: me.user!.id, agencyId });
  return me.user!.id;
}

/** A delivery photo the acting user took (both sizes). */
export async function deliveryPhotoOf(userId: string) {
  const common = {
    ownerUserId: userId,
    kind: 'delivery_photo' as const,
    contentType: 'image/jpeg' as const,
    originalName: null,
    uploadedBy: userId,
  };
  const store = diskFileStore(storageDir);
  const screen = await storeFile(db(), store, { ...common, bytes: tinyPng('entrega') });
  const thumb = await storeFile(db(), store, { ...common, bytes: tinyPng('entrega mini') });
  return { fileId: screen.id, thumbFileId: thumb.id };
}

/**
 * An assisted purchase of Ana's (docs/product/compra-asistida.md), at a stage: asked, quoted by the
 * administrator, or moved on in the table (paid, bought) without the steps that are not under test.
 */
export async function compraOfAna(stage: 'requested' | 'quoted' | 'paid' | 'purchased' = 'requested'): Promise<string> {
  const { id } = await callerFor(db(), ana.visitor, config).compras.create({
    mailboxId: ana.mailboxId,
    items: [{ url: 'https://store.example.com/p/9', name: 'Lámpara de mesa', quantity: 1, priceUsdCents: 2_500 }],
  });
  if (stage === 'requested') return id;
  const { items } = await setup.compras.adminDetail({ id });
  await setup.compras.quote({
    id,
    items: items.map((i) => ({ id: i.id, priceUsdCents: 2_500 })),
    salesTaxUsdCents: 200,
    shippingUsdCents: 0,
  });
  if (stage === 'quoted') return id;
  await db().execute(sql`update purchase_requests set status = ${stage}, paid_at = now() where id = ${id}`);
  return id;
}

/** A damaged-parcel claim Ana opens on a parcel received yesterday. */
export async function claimOfAna(): Promise<string> {
  const [parcel] = await db()
    .insert(packages)
    .values({
      userId: ana.user.id,
      mailboxId: ana.mailboxId,
      trackingNumber: unique('AUDCLAIM'),
      packageDescription: 'Lámpara',
      weightKg: 1,
      status: 'in_warehouse',
      receivedDate: new Date(Date.now() - 24 * 3600 * 1000),
    })
    .returning({ id: packages.id });
  const claim = await callerFor(db(), ana.visitor, config).claims.open({
    kind: 'damaged',
    packageId: parcel!.id,
    text: 'La lámpara llegó con la base rota.',
    photos: [],
  });
  return claim.id;
}

/** Sets up the file that calls it (once), before its first test. */
export function useAudit() {
  beforeAll(async () => {
    database = await createTestDatabase();
    ana = await customerWithActiveMailbox(db(), { nombre: 'Ana Auditoría' });
    setup = (await signedInStaff(db(), 'admin')).caller;
  });
  afterAll(async () => {
    await database?.close();
  });
}
