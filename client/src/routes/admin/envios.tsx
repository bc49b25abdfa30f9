import { createFileRoute } from '@tanstack/react-router';
import { SHIPMENT_SORTS, SHIPMENT_STATUSES } from '@casillero/shared';
import { listSearch } from '../../lib/search';
import { AdminPage, CreateAction, TotalBadge, useListRoute } from '../../components/data-table';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { CreateShipmentDialog } from './-components/shipments/ShipmentForm';
import { ShipmentsList, type ShipmentSearch } from './-components/shipments/ShipmentsList';

export const Route = createFileRoute('/admin/envios')({
  validateSearch: (search: Record<string, unknown>): ShipmentSearch =>
    listSearch(search, SHIPMENT_SORTS, { status: SHIPMENT_STATUSES }),
  head: pageHead('Envíos'),
  component: ShipmentsPage,
});

function ShipmentsPage() {
  return (
    <AdminPage
      title="Gestión de Envíos"
      badge={<TotalBadge query={trpc.shipments.count.queryOptions({})} noun="envíos" />}
      subtitle="Envíos consolidados hacia Venezuela: creación, estado y entrega."
      actions={<CreateAction permission="shipments.write" label="Crear Envío" dialog={CreateShipmentDialog} />}
    >
      <ShipmentsList {...useListRoute<ShipmentSearch>(Route)} />
    </AdminPage>
  );
}
