// The facturas waiting for their número de control (docs/product/fiscal-invoices.md#numbers-and-control-numbers),
// oldest first, with the attempts and the printer's last error. Nothing when none waits.
import { Alert, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FISCAL_DOCUMENT_KIND_LABELS } from '@casillero/shared';
import { useCan } from '../../lib/permissions';
import { trpc } from '../../lib/trpc';

export function PendingControlNumbers() {
  const canRead = useCan('payments.read');
  const query = useQuery({ ...trpc.fiscal.pendingControl.queryOptions(), enabled: canRead });
  const rows = query.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Alert color="yellow" title={`Documentos pendientes de número de control (${rows.length})`}>
      <List size="sm">
        {rows.slice(0, 20).map((r) => (
          <List.Item key={r.id}>
            <Text size="sm">
              {`${FISCAL_DOCUMENT_KIND_LABELS[r.kind]} ${r.number} · ${r.customerName} · intentos: ${r.attempts}`}
              {r.lastError ? ` · último error: ${r.lastError}` : ''}
            </Text>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
