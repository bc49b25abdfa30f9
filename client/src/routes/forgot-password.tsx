import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { AUTH_MESSAGES, requestPasswordResetInput } from '@casillero/shared';
import { AnchorLink } from '../components/links';
import { EmailField, ErrorAlert, SubmitButton } from '../components/forms/FormParts';
import { AuthCard, AuthMessageCard, AuthForm } from '../components/layout/AuthCard';
import { useMutationForm } from '../components/forms/useMutationForm';
import { publicPageHead } from '../lib/site';
import { trpc } from '../lib/trpc';

export const Route = createFileRoute('/forgot-password')({
  head: publicPageHead('/forgot-password'),
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const { form, send, serverError } = useMutationForm(trpc.auth.requestPasswordReset.mutationOptions(), {
    initialValues: { email: '' },
    schema: requestPasswordResetInput,
    fallback: AUTH_MESSAGES.resetFallback,
  });

  const handleSubmit = form.onSubmit(async ({ email }) => {
    const result = await send({ email });
    if (result) setConfirmation(result.message || AUTH_MESSAGES.resetRequested);
  });

  if (confirmation) {
    return (
      <AuthMessageCard
        title="Revisa tu correo"
        message={confirmation}
        status={{ color: 'green', icon: <IconMailCheck /> }}
      >
        <Text size="sm" c="dimmed">
          Enviado a <strong>{form.values.email.trim()}</strong>. Revisa también la carpeta de spam.
        </Text>
        <Button variant="default" onClick={() => setConfirmation(null)}>
          Cambiar email
        </Button>
        <Text size="sm" ta="center">
          <AnchorLink to="/login">Volver a Iniciar Sesión</AnchorLink>
        </Text>
      </AuthMessageCard>
    );
  }

  return (
    <AuthCard
      title="¿Olvidaste tu contraseña?"
      subtitle="Escribe el email de tu cuenta y te enviaremos un enlace para crear una nueva. El correo puede tardar hasta 5 minutos."
    >
      <AuthForm onSubmit={handleSubmit}>
        <EmailField {...form.getInputProps('email')} />
        <ErrorAlert message={serverError} />
        <SubmitButton busy={form.submitting} label="Enviar enlace" busyLabel="Enviando..." />
      </AuthForm>
      <Text size="sm" ta="center">
        ¿La recordaste? <AnchorLink to="/login">Inicia sesión</AnchorLink>
      </Text>
    </AuthCard>
  );
}
