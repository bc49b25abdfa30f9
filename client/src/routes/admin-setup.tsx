import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_SETUP_MESSAGES, adminSetupInput } from '@casillero/shared';
import { ButtonLink } from '../components/links';
import { AuthCard } from '../components/layout/AuthCard';
import { PageLoader } from '../components/layout/PageLoader';
import { EmailField, NewPasswordField } from '../components/forms/FormParts';
import { getErrorMessage } from '../lib/errors';
import { BRAND_NAME } from '../lib/site';
import { trpc } from '../lib/trpc';

export const Route = createFileRoute('/admin-setup')({
  head: () => ({ meta: [{ title: `Configuración inicial · ${BRAND_NAME}` }] }),
  component: AdminSetupPage,
});

function AdminSetupPage() {
  const status = useQuery(trpc.auth.adminSetupStatus.queryOptions());

  if (status.isPending) return <PageLoader message="Comprobando configuración..." />;

  if (status.isError) {
    return (
      <AuthCard title="Configuración inicial">
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {getErrorMessage(status.error)}
        </Alert>
        <Button variant="default" onClick={() => void status.refetch()}>
          Reintentar
        </Button>
      </AuthCard>
    );
  }

  if (status.data.adminExists) {
    return (
      <AuthCard title="Configuración inicial">
        <Alert color="blue" icon={<IconShieldCheck />} role="status">
          {ADMIN_SETUP_MESSAGES.adminExists}
        </Alert>
        <ButtonLink to="/login">Iniciar Sesión</ButtonLink>
      </AuthCard>
    );
  }

  return <AdminSetupForm />;
}

function AdminSetupForm() {
  const queryClient = useQueryClient();
  const setup = useMutation(trpc.auth.adminSetup.mutationOptions());
  const form = useForm({
    mode: 'controlled',
    initialValues: { setupToken: '', nombre: '', email: '', password: '' },
    validate: schemaResolver(adminSetupInput, { sync: true }),
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
        Copia el token de configuración que el servidor imprimió en su registro al arrancar. Solo sirve una
        vez.
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Token de configuración"
            placeholder="Pega aquí el token del registro del servidor"
            autoComplete="off"
            spellCheck={false}
            required
            {...form.getInputProps('setupToken')}
          />
          <TextInput
            label="Nombre completo"
            autoComplete="name"
            required
            {...form.getInputProps('nombre')}
          />
          <EmailField placeholder="admin@tuempresa.com" {...form.getInputProps('email')} />
          <NewPasswordField label="Contraseña" {...form.getInputProps('password')} />
          <Button type="submit" fullWidth size="md" loading={form.submitting}>
            Crear administrador
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
