import { Alert, Button, Center, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { OFFLINE_MESSAGES } from '@casillero/shared';
import { getErrorMessage, isNetworkError } from '../../lib/errors';
import { useOnline, useWhenBackOnline } from '../../lib/online';
import { ButtonLink } from '../links';
import { OfflineNotice } from './OfflineNotice';

/**
 * What a route shows when its loading failed. Without a connection it is the offline page's
 * message, not an error, and the page loads by itself when the connection returns.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const online = useOnline();
  const retry = useCallback(() => {
    reset();
    void router.invalidate();
  }, [reset, router]);
  const offline = !online || isNetworkError(error);
  useWhenBackOnline(offline ? retry : noop);

  return (
    <Center mih="50vh" p="xl">
      <Stack maw={480} w="100%">
        {offline ? (
          <OfflineNotice />
        ) : (
          <Alert color="red" title="Algo salió mal" icon={<IconAlertTriangle />}>
            {getErrorMessage(error)}
          </Alert>
        )}
        <Group justify="center">
          <Button onClick={retry}>{OFFLINE_MESSAGES.retry}</Button>
          <ButtonLink to="/" variant="default">
            Ir al inicio
          </ButtonLink>
        </Group>
      </Stack>
    </Center>
  );
}

function noop() {}
