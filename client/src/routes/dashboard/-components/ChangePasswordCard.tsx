import { Button, Card, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ErrorAlert } from '../../../components/forms/FormParts';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES, PASSWORD_RULE_HINT, changePasswordInput } from '@casillero/shared';
import { PasswordField } from '../../../components/PasswordField';
import { useMutationForm } from '../../../components/forms/useMutationForm';
import { trpc } from '../../../lib/trpc';
import { HeadingWithHint } from '../../../components/layout/HeadingWithHint';

const changePasswordForm = changePasswordInput
  .extend({ confirm: changePasswordInput.shape.currentPassword })
  .refine((v) => v.newPassword === v.confirm, { message: AUTH_MESSAGES.passwordsDontMatch, path: ['confirm'] });

/** Change password: the current one is required; every other session ends. */
export function ChangePasswordCard() {
  const queryClient = useQueryClient();
  const {
    form,
    mutation: change,
    send,
    serverError,
  } = useMutationForm(trpc.auth.changePassword.mutationOptions(), {
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    schema: changePasswordForm,
  });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    const result = await send({ currentPassword, newPassword });
    if (!result) return;
    form.reset();
    notifications.show({
      color: 'green',
      title: 'Contraseña actualizada',
      message: `${result.message} Cerramos tus otras sesiones.`,
    });
    await queryClient.invalidateQueries({ queryKey: trpc.account.sessions.queryKey() });
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="cambiar-contrasena">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={420}>
          <HeadingWithHint
            order={2}
            id="cambiar-contrasena"
            title="Cambiar contraseña"
            hint="Al cambiarla se cerrarán tus sesiones en otros dispositivos."
          />
          <PasswordField
            label="Contraseña actual"
            required
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordField
            label="Nueva contraseña"
            required
            autoComplete="new-password"
            description={PASSWORD_RULE_HINT}
            {...form.getInputProps('newPassword')}
          />
          <PasswordField
            label="Confirmar nueva contraseña"
            required
            autoComplete="new-password"
            {...form.getInputProps('confirm')}
          />
          <ErrorAlert message={serverError} />
          <Group>
            <Button type="submit" loading={change.isPending}>
              Cambiar contraseña
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
