import { Alert, Button, Center, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { OFFLINE_MESSAGES, SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS } from '@casillero/shared';
import { getErrorMessage, isNetworkError, isServiceUnavailable } from '../../lib/errors';
import { useOnline, useWhenBackOnline } from '../../lib/online';
import { ButtonLink } from '../links';
import { OfflineNotice, ServiceUnavailableNotice } from './OfflineNotice';

/**
 * What a route shows when its loading failed. Without a connection it is the offline page's
 * message, not an error, and the page loads by itself when the connection returns; while the
 * server answers 503 (its database cannot be reached) it says so, and tries again by itself every
 * few seconds, as the server's Retry-After asks. Only anything else is "Algo salió mal".
 */
export function RouteError({ error, reset }: Pick<ErrorComponentProps, 'error' | 'reset'>) {
  const router = useRouter();
  const online = useOnline();
  const retry = useCallback(() => {
    reset();
    void router.invalidate();
  }, [reset, router]);
  const offline = !online || isNetworkError(error);
  const unavailable = !offline && isServiceUnavailable(error);
  useWhenBackOnline(offline ? retry : noop);
  useEffect(() => {
    if (!unavailable) return;
    const timer = setInterval(retry, SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [unavailable, retry]);

  return (
    <Center mih="50vh" p="xl">
      <Stack maw={480} w="100%">
        {offline ? (
          <OfflineNotice />
        ) : unavailable ? (
          <ServiceUnavailableNotice />
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
