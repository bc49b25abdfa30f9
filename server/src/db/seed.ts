// The demo data (docs/product/product-decisions.md#d2-no-silent-mock-authentication): a real admin, two real customers to sign in with and a few
// more customers, with trackings in every status, pre-alerts, warehouse packages, shipments,
// payments of every kind, repack requests and notifications, so every screen has something
// to show. Dates are relative to now so the dashboards and the six-month reports stay full.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  CasilleroType,
  Carrier,
  EstadoTrackingPrealerta,
  OriginCountry,
  PackageStatus,
  PaymentMethod,
  PaymentStatus,
  PaymentType,
  Priority,
  TrackingStatus,
  VenezuelanState,
} from '@casillero/shared';
import { DEMO_PAYMENT_METHODS, detectCarrier, trackingKey } from '@casillero/shared';
import { hashPassword } from '../auth/password';
import type { FileStore } from '../files/file-store';
import { storageKeyFor } from '../files/store';
import { createCustomerAccount, openMailboxWithActivation } from '../services/accounts';
import { creditApprovedPayment, issueInvoice } from '../services/billing';
import { businessToday } from '../lib/business-clock';
import type { Db, Tx } from './client';
import {
  contactMessages,
  exchangeRates,
  invoices,
  mailboxes,
  paymentMethods,
  notifications,
  packages,
  paymentTrackings,
  parcelIntakes,
  paymentTransactions,
  prealerts,
  repackRequestItems,
  repackRequests,
  shipmentPackages,
  shipmentStages,
  shipments,
  storedFiles,
  trackingHistory,
  trackings,
  userProfiles,
  users,
} from './schema';
import { demoReceiptPng } from './seed-receipt';

export const DEMO_PASSWORD = 'Demo1234!';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@casillero.test', fullName: 'Administración Casillero' },
  /** One person per staff role but the administrator's (docs/product/product-decisions.md#d13-staff-have-roles). */
  staff: [
    { email: 'almacen@casillero.test', fullName: 'Luis Almacén Pérez', role: 'almacen' },
    { email: 'caja@casillero.test', fullName: 'Daniela Caja Rojas', role: 'caja' },
    { email: 'atencion@casillero.test', fullName: 'Gabriela Atención Díaz', role: 'atencion' },
  ],
  customers: [
    { email: 'maria@casillero.test', fullName: 'María Fernanda González' },
    { email: 'carlos@casillero.test', fullName: 'Carlos Eduardo Rodríguez' },
  ],
} as const;

/** Raised inside the transaction when another process seeded first; rolls everything back. */
class AlreadySeeded extends Error {}

/**
 * Loads the demo once. If the demo admin already exists it changes nothing and answers
 * `{ seeded: false }`. Everything goes in one transaction; the receipt images are written
 * to the file store just before their stored_files rows, and removed again if it fails.
 */
export async function seedDemo(db: Db, options: { fileStore: FileStore }): Promise<{ seeded: boolean }> {
  if (await demoAdminExists(db)) return { seeded: false };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const { fileStore } = options;
  const written: string[] = [];
  try {
    await db.transaction(async (tx) => {
      await buildDemo(tx, { passwordHash, fileStore, written, now: new Date() });
    });
    return { seeded: true };
  } catch (error) {
    // Settled, not all: the seed's own error is the one to report.
    await Promise.allSettled(written.map((key) => fileStore.delete(key)));
    if (error instanceof AlreadySeeded) return { seeded: false };
    throw error;
  }
}

async function demoAdminExists(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_ACCOUNTS.admin.email}`)
    .limit(1);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------

const DAY = 86_400_000;
const HOUR = 3_600_000;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The demo's BCV rate `daysAgo` days ago: Bs. 262,40 today, a slow devaluation before. */
const demoRate = (daysAgo: number) => (262.4 / (1 + 0.0012 * daysAgo)).toFixed(4);

/** The statuses a tracking went through to reach its current one, oldest first. */
const TRACKING_PATHS: Record<TrackingStatus, TrackingStatus[]> = {
  created: ['created'],
  in_transit: ['created', 'in_transit'],
  arrived: ['created', 'in_transit', 'arrived'],
  in_warehouse: ['created', 'in_transit', 'arrived', 'in_warehouse'],
  needs_reempaque: ['created', 'in_transit', 'arrived', 'in_warehouse', 'needs_reempaque'],
  reempacado: ['created', 'in_transit', 'arrived', 'in_warehouse', 'needs_reempaque', 'reempacado'],
  ready_to_ship: ['created', 'in_transit', 'arrived', 'in_warehouse', 'ready_to_ship'],
  shipped: ['created', 'in_transit', 'arrived', 'in_warehouse', 'ready_to_ship', 'shipped'],
  delivered: ['created', 'in_transit', 'arrived', 'in_warehouse', 'ready_to_ship', 'shipped', 'delivered'],
  problem: ['created', 'in_transit', 'problem'],
};

type MailboxRow = typeof mailboxes.$inferSelect;
type PaymentRow = typeof paymentTransactions.$inferSelect;
type DemoCustomer = {
  id: string;
  email: string;
  fullName: string;
  usa?: { mailbox: MailboxRow; payment: PaymentRow };
  china?: { mailbox: MailboxRow; payment: PaymentRow };
};

type CustomerSpec = {
  email: string;
  fullName: string;
  phone: string | null;
  cedula: string | null;
  address: string | null;
  city: string | null;
  state: VenezuelanState | null;
  registeredDaysAgo: number;
  lastActiveDaysAgo: number;
  /** The first is the one chosen at sign-up; the second is opened later. */
  mailboxes: { type: CasilleroType; openedDaysAgo: number }[];
};

type TrackingSpec = {
  customer: DemoCustomer;
  country: 'usa' | 'china';
  trackingNumber: string;
  carrier: Carrier;
  senderName: string;
  description: string;
  originCountry: OriginCountry;
  estimatedWeight: number;
  actualWeight?: number;
  estimatedValue: number;
  status: TrackingStatus;
  priority: Priority;
  needsReempaque?: boolean;
  reempaqueReason?: string;
  notes?: string;
  /** Message of the last history entry, when the generic one is not enough. */
  lastMessage?: string;
  createdDaysAgo: number;
  lastChangeDaysAgo: number;
};

type PackageSpec = {
  customer: DemoCustomer;
  country: 'usa' | 'china';
  trackingNumber: string | null;
  description: string;
  senderName: string;
  weightKg: number | null;
  dimensionsCm: string | null;
  estimatedValueUsd: number;
  status: PackageStatus;
  notes?: string;
  createdDaysAgo: number;
  receivedDaysAgo?: number;
  receiptNumber?: number;
  warehouseLocation?: string;
  trackingId?: string;
  updatedDaysAgo?: number;
};

type PaymentSpec = {
  customer: DemoCustomer;
  type: PaymentType;
  amountUsd: number;
  amountVes?: number;
  status: PaymentStatus;
  method?: PaymentMethod;
  reference?: string;
  description: string;
  adminNotes?: string;
  createdDaysAgo: number;
  reportedDaysAgo?: number;
  processedDaysAgo?: number;
  receiptFileId?: string;
  mailboxId?: string;
  shipmentId?: string;
  trackingIds?: string[];
};

async function buildDemo(
  tx: Tx,
  ctx: { passwordHash: string; fileStore: FileStore; written: string[]; now: Date },
): Promise<void> {
  const { passwordHash, now } = ctx;
  /**
   * A moment `daysAgo` days (and `hoursAgo` hours) before now, a few minutes earlier still so
   * that not every row shares the same time of day. The shift (under 48 minutes) depends only
   * on the arguments, so equal arguments give equal moments and the order of events holds.
   */
  const at = (daysAgo: number, hoursAgo = 0) => {
    const shift = Math.round(Math.abs(Math.sin(daysAgo * 12.9898 + hoursAgo * 78.233)) * 47 * 60_000);
    return new Date(now.getTime() - daysAgo * DAY - hoursAgo * HOUR - shift);
  };
  const dateOnly = (d: Date) => d.toISOString().slice(0, 10);
  /** Warehouse receipt numbers carry the year they were issued. */
  const wr = (when: Date, n: number) => `WR-${when.getUTCFullYear()}-${String(n).padStart(5, '0')}`;

  // --- Administrator --------------------------------------------------------------------------
  const [admin] = await tx
    .insert(users)
    .values({
      email: DEMO_ACCOUNTS.admin.email,
      passwordHash,
      role: 'admin',
      emailVerifiedAt: at(200),
      lastActiveAt: at(0, 1),
      createdAt: at(200),
      updatedAt: at(0, 1),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Another process inserted the admin between our check and this insert.
  if (!admin) throw new AlreadySeeded();
  await tx.insert(userProfiles).values({
    userId: admin.id,
    fullName: DEMO_ACCOUNTS.admin.fullName,
    phone: '+58 212 555 0100',
    createdAt: at(200),
    updatedAt: at(200),
  });
  const adminId = admin.id;

  // --- Staff ----------------------------------------------------------------------------------
  for (const person of DEMO_ACCOUNTS.staff) {
    const [member] = await tx
      .insert(users)
      .values({ email: person.email, passwordHash, role: person.role, emailVerifiedAt: at(120), createdAt: at(120), updatedAt: at(120) })
      .returning({ id: users.id });
    await tx.insert(userProfiles).values({ userId: member!.id, fullName: person.fullName, createdAt: at(120), updatedAt: at(120) });
  }

  // --- Exchange rates and payment methods (docs/decisions/021-billing-in-bolivares.md) -------------------------------------------
  // One BCV rate a day for the last 400 days, entered by the cashier; invoices take their day's.
  const [cashier] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'caja@casillero.test'));
  await tx.insert(exchangeRates).values(
    Array.from({ length: 401 }, (_, daysAgo) => ({
      rateDate: businessToday(new Date(now.getTime() - daysAgo * DAY)),
      vesPerUsd: demoRate(daysAgo),
      source: 'BCV',
      createdBy: cashier?.id ?? adminId,
      // Entered early on its own day (a minute before this moment, that many days back).
      createdAt: new Date(now.getTime() - daysAgo * DAY - 60_000),
    })),
  );
  await tx.insert(paymentMethods).values(DEMO_PAYMENT_METHODS.map((m, i) => ({ ...m, sortOrder: i })));

  // --- Customers ------------------------------------------------------------------------------
  async function createCustomer(spec: CustomerSpec): Promise<DemoCustomer> {
    const [first, ...more] = spec.mailboxes;
    const { user, mailbox, payment } = await createCustomerAccount(tx, {
      email: spec.email,
      passwordHash,
      fullName: spec.fullName,
      type: first.type,
      verified: true,
      now: at(first.openedDaysAgo),
    });
    const registered = at(spec.registeredDaysAgo);
    await tx
      .update(users)
      .set({
        createdAt: registered,
        emailVerifiedAt: new Date(registered.getTime() + 12 * 60_000),
        lastActiveAt: at(spec.lastActiveDaysAgo, 3),
        updatedAt: at(spec.lastActiveDaysAgo, 3),
      })
      .where(eq(users.id, user.id));
    await tx
      .update(userProfiles)
      .set({
        phone: spec.phone,
        cedula: spec.cedula,
        venezuelaAddress: spec.address,
        venezuelaCity: spec.city,
        venezuelaState: spec.state,
        createdAt: registered,
        updatedAt: at(Math.max(spec.lastActiveDaysAgo, spec.registeredDaysAgo - 1)),
      })
      .where(eq(userProfiles.userId, user.id));
    const customer: DemoCustomer = { id: user.id, email: spec.email, fullName: spec.fullName };
    customer[first.type] = await backdateMailbox({ mailbox, payment }, at(first.openedDaysAgo));
    for (const extra of more) {
      const opened = await openMailboxWithActivation(tx, user.id, extra.type, at(extra.openedDaysAgo));
      customer[extra.type] = await backdateMailbox(opened, at(extra.openedDaysAgo));
    }
    return customer;
  }

  async function backdateMailbox(entry: { mailbox: MailboxRow; payment: PaymentRow }, when: Date) {
    const [mailbox] = await tx
      .update(mailboxes)
      .set({ createdAt: when, updatedAt: when })
      .where(eq(mailboxes.id, entry.mailbox.id))
      .returning();
    const [payment] = await tx
      .update(paymentTransactions)
      .set({ createdAt: when, updatedAt: when })
      .where(eq(paymentTransactions.id, entry.payment.id))
      .returning();
    return { mailbox, payment };
  }

  /** Settles (or reports) a mailbox's activation payment; completed activates the mailbox. */
  async function activation(
    entry: { mailbox: MailboxRow; payment: PaymentRow },
    values: {
      status: PaymentStatus;
      method?: PaymentMethod;
      reference?: string;
      reportedDaysAgo?: number;
      processedDaysAgo?: number;
      adminNotes?: string;
      amountVes?: number;
      receiptFileId?: string;
    },
  ) {
    const processed = values.processedDaysAgo === undefined ? null : at(values.processedDaysAgo);
    await tx
      .update(paymentTransactions)
      .set({
        status: values.status,
        paymentMethod: values.method ?? null,
        paymentReference: values.reference ?? null,
        amountVes: values.amountVes ?? null,
        reportedAt: values.reportedDaysAgo === undefined ? null : at(values.reportedDaysAgo),
        receiptFileId: values.receiptFileId ?? null,
        processedAt: processed,
        processedBy: processed ? adminId : null,
        metadata: values.adminNotes ? { admin_notes: values.adminNotes } : {},
        updatedAt: processed ?? (values.reportedDaysAgo === undefined ? entry.payment.createdAt : at(values.reportedDaysAgo)),
      })
      .where(eq(paymentTransactions.id, entry.payment.id));
    if (values.status === 'completed' && processed) {
      await tx
        .update(mailboxes)
        .set({ status: 'active', updatedAt: processed })
        .where(eq(mailboxes.id, entry.mailbox.id));
    }
  }

  const maria = await createCustomer({
    email: DEMO_ACCOUNTS.customers[0].email,
    fullName: DEMO_ACCOUNTS.customers[0].fullName,
    phone: '+58 424 123 4567',
    cedula: 'V-18456789',
    address: 'Av. Francisco de Miranda, Edif. Parque Cristal, Torre Este, piso 8, apto 8-B, Los Palos Grandes',
    city: 'Caracas',
    state: 'Miranda',
    registeredDaysAgo: 150,
    lastActiveDaysAgo: 0,
    mailboxes: [
      { type: 'usa', openedDaysAgo: 150 },
      { type: 'china', openedDaysAgo: 2 },
    ],
  });
  const carlos = await createCustomer({
    email: DEMO_ACCOUNTS.customers[1].email,
    fullName: DEMO_ACCOUNTS.customers[1].fullName,
    phone: '+58 414 987 6543',
    cedula: null,
    address: null,
    city: 'Valencia',
    state: 'Carabobo',
    registeredDaysAgo: 100,
    lastActiveDaysAgo: 1,
    mailboxes: [{ type: 'usa', openedDaysAgo: 100 }],
  });
  const jose = await createCustomer({
    email: 'jose.perez@ejemplo.test',
    fullName: 'José Gregorio Pérez Márquez',
    phone: '+58 412 555 0198',
    cedula: 'V-14789632',
    address: 'Calle 72 con Av. 3E, Residencias Lago Mar, apto 5-A, sector Tierra Negra',
    city: 'Maracaibo',
    state: 'Zulia',
    registeredDaysAgo: 172,
    lastActiveDaysAgo: 0.5,
    mailboxes: [
      { type: 'usa', openedDaysAgo: 172 },
      { type: 'china', openedDaysAgo: 127 },
    ],
  });
  const ana = await createCustomer({
    email: 'ana.hernandez@ejemplo.test',
    fullName: 'Ana Karina Hernández Rojas',
    phone: null,
    cedula: 'V-20345678',
    address: 'Carrera 19 entre calles 25 y 26, Edif. Don Alfonso, piso 3, apto 3-2',
    city: 'Barquisimeto',
    state: 'Lara',
    registeredDaysAgo: 77,
    lastActiveDaysAgo: 7,
    mailboxes: [{ type: 'china', openedDaysAgo: 77 }],
  });
  const luis = await createCustomer({
    email: 'luis.ramirez@ejemplo.test',
    fullName: 'Luis Alberto Ramírez Colmenares',
    phone: '+58 416 234 7781',
    cedula: 'V-12654987',
    address: 'Urb. El Paraíso, Av. Páez, Res. Los Jardines, torre B, apto 12-3',
    city: 'Caracas',
    state: 'Distrito Capital',
    registeredDaysAgo: 112,
    lastActiveDaysAgo: 34,
    mailboxes: [{ type: 'usa', openedDaysAgo: 112 }],
  });
  const daniela = await createCustomer({
    email: 'daniela.suarez@ejemplo.test',
    fullName: 'Daniela Alejandra Suárez Briceño',
    phone: '+58 426 718 2290',
    cedula: 'V-22113456',
    address: 'Av. Las Américas, Conjunto Residencial Santa María, casa 14',
    city: 'Mérida',
    state: 'Mérida',
    registeredDaysAgo: 162,
    lastActiveDaysAgo: 4,
    mailboxes: [
      { type: 'usa', openedDaysAgo: 162 },
      { type: 'china', openedDaysAgo: 10 },
    ],
  });
  const rafael = await createCustomer({
    email: 'rafael.mendoza@ejemplo.test',
    fullName: 'Rafael Antonio Mendoza Salazar',
    phone: '+58 424 609 3312',
    cedula: 'V-26987412',
    address: 'Calle Bolívar, casa N.º 45, sector Centro',
    city: 'Puerto La Cruz',
    state: 'Anzoátegui',
    registeredDaysAgo: 3,
    lastActiveDaysAgo: 0,
    mailboxes: [{ type: 'usa', openedDaysAgo: 3 }],
  });

  // --- Receipt images: the PNG is written first, then the stored_files row --------------------
  async function storeReceipt(ownerId: string, originalName: string, createdDaysAgo: number): Promise<string> {
    const id = randomUUID();
    const storageKey = storageKeyFor('receipt', ownerId, id, 'image/png');
    const png = demoReceiptPng(originalName);
    ctx.written.push(storageKey);
    await ctx.fileStore.put(storageKey, png, 'image/png');
    await tx.insert(storedFiles).values({
      id,
      ownerUserId: ownerId,
      kind: 'receipt',
      storageKey,
      contentType: 'image/png',
      sizeBytes: png.length,
      originalName,
      uploadedBy: ownerId,
      createdAt: at(createdDaysAgo),
    });
    return id;
  }

  // --- Mailbox activations --------------------------------------------------------------------
  await activation(maria.usa!, {
    status: 'completed',
    method: 'Zelle',
    reference: 'ZL7Q4M2K9P',
    reportedDaysAgo: 149.9,
    processedDaysAgo: 149.5,
    adminNotes: 'Pago verificado en la cuenta Zelle. Casillero activado.',
  });
  const mariaChinaReceipt = await storeReceipt(maria.id, 'comprobante-binance-casillero-china.png', 1);
  await activation(maria.china!, {
    status: 'pending',
    method: 'Binance USDT',
    reference: '2871654390128745123',
    reportedDaysAgo: 1,
    receiptFileId: mariaChinaReceipt,
  });
  await activation(carlos.usa!, {
    status: 'completed',
    method: 'PayPal',
    reference: '8TY12345AB6789012',
    reportedDaysAgo: 99.8,
    processedDaysAgo: 99.2,
    adminNotes: 'Pago recibido en PayPal.',
  });
  await activation(jose.usa!, {
    status: 'completed',
    method: 'Zelle',
    reference: 'ZL3R8T6W1N',
    reportedDaysAgo: 171.9,
    processedDaysAgo: 171.4,
    adminNotes: 'Confirmado en Zelle.',
  });
  await activation(jose.china!, {
    status: 'completed',
    method: 'Binance USDT',
    reference: '2790135468801123456',
    reportedDaysAgo: 126.8,
    processedDaysAgo: 126.1,
    adminNotes: 'USDT recibidos en Binance Pay.',
  });
  await activation(ana.china!, {
    status: 'completed',
    method: 'Zinli',
    reference: 'ZN-4471-9920',
    reportedDaysAgo: 76.9,
    processedDaysAgo: 76.3,
    adminNotes: 'Transferencia Zinli verificada.',
  });
  await activation(luis.usa!, {
    status: 'completed',
    method: 'Depósito bancario en divisas',
    reference: 'DEP-004512',
    reportedDaysAgo: 111.7,
    processedDaysAgo: 110.9,
    adminNotes: 'Depósito confirmado por el banco.',
  });
  await activation(daniela.usa!, {
    status: 'completed',
    method: 'Wally',
    reference: 'WLY552190',
    reportedDaysAgo: 161.8,
    processedDaysAgo: 161.2,
    adminNotes: 'Pago Wally recibido.',
  });
  // Daniela opened a China mailbox and has not paid it yet: stays pending, nothing reported.
  const rafaelReceipt = await storeReceipt(rafael.id, 'zelle-activacion.png', 0.2);
  await activation(rafael.usa!, {
    status: 'pending',
    method: 'Zelle',
    reference: 'ZL0K5V9C2D',
    reportedDaysAgo: 0.2,
    receiptFileId: rafaelReceipt,
  });

  // --- Pre-alerts (the converted ones are linked to their package further down) ---------------
  async function prealert(values: {
    customer: DemoCustomer;
    country: 'usa' | 'china';
    trackingNumber: string | null;
    description: string;
    quantityItems: number;
    amountSpent: number;
    senderName: string;
    estimatedWeight: number;
    estimatedValue: number;
    carrier: Carrier | null;
    estadoTracking: EstadoTrackingPrealerta;
    status: 'pending' | 'confirmed' | 'converted';
    notes?: string;
    createdDaysAgo: number;
    updatedDaysAgo?: number;
  }) {
    const [row] = await tx
      .insert(prealerts)
      .values({
        userId: values.customer.id,
        mailboxId: values.customer[values.country]!.mailbox.id,
        trackingNumber: values.trackingNumber,
        description: values.description,
        quantityItems: values.quantityItems,
        amountSpent: values.amountSpent,
        senderName: values.senderName,
        estimatedWeight: values.estimatedWeight,
        estimatedValue: values.estimatedValue,
        carrier: values.carrier,
        estadoTracking: values.estadoTracking,
        notes: values.notes ?? null,
        status: values.status,
        createdAt: at(values.createdDaysAgo),
        updatedAt: at(values.updatedDaysAgo ?? values.createdDaysAgo),
      })
      .returning();
    return row;
  }

  const mariaPendingPrealert = await prealert({
    customer: maria,
    country: 'usa',
    trackingNumber: 'TBA305812745000',
    description: 'Audífonos inalámbricos Sony WH-1000XM5 y funda protectora de viaje',
    quantityItems: 2,
    amountSpent: 89.97,
    senderName: 'Amazon',
    estimatedWeight: 1.2,
    estimatedValue: 89.97,
    carrier: 'Amazon',
    estadoTracking: 'Prealertado',
    status: 'pending',
    notes: 'Regalo de cumpleaños, por favor no abrir la caja de los audífonos.',
    createdDaysAgo: 3,
  });
  await prealert({
    customer: maria,
    country: 'usa',
    trackingNumber: null,
    description: 'Cargador MagSafe y dos cables USB-C de 2 metros',
    quantityItems: 3,
    amountSpent: 87,
    senderName: 'Apple',
    estimatedWeight: 0.4,
    estimatedValue: 87,
    carrier: null,
    estadoTracking: 'Prealertado',
    status: 'pending',
    notes: 'La tienda todavía no envía el número de seguimiento.',
    createdDaysAgo: 0.5,
  });
  await prealert({
    customer: carlos,
    country: 'usa',
    trackingNumber: '776512093348',
    description: 'Cafetera Nespresso Vertuo Next con 30 cápsulas surtidas',
    quantityItems: 2,
    amountSpent: 169.99,
    senderName: 'Target',
    estimatedWeight: 4.2,
    estimatedValue: 169.99,
    carrier: 'FedEx',
    estadoTracking: 'En tránsito',
    status: 'confirmed',
    createdDaysAgo: 5,
    updatedDaysAgo: 4,
  });
  await prealert({
    customer: jose,
    country: 'usa',
    trackingNumber: '1Z2V7A930345128811',
    description: 'Reloj Garmin Forerunner 265 con correa de repuesto',
    quantityItems: 1,
    amountSpent: 449.99,
    senderName: 'Garmin',
    estimatedWeight: 0.3,
    estimatedValue: 449.99,
    carrier: 'UPS',
    estadoTracking: 'En destino',
    status: 'confirmed',
    createdDaysAgo: 3,
    updatedDaysAgo: 1,
  });
  await prealert({
    customer: ana,
    country: 'china',
    trackingNumber: 'LP00612398745012',
    description: 'Pedido de 20 pares de zarcillos y accesorios para el cabello para reventa',
    quantityItems: 20,
    amountSpent: 46.8,
    senderName: 'AliExpress',
    estimatedWeight: 0.8,
    estimatedValue: 46.8,
    carrier: 'Otro',
    estadoTracking: 'En tránsito',
    status: 'pending',
    createdDaysAgo: 7,
  });
  const mariaConvertedPrealert = await prealert({
    customer: maria,
    country: 'usa',
    trackingNumber: 'TBA301928374650',
    description: 'Set de maquillaje Maybelline y paleta de sombras Huda Beauty',
    quantityItems: 4,
    amountSpent: 64.5,
    senderName: 'Amazon',
    estimatedWeight: 0.8,
    estimatedValue: 64.5,
    carrier: 'Amazon',
    estadoTracking: 'Entregado a casillero',
    status: 'converted',
    createdDaysAgo: 9,
    updatedDaysAgo: 5,
  });
  const luisConvertedPrealert = await prealert({
    customer: luis,
    country: 'usa',
    trackingNumber: '9400136106190011223344',
    description: 'Libros: colección de tres novelas de Isabel Allende en tapa blanda',
    quantityItems: 3,
    amountSpent: 45.97,
    senderName: 'Barnes & Noble',
    estimatedWeight: 1.5,
    estimatedValue: 45.97,
    carrier: 'USPS',
    estadoTracking: 'Entregado a casillero',
    status: 'converted',
    createdDaysAgo: 38,
    updatedDaysAgo: 34,
  });

  // --- Trackings with their history -------------------------------------------------------------
  function historyMessage(status: TrackingStatus, t: TrackingSpec): string {
    const warehouse = t.country === 'china' ? 'Beijing' : 'Miami';
    switch (status) {
      case 'created':
        return `Tracking registrado en el sistema (${t.carrier}).`;
      case 'in_transit':
        return `El paquete va en camino a nuestro almacén de ${warehouse}.`;
      case 'arrived':
        return `El paquete llegó al almacén de ${warehouse}.`;
      case 'in_warehouse':
        return t.actualWeight
          ? `Paquete recibido y pesado en almacén: ${t.actualWeight.toFixed(1)} kg.`
          : 'Paquete recibido y ubicado en almacén.';
      case 'needs_reempaque':
        return `Se requiere reempaque: ${t.reempaqueReason ?? 'el embalaje original no es apto para el envío.'}`;
      case 'reempacado':
        return 'Reempaque completado. El paquete quedó consolidado en una sola caja.';
      case 'ready_to_ship':
        return 'Listo para envío. Realiza el pago para autorizar el despacho a Venezuela.';
      case 'shipped':
        return 'Despachado hacia Venezuela.';
      case 'delivered':
        return 'Entregado al cliente en Venezuela.';
      case 'problem':
        return 'Se detectó un problema con el paquete. Te contactaremos pronto.';
    }
  }

  async function tracking(t: TrackingSpec) {
    const steps = TRACKING_PATHS[t.status];
    const created = at(t.createdDaysAgo);
    const last = steps.length === 1 ? created : at(t.lastChangeDaysAgo);
    const [row] = await tx
      .insert(trackings)
      .values({
        trackingNumber: t.trackingNumber,
        userId: t.customer.id,
        mailboxId: t.customer[t.country]!.mailbox.id,
        description: t.description,
        carrier: t.carrier,
        estimatedWeight: t.estimatedWeight,
        actualWeight: t.actualWeight ?? null,
        estimatedValue: t.estimatedValue,
        senderName: t.senderName,
        originCountry: t.originCountry,
        status: t.status,
        needsReempaque: t.needsReempaque ?? false,
        reempaqueReason: t.reempaqueReason ?? null,
        priority: t.priority,
        notes: t.notes ?? null,
        createdBy: adminId,
        createdAt: created,
        updatedAt: last,
      })
      .returning();
    const span = last.getTime() - created.getTime();
    await tx.insert(trackingHistory).values(
      steps.map((status, i) => ({
        trackingId: row.id,
        status,
        message: i === steps.length - 1 && t.lastMessage ? t.lastMessage : historyMessage(status, t),
        createdBy: adminId,
        createdAt: steps.length === 1 ? created : new Date(created.getTime() + (span * i) / (steps.length - 1)),
      })),
    );
    return row;
  }

  const mariaCreated = await tracking({
    customer: maria,
    country: 'usa',
    trackingNumber: mariaPendingPrealert.trackingNumber!,
    carrier: 'Amazon',
    senderName: 'Amazon',
    description: 'Audífonos inalámbricos Sony WH-1000XM5 y funda protectora de viaje',
    originCountry: 'Estados Unidos',
    estimatedWeight: 1.2,
    estimatedValue: 89.97,
    status: 'created',
    priority: 'medium',
    createdDaysAgo: 2,
    lastChangeDaysAgo: 2,
  });
  await tx
    .update(trackings)
    .set({ prealertId: mariaPendingPrealert.id, updatedAt: mariaCreated.updatedAt })
    .where(eq(trackings.id, mariaCreated.id));

  await tracking({
    customer: maria,
    country: 'usa',
    trackingNumber: '1Z999AA10123456784',
    carrier: 'UPS',
    senderName: 'Nike',
    description: 'Zapatos deportivos Nike Air Zoom Pegasus 41, talla 38, color blanco con rosado',
    originCountry: 'Estados Unidos',
    estimatedWeight: 1.5,
    estimatedValue: 129.99,
    status: 'in_transit',
    priority: 'high',
    createdDaysAgo: 6,
    lastChangeDaysAgo: 4,
  });
  const mariaReady = await tracking({
    customer: maria,
    country: 'usa',
    trackingNumber: '781234567890',
    carrier: 'FedEx',
    senderName: 'Apple',
    description: 'iPad Air de 11 pulgadas, 128 GB, con Apple Pencil Pro y funda Smart Folio',
    originCountry: 'Estados Unidos',
    estimatedWeight: 1.4,
    actualWeight: 1.6,
    estimatedValue: 749,
    status: 'ready_to_ship',
    priority: 'high',
    notes: 'Mercancía de alto valor: verificar sellos antes del despacho.',
    createdDaysAgo: 20,
    lastChangeDaysAgo: 3,
  });
  await tracking({
    customer: maria,
    country: 'usa',
    trackingNumber: '9400111899223344556677',
    carrier: 'USPS',
    senderName: 'Shein',
    description: 'Pedido de ropa: tres vestidos, dos blusas y un conjunto deportivo en bolsas separadas',
    originCountry: 'Estados Unidos',
    estimatedWeight: 2.3,
    actualWeight: 2.1,
    estimatedValue: 86.5,
    status: 'needs_reempaque',
    priority: 'medium',
    needsReempaque: true,
    reempaqueReason:
      'Llegaron cinco bolsas separadas; conviene consolidarlas en una caja para reducir el peso volumétrico.',
    createdDaysAgo: 12,
    lastChangeDaysAgo: 2,
  });
  await tracking({
    customer: maria,
    country: 'usa',
    trackingNumber: '1ZA4E8960398765432',
    carrier: 'UPS',
    senderName: 'Best Buy',
    description: 'Monitor Samsung de 27 pulgadas Full HD con base ajustable',
    originCountry: 'Estados Unidos',
    estimatedWeight: 6.5,
    actualWeight: 7.1,
    estimatedValue: 179.99,
    status: 'delivered',
    priority: 'low',
    lastMessage: 'Entregado en Los Palos Grandes, Caracas. Recibido por la titular.',
    createdDaysAgo: 55,
    lastChangeDaysAgo: 30,
  });
  await tracking({
    customer: carlos,
    country: 'usa',
    trackingNumber: '5873201946',
    carrier: 'DHL',
    senderName: 'Best Buy',
    description: 'Teclado mecánico Logitech G Pro y mouse inalámbrico Logitech G305',
    originCountry: 'Estados Unidos',
    estimatedWeight: 1.8,
    actualWeight: 1.9,
    estimatedValue: 159.98,
    status: 'arrived',
    priority: 'medium',
    createdDaysAgo: 4,
    lastChangeDaysAgo: 1,
  });
  const carlosInWarehouse = await tracking({
    customer: carlos,
    country: 'usa',
    trackingNumber: 'TBA298765432100',
    carrier: 'Amazon',
    senderName: 'Amazon',
    description: 'Repuestos para licuadora Oster: vaso de vidrio de 6 tazas y cuchilla de acero',
    originCountry: 'Estados Unidos',
    estimatedWeight: 2,
    actualWeight: 2.4,
    estimatedValue: 42.5,
    status: 'in_warehouse',
    priority: 'low',
    createdDaysAgo: 9,
    lastChangeDaysAgo: 5,
  });
  await tracking({
    customer: carlos,
    country: 'usa',
    trackingNumber: '772598431067',
    carrier: 'FedEx',
    senderName: 'Walmart',
    description: 'Juego de herramientas Stanley de 65 piezas con maletín de transporte',
    originCountry: 'Estados Unidos',
    estimatedWeight: 3.2,
    estimatedValue: 64.99,
    status: 'problem',
    priority: 'high',
    notes: 'La etiqueta llegó sin el código de casillero; se contactó al cliente por WhatsApp.',
    lastMessage:
      'Paquete retenido: la etiqueta no trae el código de casillero. Escríbenos para confirmar que es tuyo.',
    createdDaysAgo: 15,
    lastChangeDaysAgo: 7,
  });
  await tracking({
    customer: jose,
    country: 'china',
    trackingNumber: 'LP00584712345678',
    carrier: 'Otro',
    senderName: 'AliExpress',
    description: 'Lote de 50 fundas de silicona para teléfonos y 30 protectores de pantalla de vidrio',
    originCountry: 'China',
    estimatedWeight: 4,
    actualWeight: 3.7,
    estimatedValue: 112,
    status: 'reempacado',
    priority: 'medium',
    reempaqueReason: 'Tres paquetes de AliExpress del mismo pedido; consolidar en una sola caja.',
    createdDaysAgo: 25,
    lastChangeDaysAgo: 6,
  });
  await tracking({
    customer: jose,
    country: 'usa',
    trackingNumber: '1Z6F1W280327364519',
    carrier: 'UPS',
    senderName: 'Sephora',
    description: 'Perfume Carolina Herrera Good Girl de 80 ml y set de cremas corporales',
    originCountry: 'Estados Unidos',
    estimatedWeight: 1.1,
    actualWeight: 1.3,
    estimatedValue: 145,
    status: 'shipped',
    priority: 'medium',
    lastMessage: 'Despachado hacia Venezuela en el vuelo de carga MIA-MAR.',
    createdDaysAgo: 35,
    lastChangeDaysAgo: 8,
  });
  await tracking({
    customer: ana,
    country: 'china',
    trackingNumber: 'YT2406159872340011',
    carrier: 'Otro',
    senderName: 'Temu',
    description: 'Organizadores de cocina, juego de cuchillos y cuatro lámparas LED de escritorio',
    originCountry: 'China',
    estimatedWeight: 5.5,
    estimatedValue: 68.4,
    status: 'in_transit',
    priority: 'low',
    createdDaysAgo: 8,
    lastChangeDaysAgo: 5,
  });
  await tracking({
    customer: luis,
    country: 'usa',
    trackingNumber: '9400136106193845271234',
    carrier: 'USPS',
    senderName: 'Newegg',
    description: 'Disco duro externo WD Elements de 2 TB y cable USB-C de repuesto',
    originCountry: 'Estados Unidos',
    estimatedWeight: 0.6,
    estimatedValue: 79.99,
    status: 'created',
    priority: 'medium',
    createdDaysAgo: 1,
    lastChangeDaysAgo: 1,
  });
  const danielaReady = await tracking({
    customer: daniela,
    country: 'usa',
    trackingNumber: 'TBA312456789012',
    carrier: 'Amazon',
    senderName: 'Amazon',
    description: 'Vitaminas y suplementos: colágeno, omega 3 y multivitamínico (seis frascos)',
    originCountry: 'Estados Unidos',
    estimatedWeight: 2.5,
    actualWeight: 2.8,
    estimatedValue: 118.6,
    status: 'ready_to_ship',
    priority: 'medium',
    createdDaysAgo: 18,
    lastChangeDaysAgo: 7,
  });
  await tracking({
    customer: luis,
    country: 'usa',
    trackingNumber: '4829173650',
    carrier: 'DHL',
    senderName: 'RevZilla',
    description: 'Repuestos de moto: kit de arrastre y pastillas de freno delanteras',
    originCountry: 'Estados Unidos',
    estimatedWeight: 3.5,
    actualWeight: 3.9,
    estimatedValue: 98,
    status: 'delivered',
    priority: 'medium',
    createdDaysAgo: 58,
    lastChangeDaysAgo: 33,
  });
  await tracking({
    customer: daniela,
    country: 'usa',
    trackingNumber: '1Z8R4T610367891234',
    carrier: 'UPS',
    senderName: 'Adidas',
    description: 'Tenis Adidas Ultraboost Light, talla 37, y dos pares de medias deportivas',
    originCountry: 'Estados Unidos',
    estimatedWeight: 1.6,
    estimatedValue: 180,
    status: 'in_transit',
    priority: 'low',
    createdDaysAgo: 3,
    lastChangeDaysAgo: 2,
  });

  // --- Warehouse packages ---------------------------------------------------------------------
  async function warehousePackage(p: PackageSpec) {
    const received = p.receivedDaysAgo === undefined ? null : at(p.receivedDaysAgo);
    const [row] = await tx
      .insert(packages)
      .values({
        userId: p.customer.id,
        mailboxId: p.customer[p.country]!.mailbox.id,
        trackingNumber: p.trackingNumber,
        packageDescription: p.description,
        senderName: p.senderName,
        weightKg: p.weightKg,
        dimensionsCm: p.dimensionsCm,
        estimatedValueUsd: p.estimatedValueUsd,
        status: p.status,
        notes: p.notes ?? null,
        receivedDate: received,
        warehouseReceipt: received && p.receiptNumber ? wr(received, p.receiptNumber) : null,
        warehouseLocation: received ? (p.warehouseLocation ?? null) : null,
        trackingId: p.trackingId ?? null,
        createdAt: at(p.createdDaysAgo),
        updatedAt: at(p.updatedDaysAgo ?? p.receivedDaysAgo ?? p.createdDaysAgo),
      })
      .returning();
    return row;
  }

  const mariaReceived = await warehousePackage({
    customer: maria,
    country: 'usa',
    trackingNumber: mariaConvertedPrealert.trackingNumber,
    description: mariaConvertedPrealert.description,
    senderName: 'Amazon',
    weightKg: 0.9,
    dimensionsCm: '25x18x10',
    estimatedValueUsd: 64.5,
    status: 'received',
    createdDaysAgo: 5,
    receivedDaysAgo: 5,
    receiptNumber: 131,
    warehouseLocation: 'A-1-05',
  });
  const mariaInWarehouse = await warehousePackage({
    customer: maria,
    country: 'usa',
    trackingNumber: '1Z999AA10198765430',
    description: 'Bolso de mano Michael Kors y billetera a juego',
    senderName: "Macy's",
    weightKg: 1.3,
    dimensionsCm: '35x25x15',
    estimatedValueUsd: 198,
    status: 'in_warehouse',
    createdDaysAgo: 8.5,
    receivedDaysAgo: 8,
    receiptNumber: 127,
    warehouseLocation: 'A-2-11',
  });
  const mariaShip1 = await warehousePackage({
    customer: maria,
    country: 'usa',
    trackingNumber: '9400111899223300112233',
    description: 'Ropa deportiva Under Armour: dos franelas y un short',
    senderName: 'Under Armour',
    weightKg: 1.1,
    dimensionsCm: '30x20x10',
    estimatedValueUsd: 74.97,
    status: 'in_shipment',
    createdDaysAgo: 14.5,
    receivedDaysAgo: 14,
    receiptNumber: 119,
    warehouseLocation: 'B-1-03',
    updatedDaysAgo: 3,
  });
  const mariaShip2 = await warehousePackage({
    customer: maria,
    country: 'usa',
    trackingNumber: 'TBA299887766554',
    description: 'Freidora de aire Ninja de 4 litros',
    senderName: 'Amazon',
    weightKg: 5.8,
    dimensionsCm: '40x35x35',
    estimatedValueUsd: 99.99,
    status: 'in_shipment',
    notes: 'Caja original abollada en una esquina; el producto está en buen estado.',
    createdDaysAgo: 12.5,
    receivedDaysAgo: 12,
    receiptNumber: 122,
    warehouseLocation: 'B-2-07',
    updatedDaysAgo: 3,
  });
  // Two more in the warehouse and in no request, so María can ask for a consolidation herself.
  await warehousePackage({
    customer: maria,
    country: 'usa',
    trackingNumber: '1Z999AA10155512345',
    description: 'Zapatos deportivos Nike Air Zoom Pegasus, talla 38',
    senderName: 'Nike',
    weightKg: 1.4,
    dimensionsCm: '35x24x13',
    estimatedValueUsd: 129.99,
    status: 'received',
    createdDaysAgo: 2.5,
    receivedDaysAgo: 2,
    receiptNumber: 134,
    warehouseLocation: 'A-3-02',
  });
  await warehousePackage({
    customer: maria,
    country: 'usa',
    trackingNumber: 'TBA301122334455',
    description: 'Set de sartenes antiadherentes T-fal de 3 piezas',
    senderName: 'Amazon',
    weightKg: 3.2,
    dimensionsCm: '45x30x15',
    estimatedValueUsd: 59.99,
    status: 'in_warehouse',
    createdDaysAgo: 2.2,
    receivedDaysAgo: 1.5,
    receiptNumber: 135,
    warehouseLocation: 'A-3-04',
  });
  await warehousePackage({
    customer: maria,
    country: 'usa',
    trackingNumber: '1Z7X2Y580312312399',
    description: 'Lentes de sol Ray-Ban Aviator Classic',
    senderName: 'Ray-Ban',
    weightKg: null,
    dimensionsCm: null,
    estimatedValueUsd: 163,
    status: 'pending',
    createdDaysAgo: 1,
  });
  const carlosProcessed = await warehousePackage({
    customer: carlos,
    country: 'usa',
    trackingNumber: '781209876543',
    description: 'Pantalla de repuesto para laptop HP de 15,6 pulgadas',
    senderName: 'eBay',
    weightKg: 1.6,
    dimensionsCm: '45x30x5',
    estimatedValueUsd: 58,
    status: 'processed',
    createdDaysAgo: 10.5,
    receivedDaysAgo: 10,
    receiptNumber: 124,
    warehouseLocation: 'C-1-02',
    updatedDaysAgo: 2,
  });
  const carlosSecond = await warehousePackage({
    customer: carlos,
    country: 'usa',
    trackingNumber: carlosInWarehouse.trackingNumber,
    description: carlosInWarehouse.description,
    senderName: 'Amazon',
    weightKg: 2.4,
    dimensionsCm: '30x25x25',
    estimatedValueUsd: 42.5,
    status: 'processed',
    createdDaysAgo: 5,
    receivedDaysAgo: 5,
    receiptNumber: 130,
    warehouseLocation: 'C-1-04',
    trackingId: carlosInWarehouse.id,
    updatedDaysAgo: 2,
  });
  const joseShipped = await warehousePackage({
    customer: jose,
    country: 'usa',
    trackingNumber: '1Z2V7A930312348877',
    description: 'Consola Nintendo Switch OLED con dos juegos',
    senderName: 'Best Buy',
    weightKg: 2.2,
    dimensionsCm: '35x25x15',
    estimatedValueUsd: 389.99,
    status: 'shipped',
    createdDaysAgo: 32,
    receivedDaysAgo: 30,
    receiptNumber: 98,
    warehouseLocation: 'A-3-01',
    updatedDaysAgo: 26,
  });
  await warehousePackage({
    customer: jose,
    country: 'china',
    trackingNumber: 'LP00593312874410',
    description: 'Repuestos para impresora 3D: boquillas, correas GT2 y motor paso a paso',
    senderName: 'AliExpress',
    weightKg: 2.9,
    dimensionsCm: '30x20x20',
    estimatedValueUsd: 84.6,
    status: 'in_warehouse',
    createdDaysAgo: 46,
    receivedDaysAgo: 40,
    receiptNumber: 105,
    warehouseLocation: 'D-1-06',
  });
  await warehousePackage({
    customer: ana,
    country: 'china',
    trackingNumber: 'YT2405881234567712',
    description: 'Lote de 40 franelas estampadas para reventa',
    senderName: 'Shein',
    weightKg: 6.5,
    dimensionsCm: '50x40x30',
    estimatedValueUsd: 160,
    status: 'received',
    notes: 'Espera consolidación con el próximo pedido de la clienta (envío marítimo).',
    createdDaysAgo: 72,
    receivedDaysAgo: 70,
    receiptNumber: 71,
    warehouseLocation: 'D-2-03',
  });
  const luisReceived = await warehousePackage({
    customer: luis,
    country: 'usa',
    trackingNumber: luisConvertedPrealert.trackingNumber,
    description: luisConvertedPrealert.description,
    senderName: 'Barnes & Noble',
    weightKg: 1.7,
    dimensionsCm: '28x22x12',
    estimatedValueUsd: 45.97,
    status: 'received',
    createdDaysAgo: 34,
    receivedDaysAgo: 34,
    receiptNumber: 101,
    warehouseLocation: 'A-1-08',
  });
  const luisShipped = await warehousePackage({
    customer: luis,
    country: 'usa',
    trackingNumber: 'TBA287654321098',
    description: 'Juego de sábanas matrimoniales y dos almohadas viscoelásticas',
    senderName: 'Amazon',
    weightKg: 3.4,
    dimensionsCm: '45x35x25',
    estimatedValueUsd: 89.9,
    status: 'shipped',
    createdDaysAgo: 102,
    receivedDaysAgo: 100,
    receiptNumber: 41,
    warehouseLocation: 'A-4-02',
    updatedDaysAgo: 97,
  });
  await warehousePackage({
    customer: daniela,
    country: 'usa',
    trackingNumber: '772601234598',
    description: 'Cámara instantánea Fujifilm Instax Mini 12 con 40 películas',
    senderName: 'Amazon',
    weightKg: null,
    dimensionsCm: null,
    estimatedValueUsd: 119,
    status: 'pending',
    createdDaysAgo: 2,
  });
  const danielaShipped = await warehousePackage({
    customer: daniela,
    country: 'usa',
    trackingNumber: '1Z8R4T610398712345',
    description: 'Chaqueta impermeable The North Face y guantes térmicos',
    senderName: 'The North Face',
    weightKg: 1.9,
    dimensionsCm: '36x24x14',
    estimatedValueUsd: 180,
    status: 'shipped',
    createdDaysAgo: 158,
    receivedDaysAgo: 156,
    receiptNumber: 312,
    warehouseLocation: 'B-3-09',
    updatedDaysAgo: 152,
  });

  // Converting a pre-alert links it to the package it became.
  await tx
    .update(prealerts)
    .set({ convertedAt: at(5), convertedPackageId: mariaReceived.id, updatedAt: at(5) })
    .where(eq(prealerts.id, mariaConvertedPrealert.id));
  await tx
    .update(prealerts)
    .set({ convertedAt: at(34), convertedPackageId: luisReceived.id, updatedAt: at(34) })
    .where(eq(prealerts.id, luisConvertedPrealert.id));

  // --- Shipments ------------------------------------------------------------------------------
  async function shipment(values: {
    customer: DemoCustomer;
    status: 'in_transit' | 'delivered';
    trackingNumber: string;
    address: string;
    city: string;
    state: VenezuelanState;
    createdDaysAgo: number;
    estimatedDeliveryInDays: number;
    deliveredDaysAgo?: number;
    shippingCostUsd: number;
    items: { id: string; weightKg: number | null }[];
    stages: { name: string; status: 'pending' | 'active' | 'completed'; estimatedDays: number; daysAgo: number }[];
  }) {
    const created = at(values.createdDaysAgo);
    const updated = values.deliveredDaysAgo === undefined ? at(values.stages.at(-1)!.daysAgo) : at(values.deliveredDaysAgo);
    const [row] = await tx
      .insert(shipments)
      .values({
        userId: values.customer.id,
        // 'SH' and the last 8 digits of the creation time, as the admin screen generates it.
        shipmentCode: `SH${String(created.getTime()).slice(-8)}`,
        trackingNumber: values.trackingNumber,
        deliveryAddress: values.address,
        deliveryCity: values.city,
        deliveryState: values.state,
        estimatedDelivery: dateOnly(new Date(now.getTime() + values.estimatedDeliveryInDays * DAY)),
        actualDelivery: values.deliveredDaysAgo === undefined ? null : dateOnly(at(values.deliveredDaysAgo)),
        shippingCostUsd: values.shippingCostUsd,
        totalWeightKg: round2(values.items.reduce((sum, p) => sum + (p.weightKg ?? 0), 0)),
        status: values.status,
        createdBy: adminId,
        createdAt: created,
        updatedAt: updated,
      })
      .returning();
    await tx
      .insert(shipmentPackages)
      .values(values.items.map((p) => ({ shipmentId: row.id, packageId: p.id, createdAt: created })));
    await tx.insert(shipmentStages).values(
      values.stages.map((stage, i) => ({
        shipmentId: row.id,
        stageNumber: i + 1,
        stageName: stage.name,
        status: stage.status,
        estimatedDays: stage.estimatedDays,
        createdAt: i === 0 ? created : at(values.stages[i - 1].daysAgo),
        updatedAt: at(stage.daysAgo),
      })),
    );
    return row;
  }

  const mariaShipment = await shipment({
    customer: maria,
    status: 'in_transit',
    trackingNumber: 'CCS4471208',
    address: 'Av. Francisco de Miranda, Edif. Parque Cristal, Torre Este, piso 8, apto 8-B, Los Palos Grandes',
    city: 'Caracas',
    state: 'Miranda',
    createdDaysAgo: 3,
    estimatedDeliveryInDays: 5,
    shippingCostUsd: 112.35,
    items: [mariaShip1, mariaShip2],
    stages: [
      { name: 'Preparación', status: 'completed', estimatedDays: 2, daysAgo: 1 },
      { name: 'En tránsito', status: 'active', estimatedDays: 7, daysAgo: 1 },
    ],
  });
  const joseShipment = await shipment({
    customer: jose,
    status: 'delivered',
    trackingNumber: 'MAR3318805',
    address: 'Calle 72 con Av. 3E, Residencias Lago Mar, apto 5-A, sector Tierra Negra',
    city: 'Maracaibo',
    state: 'Zulia',
    createdDaysAgo: 26,
    estimatedDeliveryInDays: -19,
    deliveredDaysAgo: 20,
    shippingCostUsd: 32.5,
    items: [joseShipped],
    stages: [
      { name: 'Preparación', status: 'completed', estimatedDays: 2, daysAgo: 24 },
      { name: 'En tránsito', status: 'completed', estimatedDays: 7, daysAgo: 21 },
      { name: 'Entregado', status: 'completed', estimatedDays: 1, daysAgo: 20 },
    ],
  });
  const luisShipment = await shipment({
    customer: luis,
    status: 'delivered',
    trackingNumber: 'CCS2904417',
    address: 'Urb. El Paraíso, Av. Páez, Res. Los Jardines, torre B, apto 12-3',
    city: 'Caracas',
    state: 'Distrito Capital',
    createdDaysAgo: 97,
    estimatedDeliveryInDays: -88,
    deliveredDaysAgo: 89,
    shippingCostUsd: 48.75,
    items: [luisShipped],
    stages: [
      { name: 'Preparación', status: 'completed', estimatedDays: 2, daysAgo: 95 },
      { name: 'En tránsito', status: 'completed', estimatedDays: 7, daysAgo: 90 },
      { name: 'Entregado', status: 'completed', estimatedDays: 1, daysAgo: 89 },
    ],
  });
  const danielaShipment = await shipment({
    customer: daniela,
    status: 'delivered',
    trackingNumber: 'MRD1187342',
    address: 'Av. Las Américas, Conjunto Residencial Santa María, casa 14',
    city: 'Mérida',
    state: 'Mérida',
    createdDaysAgo: 152,
    estimatedDeliveryInDays: -144,
    deliveredDaysAgo: 143,
    shippingCostUsd: 27.9,
    items: [danielaShipped],
    stages: [
      { name: 'Preparación', status: 'completed', estimatedDays: 2, daysAgo: 150 },
      { name: 'En tránsito', status: 'completed', estimatedDays: 7, daysAgo: 144 },
      { name: 'Entregado', status: 'completed', estimatedDays: 1, daysAgo: 143 },
    ],
  });

  // --- Other payments: shipping, courses and credit -------------------------------------------
  async function payment(p: PaymentSpec) {
    const processed = p.processedDaysAgo === undefined ? null : at(p.processedDaysAgo);
    const reported = p.reportedDaysAgo === undefined ? null : at(p.reportedDaysAgo);
    const [row] = await tx
      .insert(paymentTransactions)
      .values({
        userId: p.customer.id,
        transactionType: p.type,
        amountUsd: round2(p.amountUsd),
        amountVes: p.amountVes === undefined ? null : round2(p.amountVes),
        currency: p.amountVes === undefined ? 'USD' : 'VES',
        paymentMethod: p.method ?? null,
        paymentReference: p.reference ?? null,
        description: p.description,
        status: p.status,
        metadata: p.adminNotes ? { admin_notes: p.adminNotes } : {},
        receiptFileId: p.receiptFileId ?? null,
        mailboxId: p.mailboxId ?? null,
        shipmentId: p.shipmentId ?? null,
        reportedAt: reported,
        processedAt: processed,
        processedBy: processed ? adminId : null,
        createdAt: at(p.createdDaysAgo),
        updatedAt: processed ?? reported ?? at(p.createdDaysAgo),
      })
      .returning();
    if (p.trackingIds?.length) {
      await tx.insert(paymentTrackings).values(p.trackingIds.map((trackingId) => ({ paymentId: row.id, trackingId })));
    }
    return row;
  }

  await payment({
    customer: maria,
    type: 'shipping_payment',
    amountUsd: mariaShipment.shippingCostUsd,
    status: 'completed',
    method: 'Zelle',
    reference: 'ZL9B3X7T1Q',
    description: `Pago de envío ${mariaShipment.shipmentCode}`,
    adminNotes: 'Pago confirmado. Envío autorizado.',
    shipmentId: mariaShipment.id,
    createdDaysAgo: 3.2,
    reportedDaysAgo: 3.1,
    processedDaysAgo: 3,
  });
  await payment({
    customer: maria,
    type: 'shipping_payment',
    amountUsd: 38.5,
    status: 'pending',
    description: `Pago de envío del tracking ${mariaReady.trackingNumber} (aéreo, 1,6 kg)`,
    trackingIds: [mariaReady.id],
    createdDaysAgo: 2.9,
  });
  const danielaReceipt = await storeReceipt(daniela.id, 'comprobante-zelle-envio.png', 6);
  await payment({
    customer: daniela,
    type: 'shipping_payment',
    amountUsd: 45.2,
    status: 'failed',
    method: 'Zelle',
    reference: 'ZL5N1C8R4H',
    description: `Pago de envío del tracking ${danielaReady.trackingNumber} (aéreo, 2,8 kg)`,
    adminNotes: 'No encontramos el pago con esa referencia. Verifica el comprobante y repórtalo de nuevo.',
    receiptFileId: danielaReceipt,
    trackingIds: [danielaReady.id],
    createdDaysAgo: 6.5,
    reportedDaysAgo: 6,
    processedDaysAgo: 5,
  });
  await payment({
    customer: jose,
    type: 'shipping_payment',
    amountUsd: joseShipment.shippingCostUsd,
    status: 'completed',
    method: 'Binance USDT',
    reference: '2799402235671190042',
    description: `Pago de envío ${joseShipment.shipmentCode}`,
    adminNotes: 'USDT recibidos.',
    shipmentId: joseShipment.id,
    createdDaysAgo: 26,
    reportedDaysAgo: 25.8,
    processedDaysAgo: 25.5,
  });
  await payment({
    customer: luis,
    type: 'shipping_payment',
    amountUsd: luisShipment.shippingCostUsd,
    status: 'completed',
    method: 'Zelle',
    reference: 'ZL8D2F4G6J',
    description: `Pago de envío ${luisShipment.shipmentCode}`,
    adminNotes: 'Pago verificado.',
    shipmentId: luisShipment.id,
    createdDaysAgo: 97,
    reportedDaysAgo: 96.8,
    processedDaysAgo: 96.5,
  });
  await payment({
    customer: daniela,
    type: 'shipping_payment',
    amountUsd: danielaShipment.shippingCostUsd,
    status: 'completed',
    method: 'PayPal',
    reference: '5KJ98765CD4321098',
    description: `Pago de envío ${danielaShipment.shipmentCode}`,
    adminNotes: 'Pago recibido en PayPal.',
    shipmentId: danielaShipment.id,
    createdDaysAgo: 152,
    reportedDaysAgo: 151.9,
    processedDaysAgo: 151.5,
  });
  await payment({
    customer: carlos,
    type: 'course_purchase',
    amountUsd: 60,
    status: 'completed',
    method: 'Zelle',
    reference: 'ZL2H8W5D3M',
    description: 'Curso online: Importa desde USA paso a paso',
    adminNotes: 'Acceso al curso enviado por correo.',
    createdDaysAgo: 60,
    reportedDaysAgo: 60,
    processedDaysAgo: 59.5,
  });
  await payment({
    customer: luis,
    type: 'course_purchase',
    amountUsd: 120,
    status: 'cancelled',
    description: 'Asesoría personalizada: importación desde China',
    createdDaysAgo: 45,
  });
  await payment({
    customer: jose,
    type: 'course_purchase',
    amountUsd: 120,
    status: 'pending',
    method: 'Binance USDT',
    reference: '2802217766540012345',
    description: 'Taller presencial de importación (Caracas)',
    createdDaysAgo: 0.6,
    reportedDaysAgo: 0.5,
  });
  await payment({
    customer: jose,
    type: 'credit_purchase',
    amountUsd: 50,
    amountVes: 50 * 236.18,
    status: 'completed',
    method: 'Efectivo',
    reference: 'EF-CCS-0027',
    description: 'Recarga de saldo para envíos',
    adminNotes: 'Efectivo en bolívares recibido en la oficina de Caracas.',
    createdDaysAgo: 40,
    processedDaysAgo: 40,
  });
  await payment({
    customer: carlos,
    type: 'credit_purchase',
    amountUsd: 25,
    amountVes: 25 * 262.4,
    status: 'completed',
    method: 'Efectivo',
    reference: 'EF-CCS-0041',
    description: 'Recarga de saldo para envíos',
    adminNotes: 'Pago en efectivo recibido en taquilla.',
    createdDaysAgo: 0.15,
    processedDaysAgo: 0.1,
  });
  await payment({
    customer: ana,
    type: 'credit_purchase',
    amountUsd: 30,
    status: 'failed',
    method: 'Wally',
    reference: 'WLY884213',
    description: 'Recarga de saldo para envíos',
    adminNotes: 'El comprobante no corresponde al monto indicado.',
    createdDaysAgo: 33,
    reportedDaysAgo: 33,
    processedDaysAgo: 32,
  });

  // --- Invoices and the ledger (docs/decisions/021-billing-in-bolivares.md) ------------------------------------------------------
  // A shipping payment the customer still owes gets its invoice, issued the day it was created;
  // every approved payment enters the ledger as an approval does today, on the day it was
  // approved (and a course or shipping payment without an invoice gets one for its amount).
  const owed = await tx
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.transactionType, 'shipping_payment'), inArray(paymentTransactions.status, ['pending', 'failed']), isNull(paymentTransactions.invoiceId)));
  for (const row of owed) {
    const description = row.description ?? 'Envío';
    const invoice = await issueInvoice(tx, {
      userId: row.userId,
      concept: row.transactionType,
      description,
      lines: [{ description, usdCents: Math.round(row.amountUsd * 100) }],
      shipmentId: row.shipmentId,
      now: row.createdAt,
    });
    await tx.update(paymentTransactions).set({ invoiceId: invoice.id }).where(eq(paymentTransactions.id, row.id));
  }
  const approved = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.status, 'completed')).orderBy(asc(paymentTransactions.processedAt));
  for (const row of approved) {
    await creditApprovedPayment(tx, row, row.processedBy, row.processedAt ?? row.createdAt);
  }
  // The fiscal data on the invoices as the profiles have it (the seed writes profiles after the accounts).
  await tx
    .update(invoices)
    .set({ customerName: userProfiles.fullName, customerIdNumber: userProfiles.cedula })
    .from(userProfiles)
    .where(eq(userProfiles.userId, invoices.userId));

  // --- Repack requests ------------------------------------------------------------------------
  async function repack(values: {
    customer: DemoCustomer;
    shippingMethod: 'aereo' | 'maritimo';
    instructions: string;
    status: 'pending' | 'processed' | 'shipped';
    receiptNumber?: number;
    createdDaysAgo: number;
    processedDaysAgo?: number;
    shippedDaysAgo?: number;
    packageIds: string[];
  }) {
    const processed = values.processedDaysAgo === undefined ? null : at(values.processedDaysAgo);
    const shipped = values.shippedDaysAgo === undefined ? null : at(values.shippedDaysAgo);
    const [row] = await tx
      .insert(repackRequests)
      .values({
        userId: values.customer.id,
        shippingMethod: values.shippingMethod,
        instructions: values.instructions,
        status: values.status,
        warehouseReceipt: processed && values.receiptNumber ? wr(processed, values.receiptNumber) : null,
        processedAt: processed,
        processedBy: processed ? adminId : null,
        shippedAt: shipped,
        createdAt: at(values.createdDaysAgo),
        updatedAt: shipped ?? processed ?? at(values.createdDaysAgo),
      })
      .returning();
    await tx
      .insert(repackRequestItems)
      .values(values.packageIds.map((packageId) => ({ repackRequestId: row.id, packageId })));
    return row;
  }

  await repack({
    customer: maria,
    shippingMethod: 'aereo',
    instructions:
      'Por favor consolidar ambos paquetes en una sola caja, retirar las cajas originales y proteger el bolso con plástico de burbujas.',
    status: 'pending',
    createdDaysAgo: 1,
    packageIds: [mariaReceived.id, mariaInWarehouse.id],
  });
  await repack({
    customer: carlos,
    shippingMethod: 'maritimo',
    instructions: 'Unir la pantalla y los repuestos de la licuadora; la pantalla va con esquineros de cartón.',
    status: 'processed',
    receiptNumber: 133,
    createdDaysAgo: 4,
    processedDaysAgo: 2,
    packageIds: [carlosProcessed.id, carlosSecond.id],
  });
  await repack({
    customer: jose,
    shippingMethod: 'aereo',
    instructions: 'Quitar la caja exterior de la tienda y enviar solo la caja de la consola bien protegida.',
    status: 'shipped',
    receiptNumber: 99,
    createdDaysAgo: 30,
    processedDaysAgo: 28,
    shippedDaysAgo: 26,
    packageIds: [joseShipped.id],
  });

  // --- Notifications --------------------------------------------------------------------------
  const estimated = mariaShipment.estimatedDelivery
    ? mariaShipment.estimatedDelivery.split('-').reverse().join('/')
    : 'por confirmar';
  const notices: {
    customer: DemoCustomer;
    type: 'general' | 'package' | 'shipment' | 'payment_update';
    title: string;
    message: string;
    read: boolean;
    link?: string;
    daysAgo: number;
  }[] = [
    {
      customer: maria,
      type: 'general',
      title: '¡Bienvenida a Casillero Virtual!',
      message: 'Tu cuenta está lista. Completa tu perfil y activa tu casillero de Miami para empezar a comprar.',
      read: true,
      link: '/dashboard/mi-perfil',
      daysAgo: 150,
    },
    {
      customer: maria,
      type: 'payment_update',
      title: 'Actualización de Pago',
      message: 'Tu pago de $4.99 ha sido aprobado y procesado.',
      read: true,
      link: '/dashboard/facturas',
      daysAgo: 149.5,
    },
    {
      customer: maria,
      type: 'package',
      title: 'Paquete recibido en Miami',
      message: `Recibimos tu paquete ${mariaReceived.trackingNumber} (${mariaReceived.packageDescription}). Ya está en el almacén.`,
      read: false,
      link: '/dashboard/almacen',
      daysAgo: 5,
    },
    {
      customer: maria,
      type: 'package',
      title: 'Tu tracking está listo para envío',
      message: `El tracking ${mariaReady.trackingNumber} está listo para envío. Realiza el pago para autorizar el despacho.`,
      read: false,
      link: '/dashboard/facturas',
      daysAgo: 3,
    },
    {
      customer: maria,
      type: 'shipment',
      title: 'Tu envío va en camino',
      message: `El envío ${mariaShipment.shipmentCode} salió de Miami hacia Caracas. Entrega estimada: ${estimated}.`,
      read: false,
      link: '/dashboard/mis-trackings',
      daysAgo: 1,
    },
    {
      customer: maria,
      type: 'package',
      title: 'Tu paquete necesita reempaque',
      message: 'Tu pedido de Shein llegó en cinco bolsas separadas. Te recomendamos consolidarlo para pagar menos.',
      read: true,
      link: '/dashboard/reempaques',
      daysAgo: 2,
    },
    {
      customer: maria,
      type: 'general',
      title: 'Solicitud de reempaque recibida',
      message: 'Recibimos tu solicitud de reempaque de 2 paquetes. Te avisaremos cuando esté lista.',
      read: false,
      link: '/dashboard/reempaques',
      daysAgo: 1,
    },
    {
      customer: carlos,
      type: 'general',
      title: '¡Bienvenido a Casillero Virtual!',
      message: 'Tu cuenta está lista. Completa tu cédula y tu dirección en Venezuela para recibir tus envíos.',
      read: true,
      link: '/dashboard/mi-perfil',
      daysAgo: 100,
    },
    {
      customer: carlos,
      type: 'payment_update',
      title: 'Actualización de Pago',
      message: 'Tu pago de $4.99 ha sido aprobado y procesado.',
      read: true,
      link: '/dashboard/facturas',
      daysAgo: 99.2,
    },
    {
      customer: carlos,
      type: 'package',
      title: 'Problema con tu paquete',
      message: 'El paquete 772598431067 llegó sin tu código de casillero en la etiqueta. Escríbenos para confirmarlo.',
      read: false,
      link: '/dashboard/mis-trackings',
      daysAgo: 7,
    },
    {
      customer: carlos,
      type: 'package',
      title: 'Paquete en almacén',
      message: `Tu paquete ${carlosInWarehouse.trackingNumber} fue recibido y pesado en Miami (2,4 kg).`,
      read: false,
      link: '/dashboard/almacen',
      daysAgo: 5,
    },
    {
      customer: carlos,
      type: 'payment_update',
      title: 'Actualización de Pago',
      message: 'Tu pago de $25.00 ha sido aprobado y procesado.',
      read: false,
      link: '/dashboard/facturas',
      daysAgo: 0.1,
    },
    {
      customer: jose,
      type: 'shipment',
      title: 'Envío entregado',
      message: `Tu envío ${joseShipment.shipmentCode} fue entregado en Maracaibo. ¡Gracias por confiar en nosotros!`,
      read: true,
      link: '/dashboard/mis-trackings',
      daysAgo: 20,
    },
    {
      customer: daniela,
      type: 'payment_update',
      title: 'Actualización de Pago',
      message:
        'Tu pago de $45.20 ha sido rechazado. Notas: No encontramos el pago con esa referencia. Verifica el comprobante y repórtalo de nuevo.',
      read: false,
      link: '/dashboard/facturas',
      daysAgo: 5,
    },
    {
      customer: rafael,
      type: 'general',
      title: '¡Bienvenido a Casillero Virtual!',
      message: 'Tu casillero de Miami se activará en cuanto confirmemos el pago de activación.',
      read: false,
      link: '/dashboard/facturas',
      daysAgo: 3,
    },
  ];
  await tx.insert(notifications).values(
    notices.map((n) => ({
      userId: n.customer.id,
      type: n.type,
      title: n.title,
      message: n.message,
      read: n.read,
      link: n.link ?? null,
      createdAt: at(n.daysAgo),
    })),
  );

  // --- Contact messages -----------------------------------------------------------------------
  await tx.insert(contactMessages).values([
    {
      nombre: 'Yoselin Castillo',
      email: 'yoselin.castillo@ejemplo.test',
      telefono: '+58 414 332 1190',
      asunto: 'Consulta sobre envío marítimo',
      mensaje:
        'Buenas tardes, quisiera saber cuánto cuesta enviar una caja de 60x40x40 cm desde Miami por vía marítima hasta Valencia y cuánto tarda.',
      ip: '190.202.14.77',
      createdAt: at(2, 5),
    },
    {
      nombre: 'Pedro Luis Marcano',
      email: 'pedro.marcano@ejemplo.test',
      telefono: null,
      asunto: 'Cursos de importación',
      mensaje: '¿El próximo taller presencial será en Caracas? Me interesa inscribirme con un amigo.',
      ip: '186.167.242.10',
      handledAt: at(9),
      createdAt: at(10),
    },
  ]);

  // --- Parcels received "sin dueño" (docs/decisions/019-warehouse-intake.md): nobody pre-alerted them; a customer who
  // pre-alerts one of these numbers gets it at once, or the warehouse assigns it by hand.
  const unclaimed = [
    { trackingNumber: '1Z8V4E910312345678', codeRead: 'MV-19487-0O123', description: 'Caja mediana sin nombre legible', weightKg: 2.4, dimensionsCm: '40x30x20', receivedAt: at(1, 2), receipt: 201 },
    { trackingNumber: 'TBA309988776655', codeRead: null, description: null, weightKg: 0.6, dimensionsCm: null, receivedAt: at(0, 3), receipt: 202 },
  ];
  await tx.insert(parcelIntakes).values(
    unclaimed.map((p) => ({
      trackingNumber: p.trackingNumber,
      trackingKey: trackingKey(p.trackingNumber),
      carrier: detectCarrier(p.trackingNumber),
      warehouseReceipt: wr(p.receivedAt, p.receipt),
      status: 'unclaimed' as const,
      mailboxCodeRead: p.codeRead,
      description: p.description,
      weightKg: p.weightKg,
      dimensionsCm: p.dimensionsCm,
      receivedBy: admin.id,
      receivedAt: p.receivedAt,
    })),
  );
}
