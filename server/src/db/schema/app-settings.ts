import { pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

/**
 * Small server-wide values that every instance must share, such as the secret that signs file
 * links when APP_SECRET is not set: generated once, kept here, read by every instance.
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});
