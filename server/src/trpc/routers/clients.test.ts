// The admin clients screen (docs/product/admin-clients.md): the list and its search, the
// details with counts, 'Crear Casillero Manual', 'Editar Cliente' and the mailbox toggle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  ACTIVATION_COST_USD_CENTS,
  AUTH_MESSAGES,
  CLIENT_MAILBOX_NOTIFICATIONS as N,
  CLIENT_MESSAGES as M,
  MAILBOX_COUNTRY_LABELS,
  PROFILE_MESSAGES,
  WAREHOUSE_ADDRESSES,
  formatUsdFromCents,
  type MailboxCreateInput,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  emailOutbox,
  mailboxes,
  notifications,
  packages,
  paymentTransactions,
  trackings,
  userProfiles,
} from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { type callerFor, newVisitor, trpcError } from '../../test/caller';
import { signedInAdmin, signedInCustomer } from '../../test/factories';

let database: Database;
let adminUser: Awaited<ReturnType<typeof signedInAdmin>>;
let admin: ReturnType<typeof callerFor>;
beforeAll(async () => {
  database = await createTestDatabase();
  adminUser = await signedInAdmin(database.db);
  admin = adminUser.caller;
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

const china = (userId: string, overrides: Partial<MailboxCreateInput> = {}): MailboxCreateInput => ({
  userId,
  country: 'CHINA',
  addressLine1: WAREHOUSE_ADDRESSES.CHINA.addressLine1,
  city: WAREHOUSE_ADDRESSES.CHINA.city,
  state: WAREHOUSE_ADDRESSES.CHINA.state,
  postalCode: WAREHOUSE_ADDRESSES.CHINA.postalCode,
  ...overrides,
});

async function notificationsOf(userId: string) {
  return db()
    .select({
      title: notifications.title,
      message: notifications.message,
      type: notifications.type,
      link: notifications.link,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
}

async function mailsTo(email: string, subject: string) {
  const rows = await db().select({ to: emailOutbox.to }).from(emailOutbox).where(eq(emailOutbox.subject, subject));
  return rows.filter((r) => r.to.includes(email));
}

/** Sign-ups are rate-limited per IP: each test customer comes from an address of its own. */
let visitors = 0;
const customer = (opts: NonNullable<Parameters<typeof signedInCustomer>[1]> = {}) =>
  signedInCustomer(db(), {
    ...opts,
    visitor: newVisitor({ ip: `10.60.${Math.floor(++visitors / 250)}.${visitors % 250}` }),
  });

let serial = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++serial}`;

describe('clients.list', () => {
  it('lists customers (not admins) with profile, mailboxes and registration; searches name, cédula, phone, e-mail and code', async () => {
    const name = unique('Eleuterio');
    const c = await customer({ nombre: `${name} Salazar` });
    const cedula = `V-${String(Date.now()).slice(-8)}`;
    await db()
      .update(userProfiles)
      .set({
        cedula,
        phone: '+58 412 777 8899',
        venezuelaAddress: 'Calle 5, Casa 12',
        venezuelaCity: 'Maracay',
        venezuelaState: 'Aragua',
      })
      .where(eq(userProfiles.userId, c.user.id));
    const [box] = await c.caller.mailboxes.mine();

    const page = await admin.clients.list({});
    expect(page.rows.map((r) => r.userId)).not.toContain(adminUser.user.id);
    const row = page.rows.find((r) => r.userId === c.user.id)!;
    expect(row).toMatchObject({
      email: c.email,
      fullName: `${name} Salazar`,
      cedula,
      phone: '+58 412 777 8899',
      venezuelaAddress: 'Calle 5, Casa 12',
      venezuelaCity: 'Maracay',
      venezuelaState: 'Aragua',
      activeMailboxes: 0,
      mailboxes: [{ id: box.id, mailboxCode: box.mailboxCode, country: 'USA', status: 'inactive' }],
    });
    expect(typeof row.createdAt).toBe('string');
    // Newest registration first.
    expect(page.rows[0].userId).toBe(c.user.id);

    for (const q of [name.toLowerCase(), cedula.slice(2), '777 88', c.email.slice(0, 12), box.mailboxCode.slice(-6)]) {
      const found = await admin.clients.list({ q });
      expect(
        found.rows.map((r) => r.userId),
        q,
      ).toEqual([c.user.id]);
      expect(await admin.clients.count({ q })).toEqual({ count: 1, isCapped: false });
    }
    expect((await admin.clients.list({ q: 'zzz-nadie-así' })).rows).toEqual([]);
  });

  it('counts every customer, sorts by name and pages', async () => {
    for (let i = 0; i < 4; i++) await customer({ nombre: `Paginado ${String.fromCharCode(90 - i)}` });
    const total = await admin.clients.count({});
    expect(total.count).toBeGreaterThanOrEqual(4);
    const byName = await admin.clients.list({ sort: 'name', dir: 'asc', q: 'Paginado', pageSize: 10 });
    expect(byName.rows.map((r) => r.fullName)).toEqual(['Paginado W', 'Paginado X', 'Paginado Y', 'Paginado Z']);
    const all = await admin.clients.list({ pageSize: 10 });
    const second = await admin.clients.list({ pageSize: 10, page: 2 });
    expect(all.rows.length + second.rows.length).toBe(total.count);
  });
});

describe('clients.detail', () => {
  it('shows profile, mailboxes and the counts of packages, trackings and payments', async () => {
    const c = await customer({ nombre: 'Dora Contreras' });
    const [box] = await c.caller.mailboxes.mine();
    await db()
      .insert(packages)
      .values([
        { userId: c.user.id, mailboxId: box.id, packageDescription: 'Libros', status: 'received' },
        { userId: c.user.id, mailboxId: box.id, packageDescription: 'Ropa', status: 'pending' },
      ]);
    await db()
      .insert(trackings)
      .values({
        trackingNumber: unique('DET').toUpperCase(),
        userId: c.user.id,
        mailboxId: box.id,
        description: 'Ropa de invierno',
        carrier: 'UPS',
        senderName: 'Zara',
      });
    const detail = await admin.clients.detail({ userId: c.user.id });
    expect(detail).toMatchObject({
      userId: c.user.id,
      email: c.email,
      fullName: 'Dora Contreras',
      counts: { packages: 2, trackings: 1, payments: 1, prealerts: 0, shipments: 0 },
    });
    expect(detail.mailboxes).toHaveLength(1);
    expect(detail.mailboxes[0]).toMatchObject({ mailboxCode: box.mailboxCode, city: 'Miami', postalCode: '33166' });
    expect((await trpcError(admin.clients.detail({ userId: randomUUID() }))).code).toBe('NOT_FOUND');
    expect((await trpcError(admin.clients.detail({ userId: adminUser.user.id }))).code).toBe('NOT_FOUND');
  });
});

describe('mailboxes.createForClient', () => {
  it('creates an inactive China mailbox with a BJS code, line 2 REF/APTO, its activation payment, and notifies (general)', async () => {
    const c = await customer({ type: 'usa' });
    const result = await admin.mailboxes.createForClient(china(c.user.id));
    expect(result.mailboxCode).toMatch(/^BJS\d{6}$/);
    expect(result.message).toBe(M.created(result.mailboxCode));
    const [row] = await db().select().from(mailboxes).where(eq(mailboxes.id, result.id));
    expect(row).toMatchObject({
      userId: c.user.id,
      country: 'CHINA',
      location: 'beijing',
      addressLine1: WAREHOUSE_ADDRESSES.CHINA.addressLine1,
      addressLine2: `REF/APTO: ${result.mailboxCode}`,
      city: 'Beijing',
      postalCode: '100193',
      status: 'inactive',
    });
    const [payment] = await db().select().from(paymentTransactions).where(eq(paymentTransactions.mailboxId, result.id));
    expect(payment).toMatchObject({
      id: result.activationPaymentId,
      transactionType: 'mailbox_activation',
      amountUsdCents: ACTIVATION_COST_USD_CENTS.china,
      status: 'pending',
    });
    expect(await notificationsOf(c.user.id)).toContainEqual({
      title: N.createdTitle,
      message: N.created(
        result.mailboxCode,
        MAILBOX_COUNTRY_LABELS.CHINA,
        formatUsdFromCents(ACTIVATION_COST_USD_CENTS.china),
      ),
      type: 'general',
      link: '/dashboard/mis-casilleros',
    });
    expect(await mailsTo(c.email, N.createdTitle)).toHaveLength(1);
    // The customer sees it in Mis Casilleros with what its activation costs.
    const mine = await c.caller.mailboxes.mine();
    expect(mine.find((b) => b.id === result.id)).toMatchObject({
      status: 'inactive',
      activation: { amountUsdCents: ACTIVATION_COST_USD_CENTS.china, status: 'pending' },
    });
  });

  it('a USA mailbox gets an MV-19487- code; the activation fee can be waived', async () => {
    const c = await customer({ type: 'china' });
    const usa = WAREHOUSE_ADDRESSES.USA;
    const result = await admin.mailboxes.createForClient({
      userId: c.user.id,
      country: 'USA',
      addressLine1: usa.addressLine1,
      addressLine2: '',
      city: usa.city,
      state: usa.state,
      postalCode: usa.postalCode,
      chargeActivation: false,
    });
    expect(result.mailboxCode).toMatch(/^MV-19487-\d{5}$/);
    expect(result.activationPaymentId).toBeNull();
    expect(
      await db().select().from(paymentTransactions).where(eq(paymentTransactions.mailboxId, result.id)),
    ).toHaveLength(0);
    const [note] = (await notificationsOf(c.user.id)).filter((n) => n.title === N.createdTitle);
    expect(note.message).toBe(N.created(result.mailboxCode, MAILBOX_COUNTRY_LABELS.USA, null));
  });

  it('takes a custom code (in capitals, unique) and needs one for OTHER', async () => {
    const c = await customer();
    const code = unique('vip-').toUpperCase();
    const other = await admin.mailboxes.createForClient({
      userId: c.user.id,
      country: 'OTHER',
      addressLine1: 'Calle Gran Vía 12',
      city: 'Madrid',
      postalCode: '28013',
      mailboxCode: code.toLowerCase(),
    });
    expect(other.mailboxCode).toBe(code);
    const [row] = await db().select().from(mailboxes).where(eq(mailboxes.id, other.id));
    expect(row).toMatchObject({
      country: 'OTHER',
      location: 'other',
      status: 'inactive',
      addressLine2: `REF/APTO: ${code}`,
    });
    expect(
      await db().select().from(paymentTransactions).where(eq(paymentTransactions.mailboxId, other.id)),
    ).toHaveLength(0);

    const d = await customer();
    const taken = await trpcError(admin.mailboxes.createForClient(china(d.user.id, { mailboxCode: code })));
    expect(taken.code).toBe('CONFLICT');
    expect(taken.message).toBe(M.codeTaken);
    const noCode = await trpcError(
      admin.mailboxes.createForClient({
        userId: d.user.id,
        country: 'OTHER',
        addressLine1: 'Av. 1',
        city: 'Bogotá',
        postalCode: '110111',
      }),
    );
    expect(noCode.message).toBe(M.countryNotSupported);
    expect((await trpcError(admin.mailboxes.createForClient(china(d.user.id, { mailboxCode: 'a b' })))).message).toBe(
      M.codeInvalid,
    );
  });

  it('requires client, country, address line 1, city and postal code', async () => {
    const c = await customer();
    for (const missing of [
      { addressLine1: '' },
      { city: '  ' },
      { postalCode: '' },
      { country: undefined },
      { userId: '' },
    ]) {
      const err = await trpcError(
        admin.mailboxes.createForClient({ ...china(c.user.id), ...missing } as MailboxCreateInput),
      );
      expect(err.message, JSON.stringify(missing)).toBe(M.requiredFields);
    }
    expect((await trpcError(admin.mailboxes.createForClient(china(randomUUID())))).code).toBe('NOT_FOUND');
    expect((await trpcError(admin.mailboxes.createForClient(china(adminUser.user.id)))).code).toBe('NOT_FOUND');
  });

  it('one mailbox per customer per country, even for twenty simultaneous creations', async () => {
    const c = await customer({ type: 'usa' });
    const usa = await trpcError(
      admin.mailboxes.createForClient({ ...china(c.user.id), country: 'USA', city: 'Miami', postalCode: '33166' }),
    );
    expect(usa.code).toBe('CONFLICT');
    expect(usa.message).toBe(M.alreadyHas(MAILBOX_COUNTRY_LABELS.USA));

    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => admin.mailboxes.createForClient(china(c.user.id))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refusals.map((r) => (r.reason as Error).message)).toEqual(
      Array(19).fill(M.alreadyHas(MAILBOX_COUNTRY_LABELS.CHINA)),
    );
    const boxes = await db()
      .select({ id: mailboxes.id })
      .from(mailboxes)
      .where(and(eq(mailboxes.userId, c.user.id), eq(mailboxes.country, 'CHINA')));
    expect(boxes).toHaveLength(1);
    const payments = await db()
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.mailboxId, boxes[0].id));
    expect(payments).toHaveLength(1);
  });

  it('twenty simultaneous creations with one custom code for different customers: one wins, the rest are told the code exists', async () => {
    const code = unique('RACE-').toUpperCase();
    const customers = await Promise.all(Array.from({ length: 20 }, () => customer({ type: 'usa' })));
    const results = await Promise.allSettled(
      customers.map((c) => admin.mailboxes.createForClient(china(c.user.id, { mailboxCode: code }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refusals.map((r) => (r.reason as Error).message)).toEqual(Array(19).fill(M.codeTaken));
    expect(await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.mailboxCode, code))).toHaveLength(
      1,
    );
  });

  it('a customer cannot create mailboxes for others (admin only)', async () => {
    const c = await customer();
    expect((await trpcError(c.caller.mailboxes.createForClient(china(c.user.id)))).code).toBe('FORBIDDEN');
  });
});

describe('mailboxes.setStatus', () => {
  it('activates and deactivates a mailbox and tells the customer each time it changes', async () => {
    const c = await customer();
    const [box] = await c.caller.mailboxes.mine();
    expect(await admin.mailboxes.setStatus({ id: box.id, status: 'active' })).toEqual({ id: box.id, status: 'active' });
    expect((await c.caller.mailboxes.mine())[0].status).toBe('active');
    // Setting the same status again changes nothing and notifies no one.
    await admin.mailboxes.setStatus({ id: box.id, status: 'active' });
    await admin.mailboxes.setStatus({ id: box.id, status: 'inactive' });
    expect((await c.caller.mailboxes.mine())[0].status).toBe('inactive');
    const notes = (await notificationsOf(c.user.id)).filter(
      (n) => n.title === N.activatedTitle || n.title === N.deactivatedTitle,
    );
    expect(notes).toEqual([
      {
        title: N.activatedTitle,
        message: N.activated(box.mailboxCode),
        type: 'general',
        link: '/dashboard/mis-casilleros',
      },
      {
        title: N.deactivatedTitle,
        message: N.deactivated(box.mailboxCode),
        type: 'general',
        link: '/dashboard/mis-casilleros',
      },
    ]);
    expect((await trpcError(admin.mailboxes.setStatus({ id: randomUUID(), status: 'active' }))).message).toBe(
      M.mailboxNotFound,
    );
    expect((await trpcError(c.caller.mailboxes.setStatus({ id: box.id, status: 'active' }))).code).toBe('FORBIDDEN');
  });
});

describe('clients.update', () => {
  it('saves the profile; empty optionals become null; the state is one of the 24', async () => {
    const c = await customer({ nombre: 'Nombre Viejo' });
    await admin.clients.update({
      userId: c.user.id,
      fullName: '  Rafael Antonio Briceño ',
      phone: '+58 424 123 4567',
      cedula: 'v12345678',
      venezuelaAddress: 'Av. Bolívar, Edif. Sol, piso 3',
      venezuelaCity: 'Barquisimeto',
      venezuelaState: 'Lara',
    });
    let detail = await admin.clients.detail({ userId: c.user.id });
    expect(detail).toMatchObject({
      fullName: 'Rafael Antonio Briceño',
      phone: '+58 424 123 4567',
      cedula: 'V-12345678',
      venezuelaAddress: 'Av. Bolívar, Edif. Sol, piso 3',
      venezuelaCity: 'Barquisimeto',
      venezuelaState: 'Lara',
    });
    await admin.clients.update({
      userId: c.user.id,
      fullName: 'Rafael Briceño',
      phone: '',
      cedula: '',
      venezuelaAddress: '',
      venezuelaCity: '',
      venezuelaState: '',
    });
    detail = await admin.clients.detail({ userId: c.user.id });
    expect(detail).toMatchObject({
      fullName: 'Rafael Briceño',
      phone: null,
      cedula: null,
      venezuelaAddress: null,
      venezuelaCity: null,
      venezuelaState: null,
    });
    // The customer's own profile shows the admin's change.
    expect((await c.caller.profile.get()).fullName).toBe('Rafael Briceño');

    expect((await trpcError(admin.clients.update({ userId: c.user.id, fullName: '' }))).message).toBe(
      PROFILE_MESSAGES.fullNameMin,
    );
    expect((await trpcError(admin.clients.update({ userId: c.user.id } as never))).message).toBe(
      AUTH_MESSAGES.fullNameRequired,
    );
    expect(
      (
        await trpcError(
          admin.clients.update({ userId: c.user.id, fullName: 'Rafael', venezuelaState: 'Texas' as never }),
        )
      ).code,
    ).toBe('BAD_REQUEST');
    expect((await trpcError(admin.clients.update({ userId: randomUUID(), fullName: 'Nadie' }))).message).toBe(
      M.notFound,
    );
    expect((await trpcError(c.caller.clients.update({ userId: c.user.id, fullName: 'Yo mismo' }))).code).toBe(
      'FORBIDDEN',
    );
  });
});
