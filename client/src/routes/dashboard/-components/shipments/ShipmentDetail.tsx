import { Badge, Divider, Group, Stack, Table, Text } from '@mantine/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import {
  CLAIM_MESSAGES,
  PACKAGE_STATUS_LABELS,
  SHIPMENT_NEWS_KIND_LABELS,
  SHIPMENT_NEWS_MESSAGES as N,
  DELIVERY_METHOD_LABELS,
  formatDateTime,
  formatUsdCents,
  formatUsdFromCents,
  formatKg,
} from '@casillero/shared';
import { DetailsHeading, FactGrid, RowsTable, type Column } from '../../../../components/details/DetailsParts';
import { RowCards, type ResponsiveColumn } from '../../../../components/data-table/ResponsiveTable';
import { useIsPhone } from '../../../../lib/screen';
import { DetailsDrawer, type DetailsDrawerOpen } from '../../../../components/details/DetailsDrawer';
import { trpc } from '../../../../lib/trpc';
import { ButtonLink } from '../../../../components/links';
import { formatDay } from '../../../../components/shipments/format';
import { ShipmentStatusBadge } from '../../../../components/shipments/ShipmentStatusBadge';
import { StagesTimeline } from '../../../../components/shipments/StagesTimeline';
import { QueryState } from '../QueryState';
import { DepartureTimeline } from '../../../../components/departures/DepartureTimeline';
import { DeliveryProof } from '../../../../components/shipments/DeliveryProof';

type OwnPackage = inferOutput<typeof trpc.shipments.ownDetail>['packages'][number];
type OwnNews = inferOutput<typeof trpc.shipments.ownDetail>['news'];

// On a phone the packages are cards: the tracking heads each one, its status under it.
const PACKAGE_COLUMNS: (Column<OwnPackage> & ResponsiveColumn<OwnPackage>)[] = [
  {
    header: 'Descripción',
    card: 'wide',
    cell: (p) => (
      <>
        <Text size="sm">{p.description}</Text>
        {p.senderName && (
          <Text size="xs" c="dimmed">
            {p.senderName}
          </Text>
        )}
      </>
    ),
  },
  { header: 'Tracking', cell: (p) => p.trackingNumber ?? '—', mono: true, card: 'title' },
  { header: 'WR', cell: (p) => p.warehouseReceipt ?? '—', mono: true },
  { header: 'Peso', cell: (p) => (p.weightKg == null ? '—' : formatKg(p.weightKg)) },
  { header: 'Estado', cell: (p) => PACKAGE_STATUS_LABELS[p.status], card: 'status' },
];

/** One own shipment: destination and figures, the packages it carries and its stages in order. */
export function ShipmentDetail(props: DetailsDrawerOpen) {
  const isPhone = useIsPhone();
  return (
    <DetailsDrawer
      {...props}
      title="Detalle del envío"
      query={(i) => trpc.shipments.ownDetail.queryOptions({ id: i })}
      states={QueryState}
    >
      {(s) => (
        <>
          <DetailsHeading order={2} title={s.shipmentCode}>
            <ShipmentStatusBadge status={s.status} />
          </DetailsHeading>
          <Stack gap={0}>
            <Text size="xs" c="dimmed">
              {DELIVERY_METHOD_LABELS[s.deliveryMethod]}
              {s.recipientName ? ` · ${s.recipientName}` : ''}
            </Text>
            <Text size="sm">{s.deliveryAddress}</Text>
            <Text size="sm" c="dimmed">
              {s.deliveryCity}, {s.deliveryState}
            </Text>
          </Stack>
          <FactGrid
            cols={{ base: 2, sm: 3 }}
            facts={[
              ['Paquetes', String(s.packageCount)],
              ['Peso total', formatKg(s.totalWeightKg)],
              ['Costo de envío', formatUsdFromCents(s.shippingCostUsdCents)],
              ['Costo de entrega', formatUsdCents(s.deliveryFeeUsdCents)],
              ['Tracking del envío', s.trackingNumber ?? '—'],
              ['Entrega estimada', formatDay(s.estimatedDelivery)],
              ['Entregado', formatDay(s.actualDelivery)],
              ['Creado', formatDateTime(s.createdAt)],
              ['Actualizado', formatDateTime(s.updatedAt)],
            ]}
          />
          {s.status === 'delivered' && <DeliveryProof shipmentId={s.id} />}
          <ButtonLink to="/dashboard/reclamos" search={{ envio: s.id }} variant="light" size="sm" w="fit-content">
            {CLAIM_MESSAGES.open}
          </ButtonLink>
          <Divider label="Paquetes" labelPosition="left" />
          {isPhone ? (
            <RowCards
              caption="Paquetes del envío"
              rows={s.packages}
              columns={PACKAGE_COLUMNS}
              getRowId={(p) => p.id}
              cardLabel={(p) => `Paquete ${p.trackingNumber ?? p.description}`}
            />
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <RowsTable aria-label="Paquetes del envío" rows={s.packages} columns={PACKAGE_COLUMNS} />
            </Table.ScrollContainer>
          )}
          {s.departure && (
            <>
              <Divider label="Despacho" labelPosition="left" />
              <DepartureTimeline departure={s.departure} />
            </>
          )}
          {s.news.length > 0 && (
            <>
              <Divider label={N.timelineTitle} labelPosition="left" />
              <ShipmentNewsList news={s.news} />
            </>
          )}
          <Divider label="Etapas" labelPosition="left" />
          <StagesTimeline
            stages={s.stages}
            bulletSize={16}
            days={(n) => `${n} ${n === 1 ? 'día estimado' : 'días estimados'}`}
          />
        </>
      )}
    </DetailsDrawer>
  );
}

/** What the business told about this shipment (delays, new dates, arrival, pickup), newest first. */
function ShipmentNewsList({ news }: { news: OwnNews }) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Novedades del envío">
      {news.map((n) => (
        <li key={n.id}>
          <Group gap="xs">
            <Badge variant="light" color={n.kind === 'delayed' ? 'orange' : 'blue'}>
              {SHIPMENT_NEWS_KIND_LABELS[n.kind]}
            </Badge>
            <Text size="xs" c="dimmed">
              {formatDateTime(n.createdAt)}
              {n.estimatedDelivery ? ` · Nueva fecha estimada ${formatDay(n.estimatedDelivery)}` : ''}
            </Text>
          </Group>
          <Text size="sm">{n.message}</Text>
        </li>
      ))}
    </Stack>
  );
}
