import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { createFileRoute } from '@tanstack/react-router';
import { AUTH_MESSAGES, resetPasswordFormSchema } from '@casillero/shared';
import { AnchorLink, ButtonLink } from '../components/links';
import { AuthCard, AuthMessageCard, AuthForm } from '../components/layout/AuthCard';
import { ConfirmPasswordField, ErrorAlert, NewPasswordField, SubmitButton } from '../components/forms/FormParts';
import { useMutationForm } from '../components/forms/useMutationForm';
import { useRefreshSession } from '../lib/auth';
import { useEnterArea } from '../lib/enter-area';
import { searchString } from '../lib/search';
import { BRAND_NAME } from '../lib/site';
import { trpc } from '../lib/trpc';

export const Route = createFileRoute('/update-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: searchString(search.token, 200) }),
  head: () => ({ meta: [{ title: `Nueva contraseña · ${BRAND_NAME}` }] }),
  component: UpdatePasswordPage,
});

function UpdatePasswordPage() {
  const { token } = Route.useSearch();
  const enterArea = useEnterArea();
  const refreshSession = useRefreshSession();
  const { form, send, serverError } = useMutationForm(trpc.auth.resetPassword.mutationOptions(), {
    initialValues: { password: '', confirm: '' },
    schema: resetPasswordFormSchema,
    validateInputOnBlur: true,
    fallback: AUTH_MESSAGES.resetTokenInvalid,
  });

  if (!token) {
    return (
      <AuthMessageCard title="Nueva contraseña" message={AUTH_MESSAGES.resetTokenInvalid}>
        <ButtonLink to="/forgot-password">Solicitar un nuevo enlace</ButtonLink>
      </AuthMessageCard>
    );
  }

  const handleSubmit = form.onSubmit(async ({ password }) => {
    const result = await send({ token, password });
    if (!result) return;
    notifications.show({ color: 'green', title: 'Contraseña actualizada', message: result.message });
    // The server signed the user in with the new password.
    await refreshSession();
    await enterArea();
  });

  return (
    <AuthCard title="Nueva contraseña" subtitle="Elige una contraseña nueva para tu cuenta.">
      <AuthForm onSubmit={handleSubmit}>
        <NewPasswordField label="Nueva contraseña" {...form.getInputProps('password')} />
        <ConfirmPasswordField {...form.getInputProps('confirm')} />
        <ErrorAlert message={serverError} />
        <SubmitButton
          busy={form.submitting}
          disabled={!form.isValid() || form.submitting}
          label="Actualizar contraseña"
          busyLabel="Actualizando..."
        />
      </AuthForm>
      <Text size="sm" ta="center">
        <AnchorLink to="/forgot-password">Solicitar un nuevo enlace</AnchorLink>
      </Text>
    </AuthCard>
  );
}
