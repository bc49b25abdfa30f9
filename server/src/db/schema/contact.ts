import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, uuidPk } from './columns';
import { users } from './users';

/** Messages from the public contact form, kept whether or not the e-mail to the team goes out. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuidPk(),
    nombre: text('nombre').notNull(),
    email: text('email').notNull(),
    telefono: text('telefono'),
    asunto: text('asunto'),
    mensaje: text('mensaje').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    handledAt: timestamptz('handled_at'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
);
