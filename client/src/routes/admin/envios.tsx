import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { SHIPMENT_SORTS, SHIPMENT_STATUSES } from '@casillero/shared';
import { listSearch, searchOptionalEnum } from '../../lib/search';
import { useListNavigate } from '../../components/data-table';

import { BRAND_NAME } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { CreateShipmentDialog } from './-components/shipments/ShipmentForm';
import { ShipmentsList, type ShipmentSearch } from './-components/shipments/ShipmentsList';
import { useCan } from '../../lib/permissions';

export const Route = createFileRoute('/admin/envios')({
  validateSearch: (search: Record<string, unknown>): ShipmentSearch => ({
    ...listSearch(search, SHIPMENT_SORTS),
    status: searchOptionalEnum(search.status, SHIPMENT_STATUSES),
  }),
  head: () => ({ meta: [{ title: `Envíos · ${BRAND_NAME}` }] }),
  component: ShipmentsPage,
});

function ShipmentsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [isCreating, setIsCreating] = useState(false);
  const canWrite = useCan('shipments.write');
  const total = useQuery(trpc.shipments.count.queryOptions({}));
  const setSearch = useListNavigate<ShipmentSearch>(navigate);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <Title order={1} size="h2">
              Gestión de Envíos
            </Title>
            {total.data && (
              <Badge size="lg" variant="light" aria-label={`${total.data.total} envíos`}>
                {total.data.total.toLocaleString('es-ES')}
              </Badge>
            )}
          </Group>
          <Text c="dimmed">Envíos consolidados hacia Venezuela: creación, estado y entrega.</Text>
        </div>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setIsCreating(true)}>
            Crear Envío
          </Button>
        )}
      </Group>
      <ShipmentsList search={search} navigate={setSearch} />
      <CreateShipmentDialog opened={isCreating} onClose={() => setIsCreating(false)} />
    </Stack>
  );
}
