import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { storedFileKindEnum } from './enums';
import { createdAt, requiredRef, uuidPk } from './columns';
import { users } from './users';

/** Files kept outside the database (STORAGE_DIR): receipts, invoices, package photos. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuidPk(),
    /** The customer the file belongs to; only they and admins may open it. */
    ownerUserId: requiredRef('owner_user_id', () => users.id, 'restrict'),
    kind: storedFileKindEnum('kind').notNull(),
    /** The key in the file store: a path relative to STORAGE_DIR, or the object key in the S3 bucket. */
    storageKey: text('storage_key').notNull().unique('stored_files_storage_key_key'),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    originalName: text('original_name'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_owner_user_id_idx').on(t.ownerUserId)],
);
