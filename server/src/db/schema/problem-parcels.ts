// Problem parcels (docs/product/problem-parcels.md): a parcel staff hold (prohibited, damaged, no
// invoice, refused), the customer's decision, staff's completion and the abandonment clock. The row
// stays after the problem is closed: it is the parcel's record of what happened.
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PROBLEM_CHOICES, PROBLEM_REASONS } from '@casillero/shared';
import { createdAt, requiredRef, timestamptz, uuidPk } from './columns';
import { users } from './users';
import { packages } from './packages';
import { invoices } from './billing';

export const packageProblems = pgTable(
  'package_problems',
  {
    id: uuidPk(),
    packageId: requiredRef('package_id', () => packages.id, 'cascade'),
    /** The parcel's owner when it was flagged (the customer who decides). */
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    reason: text('reason', { enum: PROBLEM_REASONS }).notNull(),
    /** Staff's note to the customer. */
    note: text('note').notNull(),
    /** The charge of "Pagar el cargo y continuar", set by staff when flagging; null when the flag allows no continuing. */
    extraChargeUsdCents: bigint('extra_charge_usd_cents', { mode: 'number' }),
    /** Fixed when flagged (the day the customer was told), so a later change of the setting moves no deadline. */
    abandonOn: date('abandon_on', { mode: 'string' }).notNull(),
    flaggedBy: uuid('flagged_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    choice: text('choice', { enum: PROBLEM_CHOICES }),
    decidedAt: timestamptz('decided_at'),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamptz('completed_at'),
    /** When the problem closed (paid and continued, returned, disposed or abandoned); null while open. */
    resolvedAt: timestamptz('resolved_at'),
    abandonedAt: timestamptz('abandoned_at'),
    /** The notice 5 days before abandonment: set once, by whichever run sends it. */
    abandonSoonNotifiedAt: timestamptz('abandon_soon_notified_at'),
  },
  (t) => [
    // One open problem per parcel: a second flag or a double submit is refused by the database.
    uniqueIndex('package_problems_open_key').on(t.packageId).where(sql`${t.resolvedAt} is null`),
    index('package_problems_user_id_idx').on(t.userId),
    index('package_problems_abandon_on_idx')
      .on(t.abandonOn)
      .where(sql`${t.resolvedAt} is null and ${t.choice} is null`),
    check('package_problems_charge_positive', sql`${t.extraChargeUsdCents} is null or ${t.extraChargeUsdCents} > 0`),
  ],
);

export type PackageProblemRow = typeof packageProblems.$inferSelect;
