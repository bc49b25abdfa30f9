import { useState } from 'react';
import { Alert, Badge, Button, Card, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconTruckDelivery } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  LIST_DEFAULT_PAGE_SIZE,
  LIST_PAGE_SIZES,
  REPACK_ADMIN_MESSAGES as M,
  REPACK_STATUSES,
  REPACK_STATUS_LABELS,
  SHIPPING_METHOD_LABELS,
  formatDateTime,
  type RepackStatus,
} from '@casillero/shared';
import { DataTablePagination } from '../../components/data-table';
import { searchInt, searchOptionalEnum } from '../../lib/search';
import { BRAND_NAME } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { failureMessage } from './-components/packages/feedback';
import { ProcessRepackDialog, customerOf, useMarkShipped, type RepackRow } from './-components/repacks/RepackDialogs';

type RepackSearch = { status?: RepackStatus; page?: number; pageSize?: number };

export const Route = createFileRoute('/admin/reempaques')({
  validateSearch: (search: Record<string, unknown>): RepackSearch => {
    const pageSize = searchInt(search.pageSize);
    return {
      status: searchOptionalEnum(search.status, REPACK_STATUSES),
      page: searchInt(search.page),
      pageSize: pageSize !== undefined && (LIST_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : undefined,
    };
  },
  head: () => ({ meta: [{ title: `Reempaques · ${BRAND_NAME}` }] }),
  component: RepacksPage,
});

const STATUS_COLORS: Record<RepackStatus, string> = { pending: 'yellow', processed: 'blue', shipped: 'green' };
const TAB_LABELS: Record<RepackStatus, string> = { pending: 'Pendientes', processed: 'Procesadas', shipped: 'Enviadas' };

function RepacksPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const [processing, setProcessing] = useState<RepackRow | null>(null);
  const { markShipped, pendingId } = useMarkShipped();

  const pageSize = search.pageSize ?? LIST_DEFAULT_PAGE_SIZE;
  const page = search.page ?? 1;
  const counts = useQuery(trpc.repacks.adminCounts.queryOptions());
  const list = useQuery({
    ...trpc.repacks.adminPage.queryOptions({ status: search.status, page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const total = counts.data ? Object.values(counts.data).reduce((a, b) => a + b, 0) : 0;
  const matching = counts.data ? (search.status ? counts.data[search.status] : total) : 0;

  const go = (patch: RepackSearch) => void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Reempaques
        </Title>
        <Text c="dimmed">Solicitudes de reempaque y consolidación de los clientes: primero las pendientes, en orden de llegada.</Text>
      </div>

      <SegmentedControl
        aria-label="Filtrar por estado"
        value={search.status ?? 'all'}
        onChange={(v) => go({ status: v === 'all' ? undefined : (v as RepackStatus), page: undefined })}
        data={[
          { value: 'all', label: `Todas (${total})` },
          ...REPACK_STATUSES.map((s) => ({ value: s, label: `${TAB_LABELS[s]} (${counts.data?.[s] ?? 0})` })),
        ]}
        style={{ alignSelf: 'flex-start' }}
      />

      {list.isError && (
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {failureMessage(list.error, M.loadFailed)}
        </Alert>
      )}

      <Card withBorder radius="md" p={0}>
        <Table.ScrollContainer minWidth={1000}>
          <Table striped verticalSpacing="sm" aria-label="Solicitudes de reempaque" aria-busy={list.isFetching}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Cliente</Table.Th>
                <Table.Th>Paquetes</Table.Th>
                <Table.Th>Método</Table.Th>
                <Table.Th>Instrucciones</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>WR</Table.Th>
                <Table.Th>Fechas</Table.Th>
                <Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.rows ?? []).map((r) => (
                <Table.Tr key={r.id} data-repack-id={r.id}>
                  <Table.Td>
                    <Text size="sm">{customerOf(r)}</Text>
                    <Text size="xs" c="dimmed">
                      {r.customer.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      {r.packages.map((p) => (
                        <Text size="xs" key={p.packageId}>
                          <Text span ff="monospace" fw={600} size="xs">
                            {p.trackingNumber ?? 'Sin tracking'}
                          </Text>{' '}
                          {p.packageDescription}
                          {p.warehouseLocation ? ` · ${p.warehouseLocation}` : ''}
                        </Text>
                      ))}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{SHIPPING_METHOD_LABELS[r.shippingMethod]}</Table.Td>
                  <Table.Td maw={260}>
                    <Text size="sm" lineClamp={4}>
                      {r.instructions ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[r.status]} variant="light" style={{ minWidth: 'max-content' }}>
                      {REPACK_STATUS_LABELS[r.status]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                      {r.warehouseReceipt ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">Solicitada {formatDateTime(r.createdAt)}</Text>
                    {r.processedAt && (
                      <Text size="xs" c="dimmed">
                        Procesada {formatDateTime(r.processedAt)}
                        {r.processedByName ? ` · ${r.processedByName}` : ''}
                      </Text>
                    )}
                    {r.shippedAt && (
                      <Text size="xs" c="dimmed">
                        Enviada {formatDateTime(r.shippedAt)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {r.status === 'pending' && (
                      <Button size="xs" leftSection={<IconCheck size={14} />} onClick={() => setProcessing(r)}>
                        Procesar
                      </Button>
                    )}
                    {r.status === 'processed' && (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconTruckDelivery size={14} />}
                        loading={pendingId === r.id}
                        onClick={() => void markShipped(r)}
                      >
                        Marcar enviado
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
              {list.data && list.data.rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={8}>
                    <Text c="dimmed" ta="center" py="xl" role="status">
                      {M.empty}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>

      <DataTablePagination
        page={list.data?.page ?? page}
        pageSize={pageSize}
        pageCount={counts.data ? Math.min(Math.ceil(matching / pageSize), list.data?.maxPage ?? 1) : page + (list.data?.hasMore ? 1 : 0)}
        onPageChange={(p) => go({ page: p <= 1 ? undefined : p })}
        onPageSizeChange={(s) => go({ pageSize: s, page: undefined })}
      />

      <ProcessRepackDialog request={processing} onClose={() => setProcessing(null)} />
    </Stack>
  );
}
