// Gestión de Notificaciones (docs/product/admin-notifications.md): the list with search, type filter, read
// state and paging; 'Nueva Notificación' to one customer or to all in one statement; delete.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { ADMIN_NOTIFICATION_MESSAGES, type SendNotificationInput } from '@casillero/shared';
import type { Database } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { callerFor, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { signedInAdmin, signedInCustomer } from '../../test/factories';

let database: Database;
type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let adminCaller: ReturnType<typeof callerFor>;
let lucia: Customer;
let marco: Customer;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInAdmin(database.db);
  adminCaller = callerFor(database.db, admin.visitor);
  lucia = await signedInCustomer(database.db, { nombre: 'Lucía Notificada' });
  marco = await signedInCustomer(database.db, { nombre: 'Marco Avisos' });
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

const send = (input: Partial<SendNotificationInput>) =>
  adminCaller.notifications.send({
    recipient: 'individual',
    type: 'general',
    title: 'Aviso',
    message: 'Mensaje',
    ...input,
  } as SendNotificationInput);

async function customerCount() {
  const [row] = await db().select({ n: count() }).from(users).where(eq(users.role, 'user'));
  return Number(row.n);
}

describe('notifications.send', () => {
  it('sends to one customer, who sees it unread in their own list', async () => {
    expect(
      await send({ userId: lucia.user.id, type: 'package', title: 'Tu paquete llegó', message: 'Ya está en Miami.' }),
    ).toEqual({ sent: 1 });
    const mine = await lucia.caller.notifications.mine({});
    expect(mine.items[0]).toMatchObject({
      title: 'Tu paquete llegó',
      message: 'Ya está en Miami.',
      type: 'package',
      read: false,
    });
    expect((await marco.caller.notifications.mine({})).items.some((n) => n.title === 'Tu paquete llegó')).toBe(false);
  });

  it('sends to all customers: one row each, counted, none to admins', async () => {
    const customers = await customerCount();
    const result = await send({
      recipient: 'all',
      userId: lucia.user.id,
      type: 'system',
      title: 'Mantenimiento programado',
      message: 'El sistema estará en mantenimiento el domingo.',
    });
    expect(result).toEqual({ sent: customers });
    const rows = await db()
      .select({ userId: notifications.userId, type: notifications.type })
      .from(notifications)
      .where(eq(notifications.title, 'Mantenimiento programado'));
    expect(rows).toHaveLength(customers);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(customers);
    expect(rows.some((r) => r.userId === admin.user.id)).toBe(false);
    expect(rows.every((r) => r.type === 'system')).toBe(true);
    expect((await marco.caller.notifications.mine({})).items[0].title).toBe('Mantenimiento programado');
    // The toast's text.
    expect(ADMIN_NOTIFICATION_MESSAGES.sentAll(result.sent)).toBe(
      `Se enviaron ${customers} notificaciones a todos los usuarios.`,
    );
  });

  it('requires title and message, and a user for an individual send, with the spec messages', async () => {
    expect((await trpcError(send({ userId: lucia.user.id, title: '  ' }))).message).toBe(
      'El título y mensaje son requeridos.',
    );
    expect((await trpcError(send({ userId: lucia.user.id, message: '' }))).message).toBe(
      'El título y mensaje son requeridos.',
    );
    expect((await trpcError(send({ recipient: 'all', title: undefined }))).message).toBe(
      'El título y mensaje son requeridos.',
    );
    expect((await trpcError(send({ userId: null }))).message).toBe('Selecciona un usuario.');
    expect((await trpcError(send({ userId: 'no-es-un-id' }))).message).toBe('Selecciona un usuario.');
    const unknown = await trpcError(send({ userId: randomUUID() }));
    expect(unknown.code).toBe('BAD_REQUEST');
    expect(unknown.message).toBe(ADMIN_NOTIFICATION_MESSAGES.userInvalid);
    expect((await trpcError(send({ userId: admin.user.id }))).message).toBe(ADMIN_NOTIFICATION_MESSAGES.userInvalid);
    // payment_update is the system's: an admin cannot send it.
    expect((await trpcError(send({ userId: lucia.user.id, type: 'payment_update' as never }))).code).toBe(
      'BAD_REQUEST',
    );
  });

  it('is admin-only', async () => {
    const err = await trpcError(
      lucia.caller.notifications.send({ recipient: 'all', type: 'general', title: 'Hola', message: 'Spam' }),
    );
    expect(err.code).toBe('FORBIDDEN');
  });
});

describe('notifications.list, count, recipients and remove', () => {
  beforeAll(async () => {
    await send({
      userId: marco.user.id,
      type: 'shipment',
      title: 'Envío despachado',
      message: 'Tu envío salió hacia Valencia con guía XYZ-778.',
    });
    await db().insert(notifications).values({
      userId: marco.user.id,
      title: 'Actualización de Pago',
      message: 'Tu pago de $4.99 ha sido aprobado y procesado.',
      type: 'payment_update',
      read: true,
    });
    await send({
      userId: lucia.user.id,
      type: 'payment',
      title: 'Recordatorio de pago',
      message: 'Tienes un pago pendiente.',
    });
  });

  it('lists every user’s notifications newest first with the user, type and read state', async () => {
    const page = await adminCaller.notifications.list({});
    const times = page.rows.map((r) => new Date(r.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(page.rows[0]).toMatchObject({
      title: 'Recordatorio de pago',
      type: 'payment',
      read: false,
      userName: 'Lucía Notificada',
      userEmail: lucia.email,
    });
    expect(page.rows.find((r) => r.type === 'payment_update')).toMatchObject({ read: true, userName: 'Marco Avisos' });
  });

  it('searches title, message and user name; filters by type (Pago includes payment updates)', async () => {
    const titles = async (input: Parameters<typeof adminCaller.notifications.list>[0]) =>
      (await adminCaller.notifications.list(input)).rows.map((r) => r.title);
    expect(await titles({ q: 'despachado' })).toEqual(['Envío despachado']);
    expect(await titles({ q: 'xyz-778' })).toEqual(['Envío despachado']);
    const byUser = await adminCaller.notifications.list({ q: 'marco avis' });
    expect(byUser.rows.length).toBeGreaterThan(1);
    expect(byUser.rows.every((r) => r.userId === marco.user.id)).toBe(true);
    expect(await titles({ type: 'payment' })).toEqual(['Recordatorio de pago', 'Actualización de Pago']);
    expect(await titles({ type: 'shipment', q: 'Marco' })).toEqual(['Envío despachado']);
    expect(await titles({ q: '100%_' })).toEqual([]);
    expect(await adminCaller.notifications.count({ type: 'payment' })).toEqual({ count: 2, isCapped: false });
    const [all] = await db().select({ n: count() }).from(notifications);
    expect((await adminCaller.notifications.count({})).count).toBe(Number(all.n));
  });

  it('pages with the page in the input', async () => {
    await db()
      .insert(notifications)
      .values(
        Array.from({ length: 15 }, (_, i) => ({
          userId: lucia.user.id,
          title: `Aviso ${i}`,
          message: 'Relleno para paginar',
        })),
      );
    const first = await adminCaller.notifications.list({ pageSize: 10 });
    const second = await adminCaller.notifications.list({ pageSize: 10, page: 2 });
    expect(first.hasMore).toBe(true);
    expect(second.rows.filter((r) => first.rows.some((f) => f.id === r.id))).toEqual([]);
  });

  it('finds recipients by name or e-mail, customers only', async () => {
    const found = await adminCaller.notifications.recipients({ q: 'lucía noti' });
    expect(found).toEqual([{ id: lucia.user.id, email: lucia.email, fullName: 'Lucía Notificada' }]);
    expect((await adminCaller.notifications.recipients({ q: admin.email })).length).toBe(0);
    expect((await adminCaller.notifications.recipients({})).length).toBe(await customerCount());
  });

  it('deletes a notification; an unknown one answers NOT_FOUND', async () => {
    const [target] = await db()
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.title, 'Envío despachado'));
    expect(await adminCaller.notifications.remove({ id: target.id })).toEqual({ ok: true });
    expect(
      await db().select({ id: notifications.id }).from(notifications).where(eq(notifications.id, target.id)),
    ).toEqual([]);
    const err = await trpcError(adminCaller.notifications.remove({ id: target.id }));
    expect(err.code).toBe('NOT_FOUND');
    expect(err.message).toBe(ADMIN_NOTIFICATION_MESSAGES.notFound);
  });
});

describe('sending to all users at scale', () => {
  it('writes one row per customer for 20,000 customers in one statement', async () => {
    await db().execute(sql`
      insert into users (email, password_hash, role)
      select 'masivo' || g || '@ejemplo.com', 'x', 'user' from generate_series(1, 20000) g`);
    const customers = await customerCount();
    const started = performance.now();
    const result = await send({
      recipient: 'all',
      title: 'Feliz Navidad',
      message: '¡Gracias por confiar en nosotros!',
    });
    const elapsed = performance.now() - started;
    expect(result.sent).toBe(customers);
    expect(customers).toBeGreaterThan(20_000);
    const [row] = await db()
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.title, 'Feliz Navidad'), eq(notifications.type, 'general')));
    expect(Number(row.n)).toBe(customers);
    // Generous bound: one statement, no rows read into the server.
    expect(elapsed).toBeLessThan(30_000);
  });
});
