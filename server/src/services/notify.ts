// The customer's in-app notification, and the e-mail that goes with it when the customer
// wants e-mails (Configuración). Call with the transaction that makes the change.
import { eq } from 'drizzle-orm';
import type { NotificationType } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { notifications, userProfiles, users } from '../db/schema';
import { enqueueEmail } from '../mail/outbox';
import { layout, type EmailMessage } from '../mail/templates';

export type NotificationInput = {
  title: string;
  message: string;
  type: NotificationType;
  /** Where in the app it leads, e.g. '/dashboard/mis-trackings'. */
  link?: string | null;
};

export async function notifyUser(
  tx: DbOrTx,
  userId: string,
  n: NotificationInput,
  options: { email?: EmailMessage | 'default' | false; appUrl?: string } = {},
) {
  const [row] = await tx
    .insert(notifications)
    .values({ userId, title: n.title, message: n.message, type: n.type, link: n.link ?? null })
    .returning({ id: notifications.id });
  if (options.email) {
    const [recipient] = await tx
      .select({ email: users.email, wantsEmail: userProfiles.emailNotifications })
      .from(users)
      .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
      .where(eq(users.id, userId));
    if (recipient && recipient.wantsEmail !== false) {
      const message =
        options.email === 'default'
          ? notificationEmail(n, options.appUrl)
          : options.email;
      await enqueueEmail(tx, recipient.email, message);
    }
  }
  return row.id;
}

/** A plain e-mail that repeats the notification, with a button to where it leads. */
export function notificationEmail(n: NotificationInput, appUrl?: string): EmailMessage {
  const { html, text } = layout({
    title: n.title,
    paragraphs: [n.message],
    action: n.link && appUrl ? { label: 'Ver en mi cuenta', url: `${appUrl}${n.link}` } : undefined,
  });
  return { template: `notification-${n.type}`, subject: n.title, html, text };
}

/** How the admins' e-mails name a customer: their name (their e-mail without one) and e-mail. */
export async function customerForAdmins(tx: DbOrTx, userId: string): Promise<{ customer: string; email: string }> {
  const [row] = await tx
    .select({ email: users.email, fullName: userProfiles.fullName })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return { customer: row.fullName ?? row.email, email: row.email };
}
