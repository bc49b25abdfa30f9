import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useOnline } from '../../lib/online';
import { OfflineNotice } from './OfflineNotice';

type PageLoaderProps = { title?: string; message?: string };

/**
 * A centred spinner with an optional heading and text, for pages still loading. Offline, the
 * page's requests wait for the connection (TanStack Query pauses them), so it says so instead of
 * spinning; the page appears by itself when the connection returns.
 */
export function PageLoader({ title, message = 'Cargando...' }: PageLoaderProps) {
  const online = useOnline();
  if (!online) {
    return (
      <Center mih="60vh" p="xl">
        <OfflineNotice />
      </Center>
    );
  }
  return (
    <Center mih="60vh" p="xl" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="lg" />
        {title && <Title order={3}>{title}</Title>}
        <Text c="dimmed">{message}</Text>
      </Stack>
    </Center>
  );
}
