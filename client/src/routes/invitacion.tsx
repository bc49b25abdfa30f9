// /invitacion?token=…: a person invited to the staff writes their name and chooses a password;
// the account gets the invitation's role and they land in the admin area (docs/product/product-decisions.md#d13-staff-have-roles).
import { Alert, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import {
  STAFF_MESSAGES,
  STAFF_ROLE_DESCRIPTIONS,
  STAFF_ROLE_LABELS,
  acceptInvitationFormSchema,
  isStaffRole,
} from '@casillero/shared';
import { ConfirmPasswordField, ErrorAlert, NewPasswordField, SubmitButton } from '../components/forms/FormParts';
import { AuthCard, AuthMessageCard, AuthForm } from '../components/layout/AuthCard';
import { PageLoader } from '../components/layout/PageLoader';
import { useMutationForm } from '../components/forms/useMutationForm';
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
  const invitation = useQuery({
    ...trpc.staff.invitation.queryOptions({ token: token ?? '' }),
    enabled: Boolean(token),
    retry: false,
  });
  if (token && invitation.isPending) return <PageLoader title="Invitación" message="Comprobando el enlace..." />;
  if (!token || invitation.isError || !invitation.data) {
    const message = token
      ? getErrorMessage(invitation.error, STAFF_MESSAGES.invitationInvalid)
      : STAFF_MESSAGES.invitationInvalid;
    return <AuthMessageCard title="Invitación" message={message} />;
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
  const { form, send, serverError } = useMutationForm(trpc.staff.acceptInvitation.mutationOptions(), {
    initialValues: { nombre: '', password: '', confirmPassword: '' },
    schema: acceptInvitationFormSchema,
    fallback: STAFF_MESSAGES.invitationInvalid,
  });
  const submit = form.onSubmit(async ({ nombre, password }) => {
    const accepted = await send({ token, nombre, password });
    if (!accepted) return;
    await refreshSession();
    // An ally's login lands in its portal (docs/product/allies.md).
    await navigate({ to: accepted.user.role === 'aliado' ? '/aliado' : '/admin' });
  });
  return (
    <AuthForm onSubmit={submit}>
      <TextInput label="Nombre completo" autoComplete="name" required {...form.getInputProps('nombre')} />
      <NewPasswordField label="Contraseña" {...form.getInputProps('password')} />
      <ConfirmPasswordField {...form.getInputProps('confirmPassword')} />
      <ErrorAlert message={serverError} />
      <SubmitButton busy={form.submitting} label="Crear mi cuenta" busyLabel="Creando cuenta..." />
      <Text size="xs" c="dimmed" ta="center">
        El enlace solo puede usarse una vez.
      </Text>
    </AuthForm>
  );
}
