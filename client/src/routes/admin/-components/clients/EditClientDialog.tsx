import { SimpleGrid, TextInput, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CLIENT_MESSAGES as M, clientUpdateInput } from '@casillero/shared';
import { LoaderOrAlert } from '../../../../components/details/DetailsDrawer';
import { VenezuelanStateSelect } from '../../../../components/forms/fields';
import { DialogForm } from '../../../../components/forms/FormDialog';
import { profileValues } from '../../../../components/forms/profile';
import { useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { getFieldErrors } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { useInvalidateClients } from './common';
import type { ClientDetail, ClientRef } from './types';

/** Editar Cliente (docs/product/admin-clients.md#editar-cliente): full name required; the rest optional, saved as null when empty. */
export function EditClientDialog({ client, onClose }: { client: ClientRef | null; onClose: () => void }) {
  const detail = useQuery({
    ...trpc.clients.detail.queryOptions({ userId: client?.userId ?? '' }),
    enabled: client !== null,
  });
  return (
    <Modal opened={client !== null} onClose={onClose} title={M.editTitle} size="lg">
      <LoaderOrAlert query={detail} failed={M.loadFailed}>
        {(c) => <EditClientForm key={c.userId} client={c} onClose={onClose} />}
      </LoaderOrAlert>
    </Modal>
  );
}

function EditClientForm({ client: c, onClose }: { client: ClientDetail; onClose: () => void }) {
  const invalidate = useInvalidateClients();
  const update = useMutation(trpc.clients.update.mutationOptions());
  const form = useSchemaForm(clientUpdateInput, { userId: c.userId, ...profileValues(c) });

  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      notifications.show({ color: 'green', title: M.updatedTitle, message: M.updated });
      await invalidate();
      onClose();
    } catch (error) {
      form.setErrors(getFieldErrors(error));
      notifications.show({ color: 'red', title: 'Error', message: M.updateFailed });
    }
  });

  return (
    <DialogForm onSubmit={submit} gap="sm" onCancel={onClose} label="Guardar cambios" loading={update.isPending}>
      <TextInput label="Nombre completo" required {...form.getInputProps('fullName')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Cédula" placeholder="V-12345678" {...form.getInputProps('cedula')} />
        <TextInput label="Teléfono" placeholder="+58 424 123 4567" {...form.getInputProps('phone')} />
      </SimpleGrid>
      <TextInput label="Dirección" {...form.getInputProps('venezuelaAddress')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Ciudad" {...form.getInputProps('venezuelaCity')} />
        <VenezuelanStateSelect inputProps={form.getInputProps('venezuelaState')} />
      </SimpleGrid>
    </DialogForm>
  );
}
