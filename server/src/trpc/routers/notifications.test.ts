import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { notifications } from '../../db/schema';
import { createTestDatabase } from '../../test/db';
import { trpcError } from '../../test/caller';
import { signedInCustomer } from '../../test/factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

async function addNotifications(userId: string, n: number) {
  const base = Date.now() - n * 60_000;
  await db()
    .insert(notifications)
    .values(
      Array.from({ length: n }, (_, i) => ({
        userId,
        title: `Aviso ${i + 1}`,
        message: `Mensaje ${i + 1}`,
        type: 'package' as const,
        createdAt: new Date(base + i * 60_000),
      })),
    );
}

describe('notifications', () => {
  it('lists own notifications newest first, one page at a time, and counts the unread', async () => {
    const { caller, user } = await signedInCustomer(db());
    await addNotifications(user.id, 30);
    const first = await caller.notifications.mine({ page: 1, pageSize: 25 });
    expect(first.total).toBe(30);
    expect(first.items).toHaveLength(25);
    expect(first.items[0].title).toBe('Aviso 30');
    expect(first.items.every((n) => !n.read)).toBe(true);
    const second = await caller.notifications.mine({ page: 2, pageSize: 25 });
    expect(second.items.map((n) => n.title).at(-1)).toBe('Aviso 1');
    expect((await caller.notifications.unreadCount()).count).toBe(30);
  });

  it('marks one and then all as read; the count follows', async () => {
    const { caller, user } = await signedInCustomer(db());
    await addNotifications(user.id, 3);
    const { items } = await caller.notifications.mine();
    await caller.notifications.markRead({ id: items[0].id });
    expect((await caller.notifications.unreadCount()).count).toBe(2);
    expect((await caller.notifications.mine({ unreadOnly: true })).total).toBe(2);
    expect((await caller.notifications.markAllRead()).updated).toBe(2);
    expect((await caller.notifications.unreadCount()).count).toBe(0);
  });

  it('a customer can neither read nor mark another customer’s notifications', async () => {
    const a = await signedInCustomer(db());
    const b = await signedInCustomer(db());
    await addNotifications(b.user.id, 2);
    const bItems = (await b.caller.notifications.mine()).items;
    expect((await a.caller.notifications.mine()).total).toBe(0);
    const err = await trpcError(a.caller.notifications.markRead({ id: bItems[0].id }));
    expect(err.code).toBe('NOT_FOUND');
    expect((await a.caller.notifications.markAllRead()).updated).toBe(0);
    expect((await b.caller.notifications.unreadCount()).count).toBe(2);
  });
});
