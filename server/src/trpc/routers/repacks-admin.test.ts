// The admin's Reempaques screen: the paged queue (pending first), the counts per status, and
// processing with a WR number then marking shipped, each notifying the customer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REPACK_MESSAGES } from '@casillero/shared';
import type { Database } from '../../db/client';
import { emailOutbox, mailboxes, notifications, packages, repackRequests } from '../../db/schema';
import { testConfig } from '../../env';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { signedInAdmin, signedInCustomer } from '../../test/factories';

const config = testConfig({ appUrl: TEST_APP_URL, adminNotifyEmails: ['almacen@casillero.test'] });
let database: Database;
let adminCaller: ReturnType<typeof callerFor>;
let ana: Awaited<ReturnType<typeof signedInCustomer>>;
let bruno: Awaited<ReturnType<typeof signedInCustomer>>;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  adminCaller = callerFor(database.db, (await signedInAdmin(database.db)).visitor, config);
  ana = await signedInCustomer(database.db, { nombre: 'Ana Cola' });
  bruno = await signedInCustomer(database.db, { nombre: 'Bruno Búsqueda' });
});
afterAll(async () => {
  await database.close();
});

let seq = 0;
async function requestOf(n = 1, who = ana, fields: { trackingNumber?: string; warehouseReceipt?: string } = {}) {
  const [box] = await db().select({ id: mailboxes.id }).from(mailboxes).where(eq(mailboxes.userId, who.user.id));
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const [p] = await db()
      .insert(packages)
      .values({
        userId: who.user.id,
        mailboxId: box.id,
        packageDescription: `Caja ${++seq}`,
        status: 'received',
        receivedDate: new Date(),
        ...fields,
      })
      .returning({ id: packages.id });
    ids.push(p.id);
  }
  return callerFor(db(), who.visitor, config).repacks.request({
    packageIds: ids,
    shippingMethod: 'maritimo',
    instructions: 'Unir todo',
  });
}

describe('repacks admin screen', () => {
  it('pages the queue pending first (oldest first) and counts each status', async () => {
    const first = await requestOf();
    const second = await requestOf(2);
    const third = await requestOf();
    await adminCaller.repacks.process({
      id: third.id,
      warehouseReceipt: 'WR-Q-3',
      weightKg: 8,
      dimensionsCm: '50x40x30',
    });

    const page1 = await adminCaller.repacks.adminPage({ pageSize: 10 });
    expect(page1.rows.map((r) => r.id)).toEqual([first.id, second.id, third.id]);
    expect(page1.rows[1].packages).toHaveLength(2);
    expect(page1.rows[2]).toMatchObject({
      status: 'processed',
      warehouseReceipt: 'WR-Q-3',
      processedByName: 'Admin Prueba',
    });
    expect(page1.rows[0].customer).toMatchObject({ fullName: 'Ana Cola', email: ana.email });

    const paged = await adminCaller.repacks.adminPage({ pageSize: 10, page: 1, status: 'pending' });
    expect(paged.rows.map((r) => r.id)).toEqual([first.id, second.id]);
    expect(await adminCaller.repacks.adminCounts()).toEqual({ pending: 2, processed: 1, shipped: 0 });
  });

  it('processing requires the WR number, notifies the customer, and marks shipped only once processed', async () => {
    const { id } = await requestOf();
    const error = await trpcError(
      adminCaller.repacks.process({ id, warehouseReceipt: '  ', weightKg: 8, dimensionsCm: '50x40x30' }),
    );
    expect(error.message).toBe(REPACK_MESSAGES.warehouseReceiptRequired);
    expect((await trpcError(adminCaller.repacks.markShipped({ id }))).message).toBe(REPACK_MESSAGES.notProcessed);

    await adminCaller.repacks.process({ id, warehouseReceipt: 'WR-2026-0500', weightKg: 8, dimensionsCm: '50x40x30' });
    expect(
      (
        await trpcError(
          adminCaller.repacks.process({ id, warehouseReceipt: 'WR-2', weightKg: 8, dimensionsCm: '50x40x30' }),
        )
      ).message,
    ).toBe(REPACK_MESSAGES.alreadyProcessed);
    await adminCaller.repacks.markShipped({ id });
    expect((await trpcError(adminCaller.repacks.markShipped({ id }))).message).toBe(REPACK_MESSAGES.alreadyShipped);

    const mine = await db().select().from(notifications).where(eq(notifications.userId, ana.user.id));
    expect(
      mine.some(
        (n) =>
          n.title === REPACK_MESSAGES.processedTitle && n.message === REPACK_MESSAGES.processedMessage('WR-2026-0500'),
      ),
    ).toBe(true);
    expect(mine.some((n) => n.title === REPACK_MESSAGES.shippedTitle && n.message.includes('WR-2026-0500'))).toBe(true);
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.template, 'repack-requested'));
    expect(mails.at(-1)!.text).toContain('/admin/reempaques');

    // The WR number is stored as package WR numbers are: trimmed, spaces collapsed, upper-case.
    const typed = await requestOf();
    expect(
      await adminCaller.repacks.process({
        id: typed.id,
        warehouseReceipt: ' wr-9 x ',
        weightKg: 8,
        dimensionsCm: '50x40x30',
      }),
    ).toMatchObject({
      warehouseReceipt: 'WR-9 X',
    });
    const [stored] = await db()
      .select({ wr: repackRequests.warehouseReceipt })
      .from(repackRequests)
      .where(eq(repackRequests.id, typed.id));
    expect(stored.wr).toBe('WR-9 X');
  });

  it('searches by customer name or e-mail, the request WR or a package WR or tracking; the counts follow the search', async () => {
    const pending = await requestOf(1, bruno, { trackingNumber: '1ZBUSCA0001', warehouseReceipt: 'WR-PKG-BUSCA' });
    const processed = await requestOf(1, bruno);
    await adminCaller.repacks.process({
      id: processed.id,
      warehouseReceipt: 'WR-REQ-9911',
      weightKg: 8,
      dimensionsCm: '50x40x30',
    });
    const ids = async (input: Parameters<typeof adminCaller.repacks.adminPage>[0]) =>
      (await adminCaller.repacks.adminPage(input)).rows.map((r) => r.id);

    expect(await ids({ q: 'búsqueda' })).toEqual([pending.id, processed.id]);
    expect(await ids({ q: bruno.email.toUpperCase() })).toEqual([pending.id, processed.id]);
    expect(await ids({ q: 'req-9911' })).toEqual([processed.id]);
    expect(await ids({ q: 'wr-pkg-busca' })).toEqual([pending.id]);
    expect(await ids({ q: '1zbusca' })).toEqual([pending.id]);
    expect(await ids({ q: 'Bruno', status: 'processed' })).toEqual([processed.id]);
    expect(await ids({ q: 'Bruno', status: 'shipped' })).toEqual([]);
    // Shorter than the minimum is no search: the whole queue, pending first.
    const all = await adminCaller.repacks.adminPage({ q: 'Br', pageSize: 100 });
    expect(all.rows.length).toBeGreaterThan(2);
    expect(all.rows.findIndex((r) => r.status !== 'pending')).toBeGreaterThan(
      all.rows.findLastIndex((r) => r.status === 'pending'),
    );

    expect(await adminCaller.repacks.adminCounts({ q: 'Bruno' })).toEqual({ pending: 1, processed: 1, shipped: 0 });
    expect(await adminCaller.repacks.adminCounts({ q: 'WR-REQ' })).toEqual({ pending: 0, processed: 1, shipped: 0 });
  });

  it('is for admins only', async () => {
    const customer = callerFor(db(), ana.visitor, config);
    expect((await trpcError(customer.repacks.adminPage({}))).code).toBe('FORBIDDEN');
    expect((await trpcError(customer.repacks.adminCounts())).code).toBe('FORBIDDEN');
  });
});
