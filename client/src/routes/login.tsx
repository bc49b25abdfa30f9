import { Alert, Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { AUTH_MESSAGES, signInInput } from '@casillero/shared';
import { AnchorLink } from '../components/links';
import { EmailField, ErrorAlert, SubmitButton, TermsNote } from '../components/forms/FormParts';
import { AuthCard, AuthForm } from '../components/layout/AuthCard';
import { PasswordField } from '../components/PasswordField';
import { useMutationForm } from '../components/forms/useMutationForm';
import { safeRedirect, useRefreshSession } from '../lib/auth';
import { useEnterArea } from '../lib/enter-area';
import { redirectIfSignedIn } from '../lib/guards';
import { searchString } from '../lib/search';
import { publicPageHead } from '../lib/site';
import { trpc } from '../lib/trpc';
import { ResendVerification } from './-components/ResendVerification';
import { SignInLinkOffer } from './-components/SignInLinkOffer';

type LoginSearch = {
  /** A note to show above the form, e.g. after sign-up. */
  message?: string;
  /** Where to go after signing in (a path of this site). */
  redirect?: string;
};

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    message: searchString(search.message, 500),
    redirect: searchString(search.redirect, 2000),
  }),
  beforeLoad: ({ context }) => redirectIfSignedIn(context),
  head: publicPageHead('/login'),
  component: LoginPage,
});

function LoginPage() {
  const search = Route.useSearch();
  const enterArea = useEnterArea();
  const router = useRouter();
  const refreshSession = useRefreshSession();
  const { form, send, serverError } = useMutationForm(trpc.auth.signIn.mutationOptions(), {
    initialValues: { email: '', password: '' },
    schema: signInInput,
    fallback: AUTH_MESSAGES.signInFallback,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    if (!(await send(values))) return;
    await refreshSession();
    const target = safeRedirect(search.redirect);
    // A page asked for before signing in wins; else the screen that needs the person.
    if (target) router.history.push(target);
    else await enterArea();
  });

  const needsConfirmation = serverError === AUTH_MESSAGES.emailNotConfirmed;
  // Refused before the password was checked (failed attempts from strangers): a link by e-mail still gets the owner in.
  const isThrottled = serverError === AUTH_MESSAGES.tooManyAttempts;

  return (
    <AuthCard title="Iniciar Sesión" subtitle="Accede a tu casillero y sigue tus envíos.">
      {search.message && (
        <Alert color="blue" icon={<IconInfoCircle />} role="status">
          {search.message}
        </Alert>
      )}

      <AuthForm onSubmit={handleSubmit}>
        <EmailField {...form.getInputProps('email')} />
        <PasswordField
          label="Contraseña"
          placeholder="Tu contraseña"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-8}>
          <AnchorLink to="/forgot-password" size="sm">
            ¿Olvidaste tu contraseña?
          </AnchorLink>
        </Group>

        <ErrorAlert message={serverError} />

        <SubmitButton busy={form.submitting} label="Iniciar Sesión" busyLabel="Iniciando sesión..." />
      </AuthForm>

      {needsConfirmation && <ResendVerification initialEmail={form.values.email} />}
      {isThrottled && <SignInLinkOffer email={form.values.email} />}

      <Text size="sm" ta="center">
        ¿No tienes cuenta?{' '}
        <AnchorLink to="/registro" search={{ type: 'usa' }} fw={600}>
          Regístrate
        </AnchorLink>
      </Text>
      <TermsNote action="Al iniciar sesión" />
    </AuthCard>
  );
}
