import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PACKAGE_SORTS, PACKAGE_STATUSES } from '@casillero/shared';

import { listSearch, searchOptionalEnum, searchUuid } from '../../lib/search';
import { useListNavigate } from '../../components/data-table';
import { BRAND_NAME } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { CreatePackageDialog } from './-components/packages/PackageForm';
import { PackagesList, type PackageSearch } from './-components/packages/PackagesList';
import { useCan } from '../../lib/permissions';

export const Route = createFileRoute('/admin/paquetes')({
  validateSearch: (search: Record<string, unknown>): PackageSearch => ({
    ...listSearch(search, PACKAGE_SORTS),
    status: searchOptionalEnum(search.status, PACKAGE_STATUSES),
    cliente: searchUuid(search.cliente),
  }),
  head: () => ({ meta: [{ title: `Paquetes · ${BRAND_NAME}` }] }),
  component: PackagesPage,
});

function PackagesPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [isCreating, setIsCreating] = useState(false);
  const canWrite = useCan('packages.write');
  const total = useQuery(trpc.packages.count.queryOptions({}));
  const setSearch = useListNavigate<PackageSearch>(navigate);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Group gap="sm">
            <Title order={1} size="h2">
              Gestión de Paquetes
            </Title>
            {total.data && (
              <Badge size="lg" variant="light" aria-label={`${total.data.total} paquetes`}>
                {total.data.total.toLocaleString('es-ES')}
              </Badge>
            )}
          </Group>
          <Text c="dimmed">Paquetes de los clientes en el almacén: recepción, estado, edición y envío.</Text>
        </div>
        {canWrite && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setIsCreating(true)}>
            Crear Paquete
          </Button>
        )}
      </Group>
      <PackagesList search={search} navigate={setSearch} />
      <CreatePackageDialog opened={isCreating} onClose={() => setIsCreating(false)} />
    </Stack>
  );
}
