import { useState } from 'react';
import { Alert, Button, Center, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLock, IconLogout, IconRefresh, IconShieldX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { ButtonLink } from '../../../components/links';
import { useSignOut, type SessionUser } from '../../../lib/auth';
import { trpc } from '../../../lib/trpc';

/** A signed-in non-administrator at /admin (docs/product/admin-area.md#access-denied). */
export function AccessDenied({ user }: { user: SessionUser }) {
  const [retries, setRetries] = useState(0);
  const [isRetrying, setIsRetrying] = useState(false);
  const queryClient = useQueryClient();
  const router = useRouter();
  const { signOut, isSigningOut } = useSignOut();

  // Checks the role again with the server: if it changed, the admin area opens.
  const retry = async () => {
    setRetries((n) => n + 1);
    setIsRetrying(true);
    try {
      await queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey(), refetchType: 'all' });
      await router.invalidate();
    } finally {
      setIsRetrying(false);
    }
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="lg" p="xl" maw={560} w="100%">
        <Stack gap="md">
          <Stack gap={4} align="center" ta="center">
            <IconShieldX size={48} color="var(--mantine-color-red-7)" aria-hidden />
            <Title order={1} size="h2">
              Acceso Denegado
            </Title>
            <Text c="dimmed">No tienes permisos para acceder al panel de administración.</Text>
          </Stack>

          <Alert color="red" icon={<IconLock />} title="Permisos Insuficientes">
            Esta área está restringida a los administradores del sistema. Si necesitas acceso, contacta al administrador
            principal.
          </Alert>

          <Table variant="vertical" withTableBorder layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={160}>Usuario</Table.Th>
                <Table.Td>{user.email}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Rol actual</Table.Th>
                <Table.Td>Usuario Regular</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Acceso requerido</Table.Th>
                <Table.Td>Administrador</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>

          {retries > 0 && (
            <Text size="sm" c="dimmed" ta="center" role="status">
              Intentos de verificación: {retries}
            </Text>
          )}

          <Group justify="center" gap="sm">
            <Button
              variant="light"
              leftSection={<IconRefresh size={16} />}
              loading={isRetrying}
              onClick={() => void retry()}
            >
              Reintentar
            </Button>
            <Button
              variant="default"
              leftSection={<IconLogout size={16} />}
              loading={isSigningOut}
              onClick={() => void signOut()}
            >
              Cerrar Sesión
            </Button>
            <ButtonLink to="/dashboard" leftSection={<IconArrowLeft size={16} />}>
              Volver a Mi Cuenta
            </ButtonLink>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
