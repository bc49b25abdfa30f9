import { Divider } from '@mantine/core';
import {
  DELIVERY_METHOD_LABELS,
  PACKAGE_STATUS_LABELS,
  PICKUP_STAFF_LABELS,
  SHIPMENT_MESSAGES as M,
  formatDateTime,
  formatUsdCents,
  formatUsdFromCents,
  DECLARED_VALUE_LABELS,
} from '@casillero/shared';
import {
  DetailsHeading,
  FactGrid,
  RowsTable,
  TwoLines,
  type Column,
} from '../../../../components/details/DetailsParts';
import { DetailsDrawer, type DetailsDrawerOpen } from '../../../../components/details/DetailsDrawer';
import { formatDay, kgText } from '../../../../components/shipments/format';
import { ShipmentStatusBadge } from '../../../../components/shipments/ShipmentStatusBadge';
import { StagesTimeline } from '../../../../components/shipments/StagesTimeline';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';
import type { ShipmentDetail } from './types';
import { ShipmentNewsHistory } from './ShipmentNews';
import { ShipmentDeliverySection } from './ShipmentDelivery';

const PACKAGE_COLUMNS: Column<ShipmentDetail['packages'][number]>[] = [
  { header: 'Tracking', cell: (p) => p.trackingNumber ?? '—', mono: true },
  { header: 'Descripción', cell: (p) => p.packageDescription },
  { header: 'Peso', cell: (p) => kgText(p.weightKg, 2) },
  {
    header: DECLARED_VALUE_LABELS.field,
    cell: (p) => (p.estimatedValueUsdCents === null ? '—' : formatUsdFromCents(p.estimatedValueUsdCents)),
  },
  { header: 'Estado', cell: (p) => PACKAGE_STATUS_LABELS[p.status] },
];

/** The shipment with its customer, its packages and its stages. */
export function ShipmentDetailsDrawer(props: DetailsDrawerOpen) {
  return (
    <DetailsDrawer
      {...props}
      title="Detalles del envío"
      size="xl"
      query={(id) => trpc.shipments.detail.queryOptions({ id })}
      loadFailed={M.loadFailed}
      toMessage={failureMessage}
    >
      {(d) => (
        <>
          <DetailsHeading title={d.shipmentCode}>
            <ShipmentStatusBadge status={d.status} />
          </DetailsHeading>
          <FactGrid
            cols={{ base: 1, sm: 3 }}
            facts={[
              [
                'Cliente',
                <TwoLines
                  key="cliente"
                  main={d.customerName ?? '—'}
                  sub={`${d.customerEmail}${d.customerPhone ? ` · ${d.customerPhone}` : ''}`}
                />,
              ],
              [
                'Destino',
                <TwoLines key="destino" main={d.deliveryAddress} sub={`${d.deliveryCity}, ${d.deliveryState}`} />,
              ],
              ['Destinatario', d.recipientName ?? '—'],
              ['Entrega', DELIVERY_METHOD_LABELS[d.deliveryMethod]],
              ['Tracking del envío', d.trackingNumber ?? '—'],
              ['Peso total', kgText(d.totalWeightKg)],
              ['Costo de envío', formatUsdFromCents(d.shippingCostUsdCents)],
              ['Costo de entrega', formatUsdCents(d.deliveryFeeUsdCents)],
              ['Paquetes', d.packageCount],
              ['Creado', formatDateTime(d.createdAt)],
              ['Entrega estimada', formatDay(d.estimatedDelivery)],
              ['Entregado', formatDay(d.actualDelivery)],
            ]}
          />
          <Divider label={PICKUP_STAFF_LABELS.proofSection} labelPosition="left" />
          <ShipmentDeliverySection shipment={d} />
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
