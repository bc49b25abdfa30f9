// Every staff mutation leaves its audit entry (docs/product/staff-and-audit.md#audit-log). The list of mutations is read from the
// app router, not written here: a staff mutation added later fails the first test until the
// table below says how to call it and which entry it must leave. Each one is called by a staff
// member of a role that holds its permission (not the administrator where another role can), and
// the entry must name that person and role, the procedure, the entity and its id, the operation,
// and the fields before and after as the database now holds them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  CHARGE_KINDS,
  CLAIM_DEFAULT_SETTINGS,
  PRICE_LIST_V1,
  TRAVEL_RULES_V1,
  caracasDay,
  PICKUP_MESSAGES,
  STAFF_ROLES,
  STORAGE_MESSAGES,
  can,
  type Permission,
  type StaffRole,
} from '@casillero/shared';
import { rowsOf, type Database } from '../db/client';
import { testConfig } from '../env';
import {
  agencies,
  agencyStaff,
  auditLog,
  fiscalDocuments,
  mailboxes,
  notifications,
  packages,
  recipients,
  shipmentPickups,
  shipments,
  staffInvitations,
  userProfiles,
  users,
} from '../db/schema';
import { diskFileStore } from '../files/file-store';
import { storeFile } from '../files/store';
import { callerFor, TEST_APP_URL, type TestCaller } from '../test/caller';
import { createTestDatabase } from '../test/db';
import {
  customerWithActiveMailbox,
  paymentMethodId,
  recordRate,
  signedInStaff,
  uniqueEmail,
  type CustomerWithMailbox,
  homeDeliveryTo,
} from '../test/factories';
import { businessToday } from '../lib/business-clock';
import { getStorageSettings } from '../queries/storage';
import { tempStorageDir, tinyPng } from '../test/files';
import type { Meta } from '../trpc/init';
import { appRouter } from '../trpc/router';

type AnyProcedure = { _def: { meta?: Meta; type: string } };
const staffMutations = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>)
  .filter(([, p]) => p._def.meta?.access === 'staff' && p._def.type === 'mutation')
  .map(([path, p]) => ({ path, permission: p._def.meta!.permission! }));

/** The entry a call must leave: `before`/`after` hold the fields to find in it (snake_case, as stored). */
type Expected = {
  entity: string;
  entityId: string;
  operation: 'insert' | 'update' | 'delete';
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};
type Case = (input: { staff: TestCaller; result?: unknown }) => Promise<{
  input: unknown;
  /** Given the procedure's answer, the entry it must have left. */
  expected: (result: any) => Expected | Promise<Expected>;
}>;

let database: Database;
const db = () => database.db;
const storageDir = tempStorageDir();
const config = testConfig({ appUrl: TEST_APP_URL, storageDir });
let serial = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${++serial}`;

// --- What the calls act on ---------------------------------------------------------------------

let ana: CustomerWithMailbox;
/** An administrator's caller, for the setup steps that are not under test. */
let setup: TestCaller;

const customerCaller = () => callerFor(db(), ana.visitor, config);

async function tracking(status?: 'ready_to_ship') {
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

async function pkg(status: 'pending' | 'received' = 'received') {
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

async function prealert() {
  return customerCaller().prealerts.create({
    trackingNumber: unique('AUDPA'),
    description: 'Libros de cocina',
    quantityItems: 2,
  });
}

async function shipment() {
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

async function reportedPayment() {
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

async function repackRequest() {
  const p = await pkg();
  return customerCaller().repacks.request({ packageIds: [p.id], shippingMethod: 'aereo' });
}

async function notification() {
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
async function statementLineFor(nombre: string) {
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

async function staffMember(role: StaffRole) {
  return (await signedInStaff(db(), role)).user;
}

async function pendingInvitationId(email: string) {
  const [row] = await db()
    .select({ id: staffInvitations.id })
    .from(staffInvitations)
    .where(eq(staffInvitations.email, email))
    .orderBy(desc(staffInvitations.createdAt));
  return row!.id;
}

/** An agency's form as the administrator fills it. */
const agencyForm = () => ({
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
async function departure() {
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
async function departureWithShipment() {
  const d = await departure();
  const s = await shipment();
  await setup.departures.addShipment({ departureId: d.id, shipmentId: s.id });
  return { d, s };
}

// --- Agency counters (docs/product/last-mile.md#agency-counters-and-proof-of-delivery) -------------

/** An agency, and one of Ana's shipments on its way to it for her recipient (V-12345678). */
async function agencyShipment(
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
let allyPrefixes = 0;
/** 'AUA', 'AUB', …: a prefix no other case uses. */
const nextAllyPrefix = () => `AU${String.fromCharCode(65 + (allyPrefixes++ % 26))}`;

/** An ally created by the administrator (setup), without adjustment; its id. */
async function newAlly() {
  const { id } = await setup.allies.create({
    name: 'Aliado de prueba',
    prefix: nextAllyPrefix(),
    priceAdjustmentBp: 0,
    contactEmail: uniqueEmail('aliado-setup'),
  });
  return id;
}

async function bindCounter(staff: TestCaller, agencyId: string) {
  const me = await staff.auth.me();
  await db().insert(agencyStaff).values({ userId: me.user!.id, agencyId });
  return me.user!.id;
}

/** A delivery photo the acting user took (both sizes). */
async function deliveryPhotoOf(userId: string) {
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

// --- The table: one entry per staff mutation ---------------------------------------------------

const CASES: Record<string, Case> = {
  'trackings.create': async () => {
    const trackingNumber = unique('AUDC');
    return {
      input: {
        mailboxId: ana.mailboxId,
        trackingNumber,
        carrier: 'DHL',
        description: 'Una chaqueta de invierno',
        senderName: 'Zara',
      },
      expected: (r) => ({
        entity: 'trackings',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: { tracking_number: trackingNumber, status: 'created' },
      }),
    };
  },
  'trackings.updateStatus': async () => {
    const t = await tracking();
    return {
      input: { id: t.id, status: 'in_warehouse' },
      expected: () => ({
        entity: 'trackings',
        entityId: t.id,
        operation: 'update',
        before: { status: 'created' },
        after: { status: 'in_warehouse' },
      }),
    };
  },
  'trackings.requestRepack': async () => {
    const t = await tracking();
    return {
      input: { id: t.id, reason: 'La caja llegó rota' },
      expected: () => ({
        entity: 'trackings',
        entityId: t.id,
        operation: 'update',
        before: { needs_reempaque: false },
        after: { needs_reempaque: true, reempaque_reason: 'La caja llegó rota' },
      }),
    };
  },
  'prealerts.confirm': async () => {
    const p = await prealert();
    return {
      input: { id: p.id },
      expected: () => ({
        entity: 'prealerts',
        entityId: p.id,
        operation: 'update',
        before: { status: 'pending' },
        after: { status: 'confirmed' },
      }),
    };
  },
  'prealerts.edit': async () => {
    const p = await prealert();
    return {
      input: { id: p.id, description: 'Libros de repostería', quantityItems: 3 },
      expected: () => ({
        entity: 'prealerts',
        entityId: p.id,
        operation: 'update',
        before: { description: 'Libros de cocina', quantity_items: 2 },
        after: { description: 'Libros de repostería', quantity_items: 3 },
      }),
    };
  },
  'prealerts.convert': async () => {
    const p = await prealert();
    await setup.prealerts.confirm({ id: p.id });
    return {
      input: { id: p.id, actualWeight: 2, actualValueUsdCents: 4000 },
      expected: () => ({
        entity: 'prealerts',
        entityId: p.id,
        operation: 'update',
        before: { status: 'confirmed' },
        after: { status: 'converted' },
      }),
    };
  },
  'mailboxes.createForClient': async () => {
    return {
      input: {
        userId: ana.user.id,
        country: 'CHINA',
        addressLine1: 'Calle 1, Edificio 2',
        city: 'Guangzhou',
        postalCode: '510000',
      },
      expected: async () => {
        const [box] = await db()
          .select({ id: mailboxes.id })
          .from(mailboxes)
          .where(and(eq(mailboxes.userId, ana.user.id), eq(mailboxes.country, 'CHINA')));
        return {
          entity: 'mailboxes',
          entityId: box!.id,
          operation: 'insert',
          before: null,
          after: { user_id: ana.user.id, country: 'CHINA', status: 'inactive' },
        };
      },
    };
  },
  'mailboxes.setStatus': async () => {
    // Another customer's: Ana's mailbox must stay active for the other cases.
    const { mailboxId } = await customerWithActiveMailbox(db(), { nombre: 'Bruno Auditoría' });
    return {
      input: { id: mailboxId, status: 'inactive' },
      expected: () => ({
        entity: 'mailboxes',
        entityId: mailboxId,
        operation: 'update',
        before: { status: 'active' },
        after: { status: 'inactive' },
      }),
    };
  },
  'packages.create': async () => {
    const trackingNumber = unique('AUDPC');
    return {
      input: {
        userId: ana.user.id,
        mailboxId: ana.mailboxId,
        trackingNumber,
        packageDescription: 'Lámpara',
        status: 'pending',
      },
      expected: (r) => ({
        entity: 'packages',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: { tracking_number: trackingNumber, status: 'pending' },
      }),
    };
  },
  'packages.update': async () => {
    const p = await pkg('pending');
    return {
      input: {
        id: p.id,
        userId: ana.user.id,
        mailboxId: ana.mailboxId,
        trackingNumber: p.trackingNumber,
        packageDescription: 'Lámpara de mesa',
        status: 'pending',
      },
      expected: () => ({
        entity: 'packages',
        entityId: p.id,
        operation: 'update',
        before: { package_description: 'Audífonos' },
        after: { package_description: 'Lámpara de mesa' },
      }),
    };
  },
  'packages.updateStatus': async () => {
    const p = await pkg('pending');
    return {
      input: { id: p.id, status: 'received' },
      expected: () => ({
        entity: 'packages',
        entityId: p.id,
        operation: 'update',
        before: { status: 'pending' },
        after: { status: 'received' },
      }),
    };
  },
  'packages.receive': async () => {
    const p = await pkg('pending');
    const wr = unique('WR-REC-');
    return {
      input: { id: p.id, warehouseReceipt: wr, weightKg: 3.25, warehouseLocation: 'A-3' },
      expected: () => ({
        entity: 'packages',
        entityId: p.id,
        operation: 'update',
        before: { status: 'pending', weight_kg: null },
        after: { status: 'received', weight_kg: 3.25, warehouse_location: 'A-3' },
      }),
    };
  },
  'packages.delete': async () => {
    const p = await pkg('pending');
    return {
      input: { id: p.id },
      expected: () => ({
        entity: 'packages',
        entityId: p.id,
        operation: 'delete',
        before: { id: p.id, tracking_number: p.trackingNumber },
        after: null,
      }),
    };
  },
  'shipments.create': async () => {
    const p = await pkg();
    return {
      input: {
        userId: ana.user.id,
        ...(await homeDeliveryTo(db(), ana.user.id, { address: 'Calle Real de Sabana Grande' })),
        estimatedDelivery: '',
        shippingCostUsdCents: 1200,
        packageIds: [p.id],
      },
      expected: (r) => ({
        entity: 'shipments',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: { status: 'preparing', delivery_city: 'Caracas' },
      }),
    };
  },
  'shipments.updateStatus': async () => {
    const s = await shipment();
    return {
      input: { id: s.id, status: 'in_transit' },
      expected: () => ({
        entity: 'shipments',
        entityId: s.id,
        operation: 'update',
        before: { status: 'preparing' },
        after: { status: 'in_transit' },
      }),
    };
  },
  'shipments.update': async () => {
    const s = await shipment();
    return {
      input: {
        id: s.id,
        ...(await homeDeliveryTo(db(), ana.user.id, { address: 'Av. Libertador, Chacao', state: 'Miranda' })),
        estimatedDelivery: '',
        shippingCostUsdCents: 3550,
      },
      expected: () => ({
        entity: 'shipments',
        entityId: s.id,
        operation: 'update',
        before: { delivery_state: 'Distrito Capital' },
        after: { delivery_state: 'Miranda', delivery_address: 'Av. Libertador, Chacao' },
      }),
    };
  },
  'shipments.remove': async () => {
    const s = await shipment();
    return {
      input: { id: s.id },
      expected: () => ({
        entity: 'shipments',
        entityId: s.id,
        operation: 'delete',
        before: { id: s.id, status: 'preparing' },
        after: null,
      }),
    };
  },
  'shipments.postNews': async () => {
    const s = await shipment();
    return {
      input: { shipmentId: s.id, kind: 'arrived_venezuela', message: 'Tu envío llegó a Venezuela.' },
      expected: (r) => ({
        entity: 'shipment_news',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: { shipment_id: s.id, kind: 'arrived_venezuela', recipient_count: 1 },
      }),
    };
  },
  'departures.create': async () => ({
    input: {
      mode: 'maritimo',
      origin: 'china',
      masterRef: 'COSU6123456780',
      containerNumber: 'MSCU1234565',
      carrier: 'COSCO',
      voyage: 'COSCO HOPE 052W',
      arrivalPort: 'la_guaira',
      cutoffOn: '2030-03-01',
      plannedDeparture: '2030-03-05',
      plannedArrival: '',
    },
    expected: (r) => ({
      entity: 'departures',
      entityId: r.id,
      operation: 'insert',
      before: null,
      after: { code: r.code, mode: 'maritimo', origin: 'china', container_number: 'MSCU1234565' },
    }),
  }),
  'departures.update': async () => {
    const d = await departure();
    return {
      input: {
        id: d.id,
        masterRef: '406-55555555',
        carrier: 'Avior',
        voyage: '9V 700',
        arrivalPort: 'maiquetia',
        cutoffOn: '2030-01-01',
        plannedDeparture: '2030-01-02',
        plannedArrival: '',
      },
      expected: () => ({
        entity: 'departures',
        entityId: d.id,
        operation: 'update',
        after: { carrier: 'Avior', master_ref: '406-55555555' },
      }),
    };
  },
  'departures.scan': async () => {
    const d = await departure();
    const s = await shipment();
    return {
      input: { departureId: d.id, code: s.shipmentCode },
      expected: () => ({
        entity: 'shipments',
        entityId: s.id,
        operation: 'update',
        before: { departure_id: null },
        after: { departure_id: d.id },
      }),
    };
  },
  'departures.addShipment': async () => {
    const d = await departure();
    const s = await shipment();
    return {
      input: { departureId: d.id, shipmentId: s.id },
      expected: () => ({
        entity: 'shipments',
        entityId: s.id,
        operation: 'update',
        before: { departure_id: null },
        after: { departure_id: d.id },
      }),
    };
  },
  'departures.removeShipment': async () => {
    const { d, s } = await departureWithShipment();
    return {
      input: { departureId: d.id, shipmentId: s.id },
      expected: () => ({
        entity: 'shipments',
        entityId: s.id,
        operation: 'update',
        before: { departure_id: d.id },
        after: { departure_id: null },
      }),
    };
  },
  'departures.close': async () => {
    const { d } = await departureWithShipment();
    return {
      input: { id: d.id },
      expected: () => ({
        entity: 'departures',
        entityId: d.id,
        operation: 'update',
        before: { status: 'open' },
        after: { status: 'closed' },
      }),
    };
  },
  'departures.recordMilestone': async () => {
    const { d } = await departureWithShipment();
    const day = businessToday();
    const [m] = rowsOf<{ id: string }>(
      await db().execute(sql`select id from departure_milestones where departure_id = ${d.id} and kind = 'departed'`),
    );
    return {
      input: { departureId: d.id, kind: 'departed', actualOn: day },
      expected: () => ({
        entity: 'departure_milestones',
        entityId: m!.id,
        operation: 'update',
        before: { actual_on: null },
        after: { actual_on: day },
      }),
    };
  },
  'departures.postNews': async () => {
    const { d } = await departureWithShipment();
    return {
      input: { departureId: d.id, message: 'El contenedor llegó al puerto de La Guaira.' },
      expected: (r) => ({
        entity: 'departure_news',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: { departure_id: d.id, kind: 'news', recipient_count: 1 },
      }),
    };
  },
  'departures.checkDelays': async () => {
    const { d } = await departureWithShipment();
    const [m] = rowsOf<{ id: string }>(
      await db().execute(
        sql`select id from departure_milestones where departure_id = ${d.id} and kind = 'reception_closed'`,
      ),
    );
    return {
      input: undefined,
      expected: () => ({
        entity: 'departure_milestones',
        entityId: m!.id,
        operation: 'update',
        before: { delayed_to: null },
      }),
    };
  },
  'departures.saveTemplate': async () => {
    const milestones = (await setup.departures.templates()).maritimo.map((m) =>
      m.kind === 'customs' ? { ...m, typicalDays: 9 } : m,
    );
    return {
      input: { mode: 'maritimo', milestones },
      expected: () => ({
        entity: 'milestone_templates',
        entityId: 'customs',
        operation: 'insert',
        before: null,
        after: { mode: 'maritimo', kind: 'customs', typical_days: 9 },
      }),
    };
  },
  'allies.create': async () => {
    const prefix = nextAllyPrefix();
    return {
      input: { name: 'Aliado Auditado', prefix, priceAdjustmentBp: -1000, contactEmail: uniqueEmail('aliado-aud') },
      expected: (r) => ({
        entity: 'allies',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: { name: 'Aliado Auditado', prefix, price_adjustment_bp: -1000, active: true },
      }),
    };
  },
  'allies.update': async () => {
    const a = await newAlly();
    return {
      input: { id: a, priceAdjustmentBp: 2500 },
      expected: () => ({
        entity: 'allies',
        entityId: a,
        operation: 'update',
        before: { price_adjustment_bp: 0 },
        after: { price_adjustment_bp: 2500 },
      }),
    };
  },
  'allies.setActive': async () => {
    const a = await newAlly();
    return {
      input: { id: a, active: false },
      expected: () => ({
        entity: 'allies',
        entityId: a,
        operation: 'update',
        before: { active: true },
        after: { active: false },
      }),
    };
  },
  'allyPortal.createCustomer': async ({ staff }) => {
    // The acting 'aliado' login belongs to an ally, as the invitation makes it (docs/product/allies.md).
    const allyId = await newAlly();
    const me = await staff.auth.me();
    await db().update(users).set({ allyId }).where(eq(users.id, me.user!.id));
    const email = uniqueEmail('cliente-aliado-aud');
    return {
      input: { fullName: 'Cliente del Aliado', email, type: 'usa' },
      expected: (r) => ({
        entity: 'users',
        entityId: r.userId,
        operation: 'insert',
        before: null,
        after: { email, role: 'user', ally_id: allyId },
      }),
    };
  },
  'agenciesAdmin.create': async () => ({
    input: { ...agencyForm(), code: 'mrw-aud-1' },
    expected: (r) => ({
      entity: 'agencies',
      entityId: r.id,
      operation: 'insert',
      before: null,
      after: { code: 'MRW-AUD-1', carrier: 'MRW', city: 'Valencia', active: true },
    }),
  }),
  'agenciesAdmin.update': async () => {
    const a = await setup.agenciesAdmin.create({ ...agencyForm(), code: unique('AUDA') });
    return {
      input: { ...agencyForm(), id: a.id, code: a.code, hours: 'Lun a Sáb 8:00 a 18:00' },
      expected: () => ({
        entity: 'agencies',
        entityId: a.id,
        operation: 'update',
        before: { hours: 'Lun a Vie 8:00 a 17:00' },
        after: { hours: 'Lun a Sáb 8:00 a 18:00' },
      }),
    };
  },
  'agenciesAdmin.setActive': async () => {
    const a = await setup.agenciesAdmin.create({ ...agencyForm(), code: unique('AUDB') });
    return {
      input: { id: a.id, active: false },
      expected: () => ({
        entity: 'agencies',
        entityId: a.id,
        operation: 'update',
        before: { active: true },
        after: { active: false },
      }),
    };
  },
  'payments.review': async () => {
    const payment = await reportedPayment();
    return {
      input: { id: payment.id, status: 'completed', adminNotes: 'Verificado en el banco' },
      expected: () => ({
        entity: 'payment_transactions',
        entityId: payment.id,
        operation: 'update',
        before: { status: 'pending' },
        after: { status: 'completed', metadata: { admin_notes: 'Verificado en el banco' } },
      }),
    };
  },
  'exchangeRates.record': async () => {
    // A past day, so the rate the other cases' invoices take is not this one.
    const rateDate = businessToday(new Date(Date.now() - 3 * 86_400_000));
    return {
      input: { rateDate, vesPerUsd: '36,5214', source: 'BCV' },
      expected: (r) => ({
        entity: 'exchange_rates',
        entityId: r.rate.id,
        operation: 'insert',
        before: null,
        after: { rate_date: rateDate, ves_per_usd: 36.5214, source: 'BCV' },
      }),
    };
  },
  'paymentMethods.create': async () => {
    const name = unique('Zelle Auditado ');
    return {
      input: {
        kind: 'zelle',
        name,
        currency: 'USD',
        details: { email: 'caja@casillero.test', holder: 'Casillero Virtual LLC' },
        instructions: null,
        active: true,
      },
      expected: (r) => ({
        entity: 'payment_methods',
        entityId: r.method.id,
        operation: 'insert',
        before: null,
        after: {
          kind: 'zelle',
          name,
          currency: 'USD',
          details: { email: 'caja@casillero.test', holder: 'Casillero Virtual LLC' },
          active: true,
        },
      }),
    };
  },
  'paymentMethods.update': async () => {
    const name = unique('Pago Móvil Auditado ');
    const details = { bank: 'Mercantil (0105)', phone: '0412-5550000', idNumber: 'J-12345678-9' };
    const { method } = await setup.paymentMethods.create({
      kind: 'pago_movil',
      name,
      currency: 'VES',
      details,
      instructions: null,
      active: true,
    });
    return {
      input: {
        id: method.id,
        kind: 'pago_movil',
        name,
        currency: 'VES',
        details: { ...details, phone: '0414-5550001' },
        instructions: 'Concepto: tu casillero',
        active: false,
      },
      expected: () => ({
        entity: 'payment_methods',
        entityId: method.id,
        operation: 'update',
        before: { active: true, instructions: null, details },
        after: {
          active: false,
          instructions: 'Concepto: tu casillero',
          details: { ...details, phone: '0414-5550001' },
        },
      }),
    };
  },
  'billing.issue': async () => {
    const lines = [
      { description: 'Reempaque especial', amountUsd: 12.5 },
      { description: 'Seguro del envío', amountUsd: 3 },
    ];
    return {
      input: { userId: ana.user.id, concept: 'shipping_payment', description: 'Reempaque y seguro', lines },
      expected: (r) => ({
        entity: 'invoices',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: {
          user_id: ana.user.id,
          number: r.number,
          concept: 'shipping_payment',
          usd_cents: 1550,
          lines: [
            { description: 'Reempaque especial', usdCents: 1250 },
            { description: 'Seguro del envío', usdCents: 300 },
          ],
        },
      }),
    };
  },
  'billing.recordEntry': async () => {
    return {
      input: { userId: ana.user.id, kind: 'adjustment', amountUsd: 7.5, reason: 'Cargo por reempaque especial' },
      expected: (r) => ({
        entity: 'ledger_entries',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: {
          user_id: ana.user.id,
          kind: 'adjustment',
          usd_cents: 750,
          invoice_id: null,
          description: 'Cargo por reempaque especial',
        },
      }),
    };
  },
  'billing.decideCorrection': async () => {
    // Asked by the administrator (at the threshold, so it waits); decided by the cashier under test.
    await setup.billing.recordEntry({
      userId: ana.user.id,
      kind: 'adjustment',
      amountUsd: 250,
      reason: 'Cargo por almacenaje prolongado',
    });
    const [pending] = (await setup.billing.customerAccount({ userId: ana.user.id })).pendingCorrections;
    return {
      input: { id: pending!.id, approve: false },
      expected: () => ({
        entity: 'ledger_correction_requests',
        entityId: pending!.id,
        operation: 'update',
        before: { status: 'pending' },
        after: { status: 'rejected' },
      }),
    };
  },
  'claims.assign': async ({ staff }) => {
    const claimId = await claimOfAna();
    const { user } = await staff.auth.me();
    return {
      input: { id: claimId, staffId: user!.id },
      expected: () => ({
        entity: 'claims',
        entityId: claimId,
        operation: 'update',
        before: { assigned_to: null },
        after: { assigned_to: user!.id },
      }),
    };
  },
  'claims.ask': async () => {
    const claimId = await claimOfAna();
    return {
      input: { id: claimId, request: 'Envíanos la factura de la tienda, por favor.' },
      expected: () => ({
        entity: 'claims',
        entityId: claimId,
        operation: 'update',
        before: { status: 'open' },
        after: { status: 'waiting_customer', answer_by: null },
      }),
    };
  },
  'claims.decide': async () => {
    const claimId = await claimOfAna();
    return {
      input: { id: claimId, decision: 'reject', reason: 'El paquete llegó sellado y sin daños visibles.' },
      expected: () => ({
        entity: 'claims',
        entityId: claimId,
        operation: 'update',
        before: { status: 'open', decision_reason: null },
        after: { status: 'rejected', decision_reason: 'El paquete llegó sellado y sin daños visibles.' },
      }),
    };
  },
  'compras.quote': async () => {
    const id = await compraOfAna();
    const { items } = await setup.compras.adminDetail({ id });
    return {
      input: {
        id,
        items: items.map((i) => ({ id: i.id, priceUsdCents: 2_500 })),
        salesTaxUsdCents: 200,
        shippingUsdCents: 0,
      },
      expected: () => ({
        entity: 'purchase_requests',
        entityId: id,
        operation: 'update',
        before: { status: 'requested', total_usd_cents: null },
        // 25,00 + 2,00 = 27,00; 8 % is 2,16, under the $5,00 minimum.
        after: { status: 'quoted', total_usd_cents: 3_200, fee_usd_cents: 500 },
      }),
    };
  },
  'compras.renew': async () => {
    const id = await compraOfAna('quoted');
    return {
      input: { id, validHours: 24 },
      expected: () => ({
        entity: 'purchase_requests',
        entityId: id,
        operation: 'update',
        // Only the validity changes: 24 hours from now.
        before: { valid_until: expect.any(String) },
        after: { valid_until: expect.any(String) },
      }),
    };
  },
  'compras.recordPurchase': async () => {
    const id = await compraOfAna('paid');
    const receipt = await storeFile(db(), diskFileStore(storageDir), {
      ownerUserId: ana.user.id,
      kind: 'invoice',
      bytes: tinyPng('recibo tienda'),
      contentType: 'image/png',
      originalName: 'recibo.png',
      uploadedBy: ana.user.id,
    });
    return {
      input: { id, storeOrderNumber: 'AUD-112-1', finalUsdCents: 2_700, receiptFileId: receipt.id },
      expected: () => ({
        entity: 'purchase_requests',
        entityId: id,
        operation: 'update',
        before: { status: 'paid', store_order_number: null },
        after: { status: 'purchased', store_order_number: 'AUD-112-1', final_usd_cents: 2_700 },
      }),
    };
  },
  'compras.addTrackings': async () => {
    const id = await compraOfAna('purchased');
    return {
      input: { id, trackingNumbers: [unique('1ZAUDCOMPRA')] },
      expected: () => ({
        entity: 'purchase_requests',
        entityId: id,
        operation: 'update',
        before: { status: 'purchased' },
        after: { status: 'shipped' },
      }),
    };
  },
  'compras.markItemIssue': async () => {
    const id = await compraOfAna('paid');
    const { items } = await setup.compras.adminDetail({ id });
    return {
      input: { id, itemId: items[0]!.id, issue: 'price_changed', newPriceUsdCents: 2_800, note: 'Subió el precio.' },
      expected: () => ({
        entity: 'purchase_request_items',
        entityId: id,
        operation: 'update',
        before: { issue: null, issue_new_price_usd_cents: null },
        after: { issue: 'price_changed', issue_new_price_usd_cents: 2_800, issue_note: 'Subió el precio.' },
      }),
    };
  },
  'compras.updateSettings': async () => {
    const settings = { feeBasisPoints: 750, feeMinimumUsdCents: 400, validHours: 72 };
    return {
      input: settings,
      expected: () => ({
        entity: 'app_settings',
        entityId: 'compras',
        operation: 'insert',
        before: null,
        after: { key: 'compras', value: settings },
      }),
    };
  },
  'claims.updateSettings': async () => {
    const settings = { ...CLAIM_DEFAULT_SETTINGS, answerBusinessDays: 3 };
    return {
      input: settings,
      expected: () => ({
        entity: 'app_settings',
        entityId: 'claims',
        operation: 'insert',
        before: null,
        after: { key: 'claims', value: settings },
      }),
    };
  },
  'notifications.send': async () => {
    return {
      input: {
        recipient: 'individual',
        userId: ana.user.id,
        type: 'package',
        title: 'Aviso auditado',
        message: 'Su paquete espera',
      },
      expected: async () => {
        const list = await setup.notifications.list({ q: 'Aviso auditado' });
        return {
          entity: 'notifications',
          entityId: list.rows[0]!.id,
          operation: 'insert',
          before: null,
          after: { user_id: ana.user.id, title: 'Aviso auditado', type: 'package' },
        };
      },
    };
  },
  'notifications.remove': async () => {
    const n = await notification();
    return {
      input: { id: n.id },
      expected: () => ({
        entity: 'notifications',
        entityId: n.id,
        operation: 'delete',
        before: { id: n.id, title: 'Aviso de prueba' },
        after: null,
      }),
    };
  },
  'repacks.process': async () => {
    const request = await repackRequest();
    const wr = unique('WR-REP-');
    return {
      input: { id: request.id, warehouseReceipt: wr, weightKg: 12.5, dimensionsCm: '60x40x40' },
      expected: () => ({
        entity: 'repack_requests',
        entityId: request.id,
        operation: 'update',
        before: { status: 'pending', warehouse_receipt: null },
        after: { status: 'processed', warehouse_receipt: wr, weight_kg: 12.5, dimensions_cm: '60x40x40' },
      }),
    };
  },
  'repacks.markShipped': async () => {
    const request = await repackRequest();
    await setup.repacks.process({
      id: request.id,
      warehouseReceipt: unique('WR-ENV-'),
      weightKg: 8,
      dimensionsCm: '50x40x30',
    });
    return {
      input: { id: request.id },
      expected: () => ({
        entity: 'repack_requests',
        entityId: request.id,
        operation: 'update',
        before: { status: 'processed' },
        after: { status: 'shipped' },
      }),
    };
  },
  'clients.update': async () => {
    return {
      input: {
        userId: ana.user.id,
        fullName: 'Ana Auditada Pérez',
        phone: '04141234567',
        cedula: null,
        venezuelaAddress: null,
        venezuelaCity: null,
        venezuelaState: null,
      },
      expected: () => ({
        entity: 'user_profiles',
        entityId: ana.user.id,
        operation: 'update',
        after: { full_name: 'Ana Auditada Pérez', phone: '04141234567' },
      }),
    };
  },
  'staff.invite': async () => {
    const email = uniqueEmail('invitada');
    return {
      input: { email, role: 'caja' },
      expected: async () => ({
        entity: 'staff_invitations',
        entityId: await pendingInvitationId(email),
        operation: 'insert',
        before: null,
        after: { email, role: 'caja', accepted_at: null, revoked_at: null },
      }),
    };
  },
  'staff.revokeInvitation': async () => {
    const email = uniqueEmail('revocada');
    await setup.staff.invite({ email, role: 'almacen' });
    const id = await pendingInvitationId(email);
    return {
      input: { id },
      expected: () => ({
        entity: 'staff_invitations',
        entityId: id,
        operation: 'update',
        before: { revoked_at: null },
      }),
    };
  },
  'staff.setRole': async () => {
    const person = await staffMember('caja');
    return {
      input: { userId: person.id, role: 'atencion' },
      expected: () => ({
        entity: 'users',
        entityId: person.id,
        operation: 'update',
        before: { role: 'caja' },
        after: { role: 'atencion' },
      }),
    };
  },
  'staff.deactivate': async () => {
    const person = await staffMember('almacen');
    return {
      input: { userId: person.id },
      expected: () => ({ entity: 'users', entityId: person.id, operation: 'update', before: { deactivated_at: null } }),
    };
  },
  'staff.reactivate': async () => {
    const person = await staffMember('atencion');
    await setup.staff.deactivate({ userId: person.id });
    return {
      input: { userId: person.id },
      expected: () => ({ entity: 'users', entityId: person.id, operation: 'update', after: { deactivated_at: null } }),
    };
  },
  'reception.receive': async () => {
    // A number nobody expects: received "sin dueño" (the intake is the row the scan leaves).
    const code = unique('AUDRC');
    return {
      input: { code, weightKg: 2, mailboxCode: 'XX-AUD-0' },
      expected: (r) => ({
        entity: 'parcel_intakes',
        entityId: r.intakeId,
        operation: 'insert',
        before: null,
        after: { tracking_number: code, status: 'unclaimed', weight_kg: 2, mailbox_code_read: 'XX-AUD-0' },
      }),
    };
  },
  'reception.assign': async () => {
    const intake = await setup.reception.receive({ code: unique('AUDRA'), weightKg: 1.5 });
    return {
      input: { intakeId: intake.intakeId, mailboxId: ana.mailboxId },
      expected: () => ({
        entity: 'parcel_intakes',
        entityId: intake.intakeId,
        operation: 'update',
        before: { status: 'unclaimed', mailbox_id: null },
        after: { status: 'claimed', mailbox_id: ana.mailboxId },
      }),
    };
  },
  'parcelImports.applyFile': async () => {
    const trackingNumber = unique('AUDIMP');
    return {
      input: { fileName: 'manifiesto-auditado.csv', csv: `tracking;peso\n${trackingNumber};1,5\n` },
      expected: (r) => ({
        entity: 'parcel_imports',
        entityId: r.importId,
        operation: 'insert',
        before: null,
        after: { file_name: 'manifiesto-auditado.csv', row_count: 1, unclaimed_count: 1 },
      }),
    };
  },
  'recipients.createForCustomer': async () => ({
    input: {
      userId: ana.user.id,
      fullName: 'Carmen Auditoría',
      idDocument: 'V-23456789',
      phone: '0414-2345678',
      state: 'Carabobo',
      city: 'Valencia',
      address: 'Av. Bolívar Norte',
    },
    expected: (r) => ({
      entity: 'recipients',
      entityId: r.id,
      operation: 'insert',
      before: null,
      after: { user_id: ana.user.id, full_name: 'Carmen Auditoría', id_document: 'V-23456789' },
    }),
  }),
  'pickups.markReady': async ({ staff }) => {
    const s = await agencyShipment();
    await bindCounter(staff, s.agencyId);
    return {
      input: { code: s.code },
      expected: () => ({
        entity: 'shipments',
        entityId: s.id,
        operation: 'update',
        before: { status: 'in_transit' },
        after: { status: 'ready_for_pickup' },
      }),
    };
  },
  'pickups.deliver': async ({ staff }) => {
    const s = await agencyShipment();
    await setup.pickups.markReady({ code: s.code });
    const userId = await bindCounter(staff, s.agencyId);
    return {
      input: {
        method: 'id_document',
        shipmentId: s.id,
        idDocument: 'V-12345678',
        receivedBy: 'Rosa Auditoría',
        photo: await deliveryPhotoOf(userId),
      },
      expected: () => ({
        entity: 'delivery_proofs',
        entityId: s.id,
        operation: 'insert',
        before: null,
        after: { method: 'id_document', received_by: 'Rosa Auditoría', id_document: 'V-12345678', recorded_by: userId },
      }),
    };
  },
  'pickups.unlock': async () => {
    const s = await agencyShipment();
    await setup.pickups.markReady({ code: s.code });
    await db()
      .update(shipmentPickups)
      .set({ wrongCodes: 5, pickupLockedAt: new Date() })
      .where(eq(shipmentPickups.shipmentId, s.id));
    return {
      input: { shipmentId: s.id },
      expected: (r) => {
        expect(r).toEqual({ message: PICKUP_MESSAGES.unlocked });
        return {
          entity: 'shipment_pickups',
          entityId: s.id,
          operation: 'update',
          before: { wrong_codes: 5 },
          after: { wrong_codes: 0, pickup_locked_at: null },
        };
      },
    };
  },
  'pickups.recordHomeDelivery': async ({ staff }) => {
    const s = await agencyShipment('in_transit', 'home');
    const me = await staff.auth.me();
    return {
      input: {
        shipmentId: s.id,
        receivedBy: 'Ana Auditoría',
        idDocument: 'V-7654321',
        photo: await deliveryPhotoOf(me.user!.id),
      },
      expected: () => ({
        entity: 'delivery_proofs',
        entityId: s.id,
        operation: 'insert',
        before: null,
        after: { method: 'home', received_by: 'Ana Auditoría', id_document: 'V-7654321' },
      }),
    };
  },
  'fiscal.updateSettings': async () => {
    // Saved off, so the invoices of the other cases stay as they are.
    const input = {
      enabled: false,
      legalName: 'Casillero Virtual C.A.',
      rif: 'J-00002961-0',
      address: 'Av. Francisco de Miranda, Caracas',
      controlProvider: 'fake' as const,
      igtfApplies: true,
      igtfRatePercent: 3,
      taxes: Object.fromEntries(CHARGE_KINDS.map((k) => [k, { treatment: 'iva' as const, ratePercent: 16 }])),
    };
    return {
      input,
      expected: (r) => ({
        entity: 'app_settings',
        entityId: 'fiscal',
        operation: 'insert',
        before: null,
        after: { key: 'fiscal', value: r.settings },
      }),
    };
  },
  'fiscal.issueFactura': async () => {
    // A nota de cobro of a customer who has since given their fiscal data.
    const customer = await customerWithActiveMailbox(db(), { nombre: 'Fiona Fiscal' });
    await db()
      .update(userProfiles)
      .set({ cedula: 'V-12345678', venezuelaAddress: 'Calle 3, Mérida' })
      .where(eq(userProfiles.userId, customer.user.id));
    const [nota] = await db()
      .insert(fiscalDocuments)
      .values({
        userId: customer.user.id,
        kind: 'nota_de_cobro',
        sequence: 900_001,
        number: 'COB-00900001',
        status: 'emitida',
        issuerName: 'Casillero Virtual C.A.',
        issuerRif: 'J-00002961-0',
        issuerAddress: 'Caracas',
        customerName: 'Fiona Fiscal',
        lines: [],
        ivaBuckets: [],
        legalGrounds: [],
        baseUsdCents: 1000,
        exemptUsdCents: 0,
        ivaUsdCents: 160,
        totalUsdCents: 1160,
        issueDate: businessToday(),
      })
      .returning();
    return {
      input: { id: nota!.id },
      expected: (r) => ({
        entity: 'fiscal_documents',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: {
          kind: 'factura',
          status: 'pendiente_numero_control',
          references_id: nota!.id,
          customer_id_number: 'V-12345678',
        },
      }),
    };
  },
  'fiscal.issueNote': async () => {
    // A factura of a customer with fiscal data, corrected by a credit note.
    const customer = await customerWithActiveMailbox(db(), { nombre: 'Nora Nota' });
    const [factura] = await db()
      .insert(fiscalDocuments)
      .values({
        userId: customer.user.id,
        kind: 'factura',
        sequence: 900_001,
        number: 'FAC-00900001',
        status: 'emitida',
        controlNumber: '99-00900001',
        issuerName: 'Casillero Virtual C.A.',
        issuerRif: 'J-00002961-0',
        issuerAddress: 'Caracas',
        customerName: 'Nora Nota',
        customerIdNumber: 'V-12345678',
        customerAddress: 'Calle 4, Mérida',
        lines: [],
        ivaBuckets: [{ rateBasisPoints: 1600, baseUsdCents: 1000, ivaUsdCents: 160 }],
        legalGrounds: [],
        baseUsdCents: 1000,
        exemptUsdCents: 0,
        ivaUsdCents: 160,
        totalUsdCents: 1160,
        issueDate: businessToday(),
      })
      .returning();
    return {
      input: { facturaId: factura!.id, kind: 'nota_de_credito' as const, amountUsd: 5.8, reason: 'Descuento acordado' },
      expected: (r) => ({
        entity: 'fiscal_documents',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: {
          kind: 'nota_de_credito',
          status: 'pendiente_numero_control',
          references_id: factura!.id,
          total_usd_cents: 580,
          reason: 'Descuento acordado',
        },
      }),
    };
  },
  'pickups.updateSettings': async () => ({
    input: { reminderDays: 4 },
    expected: () => ({
      entity: 'app_settings',
      entityId: 'pickup',
      operation: 'insert',
      before: null,
      after: { key: 'pickup', value: { reminderDays: 4 } },
    }),
  }),
  'problemParcels.flag': async () => {
    const parcel = await pkg();
    return {
      input: { packageId: parcel.id, reason: 'no_invoice', note: 'Falta la factura.', extraChargeUsd: 6 },
      expected: () => ({
        entity: 'package_problems',
        entityId: parcel.id,
        operation: 'insert',
        before: null,
        after: { reason: 'no_invoice', note: 'Falta la factura.', extra_charge_usd_cents: 600 },
      }),
    };
  },
  'problemParcels.complete': async () => {
    const parcel = await pkg();
    await setup.problemParcels.flag({ packageId: parcel.id, reason: 'prohibited', note: 'Aerosol.' });
    await customerCaller().problemParcels.choose({ packageId: parcel.id, choice: 'dispose' });
    return {
      input: { packageId: parcel.id },
      expected: () => ({
        entity: 'package_problems',
        entityId: parcel.id,
        operation: 'update',
        before: { resolved_at: null, completed_at: null },
        after: { completed_by: expect.any(String) },
      }),
    };
  },
  'problemParcels.updateSettings': async () => ({
    input: { abandonDays: 20, returnFeeUsd: 12 },
    expected: () => ({
      entity: 'app_settings',
      entityId: 'problem_parcels',
      operation: 'insert',
      before: null,
      after: { key: 'problem_parcels', value: { abandonDays: 20, returnFeeUsdCents: 1200 } },
    }),
  }),
  'prices.create': async () => {
    const effectiveFrom = caracasDay(new Date(Date.now() + 10 * 24 * 3600 * 1000));
    const prices = { ...PRICE_LIST_V1, usaAirRatePerLbUsdCents: 7_00 };
    return {
      input: { effectiveFrom, prices },
      expected: (r: { id: string }) => ({
        entity: 'price_list_versions',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: { effective_from: effectiveFrom, prices, cancelled_at: null },
      }),
    };
  },
  'prices.cancel': async () => {
    const effectiveFrom = caracasDay(new Date(Date.now() + 20 * 24 * 3600 * 1000));
    const { id } = await setup.prices.create({ effectiveFrom, prices: PRICE_LIST_V1 });
    return {
      input: { id },
      expected: () => ({
        entity: 'price_list_versions',
        entityId: id,
        operation: 'update',
        before: { cancelled_at: null },
        after: { cancelled_at: expect.any(String), cancelled_by: expect.any(String) },
      }),
    };
  },
  'travelRules.create': async () => {
    const startDay = caracasDay(new Date(Date.now() + 10 * 24 * 3600 * 1000));
    const rules = { ...TRAVEL_RULES_V1, commercialQuantity: 10 };
    return {
      input: { startDay, rules },
      expected: (r: { id: string }) => ({
        entity: 'travel_rule_versions',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: { rules, cancelled_at: null },
      }),
    };
  },
  'travelRules.cancel': async () => {
    const startDay = caracasDay(new Date(Date.now() + 20 * 24 * 3600 * 1000));
    const { id } = await setup.travelRules.create({ startDay, rules: TRAVEL_RULES_V1 });
    return {
      input: { id },
      expected: () => ({
        entity: 'travel_rule_versions',
        entityId: id,
        operation: 'update',
        before: { cancelled_at: null },
        after: { cancelled_at: expect.any(String), cancelled_by: expect.any(String) },
      }),
    };
  },
  'prices.updateSettings': async () => ({
    input: { honourDays: 5 },
    expected: () => ({
      entity: 'app_settings',
      entityId: 'price_list',
      operation: 'insert',
      before: null,
      after: { key: 'price_list', value: { honourDays: 5 } },
    }),
  }),
  'storage.updateSettings': async () => ({
    input: { freeDays: 25 },
    expected: () => ({
      entity: 'app_settings',
      entityId: 'storage',
      operation: 'insert',
      before: null,
      after: { key: 'storage', value: { freeDays: 25 } },
    }),
  }),
  'storage.remindNow': async () => {
    const customer = await customerWithActiveMailbox(db(), { nombre: 'Cliente Almacenaje Auditado' });
    // Three free days left, whatever the free days are set to by then (another case changes them).
    const { freeDays } = await getStorageSettings(db());
    const [parcel] = await db()
      .insert(packages)
      .values({
        userId: customer.user.id,
        mailboxId: customer.mailboxId,
        trackingNumber: unique('AUDSTO'),
        packageDescription: 'Libros',
        weightKg: 1,
        status: 'in_warehouse',
        receivedDate: new Date(Date.now() - (freeDays - 3) * 24 * 3600 * 1000),
      })
      .returning({ id: packages.id });
    return {
      input: { packageId: parcel!.id },
      expected: async () => {
        const [notice] = await db()
          .select({ id: notifications.id })
          .from(notifications)
          .where(eq(notifications.userId, customer.user.id));
        return {
          entity: 'notifications',
          entityId: notice!.id,
          operation: 'insert',
          before: null,
          after: { user_id: customer.user.id, package_id: parcel!.id, title: STORAGE_MESSAGES.reminderSoonTitle },
        };
      },
    };
  },
  'reconciliation.upload': async () => {
    const reference = unique('AUDBANCO');
    return {
      input: {
        fileName: 'estado-auditado.csv',
        content: `fecha;referencia;descripcion;monto\n12/03/2026;${reference};Pago movil;150,00\n`,
      },
      expected: (r) => ({
        entity: 'bank_statements',
        entityId: r.statementId,
        operation: 'insert',
        before: null,
        after: { file_name: 'estado-auditado.csv', line_count: 1 },
      }),
    };
  },
  'reconciliation.approveMatched': async () => {
    const { statementId, line, payment } = await statementLineFor('Carla Conciliada');
    return {
      input: { statementId },
      expected: () => ({
        entity: 'bank_statement_lines',
        entityId: line.id,
        operation: 'update',
        before: { payment_id: null },
        after: { payment_id: payment.id },
      }),
    };
  },
  'reconciliation.assignLine': async () => {
    await recordRate(db(), '40');
    const customer = await customerWithActiveMailbox(db(), { nombre: 'Eva Asignada' });
    const reference = unique('AUDTR');
    const { statementId } = await setup.reconciliation.upload({
      fileName: `estado-${reference}.csv`,
      content: `fecha;referencia;descripcion;monto\n14/03/2026;${reference};Transferencia;80,00\n`,
    });
    const [line] = (await setup.reconciliation.lines({ statementId })).lines;
    return {
      input: { lineId: line!.id, userId: customer.user.id, invoiceId: null },
      expected: (r) => ({
        entity: 'bank_statement_lines',
        entityId: line!.id,
        operation: 'update',
        before: { payment_id: null },
        after: { payment_id: r.paymentId },
      }),
    };
  },
  'reconciliation.approveLine': async () => {
    const { line, payment } = await statementLineFor('Dora Elegida');
    return {
      input: { lineId: line.id, paymentId: payment.id },
      expected: () => ({
        entity: 'bank_statement_lines',
        entityId: line.id,
        operation: 'update',
        before: { payment_id: null },
        after: { payment_id: payment.id },
      }),
    };
  },
};

/** A damaged-parcel claim Ana opens on a parcel received yesterday. */
/**
 * An assisted purchase of Ana's (docs/product/compra-asistida.md), at a stage: asked, quoted by the
 * administrator, or moved on in the table (paid, bought) without the steps that are not under test.
 */
async function compraOfAna(stage: 'requested' | 'quoted' | 'paid' | 'purchased' = 'requested'): Promise<string> {
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

async function claimOfAna(): Promise<string> {
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

// --- The walk ----------------------------------------------------------------------------------

/** The role that does this in the business: the first non-administrator role that may, else the administrator. */
const roleFor = (permission: Permission): StaffRole =>
  STAFF_ROLES.find((r) => r !== 'admin' && can(r, permission)) ?? 'admin';

function call(caller: TestCaller, path: string, input: unknown): Promise<unknown> {
  const [router, procedure] = path.split('.') as [string, string];
  return (caller as unknown as Record<string, Record<string, (i: unknown) => Promise<unknown>>>)[router]![procedure]!(
    input,
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  ana = await customerWithActiveMailbox(db(), { nombre: 'Ana Auditoría' });
  setup = (await signedInStaff(db(), 'admin')).caller;
});
afterAll(async () => {
  await database?.close();
});

describe('every staff mutation is audited', () => {
  it('the table names every staff mutation of the router, and nothing else', () => {
    expect(staffMutations.length).toBeGreaterThan(20);
    expect(Object.keys(CASES).sort()).toEqual(staffMutations.map((m) => m.path).sort());
  });

  it.each(staffMutations)('$path leaves an entry with who, role, entity, before and after', async ({
    path,
    permission,
  }) => {
    const role = roleFor(permission);
    const actor = await signedInStaff(db(), role);
    const { input, expected: expectedOf } = await CASES[path]!({ staff: actor.caller });
    const startedAt = new Date();
    const result = await call(actor.caller, path, input);
    const expected = await expectedOf(result);

    const entries = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, path),
          eq(auditLog.actorId, actor.user.id),
          eq(auditLog.entity, expected.entity),
          eq(auditLog.entityId, expected.entityId),
        ),
      );
    // A service may write the row more than once in the transaction: one of its entries must show the change.
    const fields = (expectedFields: Record<string, unknown> | null | undefined) =>
      expectedFields === null ? null : expectedFields ? expect.objectContaining(expectedFields) : expect.anything();
    expect(entries).toContainEqual(
      expect.objectContaining({
        operation: expected.operation,
        actorRole: role,
        ip: actor.visitor.ip,
        userAgent: actor.visitor.userAgent,
        before: fields(expected.before),
        after: fields(expected.after),
      }),
    );
    for (const entry of entries) {
      expect(entry.createdAt.getTime()).toBeGreaterThanOrEqual(startedAt.getTime() - 1000);
      // An update keeps exactly the fields that changed, the same keys on both sides.
      if (entry.operation === 'update')
        expect(Object.keys(entry.before!).sort()).toEqual(Object.keys(entry.after!).sort());
    }
  });
});
