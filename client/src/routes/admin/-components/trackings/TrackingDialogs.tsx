import { useState } from 'react';
import {
  Alert,
  Center,
  Divider,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconLink } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

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
          <Field label={TRACKING_MESSAGES.prealertSender}>{p.senderName ?? '—'}</Field>
          <Field label={TRACKING_MESSAGES.prealertStatus}>
            <PrealertStatusBadge status={p.status} />
          </Field>
          <Field label={TRACKING_MESSAGES.prealertDescription}>{p.description}</Field>
          <Field label={TRACKING_MESSAGES.prealertCarrier}>{p.carrier ?? '—'}</Field>
          <Field label={TRACKING_MESSAGES.prealertItems}>{p.quantityItems}</Field>
          <Field label={TRACKING_MESSAGES.prealertAmount}>{p.amountSpent === null ? '—' : formatUsd(p.amountSpent)}</Field>
          <Field label={TRACKING_MESSAGES.prealertValue}>{p.estimatedValue === null ? '—' : formatUsd(p.estimatedValue)}</Field>
          <Field label={TRACKING_MESSAGES.prealertCreated}>{formatDate(p.createdAt)}</Field>
        </SimpleGrid>
      </Stack>
    </section>
  );
}

/** Package info, client info, the matched pre-alert and the status history, newest first (admin spec §2). */
export function TrackingDetailsDialog({ trackingId, onClose }: { trackingId: string | null; onClose: () => void }) {
  const detail = useQuery({ ...trpc.trackings.detail.queryOptions({ id: trackingId ?? '' }), enabled: trackingId !== null });
  const d = detail.data;
  return (
    <Modal opened={trackingId !== null} onClose={onClose} title="Detalles del tracking" size="lg">
      {detail.isPending ? (
        <Center py="xl">
          <Loader aria-label="Cargando" />
        </Center>
      ) : detail.isError || !d ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {getErrorMessage(detail.error, TRACKING_MESSAGES.loadFailed)}
        </Alert>
      ) : (
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
            <Field label="Descripción">{d.description}</Field>
            <Field label="Transportista">{d.carrier}</Field>
            <Field label="Remitente">{d.senderName}</Field>
            <Field label="País de origen">{d.originCountry}</Field>
            <Field label="Peso estimado">{weight(d.estimatedWeight)}</Field>
            <Field label="Peso real">{weight(d.actualWeight)}</Field>
            <Field label="Valor estimado">{formatUsd(d.estimatedValue)}</Field>
            <Field label="Registrado">{formatDateTime(d.createdAt)}</Field>
            {d.needsReempaque && <Field label="Motivo del reempaque">{d.reempaqueReason ?? '—'}</Field>}
            {d.notes && <Field label="Notas">{d.notes}</Field>}
          </SimpleGrid>
          <Divider label="Cliente" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Field label="Nombre">{d.clientName ?? '—'}</Field>
            <Field label="Email">{d.clientEmail}</Field>
            <Field label="Teléfono">{d.clientPhone ?? '—'}</Field>
            <Field label="Casillero">
              {d.mailboxCode} · {MAILBOX_COUNTRY_LABELS[d.mailboxCountry]}
            </Field>
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
        </Stack>
      )}
    </Modal>
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
