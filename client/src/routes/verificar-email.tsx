import { useEffect, useRef } from 'react';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AUTH_MESSAGES } from '@casillero/shared';
import { ButtonLink } from '../components/links';
import { AuthCard } from '../components/layout/AuthCard';
import { getErrorMessage } from '../lib/errors';
import { searchString } from '../lib/search';
import { BRAND_NAME } from '../lib/site';
import { trpc } from '../lib/trpc';
import { ResendVerification } from './-components/ResendVerification';

export const Route = createFileRoute('/verificar-email')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: searchString(search.token, 200) }),
  head: () => ({ meta: [{ title: `Confirmar correo · ${BRAND_NAME}` }] }),
  component: VerifyEmailPage,
});

function VerifyEmailPage() {
  const { token } = Route.useSearch();
  const verify = useMutation(trpc.auth.verifyEmail.mutationOptions());
  const started = useRef(false);

  // A token is good once: confirm it exactly once, even under StrictMode's double effects.
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  const failed = !token || verify.isError;

  return (
    <AuthCard title="Confirmar correo electrónico">
      {token && (verify.isIdle || verify.isPending) && (
        <Stack align="center" gap="sm" py="md" role="status">
          <Loader />
          <Text c="dimmed">Confirmando tu correo...</Text>
        </Stack>
      )}

      {verify.isSuccess && (
        <>
          <Alert color="green" icon={<IconCircleCheck />} title="¡Listo!" role="status">
            {verify.data.message || AUTH_MESSAGES.verifyEmailSuccess}
          </Alert>
          <ButtonLink to="/login" search={{ message: AUTH_MESSAGES.verifyEmailSuccess }} fullWidth>
            Iniciar Sesión
          </ButtonLink>
        </>
      )}

      {failed && (
        <>
          <Alert color="red" icon={<IconAlertCircle />} title="No pudimos confirmar tu correo" role="alert">
            {token ? getErrorMessage(verify.error, AUTH_MESSAGES.verifyEmailInvalid) : AUTH_MESSAGES.verifyEmailInvalid}
          </Alert>
          <ResendVerification />
          <ButtonLink to="/login" variant="default" fullWidth>
            Ir a Iniciar Sesión
          </ButtonLink>
        </>
      )}
    </AuthCard>
  );
}
