import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { LIST_PAGE_SIZES, SHIPMENT_SORTS, SHIPMENT_STATUSES, SORT_DIRECTIONS } from '@casillero/shared';
import { searchInt, searchOptionalEnum, searchString } from '../../lib/search';
import { BRAND_NAME } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { CreateShipmentDialog } from './-components/shipments/ShipmentForm';
import { ShipmentsList, type ShipmentSearch } from './-components/shipments/ShipmentsList';

export const Route = createFileRoute('/admin/envios')({
  validateSearch: (search: Record<string, unknown>): ShipmentSearch => {
    const pageSize = searchInt(search.pageSize);
    return {
      q: searchString(search.q, 100),
      status: searchOptionalEnum(search.status, SHIPMENT_STATUSES),
      sort: searchOptionalEnum(search.sort, SHIPMENT_SORTS),
      dir: searchOptionalEnum(search.dir, SORT_DIRECTIONS),
      page: searchInt(search.page),
      pageSize: pageSize !== undefined && (LIST_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : undefined,
    };
  },
  head: () => ({ meta: [{ title: `Envíos · ${BRAND_NAME}` }] }),
  component: ShipmentsPage,
});

function ShipmentsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [isCreating, setIsCreating] = useState(false);
  const total = useQuery(trpc.shipments.count.queryOptions({}));
  const setSearch = (update: (prev: ShipmentSearch) => ShipmentSearch) =>
    void navigate({ search: (prev) => update(prev as ShipmentSearch), replace: true });

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
        <Button leftSection={<IconPlus size={16} />} onClick={() => setIsCreating(true)}>
          Crear Envío
        </Button>
      </Group>
      <ShipmentsList search={search} navigate={setSearch} />
      <CreateShipmentDialog opened={isCreating} onClose={() => setIsCreating(false)} />
    </Stack>
  );
}
