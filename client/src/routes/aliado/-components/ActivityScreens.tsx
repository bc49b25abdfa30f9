// The ally's customers' pre-alerts, parcels, shipments and invoices (docs/product/allies.md#portal): read
// only, newest first, its own customers' alone.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { Badge } from '@mantine/core';
import {
  ALLY_MESSAGES as M,
  PACKAGE_STATUS_LABELS,
  PREALERT_STATUS_LABELS,
  SHIPMENT_STATUS_LABELS,
  SHIPPING_METHOD_LABELS,
  formatDate,
  formatKg,
  formatUsdFromCents,
} from '@casillero/shared';
import { StackedCell, type ResponsiveColumn } from '../../../components/data-table';
import { trpc } from '../../../lib/trpc';
import { PortalList } from './PortalList';

type PrealertRow = inferOutput<typeof trpc.allyPortal.prealerts>['rows'][number];

export function PrealertsScreen() {
  const [page, setPage] = useState(1);
  const columns: ResponsiveColumn<PrealertRow>[] = [
    { header: 'Tracking', card: 'title', mono: true, cell: (r) => r.trackingNumber ?? '—' },
    { header: 'Cliente', cell: (r) => <StackedCell main={r.customer} sub={r.mailboxCode ?? ''} /> },
    { header: 'Descripción', card: 'wide', cell: (r) => r.description },
    { header: 'Transportista', cell: (r) => r.carrier ?? '—' },
    {
      header: 'Estado',
      card: 'status',
      cell: (r) => <Badge variant="light">{PREALERT_STATUS_LABELS[r.status]}</Badge>,
    },
    { header: 'Registrada', cell: (r) => formatDate(r.createdAt) },
  ];
  return (
    <PortalList<PrealertRow>
      title={M.prealerts}
      empty={M.noPrealerts}
      query={useQuery(trpc.allyPortal.prealerts.queryOptions({ page }))}
      page={page}
      onPage={setPage}
      columns={columns}
    />
  );
}

type ParcelRow = inferOutput<typeof trpc.allyPortal.parcels>['rows'][number];

export function ParcelsScreen() {
  const [page, setPage] = useState(1);
  const columns: ResponsiveColumn<ParcelRow>[] = [
    { header: 'Tracking', card: 'title', mono: true, cell: (r) => r.trackingNumber ?? '—' },
    { header: 'Cliente', cell: (r) => <StackedCell main={r.customer} sub={r.mailboxCode} /> },
    { header: 'Descripción', card: 'wide', cell: (r) => r.description },
    { header: 'Peso', align: 'right', cell: (r) => (r.weightKg == null ? '—' : formatKg(r.weightKg)) },
    { header: 'Estado', card: 'status', cell: (r) => <Badge variant="light">{PACKAGE_STATUS_LABELS[r.status]}</Badge> },
    { header: 'Registrado', cell: (r) => formatDate(r.createdAt) },
  ];
  return (
    <PortalList<ParcelRow>
      title={M.parcels}
      empty={M.noParcels}
      query={useQuery(trpc.allyPortal.parcels.queryOptions({ page }))}
      page={page}
      onPage={setPage}
      columns={columns}
    />
  );
}

type ShipmentRow = inferOutput<typeof trpc.allyPortal.shipments>['rows'][number];

export function ShipmentsScreen() {
  const [page, setPage] = useState(1);
  const columns: ResponsiveColumn<ShipmentRow>[] = [
    { header: 'Envío', card: 'title', mono: true, cell: (r) => r.shipmentCode },
    { header: 'Cliente', cell: (r) => <StackedCell main={r.customer} sub={r.mailboxCodes} /> },
    { header: 'Método', cell: (r) => SHIPPING_METHOD_LABELS[r.shippingMethod] },
    { header: 'Peso', align: 'right', cell: (r) => formatKg(r.weightKg) },
    {
      header: 'Precio',
      align: 'right',
      cell: (r) => formatUsdFromCents(r.shippingUsdCents + r.deliveryUsdCents),
    },
    {
      header: 'Estado',
      card: 'status',
      cell: (r) => <Badge variant="light">{SHIPMENT_STATUS_LABELS[r.status]}</Badge>,
    },
    { header: 'Fecha', cell: (r) => formatDate(r.createdAt) },
  ];
  return (
    <PortalList<ShipmentRow>
      title={M.shipments}
      empty={M.noShipments}
      query={useQuery(trpc.allyPortal.shipments.queryOptions({ page }))}
      page={page}
      onPage={setPage}
      columns={columns}
    />
  );
}

type InvoiceRow = inferOutput<typeof trpc.allyPortal.invoices>['rows'][number];

export function InvoicesScreen() {
  const [page, setPage] = useState(1);
  const columns: ResponsiveColumn<InvoiceRow>[] = [
    { header: 'Factura', card: 'title', mono: true, cell: (r) => r.number },
    { header: 'Cliente', cell: (r) => r.customer },
    { header: 'Concepto', card: 'wide', cell: (r) => r.description },
    { header: 'Monto', align: 'right', cell: (r) => formatUsdFromCents(r.usdCents) },
    { header: 'Fecha', cell: (r) => formatDate(r.issueDate) },
    {
      header: 'Estado',
      card: 'status',
      cell: (r) => (r.voided ? <Badge color="gray">Anulada</Badge> : <Badge color="blue">Emitida</Badge>),
    },
  ];
  return (
    <PortalList<InvoiceRow>
      title="Facturas"
      empty="Tus clientes aún no tienen facturas."
      query={useQuery(trpc.allyPortal.invoices.queryOptions({ page }))}
      page={page}
      onPage={setPage}
      columns={columns}
    />
  );
}
