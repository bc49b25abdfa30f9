import { Alert, Button, Center, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { getErrorMessage } from '../../lib/errors';
import { ButtonLink } from '../links';

/** What a route shows when its loading failed. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Center mih="50vh" p="xl">
      <Stack maw={480} w="100%">
        <Alert color="red" title="Algo salió mal" icon={<IconAlertTriangle />}>
          {getErrorMessage(error)}
        </Alert>
        <Group justify="center">
          <Button
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            Reintentar
          </Button>
          <ButtonLink to="/" variant="default">
            Ir al inicio
          </ButtonLink>
        </Group>
      </Stack>
    </Center>
  );
}
