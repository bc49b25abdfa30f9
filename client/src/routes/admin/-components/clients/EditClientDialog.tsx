import { Alert, Button, Center, Group, Loader, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CLIENT_MESSAGES as M, VENEZUELAN_STATES, clientUpdateInput, type VenezuelanState } from '@casillero/shared';
import { getErrorMessage, getFieldErrors } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { useInvalidateClients } from './common';
import type { ClientDetail, ClientRef } from './types';

type Values = {
  userId: string;
  fullName: string;
  phone: string;
  cedula: string;
  venezuelaAddress: string;
  venezuelaCity: string;
  venezuelaState: VenezuelanState | '';
};

/** Editar Cliente (admin spec §5): full name required; the rest optional, saved as null when empty. */
export function EditClientDialog({ client, onClose }: { client: ClientRef | null; onClose: () => void }) {
  const detail = useQuery({ ...trpc.clients.detail.queryOptions({ userId: client?.userId ?? '' }), enabled: client !== null });
  return (
    <Modal opened={client !== null} onClose={onClose} title={M.editTitle} size="lg">
      {detail.isPending ? (
        <Center py="xl">
          <Loader aria-label="Cargando" />
        </Center>
      ) : detail.isError || !detail.data ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {getErrorMessage(detail.error, M.loadFailed)}
        </Alert>
      ) : (
        <EditClientForm key={detail.data.userId} client={detail.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function EditClientForm({ client: c, onClose }: { client: ClientDetail; onClose: () => void }) {
  const invalidate = useInvalidateClients();
  const update = useMutation(trpc.clients.update.mutationOptions());
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      userId: c.userId,
      fullName: c.fullName ?? '',
      phone: c.phone ?? '',
      cedula: c.cedula ?? '',
      venezuelaAddress: c.venezuelaAddress ?? '',
      venezuelaCity: c.venezuelaCity ?? '',
      venezuelaState: (c.venezuelaState as VenezuelanState | null) ?? '',
    },
    validate: schemaResolver(clientUpdateInput, { sync: true }),
  });

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
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Nombre completo" required {...form.getInputProps('fullName')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Cédula" placeholder="V-12345678" {...form.getInputProps('cedula')} />
          <TextInput label="Teléfono" placeholder="+58 424 123 4567" {...form.getInputProps('phone')} />
        </SimpleGrid>
        <TextInput label="Dirección" {...form.getInputProps('venezuelaAddress')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Ciudad" {...form.getInputProps('venezuelaCity')} />
          <Select
            label="Estado"
            placeholder="Selecciona un estado"
            data={VENEZUELAN_STATES as unknown as string[]}
            searchable
            clearable
            {...form.getInputProps('venezuelaState')}
            value={form.values.venezuelaState || null}
            onChange={(v) => form.setFieldValue('venezuelaState', (v ?? '') as VenezuelanState | '')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={update.isPending}>
            Guardar cambios
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
