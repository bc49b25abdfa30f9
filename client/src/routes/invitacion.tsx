// /invitacion?token=…: a person invited to the staff writes their name and chooses a password;
// the account gets the invitation's role and they land in the admin area (DECISIONS 13).
import { useState } from 'react';
import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { STAFF_MESSAGES, STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, acceptInvitationFormSchema, isStaffRole } from '@casillero/shared';
import { ConfirmPasswordField, ErrorAlert, NewPasswordField, SubmitButton } from '../components/forms/FormParts';
import { AuthCard } from '../components/layout/AuthCard';
import { PageLoader } from '../components/layout/PageLoader';
import { useRefreshSession } from '../lib/auth';
import { getErrorMessage } from '../lib/errors';
import { searchString } from '../lib/search';
import { BRAND_NAME } from '../lib/site';
import { trpc } from '../lib/trpc';

export const Route = createFileRoute('/invitacion')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: searchString(search.token, 200) }),
  head: () => ({ meta: [{ title: `Invitación · ${BRAND_NAME}` }] }),
  component: InvitationPage,
});

function InvitationPage() {
  const { token } = Route.useSearch();
  const invitation = useQuery({ ...trpc.staff.invitation.queryOptions({ token: token ?? '' }), enabled: Boolean(token), retry: false });
  if (token && invitation.isPending) return <PageLoader title="Invitación" message="Comprobando el enlace..." />;
  if (!token || invitation.isError || !invitation.data) {
    return (
      <AuthCard title="Invitación">
        <Alert color="red" icon={<IconAlertCircle />} role="alert">
          {token ? getErrorMessage(invitation.error, STAFF_MESSAGES.invitationInvalid) : STAFF_MESSAGES.invitationInvalid}
        </Alert>
      </AuthCard>
    );
  }
  const role = invitation.data.role;
  return (
    <AuthCard title="Únete al equipo" subtitle={`Invitación para ${invitation.data.email}`} width={480}>
      {isStaffRole(role) && (
        <Alert color="blue" variant="light" title={`Rol: ${STAFF_ROLE_LABELS[role]}`}>
          {STAFF_ROLE_DESCRIPTIONS[role]}
        </Alert>
      )}
      <AcceptForm token={token} />
    </AuthCard>
  );
}

function AcceptForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const refreshSession = useRefreshSession();
  const accept = useMutation(trpc.staff.acceptInvitation.mutationOptions());
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { nombre: '', password: '', confirmPassword: '' },
    validate: schemaResolver(acceptInvitationFormSchema, { sync: true }),
    onValuesChange: () => setServerError(null),
  });
  const submit = form.onSubmit(async ({ nombre, password }) => {
    try {
      await accept.mutateAsync({ token, nombre, password });
    } catch (error) {
      setServerError(getErrorMessage(error, STAFF_MESSAGES.invitationInvalid));
      return;
    }
    await refreshSession();
    await navigate({ to: '/admin' });
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Nombre completo" autoComplete="name" required {...form.getInputProps('nombre')} />
        <NewPasswordField label="Contraseña" {...form.getInputProps('password')} />
        <ConfirmPasswordField {...form.getInputProps('confirmPassword')} />
        <ErrorAlert message={serverError} />
        <SubmitButton busy={form.submitting} label="Crear mi cuenta" busyLabel="Creando cuenta..." />
        <Text size="xs" c="dimmed" ta="center">
          El enlace solo puede usarse una vez.
        </Text>
      </Stack>
    </form>
  );
}
