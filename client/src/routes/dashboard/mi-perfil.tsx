import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconClock } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { formatDate, type UserRole } from '@casillero/shared';
import { PageLoader } from '../../components/layout/PageLoader';
import { useMe } from '../../lib/auth';
import { BRAND_NAME } from '../../lib/site';

export const Route = createFileRoute('/dashboard/mi-perfil')({
  head: () => ({ meta: [{ title: `Mi Perfil · ${BRAND_NAME}` }] }),
  component: ProfilePage,
});

const ROLE_LABELS: Record<UserRole, string> = { admin: 'Administrador', user: 'Cliente' };

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} component="div">
        {children}
      </Text>
    </Stack>
  );
}

function ProfilePage() {
  const user = useMe().data?.user;
  if (!user) return <PageLoader />;

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          Mi Perfil
        </Title>
        <Text c="dimmed">Los datos de tu cuenta.</Text>
      </Stack>

      <Card withBorder radius="md" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Field label="Nombre completo">{user.fullName}</Field>
          <Field label="Email">{user.email}</Field>
          <Field label="Rol">
            <Badge variant="light">{ROLE_LABELS[user.role] ?? user.role}</Badge>
          </Field>
          <Field label="Correo electrónico">
            {user.emailVerifiedAt ? (
              <Group gap={6}>
                <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
                Confirmado el {formatDate(user.emailVerifiedAt)}
              </Group>
            ) : (
              <Group gap={6}>
                <IconClock size={18} color="var(--mantine-color-orange-7)" aria-hidden />
                Pendiente de confirmación
              </Group>
            )}
          </Field>
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
