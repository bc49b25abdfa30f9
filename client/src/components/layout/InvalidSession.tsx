import { Alert, Center, Paper, Stack, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { AUTH_MESSAGES } from '@casillero/shared';
import { ButtonLink } from '../links';
import { safeRedirect } from '../../lib/auth';
import { getErrorMessage, isTemporaryFailure } from '../../lib/errors';
import { RouteError } from './RouteError';

/**
 * There is no valid session (docs/product/sign-up-and-sign-in.md#invalid-session: 'Sesión no válida'): it could not be checked
 * (as a route's error component) or it ended elsewhere or expired (the guarded layouts,
 * without an error). The button signs in again and comes back here. When it could not be
 * checked because there is no connection or the server is momentarily unavailable, nothing is
 * wrong with the session: the page waits and tries again instead (RouteError).
 */
export function InvalidSession({ error, reset }: { error?: unknown; reset?: () => void }) {
  const here = useRouterState({ select: (state) => state.location.href });
  if (isTemporaryFailure(error)) return <RouteError error={error as Error} reset={reset ?? noop} />;
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
          <ButtonLink to="/login" search={{ redirect: safeRedirect(here) }}>
            Iniciar Sesión
          </ButtonLink>
        </Stack>
      </Paper>
    </Center>
  );
}

function noop() {}
