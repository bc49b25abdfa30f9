import { Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { DEFAULT_PAGE_SIZE } from '@casillero/shared';
import { searchInt, searchUuid } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { DashboardPage } from './-components/PageHeader';
import { ListPager } from './-components/ListPager';
import { EmptyState, QueryState } from './-components/QueryState';
import { ShipmentCard } from './-components/shipments/ShipmentCard';
import { ShipmentDetail } from './-components/shipments/ShipmentDetail';

/** `?envio=<id>` opens that shipment's detail; `?page=n` is the list's page. */
export const Route = createFileRoute('/dashboard/envios')({
  validateSearch: (search: Record<string, unknown>): { page?: number; envio?: string } => ({
    page: searchInt(search.page),
    envio: searchUuid(search.envio),
  }),
  head: pageHead('Envíos'),
  component: ShipmentsPage,
});

function ShipmentsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const page = search.page ?? 1;
  const list = useQuery({
    ...trpc.shipments.listOwn.queryOptions({ page, pageSize: DEFAULT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const show = (id: string | undefined) => void navigate({ search: (s) => ({ ...s, envio: id }) });
  const setPage = (p: number) => void navigate({ search: (s) => ({ ...s, page: p === 1 ? undefined : p }) });

  return (
    <DashboardPage
      maxWidth={1080}
      title="Envíos"
      description="Tus envíos consolidados hacia Venezuela y cada etapa del camino."
    >
      <QueryState query={list}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title="Aún no tienes envíos">
              Cuando consolidemos tus paquetes, verás aquí el envío y sus etapas.
            </EmptyState>
          ) : (
            <Stack gap="sm">
              <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Envíos">
                {data.items.map((s) => (
                  <ShipmentCard key={s.id} shipment={s} onOpen={show} />
                ))}
              </Stack>
              <ListPager list={data} page={page} onChange={setPage} />
            </Stack>
          )
        }
      </QueryState>
      <ShipmentDetail id={search.envio ?? null} onClose={() => show(undefined)} />
    </DashboardPage>
  );
}
