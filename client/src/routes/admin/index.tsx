import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { BRAND_NAME } from '../../lib/site';

export const Route = createFileRoute('/admin/')({
  head: () => ({ meta: [{ title: `Panel de Administración · ${BRAND_NAME}` }] }),
  component: AdminHome,
});

function AdminHome() {
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        Panel de Administración
      </Title>
      <Text c="dimmed">Gestiona tu negocio de casilleros desde aquí</Text>
    </Stack>
  );
}
