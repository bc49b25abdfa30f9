import { Alert, Center, Paper, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { AUTH_MESSAGES } from '@casillero/shared';
import { ButtonLink } from '../links';
import { getErrorMessage } from '../../lib/errors';

/** The session could not be checked (public spec §2: 'Sesión no válida'). */
export function InvalidSession({ error }: ErrorComponentProps) {
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" radius="lg" p="xl" maw={460} w="100%">
        <Stack gap="md" align="center" ta="center">
          <IconLock size={40} aria-hidden />
          <Title order={1} size="h3">
            {AUTH_MESSAGES.invalidSession}
          </Title>
          <Alert color="red" w="100%">
            {getErrorMessage(error, AUTH_MESSAGES.unauthorized)}
          </Alert>
          <ButtonLink to="/login">Iniciar Sesión</ButtonLink>
        </Stack>
      </Paper>
    </Center>
  );
}
