// The admin trackings panel's list (docs/product/admin-trackings.md#the-list): newest first, its
// filters, search, sorts and pages, the bounded count, the stat cards, the carriers, the details and
// the client picker, read by staff only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { LIST_COUNT_CAP } from '@casillero/shared';
import type { Database } from '../../db/client';
import { trackingStatusCounts, trackings } from '../../db/schema';
import { testConfig } from '../../env';
import { capCount, containsPattern, pageWindow } from '../../lib/list';
import { createTestDatabase } from '../../test/db';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { signedInAdmin, signedInCustomer } from '../../test/factories';
import { customerWithMailbox, trackingForm } from '../../test/trackings';

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

describe('trackings list, count, stats, carriers', () => {
  let ana: Awaited<ReturnType<typeof customerWithMailbox>>;
  let beto: Awaited<ReturnType<typeof customerWithMailbox>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    // A fresh view: this block's trackings only.
    await db().delete(trackings);
    ana = await customerWithMailbox(db(), 'Ana "La Flaca" Zamora, hija');
    beto = await customerWithMailbox(db(), 'Beto Quintero');
    const specs = [
      { key: 'a1', who: ana, trackingNumber: 'ZZLIST0001', carrier: 'UPS', priority: 'high' as const },
      { key: 'a2', who: ana, trackingNumber: 'ZZLIST0002', carrier: 'FedEx', priority: 'low' as const },
      { key: 'a3', who: ana, trackingNumber: 'QQOTHER003', carrier: 'DHL', priority: 'medium' as const },
      { key: 'b1', who: beto, trackingNumber: 'ZZLIST0004', carrier: 'UPS', priority: 'medium' as const },
      { key: 'b2', who: beto, trackingNumber: 'QQOTHER005', carrier: 'Amazon', priority: 'high' as const },
    ];
    for (const s of specs) {
      const { id } = await adminCaller.trackings.create(
        trackingForm(s.who.mailbox.id, { trackingNumber: s.trackingNumber, carrier: s.carrier, priority: s.priority }),
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
