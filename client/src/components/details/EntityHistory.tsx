// An entity's history in its details drawer (docs/product/product-decisions.md#d13-staff-have-roles): who changed what and when
// (Caracas time, the action and fields in Spanish), with each field's value before and after, from the audit log.
import { Accordion, Badge, Group, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  AUDIT_MESSAGES,
  AUDIT_OPERATION_LABELS,
  auditActionLabel,
  formatCaracasDateTime,
  roleLabel,
} from '@casillero/shared';
import { getErrorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AuditChanges } from './AuditChanges';

type Entity = 'trackings' | 'packages' | 'payment_transactions' | 'users';

export function EntityHistory({ entity, entityId }: { entity: Entity; entityId: string }) {
  const history = useQuery(trpc.audit.forEntity.queryOptions({ entity, entityId }));
  if (history.isPending) return <Loader size="sm" role="status" aria-label="Cargando historial" />;
  if (history.isError)
    return (
      <Text c="red" size="sm">
        {getErrorMessage(history.error, AUDIT_MESSAGES.loadFailed)}
      </Text>
    );
  if (history.data.entries.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {AUDIT_MESSAGES.historyEmpty}
      </Text>
    );
  return (
    <Accordion variant="contained" aria-label="Historial de cambios">
      {history.data.entries.map((e) => (
        <Accordion.Item key={e.id} value={String(e.id)}>
          <Accordion.Control>
            <Group gap="xs" wrap="wrap">
              <Text size="sm">{formatCaracasDateTime(e.createdAt)}</Text>
              <Text size="sm" fw={600}>
                {e.actorName ?? e.actorEmail ?? '—'}
              </Text>
              <Text size="xs" c="dimmed">
                {roleLabel(e.actorRole)} · {auditActionLabel(e.action)}
              </Text>
              <Badge size="xs" variant="light">
                {AUDIT_OPERATION_LABELS[e.operation] ?? e.operation}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <AuditChanges entity={e.entity} before={e.before} after={e.after} references={history.data.references} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
