// The admin notifications screen's inputs (docs/product/admin-notifications.md): the list and 'Nueva Notificación'.
import { z } from '../zod-es';
import { ADMIN_NOTIFICATION_TYPES } from '../list-params';
import { ADMIN_NOTIFICATION_MESSAGES as M } from '../notifications/messages';
import { listPageParams, optionalSearchText } from './list';
import { fitsCharacters } from '../text';

export const NOTIFICATION_RECIPIENTS = ['individual', 'all'] as const;
export type NotificationRecipient = (typeof NOTIFICATION_RECIPIENTS)[number];
export const NOTIFICATION_RECIPIENT_LABELS: Record<NotificationRecipient, string> = {
  individual: 'Usuario individual',
  all: 'Todos los usuarios',
};

export const adminNotificationFilters = z.object({
  q: optionalSearchText,
  type: z.enum(ADMIN_NOTIFICATION_TYPES).optional().catch(undefined),
});
export type AdminNotificationFilters = Partial<z.output<typeof adminNotificationFilters>>;

export const adminNotificationListInput = adminNotificationFilters.extend(listPageParams);
export type AdminNotificationListInput = z.input<typeof adminNotificationListInput>;
export type AdminNotificationListParams = Partial<z.output<typeof adminNotificationListInput>>;

const required = (max: number, maxMessage: string) =>
  z.string({ error: M.required }).trim().min(1, M.required).refine(fitsCharacters(max), maxMessage);

export const sendNotificationInput = z
  .object({
    recipient: z.enum(NOTIFICATION_RECIPIENTS),
    userId: z
      .string()
      .nullish()
      .transform((s) => s || null),
    type: z.enum(ADMIN_NOTIFICATION_TYPES),
    title: required(200, M.titleMax),
    message: required(2000, M.messageMax),
  })
  .superRefine((v, ctx) => {
    if (v.recipient === 'individual' && !z.uuid().safeParse(v.userId).success) {
      ctx.addIssue({ code: 'custom', path: ['userId'], message: M.userRequired });
    }
  })
  // A user chosen before switching to "all users" is not a recipient.
  .transform((v) => ({ ...v, userId: v.recipient === 'all' ? null : v.userId }));
export type SendNotificationInput = z.input<typeof sendNotificationInput>;

/** The recipient picker's search (name or e-mail). */
export const notificationRecipientsInput = z.object({ q: z.string().trim().max(100).optional() }).default({});
