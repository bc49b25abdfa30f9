// docs/decisions/020-messages-that-reach-people.md: messages that reach people. Preferences per kind of event and channel, the verified
// WhatsApp number, the WhatsApp outbox (delivered like e-mail: retried, never lost, never sent
// twice), storage reminders and scheduled jobs that run once whatever the number of servers,
// and the news an admin posts on a shipment.
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS, SHIPMENT_NEWS_KINDS, STORAGE_REMINDER_KINDS } from '@casillero/shared';
import { createdAt, requiredRef, timestamptz, updatedAt, uuidPk, outboxDeliveryColumns } from './columns';
import { users } from './users';
import { packages } from './packages';
import { shipments } from './shipments';

/**
 * A free-form WhatsApp message as the Cloud API takes it (POST …/messages, without `to`); a file
 * (the inbox's attachments) names the stored file, and the sender links to it when it goes.
 */
export type WhatsappFreeForm =
  | { type: 'text'; text: { body: string; preview_url?: boolean } }
  | { type: 'document'; document: { fileId: string; filename: string; caption?: string } }
  | { type: 'image'; image: { fileId: string; caption?: string } }
  | {
      type: 'interactive';
      interactive: {
        type: 'button';
        body: { text: string };
        action: { buttons: { type: 'reply'; reply: { id: string; title: string } }[] };
      };
    };

/** A customer's channels for one kind of event; no row means the defaults (see the service). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    email: boolean('email').notNull(),
    whatsapp: boolean('whatsapp').notNull(),
    /** Web push to the customer's browsers; null: on (the default once a browser is subscribed). */
    push: boolean('push'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind], name: 'notification_preferences_pkey' })],
);

/** The WhatsApp number a customer is verifying: one pending code at a time, stored hashed. */
export const phoneVerifications = pgTable('phone_verifications', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** E.164, e.g. +584141234567. */
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamptz('expires_at').notNull(),
  createdAt: createdAt(),
});

/**
 * A verified WhatsApp number per customer (the only number anything is sent to). The WhatsApp
 * desk finds the customer of each message it receives by the number (the index).
 */
export const whatsappNumbers = pgTable(
  'whatsapp_numbers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    verifiedAt: timestamptz('verified_at').notNull().defaultNow(),
  },
  (t) => [index('whatsapp_numbers_phone_idx').on(t.phone)],
);

/**
 * Outbound WhatsApp messages, written in the same transaction as the change that causes them and
 * delivered by a worker like e-mail (docs/decisions/004); the id is the idempotency key.
 */
export const whatsappOutbox = pgTable(
  'whatsapp_outbox',
  {
    id: uuidPk(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    toPhone: text('to_phone').notNull(),
    /** The approved template's name and its language, e.g. 'paquete_recibido', 'es'; '' for a free-form message. */
    template: text('template').notNull(),
    language: text('language').notNull().default('es'),
    /** The template's body parameters, in order. */
    params: jsonb('params').$type<string[]>().notNull(),
    /** The text as the customer reads it (logged when no token is set). */
    body: text('body').notNull(),
    /**
     * A free-form message instead of a template: the Cloud API's `text` or `interactive` message,
     * allowed only within 24 hours of the customer's last message (the WhatsApp desk,
     * docs/product/whatsapp-desk.md#the-24-hour-window).
     */
    payload: jsonb('payload').$type<WhatsappFreeForm>(),
    ...outboxDeliveryColumns(),
  },
  (t) => [
    check('whatsapp_outbox_template_or_payload', sql`(${t.payload} is null) = (${t.template} <> '')`),
    index('whatsapp_outbox_status_next_attempt_at_idx').on(t.status, t.nextAttemptAt),
    index('whatsapp_outbox_pending_to_phone_idx').on(t.toPhone, t.queuePosition).where(sql`${t.status} = 'pending'`),
  ],
);

/** Each storage reminder of a package, at most once (the primary key is the guarantee). */
export const storageReminders = pgTable(
  'storage_reminders',
  {
    packageId: requiredRef('package_id', () => packages.id, 'cascade'),
    kind: text('kind', { enum: STORAGE_REMINDER_KINDS }).notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.kind], name: 'storage_reminders_pkey' })],
);

/** One row per run of a scheduled job and period (e.g. 'storage-reminders', '2026-11-25'): the run happens once. */
export const scheduledJobRuns = pgTable(
  'scheduled_job_runs',
  {
    job: text('job').notNull(),
    runKey: text('run_key').notNull(),
    startedAt: timestamptz('started_at').notNull().defaultNow(),
    finishedAt: timestamptz('finished_at'),
    result: jsonb('result'),
  },
  (t) => [primaryKey({ columns: [t.job, t.runKey], name: 'scheduled_job_runs_pkey' })],
);

/** News an admin posts on a shipment; every customer with a parcel in it is told once. */
export const shipmentNews = pgTable(
  'shipment_news',
  {
    id: uuidPk(),
    shipmentId: requiredRef('shipment_id', () => shipments.id, 'cascade'),
    kind: text('kind', { enum: SHIPMENT_NEWS_KINDS }).notNull(),
    message: text('message').notNull(),
    /** The new estimated delivery date, for 'delayed' and 'new_eta'. */
    estimatedDelivery: date('estimated_delivery', { mode: 'string' }),
    recipientCount: integer('recipient_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('shipment_news_shipment_id_created_at_idx').on(t.shipmentId, t.createdAt.desc())],
);
