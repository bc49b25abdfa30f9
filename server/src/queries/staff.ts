// Reads of /admin/personal: the staff (every role but the customer's), with their last
// sign-in and whether their access is active, and the invitations still pending.
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { STAFF_ROLES, type StaffFilters, type StaffListParams } from '@casillero/shared';
import type { DbOrTx } from '../db/client';
import { staffInvitations, userProfiles, users } from '../db/schema';
import { defineList } from '../lib/list-engine';
import { byTime } from '../lib/list-sorts';
import { customerArms } from './search-arms';

const staffColumns = {
  id: users.id,
  email: users.email,
  fullName: userProfiles.fullName,
  role: users.role,
  lastSignInAt: users.lastSignInAt,
  deactivatedAt: users.deactivatedAt,
  createdAt: users.createdAt,
};

const iso = (d: Date | null) => d?.toISOString() ?? null;

const staffList = defineList<StaffListParams>()({
  name: 'staff',
  table: users,
  columns: { id: users.id, createdAt: users.createdAt, lastSignInAt: users.lastSignInAt },
  sorts: { createdAt: byTime('createdAt'), lastSignInAt: byTime('lastSignInAt') },
  defaultSort: 'createdAt',
  always: sql`${users.role} in (${sql.join(
    STAFF_ROLES.map((r) => sql`${r}`),
    sql`, `,
  )})`,
  filters: {
    role: users.role,
    status: {
      literal: (status) =>
        status === 'active' ? isNull(users.deactivatedAt) : sql`${users.deactivatedAt} is not null`,
    },
  },
  search: { where: (db, p) => or(...customerArms(db, users.id, p('pattern')))! },
  rows: {
    direct: (db) =>
      db.select(staffColumns).from(users).leftJoin(userProfiles, eq(userProfiles.userId, users.id)).$dynamic(),
  },
  present: (rows) =>
    rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      lastSignInAt: iso(r.lastSignInAt),
      deactivatedAt: iso(r.deactivatedAt),
    })),
});

export const listStaff = (db: DbOrTx, input: StaffListParams) => staffList.page(db, input);
export const countStaff = (db: DbOrTx, filters: StaffFilters) => staffList.countWithTotal(db, filters);
export type StaffRow = Awaited<ReturnType<typeof listStaff>>['rows'][number];

/** Invitations neither accepted, revoked nor expired, newest first. */
export async function listPendingInvitations(db: DbOrTx) {
  const rows = await db
    .select({
      id: staffInvitations.id,
      email: staffInvitations.email,
      role: staffInvitations.role,
      expiresAt: staffInvitations.expiresAt,
      createdAt: staffInvitations.createdAt,
      invitedByName: userProfiles.fullName,
    })
    .from(staffInvitations)
    .leftJoin(userProfiles, eq(userProfiles.userId, staffInvitations.invitedBy))
    .where(
      and(
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(staffInvitations.createdAt))
    .limit(200);
  return rows.map((r) => ({ ...r, expiresAt: r.expiresAt.toISOString(), createdAt: r.createdAt.toISOString() }));
}
