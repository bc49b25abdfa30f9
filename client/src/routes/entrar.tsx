import type { FormEvent } from 'react';
import { Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { AUTH_MESSAGES } from '@casillero/shared';
import { AnchorLink, ButtonLink } from '../components/links';
import { AuthCard, AuthForm, AuthMessageCard } from '../components/layout/AuthCard';
import { ErrorAlert, SubmitButton } from '../components/forms/FormParts';
import { useRefreshSession } from '../lib/auth';
import { useEnterArea } from '../lib/enter-area';
import { getErrorMessage } from '../lib/errors';
import { searchString } from '../lib/search';
import { BRAND_NAME } from '../lib/site';
import { trpc } from '../lib/trpc';

export const Route = createFileRoute('/entrar')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: searchString(search.token, 200) }),
  head: () => ({ meta: [{ title: `Entrar con un enlace · ${BRAND_NAME}` }] }),
  component: SignInWithLinkPage,
});

/**
 * The page a sign-in link opens. It signs in only when the person presses the button: a mail
 * scanner that follows the link must not use it up.
 */
function SignInWithLinkPage() {
  const { token } = Route.useSearch();
  const enterArea = useEnterArea();
  const refreshSession = useRefreshSession();
  const signIn = useMutation(trpc.auth.signInWithLink.mutationOptions());

  if (!token) {
    return (
      <AuthMessageCard title="Entrar con un enlace" message={AUTH_MESSAGES.signInLinkInvalid}>
        <ButtonLink to="/login">Ir a iniciar sesión</ButtonLink>
      </AuthMessageCard>
    );
  }

  const enter = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await signIn.mutateAsync({ token });
    } catch {
      return; // Shown below from the mutation's state.
    }
    await refreshSession();
    await enterArea();
  };

  return (
    <AuthCard title="Entrar con un enlace" subtitle="Este navegador quedará reconocido como tuyo.">
      <AuthForm onSubmit={enter}>
        <ErrorAlert message={signIn.error ? getErrorMessage(signIn.error) : null} />
        <SubmitButton
          busy={signIn.isPending}
          label="Entrar a mi cuenta"
          busyLabel={AUTH_MESSAGES.signInLinkSigningIn}
        />
      </AuthForm>
      <Text size="sm" ta="center">
        <AnchorLink to="/login">Volver a iniciar sesión</AnchorLink>
      </Text>
    </AuthCard>
  );
}
