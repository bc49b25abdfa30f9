import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  LIST_COUNT_CAP,
  TRACKING_CLIENT_MESSAGES,
  TRACKING_MESSAGES,
  TRACKING_STATUS_COLORS,
  type TrackingCreateInput,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import {
  emailOutbox,
  mailboxes,
  notifications,
  prealerts,
  trackingHistory,
  trackingStatusCounts,
  trackings,
} from '../../db/schema';
import { testConfig } from '../../env';
import { capCount, containsPattern, pageWindow } from '../../lib/list';
import { createTestDatabase } from '../../test/db';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { signedInAdmin, signedInCustomer } from '../../test/factories';

const ADMIN_INBOX = 'almacen@casillero.test';
const config = testConfig({ appUrl: TEST_APP_URL, adminNotifyEmails: [ADMIN_INBOX] });

let database: Database;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let adminCaller: ReturnType<typeof callerFor>;
beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInAdmin(database.db);
  adminCaller = callerFor(database.db, admin.visitor, config);
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

/** A customer whose mailbox is active (approved activation), ready to receive trackings. */
async function customerWithMailbox(nombre = 'Ana Pérez') {
  const customer = await signedInCustomer(db(), { nombre });
  const [mailbox] = await db()
    .update(mailboxes)
    .set({ status: 'active' })
    .where(eq(mailboxes.userId, customer.user.id))
    .returning({ id: mailboxes.id, mailboxCode: mailboxes.mailboxCode });
  return { ...customer, mailbox };
}

let serial = 0;
const trackingNumber = (prefix = 'TST') => `${prefix}${Date.now().toString(36)}${++serial}`.toUpperCase();

function form(mailboxId: string, overrides: Partial<TrackingCreateInput> = {}): TrackingCreateInput {
  return {
    mailboxId,
    trackingNumber: trackingNumber(),
    carrier: 'UPS',
    description: 'Zapatos deportivos talla 38',
    senderName: 'Nike',
    ...overrides,
  };
}

async function outboxFor(template: string, to: string) {
  const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.template, template));
  return rows.filter((r) => r.to.includes(to));
}

describe('trackings.create', () => {
  it('creates a tracking with the defaults, its history, the notification and both e-mails', async () => {
    const client = await customerWithMailbox('Lucía Fernández');
    const number = trackingNumber('1z').toLowerCase();
    const created = await adminCaller.trackings.create(form(client.mailbox.id, { trackingNumber: number }));
    expect(created.trackingNumber).toBe(number.toUpperCase());

    const [row] = await db().select().from(trackings).where(eq(trackings.id, created.id));
    expect(row).toMatchObject({
      userId: client.user.id,
      mailboxId: client.mailbox.id,
      status: 'created',
      estimatedWeight: 1,
      estimatedValueUsdCents: 0,
      originCountry: 'Estados Unidos',
      priority: 'medium',
      needsReempaque: false,
      reempaqueReason: null,
      createdBy: admin.user.id,
    });
    const history = await db().select().from(trackingHistory).where(eq(trackingHistory.trackingId, created.id));
    expect(history).toMatchObject([{ status: 'created', createdBy: admin.user.id }]);

    const [note] = await db().select().from(notifications).where(eq(notifications.userId, client.user.id));
    expect(note).toMatchObject({ type: 'package', link: '/dashboard/mis-trackings' });
    expect(note.message).toContain(created.trackingNumber);

    const [toClient] = await outboxFor('tracking-created', client.email);
    expect(toClient.subject).toContain(created.trackingNumber);
    expect(toClient.html).toContain(client.mailbox.mailboxCode);
    expect(toClient.text).toContain('Lucía Fernández');
    const [toAdmins] = await outboxFor('tracking-created-admin', ADMIN_INBOX);
    expect(toAdmins.text).toContain(client.email);
  });

  it('refuses each invalid field with the spec message', async () => {
    const { mailbox } = await customerWithMailbox();
    const cases: [Partial<TrackingCreateInput>, string][] = [
      [{ trackingNumber: 'AB-1' }, TRACKING_MESSAGES.trackingNumberMin],
      [{ trackingNumber: 'A'.repeat(51) }, TRACKING_MESSAGES.trackingNumberMax],
      [{ trackingNumber: 'ABC 12345' }, TRACKING_MESSAGES.trackingNumberPattern],
      [{ mailboxId: '' }, TRACKING_MESSAGES.mailboxRequired],
      [{ description: 'Corta' }, TRACKING_MESSAGES.descriptionMin],
      [{ description: 'x'.repeat(501) }, TRACKING_MESSAGES.descriptionMax],
      [{ carrier: '' }, TRACKING_MESSAGES.carrierRequired],
      [{ carrier: 'x'.repeat(101) }, TRACKING_MESSAGES.carrierMax],
      [{ estimatedWeight: 0.05 }, TRACKING_MESSAGES.weightMin],
      [{ estimatedWeight: 100.5 }, TRACKING_MESSAGES.weightMax],
      [{ estimatedValueUsdCents: -100 }, TRACKING_MESSAGES.valueMin],
      [{ estimatedValueUsdCents: 1_000_001 }, TRACKING_MESSAGES.valueMax],
      [{ senderName: 'N' }, TRACKING_MESSAGES.senderMin],
      [{ senderName: 'x'.repeat(101) }, TRACKING_MESSAGES.senderMax],
      [{ originCountry: 'X' }, TRACKING_MESSAGES.originMin],
      [{ notes: 'x'.repeat(1001) }, TRACKING_MESSAGES.notesMax],
    ];
    for (const [override, message] of cases) {
      const error = await trpcError(adminCaller.trackings.create(form(mailbox.id, override)));
      expect(`${JSON.stringify(override).slice(0, 40)}: ${error.code} ${error.message}`).toBe(
        `${JSON.stringify(override).slice(0, 40)}: BAD_REQUEST ${message}`,
      );
    }
  });

  it('keeps the repack reason only with the switch on', async () => {
    const { mailbox } = await customerWithMailbox();
    const off = await adminCaller.trackings.create(form(mailbox.id, { reempaqueReason: 'Caja rota' }));
    const on = await adminCaller.trackings.create(
      form(mailbox.id, { needsReempaque: true, reempaqueReason: 'Caja rota', priority: 'high' }),
    );
    const rows = await db()
      .select({ id: trackings.id, reason: trackings.reempaqueReason, needs: trackings.needsReempaque })
      .from(trackings)
      .where(inArray(trackings.id, [off.id, on.id]));
    expect(rows.find((r) => r.id === off.id)).toMatchObject({ reason: null, needs: false });
    expect(rows.find((r) => r.id === on.id)).toMatchObject({ reason: 'Caja rota', needs: true });
  });

  it('needs a valid client: an unknown or inactive mailbox is refused', async () => {
    const inactive = await signedInCustomer(db());
    const [box] = await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.userId, inactive.user.id));
    for (const mailboxId of [box.id, randomUUID()]) {
      const error = await trpcError(adminCaller.trackings.create(form(mailboxId)));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe(TRACKING_MESSAGES.clientInvalid);
    }
  });

  it('refuses a duplicate tracking number, whatever its case', async () => {
    const { mailbox } = await customerWithMailbox();
    const number = trackingNumber('dup');
    await adminCaller.trackings.create(form(mailbox.id, { trackingNumber: number }));
    const error = await trpcError(
      adminCaller.trackings.create(form(mailbox.id, { trackingNumber: number.toLowerCase() })),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(TRACKING_MESSAGES.duplicate);
  });

  it('lets exactly one of 20 concurrent submissions of one number through', async () => {
    const { mailbox } = await customerWithMailbox();
    const number = trackingNumber('race');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => adminCaller.trackings.create(form(mailbox.id, { trackingNumber: number }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(new Set(failures.map((f) => f.reason.message))).toEqual(new Set([TRACKING_MESSAGES.duplicate]));
    const rows = await db().select({ id: trackings.id }).from(trackings).where(eq(trackings.trackingNumber, number));
    expect(rows).toHaveLength(1);
  });

  it("links the customer's pending pre-alert with the same tracking number", async () => {
    const client = await customerWithMailbox();
    const number = trackingNumber('pre');
    const [prealert] = await db()
      .insert(prealerts)
      .values({ userId: client.user.id, trackingNumber: number, description: 'Audífonos', status: 'pending' })
      .returning({ id: prealerts.id });
    const created = await adminCaller.trackings.create(form(client.mailbox.id, { trackingNumber: number }));
    expect(created.prealertId).toBe(prealert.id);
    const other = await customerWithMailbox();
    const unrelated = await adminCaller.trackings.create(form(other.mailbox.id));
    expect(unrelated.prealertId).toBeNull();
  });

  it('the admin details show the matched pre-alert, and none for an unmatched tracking', async () => {
    const client = await customerWithMailbox('Carla Méndez');
    const number = trackingNumber('match');
    const { id: prealertId } = await client.caller.prealerts.create({
      trackingNumber: number,
      carrier: 'Amazon',
      senderName: 'Amazon',
      description: 'Audífonos inalámbricos',
      quantityItems: 2,
      amountSpentUsdCents: 8997,
      estimatedWeight: 1.2,
      estimatedValueUsdCents: 7950,
    });
    const created = await adminCaller.trackings.create(form(client.mailbox.id, { trackingNumber: number }));
    expect(created.prealertId).toBe(prealertId);

    const detail = await adminCaller.trackings.detail({ id: created.id });
    expect(detail.prealertId).toBe(prealertId);
    expect(detail.prealert).toMatchObject({
      id: prealertId,
      trackingNumber: number,
      senderName: 'Amazon',
      description: 'Audífonos inalámbricos',
      carrier: 'Amazon',
      quantityItems: 2,
      amountSpentUsdCents: 8997,
      estimatedValueUsdCents: 7950,
      status: 'pending',
    });
    expect(detail.prealert!.createdAt).toBeInstanceOf(Date);

    // The same customer's tracking with another number matched nothing.
    const unmatched = await adminCaller.trackings.create(form(client.mailbox.id));
    expect(unmatched.prealertId).toBeNull();
    const plain = await adminCaller.trackings.detail({ id: unmatched.id });
    expect(plain.prealertId).toBeNull();
    expect(plain.prealert).toBeNull();
  });
});

describe('trackings.updateStatus and trackings.requestRepack', () => {
  it('changes to any status, appends history by the admin, keeps the real weight on 0, notifies and e-mails', async () => {
    const client = await customerWithMailbox('Rosa Díaz');
    const { id } = await adminCaller.trackings.create(form(client.mailbox.id));
    await adminCaller.trackings.updateStatus({
      id,
      status: 'in_warehouse',
      actualWeight: 2.4,
      message: 'Recibido en estante A-1',
    });
    await adminCaller.trackings.updateStatus({ id, status: 'ready_to_ship', actualWeight: 0 });
    await adminCaller.trackings.updateStatus({ id, status: 'created' });

    const [row] = await db().select().from(trackings).where(eq(trackings.id, id));
    expect(row).toMatchObject({ status: 'created', actualWeight: 2.4 });

    const detail = await adminCaller.trackings.detail({ id });
    expect(detail.history.map((h) => h.status)).toEqual(['created', 'ready_to_ship', 'in_warehouse', 'created']);
    expect(detail.history[2]).toMatchObject({ message: 'Recibido en estante A-1', createdByName: 'Admin Prueba' });

    const mails = await outboxFor('tracking-status', client.email);
    const ready = mails.find((m) => m.text.includes('Listo para enviar'))!;
    expect(ready.html).toContain(TRACKING_STATUS_COLORS.ready_to_ship);
    expect(ready.text).toContain(TRACKING_CLIENT_MESSAGES.ready_to_ship);
    const warehouse = mails.find((m) => m.text.includes('En almacén'))!;
    expect(warehouse.text).toContain('Recibido en estante A-1');

    const notes = await db().select().from(notifications).where(eq(notifications.userId, client.user.id));
    expect(notes).toHaveLength(4);
  });

  it('requires a status, and answers NOT_FOUND for an unknown tracking', async () => {
    const error = await trpcError(adminCaller.trackings.updateStatus({ id: randomUUID(), status: '' as never }));
    expect(error.message).toBe(TRACKING_MESSAGES.statusRequired);
    const missing = await trpcError(adminCaller.trackings.updateStatus({ id: randomUUID(), status: 'arrived' }));
    expect(missing.code).toBe('NOT_FOUND');
  });

  it('a repack of an unknown tracking answers NOT_FOUND', async () => {
    const missing = await trpcError(adminCaller.trackings.requestRepack({ id: randomUUID(), reason: 'Caja dañada' }));
    expect(missing.code).toBe('NOT_FOUND');
  });

  it('a repack needs a reason; it sets the flag, reason and status and tells the client and the admins', async () => {
    const client = await customerWithMailbox('Pedro Gómez');
    const { id } = await adminCaller.trackings.create(form(client.mailbox.id, { priority: 'high' }));
    const error = await trpcError(adminCaller.trackings.requestRepack({ id, reason: '  ' }));
    expect(error.message).toBe(TRACKING_MESSAGES.repackReasonRequired);

    await adminCaller.trackings.requestRepack({ id, reason: 'Caja muy grande para el envío aéreo', actualWeight: 3.1 });
    const [row] = await db().select().from(trackings).where(eq(trackings.id, id));
    expect(row).toMatchObject({
      needsReempaque: true,
      reempaqueReason: 'Caja muy grande para el envío aéreo',
      status: 'needs_reempaque',
      actualWeight: 3.1,
    });
    const history = await db().select().from(trackingHistory).where(eq(trackingHistory.trackingId, id));
    expect(history.find((h) => h.status === 'needs_reempaque')).toMatchObject({ createdBy: admin.user.id });

    const [toClient] = await outboxFor('tracking-repack', client.email);
    expect(toClient.subject).toMatch(/^\[PRIORIDAD ALTA\]/);
    expect(toClient.text).toContain('Caja muy grande');
    const [toAdmins] = await outboxFor('tracking-repack-admin', ADMIN_INBOX);
    expect(toAdmins.subject).toMatch(/^\[PRIORIDAD ALTA\]/);
    const [note] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.user.id), eq(notifications.title, 'Reempaque solicitado')));
    expect(note.message).toContain('Caja muy grande');
  });
});

// The CSV export is an HTTP download: server/src/http/exports.test.ts.
describe('trackings list, count, stats, carriers', () => {
  let ana: Awaited<ReturnType<typeof customerWithMailbox>>;
  let beto: Awaited<ReturnType<typeof customerWithMailbox>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // A fresh view: this block's trackings only.
    await db().delete(trackings);
    ana = await customerWithMailbox('Ana "La Flaca" Zamora, hija');
    beto = await customerWithMailbox('Beto Quintero');
    const specs = [
      { key: 'a1', who: ana, trackingNumber: 'ZZLIST0001', carrier: 'UPS', priority: 'high' as const },
      { key: 'a2', who: ana, trackingNumber: 'ZZLIST0002', carrier: 'FedEx', priority: 'low' as const },
      { key: 'a3', who: ana, trackingNumber: 'QQOTHER003', carrier: 'DHL', priority: 'medium' as const },
      { key: 'b1', who: beto, trackingNumber: 'ZZLIST0004', carrier: 'UPS', priority: 'medium' as const },
      { key: 'b2', who: beto, trackingNumber: 'QQOTHER005', carrier: 'Amazon', priority: 'high' as const },
    ];
    for (const s of specs) {
      const { id } = await adminCaller.trackings.create(
        form(s.who.mailbox.id, { trackingNumber: s.trackingNumber, carrier: s.carrier, priority: s.priority }),
      );
      ids[s.key] = id;
    }
    await adminCaller.trackings.updateStatus({ id: ids.a2, status: 'in_transit' });
    await adminCaller.trackings.updateStatus({ id: ids.b1, status: 'ready_to_ship' });
    await adminCaller.trackings.updateStatus({ id: ids.b2, status: 'problem' });
    await adminCaller.trackings.requestRepack({ id: ids.a3, reason: 'Caja rota' });
  });

  const numbers = (rows: { trackingNumber: string }[]) => rows.map((r) => r.trackingNumber);

  it('lists newest first with client, e-mail and mailbox, and pages with hasMore', async () => {
    const page = await adminCaller.trackings.list({});
    expect(numbers(page.rows)).toEqual(['QQOTHER005', 'ZZLIST0004', 'QQOTHER003', 'ZZLIST0002', 'ZZLIST0001']);
    expect(page.rows[0]).toMatchObject({
      clientName: 'Beto Quintero',
      clientEmail: beto.email,
      mailboxCode: beto.mailbox.mailboxCode,
    });
    expect(page.hasMore).toBe(false);
    const first = await adminCaller.trackings.list({ pageSize: 10 });
    expect(first.rows).toHaveLength(5);
    const p1 = await adminCaller.trackings.list({ pageSize: 10, page: 1 });
    expect(p1.page).toBe(1);
  });

  it('gives each row its instants as the ISO text the details give', async () => {
    const page = await adminCaller.trackings.list({});
    for (const row of page.rows) {
      const detail = await adminCaller.trackings.detail({ id: row.id });
      expect(row.createdAt).toBe(detail.createdAt.toISOString());
      expect(row.updatedAt).toBe(detail.updatedAt.toISOString());
      expect(row.dispatchAuthorizedAt).toBe(detail.dispatchAuthorizedAt?.toISOString() ?? null);
    }
  });

  it('filters by status, priority and carrier, together too', async () => {
    expect(numbers((await adminCaller.trackings.list({ status: 'ready_to_ship' })).rows)).toEqual(['ZZLIST0004']);
    expect(numbers((await adminCaller.trackings.list({ priority: 'high' })).rows)).toEqual([
      'QQOTHER005',
      'ZZLIST0001',
    ]);
    expect(numbers((await adminCaller.trackings.list({ carrier: 'UPS' })).rows)).toEqual(['ZZLIST0004', 'ZZLIST0001']);
    expect(numbers((await adminCaller.trackings.list({ carrier: 'UPS', priority: 'high' })).rows)).toEqual([
      'ZZLIST0001',
    ]);
  });

  it('searches the tracking number, the client name and e-mail and the mailbox code; short text is ignored', async () => {
    expect(numbers((await adminCaller.trackings.list({ q: 'list000' })).rows)).toEqual([
      'ZZLIST0004',
      'ZZLIST0002',
      'ZZLIST0001',
    ]);
    expect(numbers((await adminCaller.trackings.list({ q: 'quinter' })).rows)).toEqual(['QQOTHER005', 'ZZLIST0004']);
    expect(numbers((await adminCaller.trackings.list({ q: ana.email.slice(0, 12) })).rows)).toHaveLength(3);
    expect(numbers((await adminCaller.trackings.list({ q: beto.mailbox.mailboxCode })).rows)).toEqual([
      'QQOTHER005',
      'ZZLIST0004',
    ]);
    expect(numbers((await adminCaller.trackings.list({ q: 'zz', status: 'problem' })).rows)).toEqual(['QQOTHER005']);
    // The user's % and _ are literal.
    expect((await adminCaller.trackings.list({ q: '%%%' })).rows).toEqual([]);
    expect(containsPattern('a_b%')).toBe('%a\\_b\\%%');
  });

  it('sorts by tracking number, status and priority in both directions', async () => {
    expect(numbers((await adminCaller.trackings.list({ sort: 'trackingNumber', dir: 'asc' })).rows)).toEqual([
      'QQOTHER003',
      'QQOTHER005',
      'ZZLIST0001',
      'ZZLIST0002',
      'ZZLIST0004',
    ]);
    const byPriority = await adminCaller.trackings.list({ sort: 'priority', dir: 'desc' });
    expect(byPriority.rows.map((r) => r.priority)).toEqual(['high', 'high', 'medium', 'medium', 'low']);
    const byStatus = await adminCaller.trackings.list({ sort: 'status', dir: 'asc' });
    expect(byStatus.rows.map((r) => r.status)).toEqual([
      'created',
      'in_transit',
      'needs_reempaque',
      'ready_to_ship',
      'problem',
    ]);
  });

  it('pages through the rows, and clamps a page past the offset bound', async () => {
    const more = await adminCaller.trackings.list({ pageSize: 10, page: 1, sort: 'trackingNumber', dir: 'asc' });
    expect(more.hasMore).toBe(false);
    expect(pageWindow({ page: 2, pageSize: 25 })).toMatchObject({ limit: 25, offset: 25 });
    expect(pageWindow({ page: 100_000, pageSize: 25 })).toMatchObject({ page: 400, offset: 9975 });
    const far = await adminCaller.trackings.list({ page: 100_000 });
    expect(far).toMatchObject({ page: 400, maxPage: 400, rows: [] });
  });

  it('counts: exact total and status counts from the counters, other filters counted', async () => {
    expect(await adminCaller.trackings.count({})).toEqual({ count: 5, isCapped: false, total: 5 });
    expect(await adminCaller.trackings.count({ status: 'problem' })).toEqual({ count: 1, isCapped: false, total: 5 });
    expect(await adminCaller.trackings.count({ carrier: 'UPS' })).toEqual({ count: 2, isCapped: false, total: 5 });
    expect(await adminCaller.trackings.count({ q: 'zzlist' })).toEqual({ count: 3, isCapped: false, total: 5 });
    expect(capCount(LIST_COUNT_CAP + 1)).toEqual({ count: LIST_COUNT_CAP, isCapped: true });
  });

  it('keeps the status counters exact through inserts, updates and deletes', async () => {
    const counters = await db().select().from(trackingStatusCounts);
    const actual = await db().select({ status: trackings.status }).from(trackings);
    for (const c of counters)
      expect(`${c.status}:${c.count}`).toBe(`${c.status}:${actual.filter((a) => a.status === c.status).length}`);
  });

  it('stats: cards, badges and analytics', async () => {
    const stats = await adminCaller.trackings.stats();
    expect(stats).toMatchObject({
      total: 5,
      inTransit: 1,
      needsRepack: 1,
      readyToShip: 1,
      problems: 1,
      readyToday: 1,
      successRate: 0,
      repackShare: 20,
    });
    expect(stats.byStatus).toMatchObject({
      created: 1,
      in_transit: 1,
      needs_reempaque: 1,
      ready_to_ship: 1,
      problem: 1,
      delivered: 0,
    });
  });

  it('lists the carriers found in the data', async () => {
    expect(await adminCaller.trackings.carriers()).toEqual(['Amazon', 'DHL', 'FedEx', 'UPS']);
  });

  it('details: package, client, mailbox and history newest first', async () => {
    const detail = await adminCaller.trackings.detail({ id: ids.a3 });
    expect(detail).toMatchObject({
      trackingNumber: 'QQOTHER003',
      clientName: 'Ana "La Flaca" Zamora, hija',
      clientEmail: ana.email,
      mailboxCode: ana.mailbox.mailboxCode,
      reempaqueReason: 'Caja rota',
    });
    expect(detail.history.map((h) => h.status)).toEqual(['needs_reempaque', 'created']);
    expect((await trpcError(adminCaller.trackings.detail({ id: randomUUID() }))).code).toBe('NOT_FOUND');
  });

  it('the client picker lists active mailboxes only, searchable', async () => {
    const inactive = await signedInCustomer(db(), { nombre: 'Zacarías Inactivo' });
    const all = await adminCaller.trackings.clients({});
    expect(all.map((c) => c.mailboxId)).toContain(ana.mailbox.id);
    expect(all.map((c) => c.userId)).not.toContain(inactive.user.id);
    const found = await adminCaller.trackings.clients({ q: 'quintero' });
    expect(found).toEqual([
      {
        mailboxId: beto.mailbox.id,
        mailboxCode: beto.mailbox.mailboxCode,
        country: 'USA',
        userId: beto.user.id,
        email: beto.email,
        fullName: 'Beto Quintero',
      },
    ]);
  });

  it('customers cannot read or change trackings', async () => {
    const error = await trpcError(beto.caller.trackings.list({}));
    expect(error.code).toBe('FORBIDDEN');
    expect((await trpcError(beto.caller.trackings.updateStatus({ id: ids.b1, status: 'delivered' }))).code).toBe(
      'FORBIDDEN',
    );
  });
});
