import { Alert, Center, Divider, Group, Loader, Modal, SimpleGrid, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  PACKAGE_STATUS_LABELS,
  SHIPMENT_MESSAGES as M,
  SHIPMENT_STAGE_STATUS_COLORS as STAGE_COLORS,
  SHIPMENT_STAGE_STATUS_LABELS as STAGE_LABELS,
  formatDateTime,
  formatUsd,
} from '@casillero/shared';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';
import { ShipmentStatusBadge } from './ShipmentStatus';

/** A date-only value (YYYY-MM-DD) as es-ES, without time-zone shifts. */
export const formatDay = (day: string | null) => (day ? day.split('-').reverse().join('/') : '—');
export const kgText = (kg: number | null, digits = 1) =>
  kg === null ? '—' : `${kg.toLocaleString('es-ES', { minimumFractionDigits: digits, maximumFractionDigits: digits })} kg`;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

/** The shipment with its customer, its packages and its stages. */
export function ShipmentDetailsDialog({ shipmentId, onClose }: { shipmentId: string | null; onClose: () => void }) {
  const detail = useQuery({ ...trpc.shipments.detail.queryOptions({ id: shipmentId ?? '' }), enabled: shipmentId !== null });
  const d = detail.data;
  return (
    <Modal opened={shipmentId !== null} onClose={onClose} title="Detalles del envío" size="xl">
      {detail.isPending ? (
        <Center py="xl">
          <Loader aria-label="Cargando" />
        </Center>
      ) : detail.isError || !d ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {failureMessage(detail.error, M.loadFailed)}
        </Alert>
      ) : (
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={3} size="h4" ff="monospace">
              {d.shipmentCode}
            </Title>
            <ShipmentStatusBadge status={d.status} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Field label="Cliente">
              {d.customerName ?? '—'}
              <Text size="xs" c="dimmed">
                {d.customerEmail}
                {d.customerPhone ? ` · ${d.customerPhone}` : ''}
              </Text>
            </Field>
            <Field label="Destino">
              {d.deliveryAddress}
              <Text size="xs" c="dimmed">
                {d.deliveryCity}, {d.deliveryState}
              </Text>
            </Field>
            <Field label="Tracking del envío">{d.trackingNumber ?? '—'}</Field>
            <Field label="Peso total">{kgText(d.totalWeightKg)}</Field>
            <Field label="Costo de envío">{formatUsd(d.shippingCostUsd)}</Field>
            <Field label="Paquetes">{d.packageCount}</Field>
            <Field label="Creado">{formatDateTime(d.createdAt)}</Field>
            <Field label="Entrega estimada">{formatDay(d.estimatedDelivery)}</Field>
            <Field label="Entregado">{formatDay(d.actualDelivery)}</Field>
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
    </Modal>
  );
}
