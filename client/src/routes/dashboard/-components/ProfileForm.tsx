import { Card, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { PHONE_MAX, PROFILE_MESSAGES, PROFILE_TEXT_MAX, filterPhone, profileUpdateInput } from '@casillero/shared';
import { VenezuelanStateSelect, GrowingTextarea } from '../../../components/forms/fields';
import { profileValues } from '../../../components/forms/profile';
import { useSchemaForm } from '../../../components/forms/useSchemaForm';
import { getErrorMessage, getFieldErrors } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { SubmitRow } from '../../../components/forms/FormParts';

type Profile = inferOutput<typeof trpc.profile.get>;

export function ProfileForm({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const update = useMutation(trpc.profile.update.mutationOptions());
  const form = useSchemaForm(profileUpdateInput, profileValues(profile));

  const handleSubmit = form.onSubmit(
    async (values) => {
      try {
        const saved = await update.mutateAsync(values);
        queryClient.setQueryData(trpc.profile.get.queryKey(), saved);
        // The header shows the name from the session.
        await queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
        notifications.show({
          color: 'green',
          title: PROFILE_MESSAGES.updatedTitle,
          message: PROFILE_MESSAGES.updatedMessage,
        });
      } catch (error) {
        form.setErrors(getFieldErrors(error));
        notifications.show({
          color: 'red',
          title: 'Error',
          message: getErrorMessage(error, PROFILE_MESSAGES.updateFailed),
        });
      }
    },
    (errors) => {
      const first = Object.values(errors)[0];
      notifications.show({
        color: 'red',
        title: PROFILE_MESSAGES.validationTitle,
        message: String(first ?? PROFILE_MESSAGES.updateFailed),
      });
    },
  );

  const phoneProps = form.getInputProps('phone');

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Email"
              value={profile.email}
              readOnly
              disabled
              description="El email de tu cuenta no se puede cambiar aquí."
            />
            <TextInput
              label="Nombre completo"
              required
              maxLength={PROFILE_TEXT_MAX}
              autoComplete="name"
              {...form.getInputProps('fullName')}
            />
            <TextInput
              label="Teléfono"
              placeholder="+58 424 123 4567"
              autoComplete="tel"
              inputMode="tel"
              maxLength={PHONE_MAX}
              {...phoneProps}
              onChange={(e) => form.setFieldValue('phone', filterPhone(e.currentTarget.value))}
            />
            <TextInput
              label="Cédula"
              placeholder="V-12345678"
              maxLength={PROFILE_TEXT_MAX}
              {...form.getInputProps('cedula')}
            />
            <TextInput
              label="Ciudad"
              placeholder="Caracas"
              maxLength={PROFILE_TEXT_MAX}
              autoComplete="address-level2"
              {...form.getInputProps('venezuelaCity')}
            />
            <VenezuelanStateSelect
              nothingFoundMessage="Sin resultados"
              inputProps={form.getInputProps('venezuelaState')}
            />
          </SimpleGrid>
          <GrowingTextarea
            label="Dirección completa"
            placeholder="Avenida, calle, edificio o casa, piso, apartamento y punto de referencia"
            maxLength={PROFILE_TEXT_MAX}
            autoComplete="street-address"
            {...form.getInputProps('venezuelaAddress')}
          />
          <SubmitRow label="Guardar cambios" busy={update.isPending} />
        </Stack>
      </form>
    </Card>
  );
}
