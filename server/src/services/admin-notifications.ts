// 'Nueva Notificación' (docs/product/admin-notifications.md#nueva-notificación): to one customer, or to every customer at once.
// Sending to all is ONE statement (INSERT … SELECT from users) that answers only how many rows
// it wrote: no user is read into the server, so 100,000 customers cost one round trip.
import { and, eq, sql } from 'drizzle-orm';
import { ADMIN_NOTIFICATION_MESSAGES, type sendNotificationInput, type z } from '@casillero/shared';
import { rowsOf, type Db } from '../db/client';
import { DomainError } from '../lib/domain-error';
import { notifications, users } from '../db/schema';

export type SendNotification = z.output<typeof sendNotificationInput>;

export async function sendNotification(db: Db, input: SendNotification): Promise<{ sent: number }> {
  if (input.recipient === 'all') {
    const result = await db.execute(sql`
      with inserted as (
        insert into ${notifications} (user_id, title, message, type)
        select ${users.id}, ${input.title}, ${input.message}, ${input.type}::notification_type
        from ${users}
        where ${users.role} = 'user'
        returning 1
      )
      select count(*)::int as sent from inserted`);
    const [row] = rowsOf<{ sent: number }>(result);
    return { sent: Number(row?.sent ?? 0) };
  }
  // One customer: the user must exist and be a customer (admins are not recipients).
  const [recipient] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.userId!), eq(users.role, 'user')));
  if (!recipient) throw new DomainError('BAD_INPUT', ADMIN_NOTIFICATION_MESSAGES.userInvalid);
  await db
    .insert(notifications)
    .values({ userId: recipient.id, title: input.title, message: input.message, type: input.type });
  return { sent: 1 };
}
