import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { REPACK_STATUSES } from '@casillero/shared';
import { listSearch, searchOptionalEnum } from '../../lib/search';
import { useListNavigate } from '../../components/data-table';

import { BRAND_NAME } from '../../lib/site';
import { RepacksList, type RepackSearch } from './-components/repacks/RepacksList';

export const Route = createFileRoute('/admin/reempaques')({
  // The order is fixed (pending first, as a queue): no sort key reaches the URL.
  validateSearch: (search: Record<string, unknown>): RepackSearch => ({
    ...listSearch(search, [] as const),
    status: searchOptionalEnum(search.status, REPACK_STATUSES),
  }),
  head: () => ({ meta: [{ title: `Reempaques · ${BRAND_NAME}` }] }),
  component: RepacksPage,
});

function RepacksPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const setSearch = useListNavigate<RepackSearch>(navigate);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Reempaques
        </Title>
        <Text c="dimmed">Solicitudes de reempaque y consolidación de los clientes: primero las pendientes, en orden de llegada.</Text>
      </div>
      <RepacksList search={search} navigate={setSearch} />
    </Stack>
  );
}
