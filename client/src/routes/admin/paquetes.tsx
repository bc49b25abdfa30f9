import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { LIST_PAGE_SIZES, PACKAGE_SORTS, PACKAGE_STATUSES, SORT_DIRECTIONS } from '@casillero/shared';
import { searchInt, searchOptionalEnum, searchString, searchUuid } from '../../lib/search';
import { BRAND_NAME } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { CreatePackageDialog } from './-components/packages/PackageForm';
import { PackagesList, type PackageSearch } from './-components/packages/PackagesList';

export const Route = createFileRoute('/admin/paquetes')({
  validateSearch: (search: Record<string, unknown>): PackageSearch => {
    const pageSize = searchInt(search.pageSize);
    return {
      q: searchString(search.q, 100),
      status: searchOptionalEnum(search.status, PACKAGE_STATUSES),
      cliente: searchUuid(search.cliente),
      sort: searchOptionalEnum(search.sort, PACKAGE_SORTS),
      dir: searchOptionalEnum(search.dir, SORT_DIRECTIONS),
      page: searchInt(search.page),
      pageSize: pageSize !== undefined && (LIST_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : undefined,
    };
  },
  head: () => ({ meta: [{ title: `Paquetes · ${BRAND_NAME}` }] }),
  component: PackagesPage,
});

function PackagesPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [isCreating, setIsCreating] = useState(false);
  const total = useQuery(trpc.packages.count.queryOptions({}));
  const setSearch = (update: (prev: PackageSearch) => PackageSearch) =>
    void navigate({ search: (prev) => update(prev as PackageSearch), replace: true });

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
        <Button leftSection={<IconPlus size={16} />} onClick={() => setIsCreating(true)}>
          Crear Paquete
        </Button>
      </Group>
      <PackagesList search={search} navigate={setSearch} />
      <CreatePackageDialog opened={isCreating} onClose={() => setIsCreating(false)} />
    </Stack>
  );
}
