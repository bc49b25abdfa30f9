import { Center, Loader, Stack, Text, Title } from '@mantine/core';

type PageLoaderProps = { title?: string; message?: string };

/** A centred spinner with an optional heading and text, for pages still loading. */
export function PageLoader({ title, message = 'Cargando...' }: PageLoaderProps) {
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
