// Who reaches which agency's counter (docs/product/last-mile.md#agency-counters-and-proof-of-delivery).
// An 'agencia' user works at one agency (agency_staff) and reaches only the shipments bound to
// it: anything else is answered as a missing shipment.
import { and, eq, sql } from 'drizzle-orm';
import { PICKUP_MESSAGES as M } from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { agencies, agencyStaff, shipments } from '../../db/schema';
import { DomainError } from '../../lib/domain-error';

/** Where the customer sees their shipments (the notifications' link). */
export const CUSTOMER_LINK = '/dashboard/envios';

export type Viewer = { id: string; role: string };
/** The agency the viewer works at, or null for staff who see every agency (the administrator). */
export type Scope = { agencyId: string | null };

export const notFound = () => new DomainError('NOT_FOUND', M.notFound);

/** Where the viewer works: an 'agencia' user's one agency; other staff reach every agency. */
export async function counterScope(db: DbOrTx, viewer: Viewer): Promise<Scope> {
  if (viewer.role !== 'agencia') return { agencyId: null };
  const [row] = await db
    .select({ agencyId: agencyStaff.agencyId })
    .from(agencyStaff)
    .where(eq(agencyStaff.userId, viewer.id));
  if (!row) throw new DomainError('FORBIDDEN', M.noAgency);
  return { agencyId: row.agencyId };
}

/** Only shipments to be collected at an agency, and for an agency user only its own. */
export const inScope = (scope: Scope) =>
  and(
    eq(shipments.deliveryMethod, 'agency'),
    scope.agencyId ? eq(shipments.agencyId, scope.agencyId) : sql`${shipments.agencyId} is not null`,
  );

/** The agencies an administrator may bind a new agency user to. */
export async function agencyChoices(db: DbOrTx) {
  return db
    .select({ id: agencies.id, name: agencies.name, city: agencies.city, code: agencies.code })
    .from(agencies)
    .where(eq(agencies.active, true))
    .orderBy(agencies.name);
}

/** The agency of a user (for the admin home of an 'agencia' user). */
export async function agencyOfUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: agencies.id, name: agencies.name, city: agencies.city })
    .from(agencyStaff)
    .innerJoin(agencies, eq(agencies.id, agencyStaff.agencyId))
    .where(eq(agencyStaff.userId, userId));
  return row ?? null;
}
