import { useState, type ReactNode } from 'react';
import { Button, Divider, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import {
  ADMIN_PREALERT_MESSAGES as M,
  formatDateTime,
  prealertAdminEditInput,
  prealertConvertInput,
  type Carrier,
  type EstadoTrackingPrealerta,
} from '@casillero/shared';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { centsAsDollars, UsdCentsInput } from '../../../../components/forms/UsdCentsInput';
import { DialogForm, subjectDialog } from '../../../../components/forms/FormDialog';
import {
  CarrierSelect,
  EstadoTrackingSelect,
  PrealertFigures,
  prealertFigureChecks,
} from '../../../../components/forms/PrealertFields';
import { useInvalidate, type Router } from '../../../../components/forms/useInvalidate';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { getErrorMessage, getFieldErrors } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { InvoiceLink } from '../../../../components/prealerts/InvoiceLink';
import { PrealertStatusBadge } from '../trackings/StatusBadge';
import { Fact, kg, usd } from './common';
import type { AdminPrealert } from './types';
import { GrowingTextarea } from '../../../../components/forms/fields';

/** Detalles de Prealerta: every field, read-only. */
export const PrealertDetailsDialog = prealertDialog(M.detailsTitle, PrealertDetails, 'lg');

function PrealertDetails({ prealert: p, onClose }: PrealertFormProps) {
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text fw={700} ff={p.trackingNumber ? 'monospace' : undefined}>
          {p.trackingNumber ?? M.noTracking}
        </Text>
        <PrealertStatusBadge status={p.status} />
      </Group>
      <Divider label="Compra" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label="Descripción">{p.description}</Fact>
        <Fact label="Remitente">{p.senderName ?? '—'}</Fact>
        <Fact label="Empresa de envío">{p.carrier ?? '—'}</Fact>
        <Fact label="Estado del tracking">{p.estadoTracking}</Fact>
        <Fact label="Artículos">{p.quantityItems}</Fact>
        <Fact label="Monto gastado">{usd(p.amountSpentUsdCents)}</Fact>
        <Fact label="Peso estimado">{kg(p.estimatedWeight)}</Fact>
        <Fact label="Valor estimado">{usd(p.estimatedValueUsdCents)}</Fact>
        <Fact label="Creada">{formatDateTime(p.createdAt)}</Fact>
        {p.convertedAt && <Fact label="Convertida en paquete">{formatDateTime(p.convertedAt)}</Fact>}
      </SimpleGrid>
      {p.notes && <Fact label="Notas del cliente">{p.notes}</Fact>}
      {p.invoiceFileId && <InvoiceLink fileId={p.invoiceFileId} />}
      <Divider label="Cliente" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label="Nombre">{p.clientName ?? M.noClient}</Fact>
        <Fact label="Email">{p.clientEmail}</Fact>
        <Fact label="Casillero">{p.mailboxCode ?? '—'}</Fact>
      </SimpleGrid>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cerrar
        </Button>
      </Group>
    </Stack>
  );
}

type EditValues = {
  id: string;
  description: string;
  quantityItems: DecimalValue;
  amountSpentUsdCents: DecimalValue;
  senderName: string;
  estimatedWeight: DecimalValue;
  estimatedValueUsdCents: DecimalValue;
  carrier: Carrier | '';
  estadoTracking: EstadoTrackingPrealerta;
  notes: string;
};

type PrealertFormProps = { prealert: AdminPrealert; onClose: () => void };

/** A pre-alert's dialog: open while there is one, its form mounted afresh for each. */
function prealertDialog(title: string, Form: (props: PrealertFormProps) => ReactNode, size?: string) {
  return subjectDialog<AdminPrealert>(
    title,
    (prealert, onClose) => <Form prealert={prealert} onClose={onClose} />,
    size,
  );
}

/** Editar Prealerta: only while pending or confirmed; the tracking number is not editable. */
export const EditPrealertDialog = prealertDialog(M.editTitle, EditPrealertForm, 'lg');

/**
 * Submits a pre-alert dialog (`run` makes the change, toasts and closes); a refusal puts the
 * server's field errors on the form and says why in a toast. Either way the lists refresh.
 * `confirm` is asked first (an implausible figure): false saves nothing.
 */
function usePrealertSubmit<V>(
  form: UseFormReturnType<V>,
  run: (values: V) => Promise<void>,
  failed: (reason: string) => string,
  alsoStale: Router[] = [],
  confirm?: (values: V) => Promise<boolean>,
) {
  const invalidate = useInvalidate(trpc.prealerts, ...alsoStale);
  return form.onSubmit(async (values) => {
    if (confirm && !(await confirm(values))) return;
    try {
      await run(values);
    } catch (error) {
      form.setErrors(getFieldErrors(error));
      notifications.show({ color: 'red', message: failed(getErrorMessage(error)) });
    }
    await invalidate();
  });
}

function EditPrealertForm({ prealert: p, onClose }: PrealertFormProps) {
  const edit = useMutation(trpc.prealerts.edit.mutationOptions());
  const plausible = usePlausibleConfirm();
  const form = useSchemaForm<EditValues>(prealertAdminEditInput, {
    id: p.id,
    description: p.description,
    quantityItems: p.quantityItems,
    amountSpentUsdCents: p.amountSpentUsdCents ?? '',
    senderName: p.senderName ?? '',
    estimatedWeight: p.estimatedWeight ?? '',
    estimatedValueUsdCents: p.estimatedValueUsdCents ?? '',
    carrier: (p.carrier as Carrier | null) ?? '',
    estadoTracking: p.estadoTracking,
    notes: p.notes ?? '',
  });
  const submit = usePrealertSubmit(
    form,
    async (values) => {
      await edit.mutateAsync(prealertAdminEditInput.parse(values));
      notifications.show({ color: 'green', message: M.updated });
      onClose();
    },
    M.updateFailed,
    [],
    (values) => plausible.confirm(prealertFigureChecks(values)),
  );

  return (
    <DialogForm onSubmit={submit} gap="sm" onCancel={onClose} label="Guardar cambios" loading={edit.isPending}>
      {plausible.dialog}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Número de tracking"
          value={p.trackingNumber ?? M.noTracking}
          disabled
          description="No se puede editar."
          readOnly
        />
        <TextInput label="Remitente" {...form.getInputProps('senderName')} />
        <CarrierSelect inputProps={form.getInputProps} />
        <EstadoTrackingSelect inputProps={form.getInputProps} />
      </SimpleGrid>
      <GrowingTextarea label="Descripción" required {...form.getInputProps('description')} />
      <PrealertFigures inputProps={form.getInputProps} amountLabel="Monto (USD)" cols={2} />
      <GrowingTextarea label="Notas" {...form.getInputProps('notes')} />
    </DialogForm>
  );
}

type ConvertValues = {
  id: string;
  actualWeight: DecimalValue;
  actualValueUsdCents: DecimalValue;
  packageDescription: string;
  notes: string;
};

/** Convertir Prealerta a Paquete: real weight and value, the package's description and notes. */
export const ConvertPrealertDialog = prealertDialog(M.convertTitle, ConvertPrealertForm);

function ConvertPrealertForm({ prealert: p, onClose }: PrealertFormProps) {
  const convert = useMutation(trpc.prealerts.convert.mutationOptions());
  const plausible = usePlausibleConfirm();
  const [isDone, setIsDone] = useState(false);
  const form = useSchemaForm<ConvertValues>(prealertConvertInput, {
    id: p.id,
    actualWeight: p.estimatedWeight ?? 0,
    actualValueUsdCents: p.estimatedValueUsdCents ?? 0,
    packageDescription: p.description,
    notes: '',
  });
  const submit = usePrealertSubmit(
    form,
    async (values) => {
      await convert.mutateAsync(prealertConvertInput.parse(values));
      setIsDone(true);
      notifications.show({ color: 'green', message: M.converted });
      onClose();
    },
    M.convertFailed,
    [trpc.packages],
    (values) =>
      plausible.confirm([
        { kind: 'weightKg', value: values.actualWeight },
        { kind: 'amountUsd', value: centsAsDollars(values.actualValueUsdCents) },
      ]),
  );

  return (
    <DialogForm
      onSubmit={submit}
      gap="sm"
      onCancel={onClose}
      label="Convertir a Paquete"
      loading={convert.isPending}
      disabled={isDone}
    >
      {plausible.dialog}
      <Text size="sm">
        Se creará un paquete <b>Recibido</b> para {p.clientName ?? p.clientEmail} a partir de la prealerta{' '}
        <b>{p.trackingNumber ?? p.description}</b>.
      </Text>
      <SimpleGrid cols={2} spacing="sm">
        {/* An empty field counts as 0 (docs/product/admin-prealerts.md#convert). */}
        <DecimalInput kind="weightKg" label="Peso real (kg)" emptyValue={0} {...form.getInputProps('actualWeight')} />
        <UsdCentsInput label="Valor real (USD)" emptyValue={0} {...form.getInputProps('actualValueUsdCents')} />
      </SimpleGrid>
      <GrowingTextarea label="Descripción del paquete" {...form.getInputProps('packageDescription')} />
      <GrowingTextarea label="Notas internas" {...form.getInputProps('notes')} />
    </DialogForm>
  );
}
