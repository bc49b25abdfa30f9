import { Badge, Button, Card, Flex, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconChecks } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { DEFAULT_PAGE_SIZE, NOTIFICATION_MESSAGES, NOTIFICATION_TYPE_LABELS, formatDateTime } from '@casillero/shared';
import { getErrorMessage } from '../../lib/errors';
import { searchInt, searchOptionalEnum } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { DashboardPage } from './-components/PageHeader';
import { ListPager } from './-components/ListPager';
import { EmptyState, QueryState } from './-components/QueryState';

export const Route = createFileRoute('/dashboard/notificaciones')({
  validateSearch: (search: Record<string, unknown>): { page?: number; filtro?: 'todas' | 'no-leidas' } => ({
    page: searchInt(search.page),
    filtro: searchOptionalEnum(search.filtro, ['todas', 'no-leidas'] as const),
  }),
  head: pageHead('Notificaciones'),
  component: NotificationsPage,
});

function NotificationsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const router = useRouter();
  const queryClient = useQueryClient();
  const page = search.page ?? 1;
  const unreadOnly = search.filtro === 'no-leidas';
  const input = { page, pageSize: DEFAULT_PAGE_SIZE, unreadOnly };
  const setPage = (p: number) => void navigate({ search: (s) => ({ ...s, page: p === 1 ? undefined : p }) });
  const list = useQuery({ ...trpc.notifications.mine.queryOptions(input), placeholderData: keepPreviousData });
  const unread = useQuery(trpc.notifications.unreadCount.queryOptions());

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.notifications.mine.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.notifications.unreadCount.queryKey() }),
    ]);
  const markRead = useMutation(trpc.notifications.markRead.mutationOptions({ onSettled: refresh }));
  const markAll = useMutation(trpc.notifications.markAllRead.mutationOptions({ onSettled: refresh }));

  const onMarkAll = async () => {
    try {
      await markAll.mutateAsync();
      toasts.show({ color: 'green', message: NOTIFICATION_MESSAGES.allRead });
    } catch (error) {
      toasts.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });
    }
  };

  const open = async (id: string, read: boolean, link: string | null) => {
    if (!read) await markRead.mutateAsync({ id }).catch(() => undefined);
    if (link) router.history.push(link);
  };

  const unreadCount = unread.data?.count ?? 0;

  return (
    <DashboardPage
      maxWidth={880}
      title="Notificaciones"
      description={unreadCount === 0 ? 'No tienes notificaciones sin leer.' : `Tienes ${unreadCount} sin leer.`}
      actions={
        <Button
          variant="light"
          leftSection={<IconChecks size={16} />}
          disabled={unreadCount === 0}
          loading={markAll.isPending}
          onClick={() => void onMarkAll()}
        >
          Marcar todas como leídas
        </Button>
      }
    >
      <SegmentedControl
        w="fit-content"
        value={unreadOnly ? 'no-leidas' : 'todas'}
        onChange={(v) =>
          void navigate({ search: { filtro: v === 'no-leidas' ? 'no-leidas' : undefined, page: undefined } })
        }
        data={[
          { value: 'todas', label: 'Todas' },
          { value: 'no-leidas', label: 'No leídas' },
        ]}
      />
      <QueryState query={list}>
        {(data) => (
          <Stack gap="sm">
            {data.items.length === 0 && (
              <EmptyState title={unreadOnly ? 'No tienes notificaciones sin leer' : 'Aún no tienes notificaciones'}>
                Te avisaremos aquí de cada novedad de tus paquetes, envíos y pagos.
              </EmptyState>
            )}
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Notificaciones">
              {data.items.map((n) => (
                <Card
                  key={n.id}
                  component="li"
                  withBorder
                  radius="md"
                  padding="md"
                  data-unread={!n.read || undefined}
                  aria-label={`${n.read ? '' : 'Sin leer: '}${n.title}`}
                  style={
                    n.read
                      ? undefined
                      : {
                          borderLeft: '4px solid var(--mantine-color-blue-6)',
                          background: 'var(--mantine-color-blue-0)',
                        }
                  }
                >
                  {/* On a phone the actions go under the text, which keeps the card's full width. */}
                  <Flex
                    direction={{ base: 'column', sm: 'row' }}
                    justify="space-between"
                    align={{ base: 'stretch', sm: 'flex-start' }}
                    gap={{ base: 'sm', sm: 'md' }}
                  >
                    <Stack gap={4}>
                      <Group gap="xs">
                        <Text fw={n.read ? 500 : 700}>{n.title}</Text>
                        {!n.read && (
                          <Badge size="xs" color="blue">
                            Nueva
                          </Badge>
                        )}
                        <Badge size="xs" variant="outline" color="gray">
                          {NOTIFICATION_TYPE_LABELS[n.type]}
                        </Badge>
                      </Group>
                      <Text size="sm">{n.message}</Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(n.createdAt)}
                      </Text>
                    </Stack>
                    <Flex
                      direction={{ base: 'row', sm: 'column' }}
                      gap={4}
                      align={{ base: 'center', sm: 'flex-end' }}
                      wrap="wrap"
                    >
                      {n.link && (
                        <Button size="xs" variant="light" onClick={() => void open(n.id, n.read, n.link)}>
                          Ver
                        </Button>
                      )}
                      {!n.read && (
                        <Button
                          size="xs"
                          variant="subtle"
                          loading={markRead.isPending && markRead.variables?.id === n.id}
                          onClick={() =>
                            void markRead
                              .mutateAsync({ id: n.id })
                              .catch((e) => toasts.show({ color: 'red', message: getErrorMessage(e) }))
                          }
                        >
                          Marcar como leída
                        </Button>
                      )}
                    </Flex>
                  </Flex>
                </Card>
              ))}
            </Stack>
            <ListPager list={data} page={page} onChange={setPage} />
          </Stack>
        )}
      </QueryState>
    </DashboardPage>
  );
}
