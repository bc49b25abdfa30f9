import { Divider, Text, Timeline, type TimelineProps } from '@mantine/core';
import {
  PACKAGE_STATUS_LABELS,
  SHIPMENT_MESSAGES as M,
  SHIPMENT_STAGE_STATUS_COLORS as STAGE_COLORS,
  SHIPMENT_STAGE_STATUS_LABELS as STAGE_LABELS,
  formatDateTime,
  formatUsd,
  type ShipmentStageStatus,
} from '@casillero/shared';
import { DetailsHeading, FactGrid, RowsTable, TwoLines, type Column } from '../../../../components/details/DetailsParts';
import { DetailsDrawer, type DetailsDrawerOpen } from '../../../../components/details/DetailsDrawer';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';
import { ShipmentStatusBadge } from './ShipmentStatus';
import type { ShipmentDetail } from './types';
import { ShipmentNewsHistory } from './ShipmentNews';

/** A date-only value (YYYY-MM-DD) as es-ES, without time-zone shifts. */
export const formatDay = (day: string | null) => (day ? day.split('-').reverse().join('/') : '—');
export const kgText = (kg: number | null, digits = 1) =>
  kg === null ? '—' : `${kg.toLocaleString('es-ES', { minimumFractionDigits: digits, maximumFractionDigits: digits })} kg`;

type Stage = { id: string; stageNumber: number; stageName: string; status: ShipmentStageStatus; createdAt: string; estimatedDays: number | null };

/** A shipment's stages in order, the last one reached highlighted (admin and customer details). */
export function StagesTimeline({ stages, days, ...props }: { stages: Stage[]; days: (n: number) => string } & Omit<TimelineProps, 'children'>) {
  return (
    <Timeline lineWidth={2} aria-label="Etapas del envío" active={stages.length - 1} {...props}>
      {stages.map((s) => (
        <Timeline.Item key={s.id} color={STAGE_COLORS[s.status]} title={`${s.stageNumber}. ${s.stageName}`}>
          <Text size="xs" c="dimmed">
            {STAGE_LABELS[s.status]} · {formatDateTime(s.createdAt)}
            {s.estimatedDays != null ? ` · ${days(s.estimatedDays)}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

const PACKAGE_COLUMNS: Column<ShipmentDetail['packages'][number]>[] = [
  { header: 'Tracking', cell: (p) => p.trackingNumber ?? '—', mono: true },
  { header: 'Descripción', cell: (p) => p.packageDescription },
  { header: 'Peso', cell: (p) => kgText(p.weightKg, 2) },
  { header: 'Valor', cell: (p) => (p.estimatedValueUsd === null ? '—' : formatUsd(p.estimatedValueUsd)) },
  { header: 'Estado', cell: (p) => PACKAGE_STATUS_LABELS[p.status] },
];

/** The shipment with its customer, its packages and its stages. */
export function ShipmentDetailsDrawer(props: DetailsDrawerOpen) {
  return (
    <DetailsDrawer {...props} title="Detalles del envío" size="xl" query={(id) => trpc.shipments.detail.queryOptions({ id })} loadFailed={M.loadFailed} toMessage={failureMessage}>
      {(d) => (
        <>
          <DetailsHeading title={d.shipmentCode}>
            <ShipmentStatusBadge status={d.status} />
          </DetailsHeading>
          <FactGrid
            cols={{ base: 1, sm: 3 }}
            facts={[
              ['Cliente', <TwoLines main={d.customerName ?? '—'} sub={`${d.customerEmail}${d.customerPhone ? ` · ${d.customerPhone}` : ''}`} />],
              ['Destino', <TwoLines main={d.deliveryAddress} sub={`${d.deliveryCity}, ${d.deliveryState}`} />],
              ['Tracking del envío', d.trackingNumber ?? '—'],
              ['Peso total', kgText(d.totalWeightKg)],
              ['Costo de envío', formatUsd(d.shippingCostUsd)],
              ['Paquetes', d.packageCount],
              ['Creado', formatDateTime(d.createdAt)],
              ['Entrega estimada', formatDay(d.estimatedDelivery)],
              ['Entregado', formatDay(d.actualDelivery)],
            ]}
          />
          <Divider label="Paquetes" labelPosition="left" />
          <RowsTable aria-label="Paquetes del envío" rows={d.packages} columns={PACKAGE_COLUMNS} />
          <Divider label="Etapas" labelPosition="left" />
          <StagesTimeline stages={d.stages} bulletSize={14} days={(n) => `${n} días estimados`} />
          <Divider label="Novedades" labelPosition="left" />
          <ShipmentNewsHistory shipmentId={d.id} />
        </>
      )}
    </DetailsDrawer>
  );
}
