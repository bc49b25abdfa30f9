// The simulated day's world (docs/product/invariants.md): the people who act in it, each with the
// session a browser would hold, and what the morning starts with. Built once through the
// procedures the app itself calls (a rate recorded by the cashier, fiscal invoicing turned on by
// the administrator, customers who sign up, give their fiscal data and pay their activation), then
// copied for every run (world-database.ts).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CHARGE_KINDS, type CasilleroType, type FiscalSettingsInput } from '@casillero/shared';
import type { Database, Db } from '../db/client';
import { agencyStaff, mailboxes, paymentTransactions, storedFiles } from '../db/schema';
import { testConfig, type Config } from '../env';
import { businessToday } from '../lib/business-clock';
import { fakeControlNumberProvider, type FakeControlNumberProvider } from '../services/fiscal/control-number-provider';
import { callerFor, newVisitor, TEST_APP_URL, type TestCaller, type Visitor } from '../test/caller';
import { paymentMethodId, signedInAdmin, signedInCustomer, signedInStaff } from '../test/factories';

export const SIM_CONFIG: Config = testConfig({ appUrl: TEST_APP_URL });

/** Who acts: staff of every role that touches money, parcels or claims, and the customers. */
export const STAFF = ['admin', 'almacen', 'caja', 'caja2', 'atencion', 'agencia'] as const;
export type StaffName = (typeof STAFF)[number];
export const CUSTOMERS = ['ana', 'beto', 'chen'] as const;
export type CustomerName = (typeof CUSTOMERS)[number];
export type ActorName = StaffName | CustomerName;

export type Person = { userId: string; visitor: Visitor };
export type Customer = Person & {
  name: CustomerName;
  type: CasilleroType;
  mailboxId: string;
  mailboxCode: string;
  /** The recipient of a home delivery, and the cédula that collects at the counter. */
  recipientId: string;
  recipientIdDocument: string;
};

/** What every copy of the world holds: ids and sessions. */
export type WorldData = {
  staff: Record<StaffName, Person>;
  customers: Record<CustomerName, Customer>;
  methods: { pagoMovil: string; transferencia: string; zelle: string };
  agencyId: string;
  /** The morning's rate, Bs. per USD. */
  rate: string;
};

/** One run's world: the data, its database, and a caller per person (a fresh context per call). */
export type World = WorldData & {
  db: Db;
  as(who: ActorName): TestCaller;
  /** The digital printer's stand-in, which the control-number worker asks (docs/product/fiscal-invoices.md). */
  printer: FakeControlNumberProvider;
  /** A file a person "uploaded" (the HTTP routes that store bytes are outside tRPC). */
  file(ownerUserId: string, kind: 'receipt' | 'delivery_photo' | 'invoice' | 'claim_photo'): Promise<string>;
};

export const FISCAL_ON: FiscalSettingsInput = {
  enabled: true,
  legalName: 'Casillero Virtual C.A.',
  rif: 'J-00002961-0',
  address: 'Av. Francisco de Miranda, Caracas',
  controlProvider: 'fake',
  igtfApplies: true,
  igtfRatePercent: 3,
  taxes: Object.fromEntries(
    CHARGE_KINDS.map((k) => [k, { treatment: 'iva', ratePercent: 16 }]),
  ) as FiscalSettingsInput['taxes'],
};

export function worldOf(database: Database, data: WorldData): World {
  const db = database.db;
  // Each run gets its own copies of the sessions: a token the server rotates stays in its run.
  const visitors = new Map<ActorName, Visitor>();
  for (const [name, p] of [...Object.entries(data.staff), ...Object.entries(data.customers)])
    visitors.set(name as ActorName, { ...p.visitor });
  return {
    ...data,
    db,
    as: (who) => callerFor(db, visitors.get(who)!, SIM_CONFIG),
    printer: fakeControlNumberProvider(),
    async file(ownerUserId, kind) {
      const id = randomUUID();
      await db.insert(storedFiles).values({
        id,
        ownerUserId,
        kind,
        storageKey: `sim/${ownerUserId}/${id}`,
        contentType: kind === 'invoice' ? 'application/pdf' : 'image/jpeg',
        sizeBytes: 10,
        uploadedBy: ownerUserId,
      });
      return id;
    },
  };
}

const RATE = '36.5';

/** The morning: built once, on the world's database, through the procedures. */
export async function buildWorld(database: Database): Promise<WorldData> {
  const db = database.db;
  const person = (p: { user: { id: string }; visitor: Visitor }): Person => ({ userId: p.user.id, visitor: p.visitor });
  const admin = person(await signedInAdmin(db));
  const staff: Record<StaffName, Person> = {
    admin,
    almacen: person(await signedInStaff(db, 'almacen')),
    caja: person(await signedInStaff(db, 'caja')),
    caja2: person(await signedInStaff(db, 'caja')),
    atencion: person(await signedInStaff(db, 'atencion')),
    agencia: person(await signedInStaff(db, 'agencia')),
  };
  const as = (p: Person) => callerFor(db, p.visitor, SIM_CONFIG);
  await as(staff.caja).exchangeRates.record({ rateDate: businessToday(), vesPerUsd: RATE, source: 'BCV' });
  await as(admin).fiscal.updateSettings(FISCAL_ON);
  const methods = {
    pagoMovil: await paymentMethodId(db, 'pago_movil'),
    transferencia: await paymentMethodId(db, 'transferencia'),
    zelle: await paymentMethodId(db, 'zelle'),
  };
  const { id: agencyId } = await as(admin).agenciesAdmin.create({
    kind: 'partner',
    carrier: 'MRW',
    code: 'MRW-SIM-01',
    name: 'MRW Simulación',
    state: 'Distrito Capital',
    city: 'Caracas',
    address: 'Av. Principal de Chacao',
  });
  // The counter person works at that agency (the staff invitation binds it the same way).
  await db.insert(agencyStaff).values({ userId: staff.agencia.userId, agencyId });

  const customers = {} as Record<CustomerName, Customer>;
  const plan: { name: CustomerName; type: CasilleroType; fiscal: boolean; idDocument: string }[] = [
    { name: 'ana', type: 'usa', fiscal: true, idDocument: 'V-12345678' },
    // No fiscal data: her invoices are notas de cobro until she gives them.
    { name: 'beto', type: 'usa', fiscal: false, idDocument: 'V-8123456' },
    { name: 'chen', type: 'china', fiscal: true, idDocument: 'E-81234567' },
  ];
  let reference = 0;
  for (const c of plan) {
    const signed = await signedInCustomer(db, { type: c.type, nombre: `Cliente ${c.name}`, visitor: newVisitor() });
    const p = person(signed);
    const caller = as(p);
    if (c.fiscal)
      await caller.fiscal.saveMine({
        name: `Cliente ${c.name}`,
        idNumber: c.idDocument,
        address: 'Av. Bolívar 10, Caracas',
      });
    const { id: recipientId } = await caller.recipients.create({
      fullName: `Destinatario de ${c.name}`,
      idDocument: c.idDocument,
      phone: '+584141234567',
      state: 'Distrito Capital',
      city: 'Caracas',
      address: 'Av. Francisco de Miranda, Torre Parque Cristal, piso 4',
    });
    // The activation: reported in bolívares and approved by the cashier, as Facturas and Pagos do.
    const [activation] = await db
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.userId, p.userId));
    const receipt = randomUUID();
    await db.insert(storedFiles).values({
      id: receipt,
      ownerUserId: p.userId,
      kind: 'receipt',
      storageKey: `sim/${p.userId}/${receipt}`,
      contentType: 'image/jpeg',
      sizeBytes: 10,
      uploadedBy: p.userId,
    });
    await caller.payments.report({
      paymentId: activation.id,
      methodId: methods.pagoMovil,
      paymentReference: `ACT${++reference}000${c.name.toUpperCase()}`,
      receiptFileId: receipt,
    });
    await as(staff.caja).payments.review({ id: activation.id, status: 'completed' });
    const [mailbox] = await db
      .select({ id: mailboxes.id, code: mailboxes.mailboxCode, status: mailboxes.status })
      .from(mailboxes)
      .where(eq(mailboxes.userId, p.userId));
    if (mailbox.status !== 'active') throw new Error(`El casillero de ${c.name} no quedó activo`);
    customers[c.name] = {
      ...p,
      name: c.name,
      type: c.type,
      mailboxId: mailbox.id,
      mailboxCode: mailbox.code,
      recipientId,
      recipientIdDocument: c.idDocument,
    };
  }
  // The morning's warehouse: each customer has parcels waiting, pre-alerted with their value and
  // received by the warehouse, so that the day starts with something to ship.
  let parcel = 0;
  for (const c of Object.values(customers)) {
    for (const value of [2_500, 8_000, 21_000]) {
      const trackingNumber = `1ZMORNING${String(++parcel).padStart(6, '0')}`;
      await as(c).prealerts.create({
        trackingNumber,
        description: `Compra de la mañana ${parcel}`,
        quantityItems: 1,
        estimatedValueUsdCents: value,
        mailboxId: c.mailboxId,
      });
      await as(staff.almacen).reception.receive({
        code: trackingNumber,
        weightKg: 1 + (parcel % 5),
        lengthCm: 30,
        widthCm: 20,
        heightCm: 15,
      });
    }
  }
  return { staff, customers, methods, agencyId, rate: RATE };
}
