import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@casillero/shared';
import { getErrorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { QueryState } from './QueryState';

/** A readable name for a browser's user agent: browser and system. */
export function describeUserAgent(ua: string | null): string {
  if (!ua) return 'Dispositivo desconocido';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Firefox\//.test(ua)
          ? 'Firefox'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  if (!browser && !system) return ua.slice(0, 60);
  return [browser, system].filter(Boolean).join(' en ');
}

const isMobile = (ua: string | null) => Boolean(ua && /Mobile|Android|iPhone|iPad/.test(ua));

export function SessionsCard() {
  const queryClient = useQueryClient();
  const list = useQuery(trpc.account.sessions.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.sessions.queryKey() });
  const endOne = useMutation(trpc.account.signOutSession.mutationOptions({ onSettled: refresh }));
  const endOthers = useMutation(trpc.account.signOutOthers.mutationOptions({ onSettled: refresh }));

  const run = async (action: () => Promise<{ message: string }>) => {
    try {
      notifications.show({ color: 'green', message: (await action()).message });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sesiones-activas">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="sesiones-activas">
            Sesiones activas
          </Title>
          <Button
            variant="light"
            color="red"
            size="xs"
            loading={endOthers.isPending}
            disabled={(list.data?.length ?? 0) <= 1}
            onClick={() => void run(() => endOthers.mutateAsync())}
          >
            Cerrar las demás sesiones
          </Button>
        </Group>
        <QueryState query={list}>
          {(sessions) => (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Sesiones">
              {sessions.map((s) => {
                const Icon = isMobile(s.userAgent) ? IconDeviceMobile : IconDeviceDesktop;
                return (
                  <Card key={s.id} component="li" withBorder radius="sm" padding="sm">
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap="sm" wrap="nowrap">
                        <Icon size={24} aria-hidden />
                        <Stack gap={0}>
                          <Group gap="xs">
                            <Text size="sm" fw={600}>
                              {describeUserAgent(s.userAgent)}
                            </Text>
                            {s.isCurrent && (
                              <Badge size="xs" color="green">
                                Esta sesión
                              </Badge>
                            )}
                          </Group>
                          <Text size="xs" c="dimmed">
                            IP {s.ip ?? 'desconocida'} · Inició {formatDateTime(s.createdAt)} · Vence{' '}
                            {formatDateTime(s.expiresAt)}
                          </Text>
                        </Stack>
                      </Group>
                      {!s.isCurrent && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          loading={endOne.isPending && endOne.variables?.id === s.id}
                          onClick={() => void run(() => endOne.mutateAsync({ id: s.id }))}
                        >
                          Cerrar sesión
                        </Button>
                      )}
                    </Group>
                  </Card>
                );
              })}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}
