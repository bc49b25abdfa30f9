import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import {
  REPACK_STATUS_LABELS,
  SHIPPING_METHOD_LABELS,
  formatDate,
  type RepackStatus,
  formatKg,
  WAREHOUSE_RECEIPT_LABEL,
} from '@casillero/shared';
import type { trpc } from '../../../../lib/trpc';
import { EmptyState } from '../QueryState';

type RepackRequest = inferOutput<typeof trpc.repacks.mine>[number];

const STATUS_COLORS: Record<RepackStatus, string> = { pending: 'yellow', processed: 'blue', shipped: 'green' };

function StatusLine({ request }: { request: RepackRequest }) {
  if (request.status === 'pending') return <Text size="sm">Esperando que el almacén procese tu solicitud.</Text>;
  return (
    <Text size="sm">
      {request.processedAt ? `Procesada el ${formatDate(request.processedAt)}` : 'Procesada'}
      {request.warehouseReceipt && (
        <>
          {` · ${WAREHOUSE_RECEIPT_LABEL}: `}
          <Text span fw={700} ff="monospace">
            {request.warehouseReceipt}
          </Text>
        </>
      )}
      {request.status === 'shipped' && request.shippedAt ? ` · Enviada el ${formatDate(request.shippedAt)}` : ''}
    </Text>
  );
}

/** The customer's requests, newest first, with their status and the packages each covers. */
export function RepackRequestList({ requests }: { requests: RepackRequest[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="mis-solicitudes">
      <Title order={2} size="h4" id="mis-solicitudes">
        Mis solicitudes
      </Title>
      {requests.length === 0 && <EmptyState title="Aún no has solicitado reempaques" />}
      {requests.map((r) => (
        <Card key={r.id} withBorder radius="md" padding="md" data-repack-id={r.id}>
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap">
              <Group gap="xs">
                <Text fw={600}>Solicitud del {formatDate(r.createdAt)}</Text>
                <Badge variant="outline" color="gray">
                  Envío {SHIPPING_METHOD_LABELS[r.shippingMethod].toLowerCase()}
                </Badge>
              </Group>
              <Badge color={STATUS_COLORS[r.status]} variant="light" size="lg">
                {REPACK_STATUS_LABELS[r.status]}
              </Badge>
            </Group>
            <StatusLine request={r} />
            <List size="sm" spacing={2}>
              {r.packages.map((p) => (
                <List.Item key={p.packageId}>
                  <Text span ff="monospace" size="sm">
                    {p.trackingNumber ?? 'Sin tracking'}
                  </Text>
                  {` · ${p.packageDescription}`}
                  {p.weightKg != null ? ` · ${formatKg(p.weightKg)}` : ''}
                </List.Item>
              ))}
            </List>
            {r.instructions && (
              <Text size="sm" c="dimmed">
                Instrucciones: {r.instructions}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
