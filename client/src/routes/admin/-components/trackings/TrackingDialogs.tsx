import { useState } from 'react';
import { Divider, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconLink } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MAILBOX_COUNTRY_LABELS,
  TRACKING_MESSAGES,
  TRACKING_STATUSES,
  TRACKING_STATUS_COLORS,
  TRACKING_STATUS_LABELS,
  formatDate,
  formatDateTime,
  formatUsd,
  trackingRepackInput,
  trackingStatusChangeInput,
  type TrackingStatus,
} from '@casillero/shared';
import { getErrorMessage } from '../../../../lib/errors';
import { LabeledValue } from '../../../../components/LabeledValue';
import { DetailsDrawer } from '../../../../components/details/DetailsDrawer';
import { EntityHistory } from '../../../../components/details/EntityHistory';
import { trpc } from '../../../../lib/trpc';
import { DialogActions } from '../DialogActions';
import { PrealertStatusBadge } from '../prealerts/common';
import { PriorityBadge, TrackingStatusBadge } from './StatusBadge';
import type { TrackingDetail, TrackingRow } from './types';

/** After any change, every trackings query (list, count, stats, details) is stale. */
function useInvalidateTrackings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.trackings.pathKey() });
}

const weight = (kg: number | null) => (kg === null ? '—' : `${kg.toLocaleString('es-ES', { maximumFractionDigits: 2 })} kg`);

/** The customer's pre-alert this tracking matched when it was registered (same tracking number). */
function LinkedPrealert({ prealert: p }: { prealert: NonNullable<TrackingDetail['prealert']> }) {
  return (
    <section aria-label={TRACKING_MESSAGES.prealertSection}>
      <Stack gap="sm">
        <Divider label={TRACKING_MESSAGES.prealertSection} labelPosition="left" />
        <Group gap="xs">
          <IconLink size={16} aria-hidden />
          <Text size="sm">{TRACKING_MESSAGES.prealertMatched}</Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <LabeledValue label={TRACKING_MESSAGES.prealertSender}>{p.senderName ?? '—'}</LabeledValue>
          <LabeledValue label={TRACKING_MESSAGES.prealertStatus}>
            <PrealertStatusBadge status={p.status} />
          </LabeledValue>
          <LabeledValue label={TRACKING_MESSAGES.prealertDescription}>{p.description}</LabeledValue>
          <LabeledValue label={TRACKING_MESSAGES.prealertCarrier}>{p.carrier ?? '—'}</LabeledValue>
          <LabeledValue label={TRACKING_MESSAGES.prealertItems}>{p.quantityItems}</LabeledValue>
          <LabeledValue label={TRACKING_MESSAGES.prealertAmount}>{p.amountSpent === null ? '—' : formatUsd(p.amountSpent)}</LabeledValue>
          <LabeledValue label={TRACKING_MESSAGES.prealertValue}>
            {p.estimatedValue === null ? '—' : formatUsd(p.estimatedValue)}
          </LabeledValue>
          <LabeledValue label={TRACKING_MESSAGES.prealertCreated}>{formatDate(p.createdAt)}</LabeledValue>
        </SimpleGrid>
      </Stack>
    </section>
  );
}

/** Package info, client info, the matched pre-alert and the status history, newest first (admin spec §2). */
export function TrackingDetailsDrawer({ trackingId, onClose }: { trackingId: string | null; onClose: () => void }) {
  return (
    <DetailsDrawer
      id={trackingId}
      onClose={onClose}
      title="Detalles del tracking"
      size="lg"
      query={(id) => trpc.trackings.detail.queryOptions({ id })}
      loadFailed={TRACKING_MESSAGES.loadFailed}
    >
      {(d) => (
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={3} size="h4" ff="monospace">
              {d.trackingNumber}
            </Title>
            <Group gap="xs">
              <TrackingStatusBadge status={d.status} dispatchAuthorizedAt={d.dispatchAuthorizedAt} />
              <PriorityBadge priority={d.priority} />
            </Group>
          </Group>
          <Divider label="Paquete" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LabeledValue label="Descripción">{d.description}</LabeledValue>
            <LabeledValue label="Transportista">{d.carrier}</LabeledValue>
            <LabeledValue label="Remitente">{d.senderName}</LabeledValue>
            <LabeledValue label="País de origen">{d.originCountry}</LabeledValue>
            <LabeledValue label="Peso estimado">{weight(d.estimatedWeight)}</LabeledValue>
            <LabeledValue label="Peso real">{weight(d.actualWeight)}</LabeledValue>
            <LabeledValue label="Valor estimado">{formatUsd(d.estimatedValue)}</LabeledValue>
            <LabeledValue label="Registrado">{formatDateTime(d.createdAt)}</LabeledValue>
            {d.needsReempaque && <LabeledValue label="Motivo del reempaque">{d.reempaqueReason ?? '—'}</LabeledValue>}
            {d.notes && <LabeledValue label="Notas">{d.notes}</LabeledValue>}
          </SimpleGrid>
          <Divider label="Cliente" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LabeledValue label="Nombre">{d.clientName ?? '—'}</LabeledValue>
            <LabeledValue label="Email">{d.clientEmail}</LabeledValue>
            <LabeledValue label="Teléfono">{d.clientPhone ?? '—'}</LabeledValue>
            <LabeledValue label="Casillero">
              {d.mailboxCode} · {MAILBOX_COUNTRY_LABELS[d.mailboxCountry]}
            </LabeledValue>
          </SimpleGrid>
          {d.prealert && <LinkedPrealert prealert={d.prealert} />}
          <Divider label="Historial de estados" labelPosition="left" />
          <Timeline bulletSize={14} lineWidth={2} aria-label="Historial de estados">
            {d.history.map((h) => (
              <Timeline.Item key={h.id} color={TRACKING_STATUS_COLORS[h.status]} title={TRACKING_STATUS_LABELS[h.status]}>
                {h.message && (
                  <Text size="sm" c="dimmed">
                    {h.message}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {formatDateTime(h.createdAt)}
                  {h.createdByName ? ` · ${h.createdByName}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          <Divider label="Historial de cambios" labelPosition="left" />
          <EntityHistory entity="trackings" entityId={d.id} />
        </Stack>
      )}
    </DetailsDrawer>
  );
}

type StatusValues = { id: string; status: TrackingStatus | ''; actualWeight: number; message: string };

/** New status, real weight (0 keeps the recorded one) and an optional message for the client. */
export function ChangeStatusDialog({ tracking, onClose }: { tracking: TrackingRow | null; onClose: () => void }) {
  return (
    <Modal opened={tracking !== null} onClose={onClose} title="Cambiar estado">
      {tracking && <ChangeStatusForm tracking={tracking} onClose={onClose} />}
    </Modal>
  );
}

function ChangeStatusForm({ tracking, onClose }: { tracking: TrackingRow; onClose: () => void }) {
  const invalidate = useInvalidateTrackings();
  const mutation = useMutation(trpc.trackings.updateStatus.mutationOptions());
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<StatusValues>({
    mode: 'controlled',
    initialValues: { id: tracking.id, status: '', actualWeight: 0, message: '' },
    validate: schemaResolver(trackingStatusChangeInput, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const result = await mutation.mutateAsync(trackingStatusChangeInput.parse(values));
      notifications.show({
        color: 'green',
        title: TRACKING_MESSAGES.statusUpdatedTitle,
        message: TRACKING_MESSAGES.statusUpdated(result.trackingNumber, TRACKING_STATUS_LABELS[result.status]),
      });
      await invalidate();
      onClose();
    } catch (error) {
      setServerError(getErrorMessage(error, TRACKING_MESSAGES.statusFailed));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          Tracking <b>{tracking.trackingNumber}</b> · estado actual <TrackingStatusBadge status={tracking.status} />
        </Text>
        <Select
          label="Nuevo estado"
          placeholder="Selecciona un estado"
          required
          data={TRACKING_STATUSES.map((s) => ({ value: s, label: TRACKING_STATUS_LABELS[s] }))}
          {...form.getInputProps('status')}
        />
        <NumberInput
          label="Peso real (kg)"
          description={`Déjalo en 0 para conservar ${tracking.actualWeight ? weight(tracking.actualWeight) : 'el valor anterior'}`}
          min={0}
          max={100}
          step={0.1}
          decimalScale={2}
          {...form.getInputProps('actualWeight')}
          onChange={(v) => form.setFieldValue('actualWeight', v === '' ? 0 : Number(v))}
        />
        <Textarea label="Mensaje para el cliente (opcional)" autosize minRows={2} maxRows={5} {...form.getInputProps('message')} />
        <DialogActions error={serverError} onCancel={onClose} label="Actualizar estado" loading={mutation.isPending} />
      </Stack>
    </form>
  );
}

type RepackValues = { id: string; reason: string; actualWeight: number };

/** Required reason and real weight; sets the tracking to needs repack (admin spec §4). */
export function RepackDialog({ tracking, onClose }: { tracking: TrackingRow | null; onClose: () => void }) {
  return (
    <Modal opened={tracking !== null} onClose={onClose} title="Solicitar reempaque">
      {tracking && <RepackForm tracking={tracking} onClose={onClose} />}
    </Modal>
  );
}

function RepackForm({ tracking, onClose }: { tracking: TrackingRow; onClose: () => void }) {
  const invalidate = useInvalidateTrackings();
  const mutation = useMutation(trpc.trackings.requestRepack.mutationOptions());
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<RepackValues>({
    mode: 'controlled',
    initialValues: { id: tracking.id, reason: '', actualWeight: 0 },
    validate: schemaResolver(trackingRepackInput, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const result = await mutation.mutateAsync(trackingRepackInput.parse(values));
      notifications.show({
        color: 'green',
        title: TRACKING_MESSAGES.repackTitle,
        message: TRACKING_MESSAGES.repackRequested(result.trackingNumber),
      });
      await invalidate();
      onClose();
    } catch (error) {
      setServerError(getErrorMessage(error, TRACKING_MESSAGES.repackFailed));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          Tracking <b>{tracking.trackingNumber}</b> de {tracking.clientName ?? tracking.clientEmail}
        </Text>
        <Textarea label="Motivo del reempaque" required autosize minRows={3} maxRows={6} {...form.getInputProps('reason')} />
        <NumberInput
          label="Peso real (kg)"
          description="Déjalo en 0 para conservar el valor anterior"
          min={0}
          max={100}
          step={0.1}
          decimalScale={2}
          {...form.getInputProps('actualWeight')}
          onChange={(v) => form.setFieldValue('actualWeight', v === '' ? 0 : Number(v))}
        />
        <DialogActions error={serverError} onCancel={onClose} label="Solicitar reempaque" color="yellow" loading={mutation.isPending} />
      </Stack>
    </form>
  );
}
