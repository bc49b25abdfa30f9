// An audit entry's entity as people know it ('Paquete WR-2026-1000123'), a link to the page that
// opens it when the reader's role may read that page (docs/product/staff-and-audit.md#audit-log).
import { Text } from '@mantine/core';
import { AUDIT_ENTITY_LABELS, can, type Permission } from '@casillero/shared';
import { AnchorLink } from '../links';
import { useMe } from '../../lib/auth';

type Page = 'packages' | 'trackings' | 'prealerts' | 'shipments' | 'payments' | 'clients';
export type AuditEntityLink = { page: Page; id: string };

const PAGES: Record<Page, { to: string; permission: Permission }> = {
  packages: { to: '/admin/paquetes', permission: 'packages.read' },
  trackings: { to: '/admin/trackings', permission: 'trackings.read' },
  prealerts: { to: '/admin/prealertas', permission: 'prealerts.read' },
  shipments: { to: '/admin/envios', permission: 'shipments.read' },
  payments: { to: '/admin/pagos', permission: 'payments.read' },
  clients: { to: '/admin/clientes', permission: 'clients.read' },
};

/** 'Paquete WR-2026-1000123', or the kind and the start of its id when it has no number. */
export const auditEntityName = (entity: string, entityId: string, ref: string | null) =>
  `${AUDIT_ENTITY_LABELS[entity] ?? entity} ${ref ?? entityId.slice(0, 8)}`;

export function AuditEntity({
  entity,
  entityId,
  entityRef,
  entityLink,
}: {
  entity: string;
  entityId: string;
  entityRef: string | null;
  entityLink: AuditEntityLink | null;
}) {
  const role = useMe().data?.user?.role;
  const name = auditEntityName(entity, entityId, entityRef);
  const page = entityLink ? PAGES[entityLink.page] : null;
  if (!entityLink || !page || !can(role, page.permission))
    return (
      <Text size="sm" title={entityId}>
        {name}
      </Text>
    );
  return (
    <AnchorLink
      // The pages differ in their other search params; each takes `ver` as the one to open.
      to={page.to as '/admin/paquetes'}
      search={{ ver: entityLink.id }}
      size="sm"
      title={entityId}
    >
      {name}
    </AnchorLink>
  );
}
