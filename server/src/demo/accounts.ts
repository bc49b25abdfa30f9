// The demo's people: the administrator and one person per other staff role, created as an
// operator creates an administrator (the admin:create service) and then given their role by the
// administrator; and the customers, created by the sign-up's account service with their first
// mailbox, their profile saved as they save it, and a second mailbox opened later by some.
import { eq } from 'drizzle-orm';
import { profileUpdateInput, type StaffRole } from '@casillero/shared';
import { agencies, agencyStaff, mailboxes, paymentTransactions, userProfiles, users } from '../db/schema';
import { upsertOwnProfile } from '../queries/profile';
import { createCustomerAccount, openMailboxWithActivation } from '../services/accounts';
import { createOrPromoteAdmin, findUserByEmail } from '../services/auth';
import { changeStaffRole } from '../services/staff';
import {
  AlreadySeeded,
  asStaff,
  at,
  endStaffWork,
  redate,
  type DemoContext,
  type DemoCustomer,
  type DemoCustomers,
  type DemoStaff,
  type MailboxEntry,
} from './context';
import { CUSTOMER_SPECS, type CustomerSpec } from './people';

export const DEMO_PASSWORD = 'Demo1234!';

export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@casillero.test', fullName: 'Administración Casillero' },
  /** One person per staff role but the administrator's (docs/product/product-decisions.md#d13-staff-have-roles). */
  staff: [
    { email: 'almacen@casillero.test', fullName: 'Luis Almacén Pérez', role: 'almacen' },
    { email: 'caja@casillero.test', fullName: 'Daniela Caja Rojas', role: 'caja' },
    { email: 'atencion@casillero.test', fullName: 'Gabriela Atención Díaz', role: 'atencion' },
  ],
  /** The counter of the MRW agency in Valencia (docs/product/last-mile.md#agency-counters-and-proof-of-delivery). */
  agency: {
    email: 'agencia@casillero.test',
    fullName: 'Pedro Mostrador Valencia',
    role: 'agencia',
    agencyCode: 'MRW-VLN-CENTRO',
    agencyName: 'MRW Valencia Centro',
  },
  customers: [
    { email: 'maria@casillero.test', fullName: 'María Fernanda González' },
    { email: 'carlos@casillero.test', fullName: 'Carlos Eduardo Rodríguez' },
  ],
} as const;

/** Staff accounts' dates, as of their creation, in one statement per table. */
async function backdateStaff(ctx: DemoContext, accounts: { id: string; created: Date; lastActive: Date | null }[]) {
  await redate(
    ctx,
    users,
    users.id,
    accounts.map(({ id, created, lastActive }) => ({
      key: id,
      dates: {
        emailVerifiedAt: created,
        createdAt: created,
        updatedAt: lastActive ?? created,
        lastActiveAt: lastActive,
      },
    })),
  );
  await redate(
    ctx,
    userProfiles,
    userProfiles.userId,
    accounts.map(({ id, created }) => ({ key: id, dates: { createdAt: created, updatedAt: created } })),
  );
}

/** `passwordHash`: DEMO_PASSWORD hashed once for every demo account (argon2 is the slow part of one). */
export async function createStaff(ctx: DemoContext, passwordHash: string): Promise<DemoStaff> {
  // The demo's administrator exists: another process seeded first (the caller rolls back).
  if (await findUserByEmail(ctx.tx, DEMO_ACCOUNTS.admin.email)) throw new AlreadySeeded();
  const admin = await createOrPromoteAdmin(ctx.tx, {
    email: DEMO_ACCOUNTS.admin.email,
    passwordHash,
    fullName: DEMO_ACCOUNTS.admin.fullName,
  });
  const staff = { admin: { id: admin.id, role: 'admin' as StaffRole } } as DemoStaff;
  for (const person of DEMO_ACCOUNTS.staff) {
    // createOrPromoteAdmin would promote an existing account: a real one with this address stops the demo.
    if (await findUserByEmail(ctx.tx, person.email))
      throw new Error(`La cuenta ${person.email} ya existe: no se carga la demostración.`);
    const member = await createOrPromoteAdmin(ctx.tx, {
      email: person.email,
      passwordHash,
      fullName: person.fullName,
    });
    staff[person.role] = { id: member.id, role: person.role };
  }
  for (const person of DEMO_ACCOUNTS.staff) {
    await asStaff(ctx, staff.admin, 'staff.setRole', () =>
      changeStaffRole(ctx.db, { userId: staff[person.role].id, role: person.role }),
    );
  }
  await endStaffWork(ctx);

  await ctx.tx.update(userProfiles).set({ phone: '+58 212 555 0100' }).where(eq(userProfiles.userId, admin.id));
  await backdateStaff(ctx, [
    { id: admin.id, created: at(ctx, 200), lastActive: at(ctx, 0, 1) },
    ...DEMO_ACCOUNTS.staff.map((person) => ({ id: staff[person.role].id, created: at(ctx, 120), lastActive: null })),
  ]);
  return staff;
}

/**
 * The agency's counter person: an account like the other staff's, bound to its agency (as the
 * invitation binds one) and then given the role by the administrator. After the agencies exist.
 */
export async function createAgencyStaff(ctx: DemoContext, staff: DemoStaff, passwordHash: string): Promise<string> {
  const person = DEMO_ACCOUNTS.agency;
  if (await findUserByEmail(ctx.tx, person.email))
    throw new Error(`La cuenta ${person.email} ya existe: no se carga la demostración.`);
  const member = await createOrPromoteAdmin(ctx.tx, { email: person.email, passwordHash, fullName: person.fullName });
  const [agency] = await ctx.tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.code, person.agencyCode));
  await ctx.tx.insert(agencyStaff).values({ userId: member.id, agencyId: agency.id });
  await asStaff(ctx, staff.admin, 'staff.setRole', () =>
    changeStaffRole(ctx.db, { userId: member.id, role: person.role }),
  );
  await endStaffWork(ctx);
  await backdateStaff(ctx, [{ id: member.id, created: at(ctx, 100), lastActive: at(ctx, 1, 2) }]);
  return member.id;
}

/** The dates the demo gives what the services stamped with the time of seeding. */
type Backdating = {
  accounts: { id: string; registered: Date; verified: Date; lastActive: Date; profileUpdated: Date }[];
  opened: { entry: MailboxEntry; when: Date }[];
};

/** A mailbox and its activation payment as dated the day it was opened (written by `backdateCustomers`). */
function openedOn(backdating: Backdating, entry: MailboxEntry, when: Date): MailboxEntry {
  backdating.opened.push({ entry, when });
  return {
    mailbox: { ...entry.mailbox, createdAt: when, updatedAt: when },
    payment: { ...entry.payment, createdAt: when, updatedAt: when },
  };
}

async function createCustomer(
  ctx: DemoContext,
  passwordHash: string,
  spec: CustomerSpec,
  backdating: Backdating,
): Promise<DemoCustomer> {
  const [first, ...more] = spec.mailboxes;
  const { user, mailbox, payment } = await createCustomerAccount(ctx.tx, {
    email: spec.email,
    passwordHash,
    fullName: spec.fullName,
    type: first.type,
    verified: true,
    now: at(ctx, first.openedDaysAgo),
  });
  // The profile as the customer saves it in Mi perfil (the same validation as the form).
  const profile = profileUpdateInput.parse({
    fullName: spec.fullName,
    phone: spec.phone,
    cedula: spec.cedula,
    venezuelaAddress: spec.address,
    venezuelaCity: spec.city,
    venezuelaState: spec.state,
  });
  await upsertOwnProfile(ctx.tx, user.id, profile);

  const registered = at(ctx, spec.registeredDaysAgo);
  backdating.accounts.push({
    id: user.id,
    registered,
    verified: new Date(registered.getTime() + 12 * 60_000),
    lastActive: at(ctx, spec.lastActiveDaysAgo, 3),
    profileUpdated: at(ctx, Math.max(spec.lastActiveDaysAgo, spec.registeredDaysAgo - 1)),
  });

  const customer: DemoCustomer = { id: user.id, email: spec.email, fullName: spec.fullName };
  customer[first.type] = openedOn(backdating, { mailbox, payment }, at(ctx, first.openedDaysAgo));
  for (const extra of more) {
    const opened = await openMailboxWithActivation(ctx.tx, user.id, extra.type, at(ctx, extra.openedDaysAgo));
    customer[extra.type] = openedOn(backdating, opened, at(ctx, extra.openedDaysAgo));
  }
  return customer;
}

/** Every customer's account, profile, mailboxes and activation payments dated, one statement per table. */
async function backdateCustomers(ctx: DemoContext, { accounts, opened }: Backdating): Promise<void> {
  await redate(
    ctx,
    users,
    users.id,
    accounts.map((a) => ({
      key: a.id,
      dates: {
        createdAt: a.registered,
        emailVerifiedAt: a.verified,
        lastActiveAt: a.lastActive,
        updatedAt: a.lastActive,
      },
    })),
  );
  await redate(
    ctx,
    userProfiles,
    userProfiles.userId,
    accounts.map((a) => ({ key: a.id, dates: { createdAt: a.registered, updatedAt: a.profileUpdated } })),
  );
  await redate(
    ctx,
    mailboxes,
    mailboxes.id,
    opened.map(({ entry, when }) => ({ key: entry.mailbox.id, dates: { createdAt: when, updatedAt: when } })),
  );
  await redate(
    ctx,
    paymentTransactions,
    paymentTransactions.id,
    opened.map(({ entry, when }) => ({ key: entry.payment.id, dates: { createdAt: when, updatedAt: when } })),
  );
}

export async function createCustomers(ctx: DemoContext, passwordHash: string): Promise<DemoCustomers> {
  const customers = {} as DemoCustomers;
  const backdating: Backdating = { accounts: [], opened: [] };
  for (const [key, spec] of Object.entries(CUSTOMER_SPECS) as [keyof DemoCustomers, CustomerSpec][]) {
    customers[key] = await createCustomer(ctx, passwordHash, spec, backdating);
  }
  await backdateCustomers(ctx, backdating);
  return customers;
}
