import { Button, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_SETUP_MESSAGES, adminSetupInput } from '@casillero/shared';
import { ButtonLink } from '../components/links';
import { AuthCard, AuthMessageCard, AuthForm } from '../components/layout/AuthCard';
import { PageLoader } from '../components/layout/PageLoader';
import { EmailField, NewPasswordField } from '../components/forms/FormParts';
import { useMutationForm } from '../components/forms/useMutationForm';
import { getErrorMessage } from '../lib/errors';
import { pageHead } from '../lib/site';
import { trpc } from '../lib/trpc';

export const Route = createFileRoute('/admin-setup')({
  head: pageHead('Configuración inicial'),
  component: AdminSetupPage,
});

function AdminSetupPage() {
  const status = useQuery(trpc.auth.adminSetupStatus.queryOptions());

  if (status.isPending) return <PageLoader message="Comprobando configuración..." />;

  if (status.isError) {
    return (
      <AuthMessageCard title="Configuración inicial" message={getErrorMessage(status.error)}>
        <Button variant="default" onClick={() => void status.refetch()}>
          Reintentar
        </Button>
      </AuthMessageCard>
    );
  }

  if (status.data.adminExists) {
    return (
      <AuthMessageCard
        title="Configuración inicial"
        message={ADMIN_SETUP_MESSAGES.adminExists}
        status={{ color: 'blue', icon: <IconShieldCheck /> }}
      >
        <ButtonLink to="/login">Iniciar Sesión</ButtonLink>
      </AuthMessageCard>
    );
  }

  return <AdminSetupForm />;
}

function AdminSetupForm() {
  const queryClient = useQueryClient();
  // Failures are toasts here, so the form's own server error stays unused.
  const { form, mutation: setup } = useMutationForm(trpc.auth.adminSetup.mutationOptions(), {
    initialValues: { setupToken: '', nombre: '', email: '', password: '' },
    schema: adminSetupInput,
    validateInputOnBlur: true,
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const result = await setup.mutateAsync(values);
      notifications.show({
        color: 'green',
        title: ADMIN_SETUP_MESSAGES.successTitle,
        message: result.message || ADMIN_SETUP_MESSAGES.created,
      });
      // The page now says an administrator exists.
      await queryClient.invalidateQueries({ queryKey: trpc.auth.adminSetupStatus.queryKey() });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: ADMIN_SETUP_MESSAGES.errorTitle,
        message: getErrorMessage(error, ADMIN_SETUP_MESSAGES.fallback),
      });
    }
  });

  return (
    <AuthCard
      title="Crear administrador principal"
      subtitle="Esta página funciona una sola vez, mientras no exista ningún administrador."
      width={500}
    >
      <Text size="sm">
        Copia el token de configuración que el servidor imprimió en su registro al arrancar. Solo sirve una vez.
      </Text>
      <AuthForm onSubmit={handleSubmit}>
        <TextInput
          label="Token de configuración"
          placeholder="Pega aquí el token del registro del servidor"
          autoComplete="off"
          spellCheck={false}
          required
          {...form.getInputProps('setupToken')}
        />
        <TextInput label="Nombre completo" autoComplete="name" required {...form.getInputProps('nombre')} />
        <EmailField placeholder="admin@tuempresa.com" {...form.getInputProps('email')} />
        <NewPasswordField label="Contraseña" {...form.getInputProps('password')} />
        <Button type="submit" fullWidth size="md" loading={form.submitting}>
          Crear administrador
        </Button>
      </AuthForm>
    </AuthCard>
  );
}
