import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { LIST_PAGE_SIZES, REPACK_STATUSES } from '@casillero/shared';
import { searchInt, searchOptionalEnum, searchString } from '../../lib/search';
import { BRAND_NAME } from '../../lib/site';
import { RepacksList, type RepackSearch } from './-components/repacks/RepacksList';

export const Route = createFileRoute('/admin/reempaques')({
  validateSearch: (search: Record<string, unknown>): RepackSearch => {
    const pageSize = searchInt(search.pageSize);
    return {
      q: searchString(search.q, 100),
      status: searchOptionalEnum(search.status, REPACK_STATUSES),
      page: searchInt(search.page),
      pageSize: pageSize !== undefined && (LIST_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : undefined,
    };
  },
  head: () => ({ meta: [{ title: `Reempaques · ${BRAND_NAME}` }] }),
  component: RepacksPage,
});

function RepacksPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const setSearch = (update: (prev: RepackSearch) => RepackSearch) =>
    void navigate({ search: (prev) => update(prev as RepackSearch), replace: true });

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
