import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AUTH_MESSAGES, requestPasswordResetInput } from '@casillero/shared';
import { AnchorLink } from '../components/links';
import { EmailField, ErrorAlert, SubmitButton } from '../components/forms/FormParts';
import { AuthCard } from '../components/layout/AuthCard';
import { getErrorMessage } from '../lib/errors';
import { BRAND_NAME } from '../lib/site';
import { trpc } from '../lib/trpc';

export const Route = createFileRoute('/forgot-password')({
  head: () => ({ meta: [{ title: `Recuperar contraseña · ${BRAND_NAME}` }] }),
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const requestReset = useMutation(trpc.auth.requestPasswordReset.mutationOptions());

  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(requestPasswordResetInput, { sync: true }),
    onValuesChange: () => setServerError(null),
  });

  const handleSubmit = form.onSubmit(async ({ email }) => {
    setServerError(null);
    try {
      const result = await requestReset.mutateAsync({ email });
      setConfirmation(result.message || AUTH_MESSAGES.resetRequested);
    } catch (error) {
      setServerError(getErrorMessage(error, AUTH_MESSAGES.resetFallback));
    }
  });

  if (confirmation) {
    return (
      <AuthCard title="Revisa tu correo">
        <Alert color="green" icon={<IconMailCheck />} role="status">
          {confirmation}
        </Alert>
        <Text size="sm" c="dimmed">
          Enviado a <strong>{form.values.email.trim()}</strong>. Revisa también la carpeta de spam.
        </Text>
        <Button variant="default" onClick={() => setConfirmation(null)}>
          Cambiar email
        </Button>
        <Text size="sm" ta="center">
          <AnchorLink to="/login">Volver a Iniciar Sesión</AnchorLink>
        </Text>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="¿Olvidaste tu contraseña?"
      subtitle="Escribe el email de tu cuenta y te enviaremos un enlace para crear una nueva. El correo puede tardar hasta 5 minutos."
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <EmailField {...form.getInputProps('email')} />
          <ErrorAlert message={serverError} />
          <SubmitButton busy={form.submitting} label="Enviar enlace" busyLabel="Enviando..." />
        </Stack>
      </form>
      <Text size="sm" ta="center">
        ¿La recordaste? <AnchorLink to="/login">Inicia sesión</AnchorLink>
      </Text>
    </AuthCard>
  );
}
