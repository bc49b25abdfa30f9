import { useState } from 'react';
import { Alert, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_NOTIFICATION_MESSAGES as M,
  ADMIN_NOTIFICATION_TYPES,
  LIST_SEARCH_MIN_LENGTH,
  NOTIFICATION_RECIPIENTS,
  NOTIFICATION_RECIPIENT_LABELS,
  NOTIFICATION_TYPE_LABELS,
  sendNotificationInput,
  type AdminNotificationType,
  type NotificationRecipient as Recipient,
} from '@casillero/shared';
import { getErrorMessage, getFieldErrors } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { DialogActions, formDialog } from '../../../../components/forms/FormDialog';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useSchemaForm } from '../../../../components/forms/useSchemaForm';
import type { NotificationRecipient } from './types';
import { GrowingTextarea } from '../../../../components/forms/fields';

type Values = { recipient: Recipient; userId: string; type: AdminNotificationType; title: string; message: string };

const initialValues: Values = { recipient: 'individual', userId: '', type: 'general', title: '', message: '' };

const recipientLabel = (r: NotificationRecipient) => (r.fullName ? `${r.fullName} · ${r.email}` : r.email);

export const NewNotificationDialog = formDialog('Nueva Notificación', NewNotificationForm, 'lg');

/** To one customer (searched on the server) or to all customers; title and message required. */
function NewNotificationForm({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation(trpc.notifications.send.mutationOptions());
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<NotificationRecipient | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useSchemaForm<Values>(sendNotificationInput, initialValues, {
    onValuesChange: () => setServerError(null),
  });
  const isIndividual = form.values.recipient === 'individual';
  const recipients = useQuery({
    ...trpc.notifications.recipients.queryOptions({
      q: debounced.length >= LIST_SEARCH_MIN_LENGTH ? debounced : undefined,
    }),
    placeholderData: keepPreviousData,
    enabled: isIndividual,
  });
  const options = [...(recipients.data ?? [])];
  if (chosen && !options.some((o) => o.id === chosen.id)) options.unshift(chosen);

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const result = await mutation.mutateAsync(sendNotificationInput.parse(values));
      notifySuccess('Notificación enviada', values.recipient === 'all' ? M.sentAll(result.sent) : M.sent);
      await queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
      onClose();
    } catch (error) {
      const fieldErrors = getFieldErrors(error);
      if (Object.keys(fieldErrors).length) form.setErrors(fieldErrors);
      const message = getErrorMessage(error, M.sendFailed);
      setServerError(message);
      notifyError(M.sendFailed);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Nueva notificación">
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500} mb={4} id="destinatario-label">
            Destinatario
          </Text>
          <SegmentedControl
            aria-labelledby="destinatario-label"
            fullWidth
            data={NOTIFICATION_RECIPIENTS.map((r) => ({ value: r, label: NOTIFICATION_RECIPIENT_LABELS[r] }))}
            {...form.getInputProps('recipient')}
          />
        </div>
        {isIndividual ? (
          <>
            {recipients.isError && (
              <Alert color="red" icon={<IconAlertCircle />}>
                {getErrorMessage(recipients.error)}
              </Alert>
            )}
            <Select
              label="Usuario"
              placeholder="Busca por nombre o email"
              required
              searchable
              clearable
              filter={({ options: o }) => o}
              searchValue={search}
              onSearchChange={setSearch}
              nothingFoundMessage={recipients.isFetching ? 'Buscando...' : 'No hay clientes que coincidan'}
              data={options.map((o) => ({ value: o.id, label: recipientLabel(o) }))}
              value={form.values.userId || null}
              onChange={(id) => {
                setChosen(options.find((o) => o.id === id) ?? null);
                form.setFieldValue('userId', id ?? '');
              }}
              error={form.errors.userId}
            />
          </>
        ) : (
          <Alert color="blue" variant="light">
            Se enviará una notificación a cada cliente registrado.
          </Alert>
        )}
        <Select
          label="Tipo"
          allowDeselect={false}
          data={ADMIN_NOTIFICATION_TYPES.map((t) => ({ value: t, label: NOTIFICATION_TYPE_LABELS[t] }))}
          {...form.getInputProps('type')}
        />
        <TextInput label="Título" required maxLength={200} {...form.getInputProps('title')} />
        <GrowingTextarea
          label="Mensaje"
          required
          minRows={3}
          maxRows={8}
          maxLength={2000}
          {...form.getInputProps('message')}
        />
        <DialogActions
          error={serverError}
          onCancel={onClose}
          label="Enviar notificación"
          loading={mutation.isPending}
        />
      </Stack>
    </form>
  );
}
