// The admin pre-alerts screen (docs/product/admin-prealerts.md): list and counters, confirm,
// edit, and the one-time conversion into a package.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  ADMIN_PREALERT_MESSAGES as M,
  PREALERT_MESSAGES,
  PREALERT_NOTIFICATIONS,
  type PrealertCreateInput,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import { emailOutbox, mailboxes, notifications, packages, prealerts, trackings, users } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { type callerFor, trpcError } from '../../test/caller';
import { signedInAdmin, signedInCustomer, uniqueEmail } from '../../test/factories';

let database: Database;
let admin: ReturnType<typeof callerFor>;
beforeAll(async () => {
  database = await createTestDatabase();
  admin = (await signedInAdmin(database.db)).caller;
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

let serial = 0;
const trackingNumber = () => `PRE${Date.now().toString(36)}${++serial}`.toUpperCase();

function purchase(overrides: Partial<PrealertCreateInput> = {}): PrealertCreateInput {
  return {
    trackingNumber: trackingNumber(),
    carrier: 'Amazon',
    senderName: 'Amazon',
    description: 'Audífonos inalámbricos',
    quantityItems: 2,
    amountSpentUsdCents: 8997,
    estimatedWeight: 1.2,
    estimatedValueUsdCents: 8997,
    ...overrides,
  };
}

/** A customer with one pre-alert (pending unless told). */
async function customerWithPrealert(overrides: Partial<PrealertCreateInput> = {}, opts: { nombre?: string } = {}) {
  const customer = await signedInCustomer(db(), { nombre: opts.nombre });
  const { id } = await customer.caller.prealerts.create(purchase(overrides));
  return { ...customer, prealertId: id };
}

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
  const rows = await db()
    .select({ to: emailOutbox.to, subject: emailOutbox.subject })
    .from(emailOutbox)
    .where(eq(emailOutbox.subject, subject));
  return rows.filter((r) => r.to.includes(email));
}

describe('prealerts admin list', () => {
  it('lists every customer’s pre-alerts newest first with the client, searches, filters, pages and counts by status', async () => {
    const a = await customerWithPrealert({}, { nombre: 'Rosalba Quintero' });
    const b = await customerWithPrealert({ trackingNumber: null, senderName: 'Shein' }, { nombre: 'Ignacio Mendoza' });
    await admin.prealerts.confirm({ id: b.prealertId });

    const page = await admin.prealerts.list({});
    expect(page.rows[0]).toMatchObject({
      id: b.prealertId,
      trackingNumber: null,
      clientName: 'Ignacio Mendoza',
      clientEmail: b.email,
      senderName: 'Shein',
      status: 'confirmed',
      quantityItems: 2,
      amountSpentUsdCents: 8997,
      estimatedWeight: 1.2,
      estimatedValueUsdCents: 8997,
    });
    expect(page.rows[1]).toMatchObject({ id: a.prealertId, clientName: 'Rosalba Quintero', status: 'pending' });
    expect(typeof page.rows[0].createdAt).toBe('string');

    const byName = await admin.prealerts.list({ q: 'rosalba' });
    expect(byName.rows.map((r) => r.id)).toEqual([a.prealertId]);
    const [aRow] = byName.rows;
    expect(
      (await admin.prealerts.list({ q: aRow.trackingNumber!.slice(2, 12).toLowerCase() })).rows.map((r) => r.id),
    ).toEqual([a.prealertId]);
    expect((await admin.prealerts.list({ q: 'shein' })).rows.map((r) => r.id)).toEqual([b.prealertId]);
    expect((await admin.prealerts.list({ status: 'confirmed' })).rows.map((r) => r.id)).toEqual([b.prealertId]);
    expect(await admin.prealerts.count({ q: 'rosalba' })).toEqual({ count: 1, isCapped: false });
    expect(await admin.prealerts.count({ status: 'confirmed' })).toEqual({ count: 1, isCapped: false });

    expect(await admin.prealerts.stats()).toMatchObject({ pending: 1, confirmed: 1, converted: 0, total: 2 });

    // Paging: 12 more pre-alerts, 10 a page.
    const c = await signedInCustomer(db());
    for (let i = 0; i < 12; i++) await c.caller.prealerts.create(purchase());
    const first = await admin.prealerts.list({ pageSize: 10 });
    const second = await admin.prealerts.list({ pageSize: 10, page: 2 });
    expect(first).toMatchObject({ page: 1, pageSize: 10, hasMore: true });
    expect(first.rows).toHaveLength(10);
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.rows).toHaveLength(4);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(14);
    expect(await admin.prealerts.stats()).toMatchObject({ pending: 13, confirmed: 1, converted: 0, total: 14 });
  });
});

describe('prealerts admin list: the tracking the warehouse registered', () => {
  it('shows on the card the tracking created with the pre-alert’s number, and none on the others', async () => {
    const matched = await customerWithPrealert({}, { nombre: 'Teresa Colmenares' });
    const unmatched = await customerWithPrealert({}, { nombre: 'Teresa Colmenares' });
    // The warehouse registers trackings only to active mailboxes.
    const [box] = await db()
      .update(mailboxes)
      .set({ status: 'active' })
      .where(eq(mailboxes.userId, matched.user.id))
      .returning({ id: mailboxes.id });
    const [pre] = await db()
      .select({ trackingNumber: prealerts.trackingNumber })
      .from(prealerts)
      .where(eq(prealerts.id, matched.prealertId));
    const created = await admin.trackings.create({
      mailboxId: box.id,
      trackingNumber: pre.trackingNumber!,
      carrier: 'UPS',
      description: 'Audífonos inalámbricos en caja',
      senderName: 'Amazon',
    });
    expect(created.prealertId).toBe(matched.prealertId);
    // Another tracking of the same customer, with another number, links to nothing.
    await admin.trackings.create({
      mailboxId: box.id,
      trackingNumber: trackingNumber(),
      carrier: 'UPS',
      description: 'Otro paquete sin prealerta',
      senderName: 'Nike',
    });

    const { rows } = await admin.prealerts.list({ q: 'teresa colmenares' });
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(rows).toHaveLength(2);
    expect(byId.get(matched.prealertId)!.matchedTracking).toEqual({
      id: created.id,
      trackingNumber: pre.trackingNumber,
      status: 'created',
      createdAt: expect.any(String),
    });
    expect(byId.get(unmatched.prealertId)!.matchedTracking).toBeNull();

    // The card follows the tracking's status.
    await admin.trackings.updateStatus({ id: created.id, status: 'in_warehouse' });
    const [again] = (await admin.prealerts.list({ q: pre.trackingNumber! })).rows;
    expect(again.matchedTracking).toMatchObject({ id: created.id, status: 'in_warehouse' });
  });
});

describe('prealerts.confirm', () => {
  it('moves a pending pre-alert to confirmed and notifies the customer in the app and by e-mail', async () => {
    const c = await customerWithPrealert({ trackingNumber: 'CONF1234567' });
    expect(await admin.prealerts.confirm({ id: c.prealertId })).toEqual({ id: c.prealertId, status: 'confirmed' });
    const [row] = await db().select({ status: prealerts.status }).from(prealerts).where(eq(prealerts.id, c.prealertId));
    expect(row.status).toBe('confirmed');
    expect(await notificationsOf(c.user.id)).toContainEqual({
      title: PREALERT_NOTIFICATIONS.confirmedTitle,
      message: PREALERT_NOTIFICATIONS.confirmed('«CONF1234567»'),
      type: 'package',
      link: '/dashboard/prealertas',
    });
    expect(await mailsTo(c.email, PREALERT_NOTIFICATIONS.confirmedTitle)).toHaveLength(1);

    const again = await trpcError(admin.prealerts.confirm({ id: c.prealertId }));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe(M.notPending);
    expect((await trpcError(admin.prealerts.confirm({ id: randomUUID() }))).code).toBe('NOT_FOUND');
  });

  it('a customer cannot confirm (admin only)', async () => {
    const c = await customerWithPrealert();
    expect((await trpcError(c.caller.prealerts.confirm({ id: c.prealertId }))).code).toBe('FORBIDDEN');
  });
});

describe('prealerts.edit', () => {
  const fields = (id: string) => ({
    id,
    description: 'Audífonos Sony y funda',
    quantityItems: 3,
    amountSpentUsdCents: 12050,
    senderName: 'Best Buy',
    estimatedWeight: 1.5,
    estimatedValueUsdCents: 12050,
    carrier: 'UPS' as const,
    estadoTracking: 'En tránsito' as const,
    notes: 'Revisado por el almacén',
  });

  it('saves the editable fields while pending or confirmed; the tracking number stays', async () => {
    const c = await customerWithPrealert({ trackingNumber: 'EDIT1234567' });
    await admin.prealerts.edit({ ...fields(c.prealertId), trackingNumber: 'OTRO999999' } as never);
    const [row] = await db().select().from(prealerts).where(eq(prealerts.id, c.prealertId));
    expect(row).toMatchObject({
      trackingNumber: 'EDIT1234567',
      description: 'Audífonos Sony y funda',
      quantityItems: 3,
      amountSpentUsdCents: 12050,
      senderName: 'Best Buy',
      estimatedWeight: 1.5,
      estimatedValueUsdCents: 12050,
      carrier: 'UPS',
      estadoTracking: 'En tránsito',
      notes: 'Revisado por el almacén',
      status: 'pending',
    });
    await admin.prealerts.confirm({ id: c.prealertId });
    await admin.prealerts.edit({ ...fields(c.prealertId), senderName: null, estimatedValueUsdCents: null });
    const [confirmed] = await db().select().from(prealerts).where(eq(prealerts.id, c.prealertId));
    expect(confirmed).toMatchObject({ senderName: null, estimatedValueUsdCents: null, status: 'confirmed' });
  });

  it('applies the field rules: items ≥ 1, amount ≥ 0, weight ≥ 0.1, value ≥ 0', async () => {
    const c = await customerWithPrealert();
    const f = fields(c.prealertId);
    expect((await trpcError(admin.prealerts.edit({ ...f, quantityItems: 0 }))).message).toBe(
      PREALERT_MESSAGES.itemsMin,
    );
    expect((await trpcError(admin.prealerts.edit({ ...f, amountSpentUsdCents: -1 }))).message).toBe(
      PREALERT_MESSAGES.amountMin,
    );
    expect((await trpcError(admin.prealerts.edit({ ...f, estimatedWeight: 0.05 }))).message).toBe(
      PREALERT_MESSAGES.weightMin,
    );
    expect((await trpcError(admin.prealerts.edit({ ...f, estimatedValueUsdCents: -100 }))).message).toBe(
      PREALERT_MESSAGES.valueMin,
    );
    expect((await trpcError(admin.prealerts.edit({ ...f, estadoTracking: 'Perdido' as never }))).code).toBe(
      'BAD_REQUEST',
    );
    expect((await trpcError(admin.prealerts.edit({ ...f, id: randomUUID() }))).code).toBe('NOT_FOUND');
  });

  it('refuses once converted', async () => {
    const c = await customerWithPrealert();
    await admin.prealerts.confirm({ id: c.prealertId });
    await admin.prealerts.convert({ id: c.prealertId });
    const refused = await trpcError(admin.prealerts.edit(fields(c.prealertId)));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toBe(M.notEditable);
  });
});

describe('prealerts.convert', () => {
  it('creates the received package in the pre-alert’s mailbox, links it back and notifies the customer', async () => {
    const c = await customerWithPrealert({ trackingNumber: 'CONV1234567', senderName: 'Amazon' });
    const [box] = await c.caller.mailboxes.mine();
    const early = await trpcError(admin.prealerts.convert({ id: c.prealertId }));
    expect(early.code).toBe('CONFLICT');
    expect(early.message).toBe(M.notConfirmed);

    await admin.prealerts.confirm({ id: c.prealertId });
    const before = Date.now();
    const result = await admin.prealerts.convert({
      id: c.prealertId,
      actualWeight: 1.4,
      actualValueUsdCents: 9550,
      packageDescription: 'Audífonos Sony WH-1000XM5',
      notes: 'Caja algo golpeada',
    });
    expect(result).toMatchObject({ id: c.prealertId, status: 'converted', mailboxCode: box.mailboxCode });

    const [pkg] = await db().select().from(packages).where(eq(packages.id, result.packageId));
    expect(pkg).toMatchObject({
      userId: c.user.id,
      mailboxId: box.id,
      trackingNumber: 'CONV1234567',
      packageDescription: 'Audífonos Sony WH-1000XM5',
      senderName: 'Amazon',
      weightKg: 1.4,
      estimatedValueUsdCents: 9550,
      status: 'received',
      notes: 'Caja algo golpeada',
    });
    expect(pkg.receivedDate!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const [pre] = await db().select().from(prealerts).where(eq(prealerts.id, c.prealertId));
    expect(pre.status).toBe('converted');
    expect(pre.convertedPackageId).toBe(pkg.id);
    expect(pre.convertedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);

    expect(await notificationsOf(c.user.id)).toContainEqual({
      title: PREALERT_NOTIFICATIONS.convertedTitle,
      message: PREALERT_NOTIFICATIONS.converted('«CONV1234567»', box.mailboxCode),
      type: 'package',
      link: '/dashboard/almacen',
    });
    expect(await mailsTo(c.email, PREALERT_NOTIFICATIONS.convertedTitle)).toHaveLength(1);

    // The customer sees the package in Almacén, and the list shows the pre-alert converted.
    const mine = await c.caller.packages.mine({});
    expect(mine.items.map((p) => p.id)).toContain(pkg.id);
    const [card] = (await admin.prealerts.list({ q: 'CONV1234567' })).rows;
    expect(card).toMatchObject({ status: 'converted', convertedPackageId: pkg.id });

    const twice = await trpcError(admin.prealerts.convert({ id: c.prealertId }));
    expect(twice.code).toBe('CONFLICT');
    expect(twice.message).toBe(M.alreadyConverted);
  });

  it('defaults: description from the pre-alert, unmeasured weight and value left empty, the tracking linked', async () => {
    const c = await customerWithPrealert({ trackingNumber: 'LINK1234567', description: 'Zapatos deportivos' });
    const [box] = await c.caller.mailboxes.mine();
    const [t] = await db()
      .insert(trackings)
      .values({
        trackingNumber: 'LINK1234567',
        userId: c.user.id,
        mailboxId: box.id,
        description: 'Zapatos deportivos',
        carrier: 'UPS',
        senderName: 'Nike',
      })
      .returning({ id: trackings.id });
    await admin.prealerts.confirm({ id: c.prealertId });
    const { packageId } = await admin.prealerts.convert({ id: c.prealertId, actualWeight: 0, actualValueUsdCents: 0 });
    const [pkg] = await db().select().from(packages).where(eq(packages.id, packageId));
    expect(pkg).toMatchObject({
      packageDescription: 'Zapatos deportivos',
      weightKg: null,
      estimatedValueUsdCents: null,
      notes: null,
      trackingId: t.id,
    });
  });

  it('uses the customer’s first mailbox when the pre-alert names none', async () => {
    const c = await signedInCustomer(db(), { type: 'usa' });
    await c.caller.mailboxes.open({ type: 'china' });
    const boxes = await c.caller.mailboxes.mine();
    expect(boxes).toHaveLength(2);
    const { id } = await c.caller.prealerts.create(purchase());
    // Two mailboxes and none chosen: the pre-alert names none.
    const [pre] = await db().select({ mailboxId: prealerts.mailboxId }).from(prealerts).where(eq(prealerts.id, id));
    expect(pre.mailboxId).toBeNull();
    await admin.prealerts.confirm({ id });
    const { packageId, mailboxCode } = await admin.prealerts.convert({ id });
    const usa = boxes.find((b) => b.country === 'USA')!;
    expect(mailboxCode).toBe(usa.mailboxCode);
    const [pkg] = await db().select({ mailboxId: packages.mailboxId }).from(packages).where(eq(packages.id, packageId));
    expect(pkg.mailboxId).toBe(usa.id);
  });

  it('refuses without a mailbox: Usuario no tiene casillero asignado', async () => {
    const [user] = await db()
      .insert(users)
      .values({ email: uniqueEmail('sincasillero'), passwordHash: 'x', role: 'user' })
      .returning({ id: users.id });
    const [pre] = await db()
      .insert(prealerts)
      .values({ userId: user.id, description: 'Libro', status: 'confirmed' })
      .returning({ id: prealerts.id });
    const err = await trpcError(admin.prealerts.convert({ id: pre.id }));
    expect(err.code).toBe('BAD_REQUEST');
    expect(err.message).toBe(M.noMailbox);
    const [after] = await db().select({ status: prealerts.status }).from(prealerts).where(eq(prealerts.id, pre.id));
    expect(after.status).toBe('confirmed');
    expect(await db().select({ id: packages.id }).from(packages).where(eq(packages.userId, user.id))).toHaveLength(0);
  });

  it('validates the real weight and value', async () => {
    const c = await customerWithPrealert();
    expect((await trpcError(admin.prealerts.convert({ id: c.prealertId, actualWeight: -1 }))).message).toBe(
      M.realWeightInvalid,
    );
    expect((await trpcError(admin.prealerts.convert({ id: c.prealertId, actualValueUsdCents: -100 }))).message).toBe(
      M.realValueInvalid,
    );
  });

  it('twenty simultaneous conversions make one package and nineteen clear refusals', async () => {
    const c = await customerWithPrealert();
    await admin.prealerts.confirm({ id: c.prealertId });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => admin.prealerts.convert({ id: c.prealertId, actualWeight: 1.2 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refusals.map((r) => (r.reason as Error).message)).toEqual(Array(19).fill(M.alreadyConverted));
    expect(await db().select({ id: packages.id }).from(packages).where(eq(packages.userId, c.user.id))).toHaveLength(1);
    const converted = await db()
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, c.user.id), eq(notifications.title, PREALERT_NOTIFICATIONS.convertedTitle)));
    expect(converted).toHaveLength(1);
  });
});
