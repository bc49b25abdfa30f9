// The audit log (/admin/auditoria) and each entity's history in its details drawer. The
// history of an entity is readable by whoever may read the entity itself.
import { DomainError } from '../../lib/domain-error';
import { z } from '@casillero/shared';
import {
  AUDIT_MESSAGES,
  AUTH_MESSAGES,
  auditEntityInput,
  auditFilters,
  auditListInput,
  can,
  type Permission,
} from '@casillero/shared';
import { router, staffProcedure } from '../init';
import { foundOr } from '../../lib/found';
import { countAuditEntries, listAuditActors, listAuditEntries } from '../../queries/audit';
import { entityHistoryWithNames, getAuditEntryWithNames } from '../../queries/audit-references';

const READ_PERMISSION: Record<z.output<typeof auditEntityInput>['entity'], Permission> = {
  trackings: 'trackings.read',
  packages: 'packages.read',
  payment_transactions: 'payments.read',
  users: 'clients.read',
};

export const auditRouter = router({
  list: staffProcedure('audit.read')
    .input(auditListInput)
    .query(({ ctx, input }) => listAuditEntries(ctx.db, input)),
  count: staffProcedure('audit.read')
    .input(auditFilters)
    .query(({ ctx, input }) => countAuditEntries(ctx.db, input)),
  actors: staffProcedure('audit.read').query(({ ctx }) => listAuditActors(ctx.db)),
  detail: staffProcedure('audit.read')
    .input(z.object({ id: z.number().int().positive() }))
    .query(async ({ ctx, input }) =>
      foundOr(await getAuditEntryWithNames(ctx.db, input.id), AUDIT_MESSAGES.loadFailed),
    ),
  /**
   * Declared with the permission every staff role holds; the entity's own read permission is
   * then checked for the entity asked for.
   */
  forEntity: staffProcedure('trackings.read')
    .input(auditEntityInput)
    .query(({ ctx, input }) => {
      if (!can(ctx.user.role, READ_PERMISSION[input.entity]))
        throw new DomainError('FORBIDDEN', AUTH_MESSAGES.forbidden);
      return entityHistoryWithNames(ctx.db, input.entity, input.entityId);
    }),
});
