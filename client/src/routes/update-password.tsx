import { useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { AUTH_MESSAGES, resetPasswordFormSchema } from '@casillero/shared';
import { AnchorLink, ButtonLink } from '../components/links';
import { AuthCard } from '../components/layout/AuthCard';
import { ConfirmPasswordField, ErrorAlert, NewPasswordField, SubmitButton } from '../components/forms/FormParts';
import { useRefreshSession } from '../lib/auth';
import { getErrorMessage } from '../lib/errors';
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
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const [serverError, setServerError] = useState<string | null>(null);
  const resetPassword = useMutation(trpc.auth.resetPassword.mutationOptions());

  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: schemaResolver(resetPasswordFormSchema, { sync: true }),
    validateInputOnBlur: true,
    onValuesChange: () => setServerError(null),
  });

  if (!token) {
    return (
      <AuthCard title="Nueva contraseña">
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {AUTH_MESSAGES.resetTokenInvalid}
        </Alert>
        <ButtonLink to="/forgot-password">Solicitar un nuevo enlace</ButtonLink>
      </AuthCard>
    );
  }

  const handleSubmit = form.onSubmit(async ({ password }) => {
    setServerError(null);
    try {
      const result = await resetPassword.mutateAsync({ token, password });
      notifications.show({ color: 'green', title: 'Contraseña actualizada', message: result.message });
    } catch (error) {
      setServerError(getErrorMessage(error, AUTH_MESSAGES.resetTokenInvalid));
      return;
    }
    // The server signed the user in with the new password.
    await refreshSession();
    await navigate({ to: '/dashboard' });
  });

  return (
    <AuthCard title="Nueva contraseña" subtitle="Elige una contraseña nueva para tu cuenta.">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <NewPasswordField label="Nueva contraseña" {...form.getInputProps('password')} />
          <ConfirmPasswordField {...form.getInputProps('confirm')} />
          <ErrorAlert message={serverError} />
          <SubmitButton
            busy={form.submitting}
            disabled={!form.isValid() || form.submitting}
            label="Actualizar contraseña"
            busyLabel="Actualizando..."
          />
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <AnchorLink to="/forgot-password">Solicitar un nuevo enlace</AnchorLink>
      </Text>
    </AuthCard>
  );
}
