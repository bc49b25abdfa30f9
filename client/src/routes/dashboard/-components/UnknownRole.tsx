import { Alert, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';
import { AUTH_MESSAGES } from '@casillero/shared';
import { ButtonLink } from '../../../components/links';
import { useSignOut } from '../../../lib/auth';

/** A session whose role is neither admin nor user (docs/product/sign-up-and-sign-in.md#unknown-role). */
export function UnknownRole({ role }: { role: string }) {
  const { signOut, isSigningOut } = useSignOut();
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="lg" p="xl" maw={520} w="100%">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <IconUserQuestion size={32} aria-hidden />
            <Title order={1} size="h3">
              {AUTH_MESSAGES.unknownRole}
            </Title>
          </Group>
          <Alert color="orange">
            Tu cuenta tiene el rol «{role || 'sin rol'}», que no reconocemos. Los roles válidos son{' '}
            <strong>admin</strong> y <strong>client</strong>.
          </Alert>
          <Group>
            <ButtonLink to="/">Ir al inicio</ButtonLink>
            <Button variant="default" loading={isSigningOut} onClick={() => void signOut()}>
              Cerrar sesión
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            Si crees que es un error, contacta a soporte desde la página de Contacto e indica el email de tu cuenta.
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
