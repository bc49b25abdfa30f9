import { Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { SHIPMENT_SORTS, SHIPMENT_STATUSES } from '@casillero/shared';
import { listSearch, searchOptionalEnum } from '../../lib/search';
import { PageHeader, TotalBadge, useCreateAction, useListRoute } from '../../components/data-table';

import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { CreateShipmentDialog } from './-components/shipments/ShipmentForm';
import { ShipmentsList, type ShipmentSearch } from './-components/shipments/ShipmentsList';

export const Route = createFileRoute('/admin/envios')({
  validateSearch: (search: Record<string, unknown>): ShipmentSearch => ({
    ...listSearch(search, SHIPMENT_SORTS),
    status: searchOptionalEnum(search.status, SHIPMENT_STATUSES),
  }),
  head: pageHead('Envíos'),
  component: ShipmentsPage,
});

function ShipmentsPage() {
  const create = useCreateAction('shipments.write', 'Crear Envío');
  const list = useListRoute<ShipmentSearch>(Route);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Gestión de Envíos"
        badge={<TotalBadge query={trpc.shipments.count.queryOptions({})} noun="envíos" />}
        subtitle="Envíos consolidados hacia Venezuela: creación, estado y entrega."
        actions={create.button}
      />
      <ShipmentsList {...list} />
      <CreateShipmentDialog {...create.dialog} />
    </Stack>
  );
}
