import { Divider, Drawer, Group, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  PACKAGE_STATUS_LABELS,
  SHIPMENT_STAGE_STATUS_COLORS,
  SHIPMENT_STAGE_STATUS_LABELS,
  formatDateTime,
  formatUsd,
} from '@casillero/shared';
import { trpc } from '../../../../lib/trpc';
import { formatDay } from '../../../admin/-components/shipments/ShipmentDetails';
import { ShipmentStatusBadge } from '../../../admin/-components/shipments/ShipmentStatus';
import { QueryState } from '../QueryState';
import { formatKg } from '../repacks/format';
import { LabeledValue } from '../../../../components/LabeledValue';

/** One own shipment: destination and figures, the packages it carries and its stages in order. */
export function ShipmentDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useQuery({ ...trpc.shipments.ownDetail.queryOptions({ id: id ?? '' }), enabled: id !== null });
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="lg" title="Detalle del envío">
      {id && (
        <QueryState query={detail}>
          {(s) => (
            <Stack gap="md">
              <Group justify="space-between">
                <Title order={2} size="h4" ff="monospace">
                  {s.shipmentCode}
                </Title>
                <ShipmentStatusBadge status={s.status} />
              </Group>
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  Dirección de entrega
                </Text>
                <Text size="sm">{s.deliveryAddress}</Text>
                <Text size="sm" c="dimmed">
                  {s.deliveryCity}, {s.deliveryState}
                </Text>
              </Stack>
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
                <LabeledValue label="Paquetes" value={String(s.packageCount)} />
                <LabeledValue label="Peso total" value={`${formatKg(s.totalWeightKg)} kg`} />
                <LabeledValue label="Costo de envío" value={formatUsd(s.shippingCostUsd)} />
                <LabeledValue label="Tracking del envío" value={s.trackingNumber ?? '—'} />
                <LabeledValue label="Entrega estimada" value={formatDay(s.estimatedDelivery)} />
                <LabeledValue label="Entregado" value={formatDay(s.actualDelivery)} />
                <LabeledValue label="Creado" value={formatDateTime(s.createdAt)} />
                <LabeledValue label="Actualizado" value={formatDateTime(s.updatedAt)} />
              </SimpleGrid>
              <Divider label="Paquetes" labelPosition="left" />
              <Table.ScrollContainer minWidth={480}>
                <Table verticalSpacing={4} aria-label="Paquetes del envío">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Descripción</Table.Th>
                      <Table.Th>Tracking</Table.Th>
                      <Table.Th>WR</Table.Th>
                      <Table.Th>Peso</Table.Th>
                      <Table.Th>Estado</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {s.packages.map((p) => (
                      <Table.Tr key={p.id}>
                        <Table.Td>
                          <Text size="sm">{p.description}</Text>
                          {p.senderName && (
                            <Text size="xs" c="dimmed">
                              {p.senderName}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td ff="monospace">{p.trackingNumber ?? '—'}</Table.Td>
                        <Table.Td ff="monospace">{p.warehouseReceipt ?? '—'}</Table.Td>
                        <Table.Td>{p.weightKg == null ? '—' : `${formatKg(p.weightKg)} kg`}</Table.Td>
                        <Table.Td>{PACKAGE_STATUS_LABELS[p.status]}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Divider label="Etapas" labelPosition="left" />
              <Timeline active={s.stages.length - 1} bulletSize={16} lineWidth={2} aria-label="Etapas del envío">
                {s.stages.map((st) => (
                  <Timeline.Item key={st.id} color={SHIPMENT_STAGE_STATUS_COLORS[st.status]} title={`${st.stageNumber}. ${st.stageName}`}>
                    <Text size="xs" c="dimmed">
                      {SHIPMENT_STAGE_STATUS_LABELS[st.status]} · {formatDateTime(st.createdAt)}
                      {st.estimatedDays != null ? ` · ${st.estimatedDays} ${st.estimatedDays === 1 ? 'día estimado' : 'días estimados'}` : ''}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            </Stack>
          )}
        </QueryState>
      )}
    </Drawer>
  );
}
