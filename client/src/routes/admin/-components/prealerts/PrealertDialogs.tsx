import { useState } from 'react';
import { Button, Divider, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_PREALERT_MESSAGES as M,
  CARRIERS,
  ESTADOS_TRACKING_PREALERTA,
  formatDateTime,
  prealertAdminEditInput,
  prealertConvertInput,
  type Carrier,
  type EstadoTrackingPrealerta,
} from '@casillero/shared';
import { getErrorMessage, getFieldErrors } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { InvoiceLink } from '../../../dashboard/-components/InvoiceLink';
import { Fact, kg, PrealertStatusBadge, usd, useInvalidatePrealerts } from './common';
import type { AdminPrealert } from './types';

/** Numbers typed into a NumberInput: empty stays empty, anything else a number. */
const num = (v: string | number) => (v === '' ? '' : Number(v));

/** Detalles de Prealerta: every field, read-only. */
export function PrealertDetailsDialog({ prealert: p, onClose }: { prealert: AdminPrealert | null; onClose: () => void }) {
  return (
    <Modal opened={p !== null} onClose={onClose} title={M.detailsTitle} size="lg">
      {p && (
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
            <Fact label="Monto gastado">{usd(p.amountSpent)}</Fact>
            <Fact label="Peso estimado">{kg(p.estimatedWeight)}</Fact>
            <Fact label="Valor estimado">{usd(p.estimatedValue)}</Fact>
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
      )}
    </Modal>
  );
}

type EditValues = {
  id: string;
  description: string;
  quantityItems: number;
  amountSpent: number | '';
  senderName: string;
  estimatedWeight: number | '';
  estimatedValue: number | '';
  carrier: Carrier | '';
  estadoTracking: EstadoTrackingPrealerta;
  notes: string;
};

/** Editar Prealerta: only while pending or confirmed; the tracking number is not editable. */
export function EditPrealertDialog({ prealert, onClose }: { prealert: AdminPrealert | null; onClose: () => void }) {
  return (
    <Modal opened={prealert !== null} onClose={onClose} title={M.editTitle} size="lg">
      {prealert && <EditPrealertForm prealert={prealert} onClose={onClose} />}
    </Modal>
  );
}

function EditPrealertForm({ prealert: p, onClose }: { prealert: AdminPrealert; onClose: () => void }) {
  const invalidate = useInvalidatePrealerts();
  const edit = useMutation(trpc.prealerts.edit.mutationOptions());
  const form = useForm<EditValues>({
    mode: 'controlled',
    initialValues: {
      id: p.id,
      description: p.description,
      quantityItems: p.quantityItems,
      amountSpent: p.amountSpent ?? '',
      senderName: p.senderName ?? '',
      estimatedWeight: p.estimatedWeight ?? '',
      estimatedValue: p.estimatedValue ?? '',
      carrier: (p.carrier as Carrier | null) ?? '',
      estadoTracking: p.estadoTracking,
      notes: p.notes ?? '',
    },
    validate: schemaResolver(prealertAdminEditInput, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await edit.mutateAsync(values);
      notifications.show({ color: 'green', message: M.updated });
      onClose();
    } catch (error) {
      form.setErrors(getFieldErrors(error));
      notifications.show({ color: 'red', message: M.updateFailed(getErrorMessage(error)) });
    }
    await invalidate();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Número de tracking" value={p.trackingNumber ?? M.noTracking} disabled description="No se puede editar." readOnly />
          <TextInput label="Remitente" {...form.getInputProps('senderName')} />
          <Select
            label="Empresa de envío"
            placeholder="Selecciona"
            data={CARRIERS as unknown as string[]}
            clearable
            {...form.getInputProps('carrier')}
            value={form.values.carrier || null}
            onChange={(v) => form.setFieldValue('carrier', (v ?? '') as Carrier | '')}
          />
          <Select
            label="Estado del tracking"
            data={ESTADOS_TRACKING_PREALERTA as unknown as string[]}
            allowDeselect={false}
            {...form.getInputProps('estadoTracking')}
          />
        </SimpleGrid>
        <Textarea label="Descripción" required autosize minRows={2} {...form.getInputProps('description')} />
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput
            label="Artículos"
            required
            min={1}
            step={1}
            allowDecimal={false}
            {...form.getInputProps('quantityItems')}
            onChange={(v) => form.setFieldValue('quantityItems', Number(v) >= 1 ? Math.trunc(Number(v)) : 1)}
          />
          <NumberInput
            label="Monto (USD)"
            min={0}
            step={0.01}
            decimalScale={2}
            {...form.getInputProps('amountSpent')}
            onChange={(v) => form.setFieldValue('amountSpent', num(v))}
          />
          <NumberInput
            label="Peso estimado (kg)"
            min={0.1}
            step={0.1}
            decimalScale={2}
            {...form.getInputProps('estimatedWeight')}
            onChange={(v) => form.setFieldValue('estimatedWeight', num(v))}
          />
          <NumberInput
            label="Valor estimado (USD)"
            min={0}
            step={0.01}
            decimalScale={2}
            {...form.getInputProps('estimatedValue')}
            onChange={(v) => form.setFieldValue('estimatedValue', num(v))}
          />
        </SimpleGrid>
        <Textarea label="Notas" autosize minRows={2} {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={edit.isPending}>
            Guardar cambios
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type ConvertValues = { id: string; actualWeight: number; actualValue: number; packageDescription: string; notes: string };

/** Convertir Prealerta a Paquete: real weight and value, the package's description and notes. */
export function ConvertPrealertDialog({ prealert, onClose }: { prealert: AdminPrealert | null; onClose: () => void }) {
  return (
    <Modal opened={prealert !== null} onClose={onClose} title={M.convertTitle}>
      {prealert && <ConvertPrealertForm prealert={prealert} onClose={onClose} />}
    </Modal>
  );
}

function ConvertPrealertForm({ prealert: p, onClose }: { prealert: AdminPrealert; onClose: () => void }) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidatePrealerts();
  const convert = useMutation(trpc.prealerts.convert.mutationOptions());
  const [isDone, setIsDone] = useState(false);
  const form = useForm<ConvertValues>({
    mode: 'controlled',
    initialValues: {
      id: p.id,
      actualWeight: p.estimatedWeight ?? 0,
      actualValue: p.estimatedValue ?? 0,
      packageDescription: p.description,
      notes: '',
    },
    validate: schemaResolver(prealertConvertInput, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await convert.mutateAsync(values);
      setIsDone(true);
      notifications.show({ color: 'green', message: M.converted });
      onClose();
    } catch (error) {
      form.setErrors(getFieldErrors(error));
      notifications.show({ color: 'red', message: M.convertFailed(getErrorMessage(error)) });
    }
    await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: trpc.packages.pathKey() })]);
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Se creará un paquete <b>Recibido</b> para {p.clientName ?? p.clientEmail} a partir de la prealerta{' '}
          <b>{p.trackingNumber ?? p.description}</b>.
        </Text>
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput
            label="Peso real (kg)"
            min={0}
            step={0.1}
            decimalScale={2}
            {...form.getInputProps('actualWeight')}
            // A non-numeric entry counts as 0 (admin spec §5).
            onChange={(v) => form.setFieldValue('actualWeight', Number.isFinite(Number(v)) && v !== '' ? Number(v) : 0)}
          />
          <NumberInput
            label="Valor real (USD)"
            min={0}
            step={0.01}
            decimalScale={2}
            {...form.getInputProps('actualValue')}
            onChange={(v) => form.setFieldValue('actualValue', Number.isFinite(Number(v)) && v !== '' ? Number(v) : 0)}
          />
        </SimpleGrid>
        <Textarea label="Descripción del paquete" autosize minRows={2} {...form.getInputProps('packageDescription')} />
        <Textarea label="Notas internas" autosize minRows={2} {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={convert.isPending} disabled={isDone}>
            Convertir a Paquete
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
