import { Divider, Group, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import {
  PACKAGE_STATUS_LABELS,
  SHIPMENT_MESSAGES as M,
  SHIPMENT_STAGE_STATUS_COLORS as STAGE_COLORS,
  SHIPMENT_STAGE_STATUS_LABELS as STAGE_LABELS,
  formatDateTime,
  formatUsd,
} from '@casillero/shared';
import { LabeledValue } from '../../../../components/LabeledValue';
import { DetailsDrawer } from '../../../../components/details/DetailsDrawer';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';
import { ShipmentStatusBadge } from './ShipmentStatus';

/** A date-only value (YYYY-MM-DD) as es-ES, without time-zone shifts. */
export const formatDay = (day: string | null) => (day ? day.split('-').reverse().join('/') : '—');
export const kgText = (kg: number | null, digits = 1) =>
  kg === null ? '—' : `${kg.toLocaleString('es-ES', { minimumFractionDigits: digits, maximumFractionDigits: digits })} kg`;

/** The shipment with its customer, its packages and its stages. */
export function ShipmentDetailsDrawer({ shipmentId, onClose }: { shipmentId: string | null; onClose: () => void }) {
  return (
    <DetailsDrawer
      id={shipmentId}
      onClose={onClose}
      title="Detalles del envío"
      size="xl"
      query={(id) => trpc.shipments.detail.queryOptions({ id })}
      loadFailed={M.loadFailed}
      toMessage={failureMessage}
    >
      {(d) => (
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={3} size="h4" ff="monospace">
              {d.shipmentCode}
            </Title>
            <ShipmentStatusBadge status={d.status} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <LabeledValue label="Cliente">
              {d.customerName ?? '—'}
              <Text size="xs" c="dimmed">
                {d.customerEmail}
                {d.customerPhone ? ` · ${d.customerPhone}` : ''}
              </Text>
            </LabeledValue>
            <LabeledValue label="Destino">
              {d.deliveryAddress}
              <Text size="xs" c="dimmed">
                {d.deliveryCity}, {d.deliveryState}
              </Text>
            </LabeledValue>
            <LabeledValue label="Tracking del envío">{d.trackingNumber ?? '—'}</LabeledValue>
            <LabeledValue label="Peso total">{kgText(d.totalWeightKg)}</LabeledValue>
            <LabeledValue label="Costo de envío">{formatUsd(d.shippingCostUsd)}</LabeledValue>
            <LabeledValue label="Paquetes">{d.packageCount}</LabeledValue>
            <LabeledValue label="Creado">{formatDateTime(d.createdAt)}</LabeledValue>
            <LabeledValue label="Entrega estimada">{formatDay(d.estimatedDelivery)}</LabeledValue>
            <LabeledValue label="Entregado">{formatDay(d.actualDelivery)}</LabeledValue>
          </SimpleGrid>
          <Divider label="Paquetes" labelPosition="left" />
          <Table verticalSpacing={4} aria-label="Paquetes del envío">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tracking</Table.Th>
                <Table.Th>Descripción</Table.Th>
                <Table.Th>Peso</Table.Th>
                <Table.Th>Valor</Table.Th>
                <Table.Th>Estado</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.packages.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td ff="monospace">{p.trackingNumber ?? '—'}</Table.Td>
                  <Table.Td>{p.packageDescription}</Table.Td>
                  <Table.Td>{kgText(p.weightKg, 2)}</Table.Td>
                  <Table.Td>{p.estimatedValueUsd === null ? '—' : formatUsd(p.estimatedValueUsd)}</Table.Td>
                  <Table.Td>{PACKAGE_STATUS_LABELS[p.status]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Divider label="Etapas" labelPosition="left" />
          <Timeline bulletSize={14} lineWidth={2} aria-label="Etapas del envío" active={d.stages.length - 1}>
            {d.stages.map((s) => (
              <Timeline.Item key={s.id} color={STAGE_COLORS[s.status]} title={`${s.stageNumber}. ${s.stageName}`}>
                <Text size="xs" c="dimmed">
                  {STAGE_LABELS[s.status]} · {formatDateTime(s.createdAt)}
                  {s.estimatedDays !== null ? ` · ${s.estimatedDays} días estimados` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
    </DetailsDrawer>
  );
}
