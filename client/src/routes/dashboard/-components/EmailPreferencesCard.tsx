import { Card, Stack, Switch, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES } from '@casillero/shared';
import { getErrorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';

/** Whether status e-mails are sent; in-app notifications and account e-mails always are. */
export function EmailPreferencesCard() {
  const queryClient = useQueryClient();
  const prefs = useQuery(trpc.account.emailPreferences.queryOptions());
  const save = useMutation(
    trpc.account.setEmailPreferences.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.account.emailPreferences.queryKey(), data),
    }),
  );
  const toggle = async (emailNotifications: boolean) => {
    try {
      await save.mutateAsync({ emailNotifications });
      notifications.show({ color: 'green', message: ACCOUNT_MESSAGES.preferencesSaved });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });
    }
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="preferencias-correo">
      <Stack gap="sm">
        <Title order={2} size="h4" id="preferencias-correo">
          Notificaciones por correo
        </Title>
        <Switch
          label="Recibir por correo las novedades de mis paquetes, envíos y pagos"
          description="Siempre verás las notificaciones en la app. Los correos de tu cuenta (contraseña, verificación) se envían siempre."
          checked={prefs.data?.emailNotifications ?? true}
          disabled={prefs.isPending || save.isPending}
          onChange={(e) => void toggle(e.currentTarget.checked)}
        />
      </Stack>
    </Card>
  );
}
