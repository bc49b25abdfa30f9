import { useState } from 'react';
import { Alert, Card, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconUserCheck } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CARRIERS,
  MAILBOX_COUNTRY_LABELS,
  ORIGIN_COUNTRIES,
  PRIORITIES,
  PRIORITY_LABELS,
  TRACKING_DEFAULTS,
  TRACKING_MESSAGES,
  trackingCreateInput,
  type PlausibilityCheck,
  type Priority,
} from '@casillero/shared';
import { getErrorCode, getErrorMessage, getFieldErrors } from '../../../../lib/errors';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { centsAsDollars, UsdCentsInput } from '../../../../components/forms/UsdCentsInput';
import { ErrorAlert, SubmitRow } from '../../../../components/forms/FormParts';
import { notifySuccess } from '../../../../lib/notify';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { trpc } from '../../../../lib/trpc';
import type { TrackingClient } from './types';
import { GrowingTextarea } from '../../../../components/forms/fields';

type Values = {
  mailboxId: string;
  trackingNumber: string;
  carrier: string;
  description: string;
  estimatedWeight: DecimalValue;
  estimatedValueUsdCents: DecimalValue;
  senderName: string;
  originCountry: string;
  priority: Priority;
  needsReempaque: boolean;
  reempaqueReason: string;
  notes: string;
};

const initialValues: Values = {
  mailboxId: '',
  trackingNumber: '',
  carrier: '',
  description: '',
  estimatedWeight: TRACKING_DEFAULTS.estimatedWeight,
  estimatedValueUsdCents: TRACKING_DEFAULTS.estimatedValueUsdCents,
  senderName: '',
  originCountry: TRACKING_DEFAULTS.originCountry,
  priority: TRACKING_DEFAULTS.priority,
  needsReempaque: TRACKING_DEFAULTS.needsReempaque,
  reempaqueReason: '',
  notes: '',
};

const clientLabel = (c: TrackingClient) => `${c.fullName ?? c.email} · ${c.email} · ${c.mailboxCode}`;

/** The create tab (docs/product/admin-trackings.md#create-form): every field, its default and rule; the server checks again. */
export function TrackingCreateForm({ onCreated }: { onCreated: () => void }) {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const [client, setClient] = useState<TrackingClient | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const clients = useQuery({
    ...trpc.trackings.clients.queryOptions({ q: debouncedSearch.length >= 3 ? debouncedSearch : undefined }),
    placeholderData: keepPreviousData,
  });
  const mutation = useMutation(trpc.trackings.create.mutationOptions());
  const plausible = usePlausibleConfirm();
  const form = useSchemaForm<Values>(trackingCreateInput, initialValues, {
    onValuesChange: () => setServerError(null),
  });

  const options = [...(clients.data ?? [])];
  if (client && !options.some((o) => o.mailboxId === client.mailboxId)) options.unshift(client);

  const chooseClient = (mailboxId: string | null) => {
    const chosen = options.find((o) => o.mailboxId === mailboxId) ?? null;
    setClient(chosen);
    form.setFieldValue('mailboxId', chosen?.mailboxId ?? '');
  };

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    const checks: PlausibilityCheck[] = [
      { kind: 'weightKg', value: values.estimatedWeight },
      { kind: 'amountUsd', value: centsAsDollars(values.estimatedValueUsdCents) },
    ];
    if (!(await plausible.confirm(checks))) return;
    try {
      const created = await mutation.mutateAsync(trackingCreateInput.parse(values));
      notifySuccess(
        TRACKING_MESSAGES.createdTitle,
        created.prealertId
          ? TRACKING_MESSAGES.createdMatched(created.trackingNumber)
          : TRACKING_MESSAGES.created(created.trackingNumber),
      );
      // A match moved the customer's pre-alert card too (it now shows this tracking).
      if (created.prealertId) await queryClient.invalidateQueries({ queryKey: trpc.prealerts.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.trackings.pathKey() });
      form.reset();
      setClient(null);
      setSearch('');
      onCreated();
    } catch (error) {
      const fieldErrors = getFieldErrors(error);
      if (Object.keys(fieldErrors).length) form.setErrors(fieldErrors);
      const message = getErrorMessage(error, TRACKING_MESSAGES.createFailed);
      if (getErrorCode(error) === 'CONFLICT') form.setFieldError('trackingNumber', message);
      else if (message === TRACKING_MESSAGES.clientInvalid) form.setFieldError('mailboxId', message);
      setServerError(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Nuevo tracking">
      {plausible.dialog}
      <Stack gap="md">
        <Card withBorder radius="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              Cliente y casillero
            </Title>
            {clients.isError && (
              <Alert color="red" icon={<IconAlertCircle />}>
                {TRACKING_MESSAGES.clientsLoadFailed}
              </Alert>
            )}
            <Select
              label="Casillero"
              placeholder="Busca por nombre, email o código de casillero"
              required
              searchable
              clearable
              nothingFoundMessage={
                clients.isFetching ? 'Buscando...' : 'No hay clientes con casilleros activos que coincidan'
              }
              filter={({ options: o }) => o}
              searchValue={search}
              onSearchChange={setSearch}
              data={options.map((o) => ({ value: o.mailboxId, label: clientLabel(o) }))}
              value={form.values.mailboxId || null}
              onChange={chooseClient}
              error={form.errors.mailboxId}
            />
            {client ? (
              <Alert color="blue" variant="light" icon={<IconUserCheck />} title="Cliente seleccionado">
                <Text size="sm">
                  <b>{client.fullName ?? '—'}</b> · {client.email}
                </Text>
                <Text size="sm">
                  Casillero {client.mailboxCode} · {MAILBOX_COUNTRY_LABELS[client.country]}
                </Text>
              </Alert>
            ) : (
              <Text size="sm" c="dimmed">
                Solo se muestran clientes con casilleros activos.
              </Text>
            )}
          </Stack>
        </Card>

        <Card withBorder radius="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              Paquete
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Número de tracking" required maxLength={60} {...form.getInputProps('trackingNumber')} />
              <Select
                label="Transportista"
                required
                placeholder="Selecciona un transportista"
                data={[...CARRIERS]}
                {...form.getInputProps('carrier')}
                onChange={(v) => form.setFieldValue('carrier', v ?? '')}
              />
            </SimpleGrid>
            <GrowingTextarea label="Descripción" required maxRows={6} {...form.getInputProps('description')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DecimalInput kind="weightKg" label="Peso estimado (kg)" {...form.getInputProps('estimatedWeight')} />
              <UsdCentsInput withSign label="Valor estimado (USD)" {...form.getInputProps('estimatedValueUsdCents')} />
              <TextInput label="Remitente" required {...form.getInputProps('senderName')} />
              <Select
                label="País de origen"
                data={[...ORIGIN_COUNTRIES]}
                allowDeselect={false}
                {...form.getInputProps('originCountry')}
                onChange={(v) => form.setFieldValue('originCountry', v ?? TRACKING_DEFAULTS.originCountry)}
              />
              <Select
                label="Prioridad"
                allowDeselect={false}
                data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
                {...form.getInputProps('priority')}
                onChange={(v) => form.setFieldValue('priority', (v as Priority | null) ?? TRACKING_DEFAULTS.priority)}
              />
            </SimpleGrid>
            <Switch label="Requiere reempaque" {...form.getInputProps('needsReempaque', { type: 'checkbox' })} />
            {form.values.needsReempaque && (
              <GrowingTextarea label="Motivo del reempaque" maxRows={4} {...form.getInputProps('reempaqueReason')} />
            )}
            <GrowingTextarea label="Notas" maxRows={6} {...form.getInputProps('notes')} />
          </Stack>
        </Card>

        <ErrorAlert message={serverError} />
        <SubmitRow label="Crear tracking" busy={mutation.isPending} disabled={!client} />
      </Stack>
    </form>
  );
}
