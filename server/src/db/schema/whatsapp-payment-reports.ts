// A payment report a customer is giving on the WhatsApp desk, step by step
// (docs/product/whatsapp-desk.md#reporting-a-payment): one per number at a time, what was chosen
// so far, and when it was last touched (half an hour later it has lapsed).
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { requiredRef, timestamptz } from './columns';
import { users } from './users';
import { whatsappConversations } from './whatsapp-desk';

export const WHATSAPP_PAYMENT_STEPS = ['invoice', 'method', 'reference', 'amount', 'receipt'] as const;
export type WhatsappPaymentStep = (typeof WHATSAPP_PAYMENT_STEPS)[number];

/** What the customer chose so far; the lists are what they were shown, so "2" means what they saw as 2. */
export type WhatsappPaymentDraft = {
  invoiceIds: string[];
  invoiceId?: string;
  methodIds: string[];
  methodId?: string;
  reference?: string;
  /** In the method's currency; null: what is still owed on the invoice. */
  amount?: number | null;
};

export const whatsappPaymentReports = pgTable('whatsapp_payment_reports', {
  phone: text('phone')
    .primaryKey()
    .references(() => whatsappConversations.phone, { onDelete: 'cascade' }),
  userId: requiredRef('user_id', () => users.id, 'cascade'),
  step: text('step', { enum: WHATSAPP_PAYMENT_STEPS }).notNull(),
  draft: jsonb('draft').$type<WhatsappPaymentDraft>().notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
