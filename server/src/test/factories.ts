import { eq } from 'drizzle-orm';
import { DEMO_PAYMENT_METHODS, type CasilleroType, type PaymentMethodKind, type StaffRole } from '@casillero/shared';
import type { Db } from '../db/client';
import { emailOutbox, exchangeRates, mailboxes, paymentMethods, recipients, users } from '../db/schema';
import { businessToday } from '../lib/business-clock';
import { callerFor, newVisitor, type Visitor } from './caller';
import { createOrPromoteAdmin } from '../services/auth';

export const STRONG_PASSWORD = 'Clave#Segura2026';

let counter = 0;
export function uniqueEmail(prefix = 'cliente') {
  counter++;
  return `${prefix}${counter}.${Date.now().toString(36)}@ejemplo.com`;
}

/** The link of the newest e-mail of a template sent to an address, as the recipient sees it. */
export async function lastLinkTo(db: Db, email: string, template: string): Promise<string> {
  const rows = await db.select().from(emailOutbox).where(eq(emailOutbox.template, template));
  const mine = rows.filter((r) => r.to.includes(email)).sort((a, b) => +b.createdAt - +a.createdAt);
  const match = mine[0]?.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`No hay e-mail ${template} para ${email}`);
  return match[0];
}

export const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

/** Signs a customer up, verifies the e-mail through the link and signs in. */
export async function signedInCustomer(
  db: Db,
  opts: { type?: CasilleroType; nombre?: string; visitor?: Visitor } = {},
) {
  const email = uniqueEmail();
  const visitor = opts.visitor ?? newVisitor();
  const caller = callerFor(db, visitor);
  await caller.auth.signUp({
    nombre: opts.nombre ?? 'Ana Pérez',
    email,
    password: STRONG_PASSWORD,
    type: opts.type ?? 'usa',
  });
  await caller.auth.verifyEmail({ token: tokenOf(await lastLinkTo(db, email, 'verify-email')) });
  const { user } = await caller.auth.signIn({ email, password: STRONG_PASSWORD });
  return { email, user, visitor, caller };
}

/** A signed-in customer whose (only) mailbox is already active, ready to receive trackings. */
export async function customerWithActiveMailbox(db: Db, opts: { nombre?: string } = {}) {
  const c = await signedInCustomer(db, opts);
  const [mailbox] = await db
    .update(mailboxes)
    .set({ status: 'active' })
    .where(eq(mailboxes.userId, c.user.id))
    .returning({ id: mailboxes.id });
  return { ...c, mailboxId: mailbox.id };
}
export type CustomerWithMailbox = Awaited<ReturnType<typeof customerWithActiveMailbox>>;

export async function signedInAdmin(db: Db) {
  const email = uniqueEmail('admin');
  await createOrPromoteAdmin(db, { email, password: STRONG_PASSWORD, fullName: 'Admin Prueba' });
  const visitor = newVisitor({ ip: '10.0.0.9' });
  const caller = callerFor(db, visitor);
  const { user } = await caller.auth.signIn({ email, password: STRONG_PASSWORD });
  return { email, user, visitor, caller };
}

/** A signed-in staff member of a role (an administrator created, then given the role). */
export async function signedInStaff(db: Db, role: StaffRole) {
  const email = uniqueEmail(role);
  await createOrPromoteAdmin(db, { email, password: STRONG_PASSWORD, fullName: `Personal ${role}` });
  await db.update(users).set({ role }).where(eq(users.email, email));
  const visitor = newVisitor({ ip: '10.0.0.10' });
  const caller = callerFor(db, visitor);
  const { user } = await caller.auth.signIn({ email, password: STRONG_PASSWORD });
  return { email, user, visitor, caller };
}

export async function userIdOf(db: Db, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

/** The id of a payment method of that kind (the demo's), created on first use. */
export async function paymentMethodId(db: Db, kind: PaymentMethodKind = 'zelle'): Promise<string> {
  const demo = DEMO_PAYMENT_METHODS.find((m) => m.kind === kind)!;
  const [existing] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(eq(paymentMethods.name, demo.name));
  if (existing) return existing.id;
  const [method] = await db
    .insert(paymentMethods)
    .values({ ...demo })
    .returning({ id: paymentMethods.id });
  return method.id;
}

/** Records a rate (Bs. per USD) for a day, today on the business clock by default. */
export async function recordRate(db: Db, vesPerUsd: string, rateDate = businessToday()) {
  const [rate] = await db.insert(exchangeRates).values({ rateDate, vesPerUsd, source: 'BCV' }).returning();
  return rate;
}

/** Where a test shipment goes: a recipient of the customer with this address (complete, so a shipment can name it). */
export type TestPlace = { address?: string; city?: string; state?: string; fullName?: string };

/** Adds a recipient to a customer's address book, straight in the table, and returns its id. */
export async function recipientFor(db: Db, userId: string, place: TestPlace = {}): Promise<string> {
  const [row] = await db
    .insert(recipients)
    .values({
      userId,
      fullName: place.fullName ?? 'Carmen Rodríguez',
      idDocument: 'V-12345678',
      phone: '+584141234567',
      state: place.state ?? 'Distrito Capital',
      city: place.city ?? 'Caracas',
      address: place.address ?? 'Av. Francisco de Miranda, Torre Parque Cristal, piso 4',
    })
    .returning({ id: recipients.id });
  return row.id;
}

/**
 * A home delivery to a new recipient at that address: the fields 'Crear Envío' and 'Editar
 * envío' take. The shipment's delivery address, city and state are then exactly the place's.
 */
export async function homeDeliveryTo(db: Db, userId: string, place: TestPlace = {}) {
  return { recipientId: await recipientFor(db, userId, place), deliveryMethod: 'home' as const, agencyId: null };
}

let allyCounter = 0;
/** A fresh two-to-four-letter prefix per call ('AA', 'AB', … then three letters). */
export function uniqueAllyPrefix() {
  let n = allyCounter++;
  let s = '';
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `Q${s.padStart(2, 'A')}`.slice(0, 4);
}

/**
 * An ally created by an administrator (docs/product/allies.md) and its login, signed in through
 * the invitation as the person would: its own caller, with the ally's id.
 */
export async function signedInAlly(
  db: Db,
  admin: { caller: ReturnType<typeof callerFor> },
  opts: { name?: string; prefix?: string; priceAdjustmentBp?: number; visitor?: Visitor } = {},
) {
  const email = uniqueEmail('aliado');
  const prefix = opts.prefix ?? uniqueAllyPrefix();
  const { id } = await admin.caller.allies.create({
    name: opts.name ?? `Aliado ${prefix}`,
    prefix,
    priceAdjustmentBp: opts.priceAdjustmentBp ?? 0,
    contactEmail: email,
  });
  const visitor = opts.visitor ?? newVisitor({ ip: '10.0.0.11' });
  const caller = callerFor(db, visitor);
  const token = tokenOf(await lastLinkTo(db, email, 'staff-invitation'));
  const { user } = await caller.staff.acceptInvitation({ token, nombre: `Dueño ${prefix}`, password: STRONG_PASSWORD });
  return { allyId: id, prefix, email, user, visitor, caller };
}
