import { Divider, Group, Select, Stack, Text } from '@mantine/core';
import type { GetInputPropsReturnType, UseFormReturnType } from '@mantine/form';
import { IconLink } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import {
  MAILBOX_COUNTRY_LABELS,
  TRACKING_MESSAGES as M,
  TRACKING_STATUSES,
  TRACKING_STATUS_BADGE_COLORS,
  TRACKING_STATUS_LABELS,
  formatDate,
  formatDateTime,
  formatUsdFromCents,
  trackingRepackInput,
  trackingStatusChangeInput,
  type TrackingStatus,
  formatKg,
} from '@casillero/shared';
import { getErrorMessage } from '../../../../lib/errors';
import {
  CustomerSection,
  DetailsHeading,
  FactGrid,
  HistoryTimeline,
} from '../../../../components/details/DetailsParts';
import { DetailsDrawer, type DetailsDrawerOpen } from '../../../../components/details/DetailsDrawer';
import { EntityHistory } from '../../../../components/details/EntityHistory';
import { CarrierTimeline } from '../../../../components/first-mile/CarrierTimeline';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { DialogForm, subjectDialog } from '../../../../components/forms/FormDialog';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { useDialogSubmit, useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { trpc } from '../../../../lib/trpc';
import { PrealertStatusBadge } from './StatusBadge';
import { PriorityBadge, TrackingStatusBadge } from './StatusBadge';
import type { TrackingDetail, TrackingRow } from './types';
import { GrowingTextarea } from '../../../../components/forms/fields';

const weight = (kg: number | null) => (kg === null ? '—' : formatKg(kg));
const usdOrDash = (cents: number | null) => (cents === null ? '—' : formatUsdFromCents(cents));

/** The customer's pre-alert this tracking matched when it was registered (same tracking number). */
function LinkedPrealert({ prealert: p }: { prealert: NonNullable<TrackingDetail['prealert']> }) {
  return (
    <section aria-label={M.prealertSection}>
      <Stack gap="sm">
        <Divider label={M.prealertSection} labelPosition="left" />
        <Group gap="xs">
          <IconLink size={16} aria-hidden />
          <Text size="sm">{M.prealertMatched}</Text>
        </Group>
        <FactGrid
          facts={[
            [M.prealertSender, p.senderName ?? '—'],
            [M.prealertStatus, <PrealertStatusBadge key="status" status={p.status} />],
            [M.prealertDescription, p.description],
            [M.prealertCarrier, p.carrier ?? '—'],
            [M.prealertItems, p.quantityItems],
            [M.prealertAmount, usdOrDash(p.amountSpentUsdCents)],
            [M.prealertValue, usdOrDash(p.estimatedValueUsdCents)],
            [M.prealertCreated, formatDate(p.createdAt)],
          ]}
        />
      </Stack>
    </section>
  );
}

/** Package info, client info, the matched pre-alert and the status history, newest first (docs/product/admin-trackings.md#details). */
export function TrackingDetailsDrawer(props: DetailsDrawerOpen) {
  return (
    <DetailsDrawer
      {...props}
      title="Detalles del tracking"
      query={(id) => trpc.trackings.detail.queryOptions({ id })}
      loadFailed={M.loadFailed}
    >
      {(d) => (
        <>
          <DetailsHeading title={d.trackingNumber}>
            <Group gap="xs">
              <TrackingStatusBadge status={d.status} dispatchAuthorizedAt={d.dispatchAuthorizedAt} />
              <PriorityBadge priority={d.priority} />
            </Group>
          </DetailsHeading>
          <FactGrid
            title="Paquete"
            facts={[
              ['Descripción', d.description],
              ['Transportista', d.carrier],
              ['Remitente', d.senderName],
              ['País de origen', d.originCountry],
              ['Peso estimado', weight(d.estimatedWeight)],
              ['Peso real', weight(d.actualWeight)],
              ['Valor estimado', formatUsdFromCents(d.estimatedValueUsdCents)],
              ['Registrado', formatDateTime(d.createdAt)],
              d.needsReempaque && ['Motivo del reempaque', d.reempaqueReason ?? '—'],
              Boolean(d.notes) && ['Notas', d.notes],
            ]}
          />
          <CustomerSection
            name={d.clientName}
            email={d.clientEmail}
            phone={d.clientPhone}
            mailbox={`${d.mailboxCode} · ${MAILBOX_COUNTRY_LABELS[d.mailboxCountry]}`}
          />
          {d.prealert && <LinkedPrealert prealert={d.prealert} />}
          {/* The carrier's leg before the warehouse, with who signed for it (docs/product/first-mile.md). */}
          {d.carrierLeg && <CarrierTimeline leg={d.carrierLeg} signedBy={d.carrierLeg.signedBy} />}
          <Divider label="Historial de estados" labelPosition="left" />
          <HistoryTimeline
            bulletSize={14}
            aria-label="Historial de estados"
            entries={d.history.map((h) => ({
              ...h,
              title: TRACKING_STATUS_LABELS[h.status],
              color: TRACKING_STATUS_BADGE_COLORS[h.status],
              by: h.createdByName,
            }))}
          />
          <Divider label="Historial de cambios" labelPosition="left" />
          <EntityHistory entity="trackings" entityId={d.id} />
        </>
      )}
    </DetailsDrawer>
  );
}

type TrackingFormProps = { tracking: TrackingRow; onClose: () => void };

/** The real weight in kg; 0 (or an emptied field) keeps the recorded one. */
function ActualWeightInput({ inputProps, description }: { inputProps: GetInputPropsReturnType; description: string }) {
  return (
    <DecimalInput kind="weightKg" label="Peso real (kg)" description={description} emptyValue={0} {...inputProps} />
  );
}

/**
 * Either action's submit: the real weight asked about when far from the usual, then the toast,
 * every trackings query (list, count, stats, details) stale, the dialog closed. Render `dialog`.
 */
function useTrackingSubmit<V extends { actualWeight: DecimalValue }>(
  form: UseFormReturnType<V>,
  onClose: () => void,
  failed: string,
  run: (values: V) => Promise<[title: string, message: string]>,
) {
  const invalidate = useInvalidate(trpc.trackings);
  const plausible = usePlausibleConfirm();
  const confirm = (values: V) => plausible.confirm([{ kind: 'weightKg', value: values.actualWeight }]);
  const { submit, error } = useDialogSubmit(
    form,
    { invalidate, onClose, failure: (error) => getErrorMessage(error, failed), confirm },
    run,
  );
  return { submit, error, dialog: plausible.dialog };
}

/** New status, real weight (0 keeps the recorded one) and an optional message for the client. */
export const ChangeStatusDialog = subjectDialog<TrackingRow>('Cambiar estado', (t, onClose) => (
  <ChangeStatusForm tracking={t} onClose={onClose} />
));

type StatusValues = { id: string; status: TrackingStatus | ''; actualWeight: DecimalValue; message: string };

function ChangeStatusForm({ tracking, onClose }: TrackingFormProps) {
  const mutation = useMutation(trpc.trackings.updateStatus.mutationOptions());
  const form = useSchemaForm<StatusValues>(trackingStatusChangeInput, {
    id: tracking.id,
    status: '',
    actualWeight: 0,
    message: '',
  });
  const { submit, error, dialog } = useTrackingSubmit(form, onClose, M.statusFailed, async (values) => {
    const result = await mutation.mutateAsync(trackingStatusChangeInput.parse(values));
    return [M.statusUpdatedTitle, M.statusUpdated(result.trackingNumber, TRACKING_STATUS_LABELS[result.status])];
  });

  return (
    <DialogForm
      onSubmit={submit}
      error={error}
      onCancel={onClose}
      label="Actualizar estado"
      loading={mutation.isPending}
    >
      {dialog}
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
      <ActualWeightInput
        inputProps={form.getInputProps('actualWeight')}
        description={`Déjalo en 0 para conservar ${tracking.actualWeight ? weight(tracking.actualWeight) : 'el valor anterior'}`}
      />
      <GrowingTextarea label="Mensaje para el cliente (opcional)" maxRows={5} {...form.getInputProps('message')} />
    </DialogForm>
  );
}

/** Required reason and real weight; sets the tracking to needs repack (docs/product/admin-trackings.md#request-repack). */
export const RepackDialog = subjectDialog<TrackingRow>('Solicitar reempaque', (t, onClose) => (
  <RepackForm tracking={t} onClose={onClose} />
));

type RepackValues = { id: string; reason: string; actualWeight: DecimalValue };

function RepackForm({ tracking, onClose }: TrackingFormProps) {
  const mutation = useMutation(trpc.trackings.requestRepack.mutationOptions());
  const form = useSchemaForm<RepackValues>(trackingRepackInput, { id: tracking.id, reason: '', actualWeight: 0 });
  const { submit, error, dialog } = useTrackingSubmit(form, onClose, M.repackFailed, async (values) => {
    const result = await mutation.mutateAsync(trackingRepackInput.parse(values));
    return [M.repackTitle, M.repackRequested(result.trackingNumber)];
  });

  return (
    <DialogForm
      onSubmit={submit}
      error={error}
      onCancel={onClose}
      label="Solicitar reempaque"
      color="yellow"
      loading={mutation.isPending}
    >
      {dialog}
      <Text size="sm">
        Tracking <b>{tracking.trackingNumber}</b> de {tracking.clientName ?? tracking.clientEmail}
      </Text>
      <GrowingTextarea
        label="Motivo del reempaque"
        required
        minRows={3}
        maxRows={6}
        {...form.getInputProps('reason')}
      />
      <ActualWeightInput
        inputProps={form.getInputProps('actualWeight')}
        description="Déjalo en 0 para conservar el valor anterior"
      />
    </DialogForm>
  );
}
