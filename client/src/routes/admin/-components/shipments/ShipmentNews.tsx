// 'Publicar novedad' (docs/product/messages-and-notifications.md#shipment-news): the admin tells every customer with a parcel in a shipment that
// it is delayed, has a new estimated date, arrived in Venezuela or is ready for pickup. The message
// starts as the kind's text (editable); a new date also becomes the shipment's estimated delivery.
// The history shows each news item and how many customers it reached.
import { useMutation, useQuery } from '@tanstack/react-query';
import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '../../../../components/forms/DatePickerInput';
import { IconCalendar } from '@tabler/icons-react';
import {
  SHIPMENT_NEWS_KINDS,
  SHIPMENT_NEWS_KINDS_WITH_DATE,
  SHIPMENT_NEWS_KIND_LABELS,
  SHIPMENT_NEWS_MESSAGES as M,
  SHIPMENT_NEWS_MESSAGE_MAX,
  formatDateTime,
  shipmentNewsDefaultMessage,
  shipmentNewsInput,
  type ShipmentNewsKind,
} from '@casillero/shared';
import { optionalValue, GrowingTextarea } from '../../../../components/forms/fields';
import { DialogForm, subjectDialog } from '../../../../components/forms/FormDialog';
import { useDialogSubmit, useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { formatDay } from '../../../../components/shipments/format';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';
import { useInvalidateShipments } from './ShipmentStatus';
import type { ShipmentRow } from './types';

type Values = { shipmentId: string; kind: ShipmentNewsKind; message: string; estimatedDelivery: string };

const KIND_OPTIONS = SHIPMENT_NEWS_KINDS.map((k) => ({ value: k, label: SHIPMENT_NEWS_KIND_LABELS[k] }));

export const PostShipmentNewsDialog = subjectDialog<ShipmentRow>(
  M.action,
  (shipment, onClose) => <PostShipmentNewsForm key={shipment.id} shipment={shipment} onClose={onClose} />,
  'lg',
);

function PostShipmentNewsForm({ shipment, onClose }: { shipment: ShipmentRow; onClose: () => void }) {
  const invalidate = useInvalidateShipments();
  const mutation = useMutation(trpc.shipments.postNews.mutationOptions());
  const initialKind: ShipmentNewsKind = 'delayed';
  const form = useSchemaForm<Values>(shipmentNewsInput, {
    shipmentId: shipment.id,
    kind: initialKind,
    message: shipmentNewsDefaultMessage(initialKind, shipment.shipmentCode, null),
    estimatedDelivery: '',
  });
  const failure = (error: unknown) => failureMessage(error, M.postFailed);
  const { submit, error } = useDialogSubmit(form, { invalidate, onClose, failure }, async (values) => {
    const result = await mutation.mutateAsync(shipmentNewsInput.parse(values));
    return [M.postedTitle, M.posted(result.recipientCount)];
  });

  // The message follows the kind and the date until the admin writes their own.
  const retext = (kind: ShipmentNewsKind, date: string) => {
    const { values } = form;
    const before = shipmentNewsDefaultMessage(values.kind, shipment.shipmentCode, values.estimatedDelivery || null);
    if (values.message.trim() === before)
      form.setFieldValue('message', shipmentNewsDefaultMessage(kind, shipment.shipmentCode, date || null));
  };
  const kindProps = form.getInputProps('kind');
  const dateProps = optionalValue(form.getInputProps('estimatedDelivery'));
  const withDate = SHIPMENT_NEWS_KINDS_WITH_DATE.includes(form.values.kind);

  return (
    <Stack gap="lg">
      <DialogForm onSubmit={submit} error={error} onCancel={onClose} label={M.action} loading={mutation.isPending}>
        <Text size="sm">
          Envío{' '}
          <Text span ff="monospace" fw={600}>
            {shipment.shipmentCode}
          </Text>{' '}
          · {shipment.packageCount} {shipment.packageCount === 1 ? 'paquete' : 'paquetes'}
        </Text>
        <Text size="sm" c="dimmed">
          {M.dialogHint}
        </Text>
        <Select
          label="Tipo de novedad"
          required
          allowDeselect={false}
          data={KIND_OPTIONS}
          {...kindProps}
          onChange={(v) => {
            if (!v) return;
            retext(v as ShipmentNewsKind, form.values.estimatedDelivery);
            kindProps.onChange(v);
          }}
        />
        {withDate && (
          <DatePickerInput
            label="Nueva fecha estimada de entrega"
            required
            placeholder="Selecciona la fecha"
            valueFormat="DD/MM/YYYY"
            leftSection={<IconCalendar size={16} />}
            minDate={new Date()}
            nextLabel="Mes siguiente"
            previousLabel="Mes anterior"
            {...dateProps}
            onChange={(v) => {
              retext(form.values.kind, v ?? '');
              dateProps.onChange(v);
            }}
          />
        )}
        <GrowingTextarea
          label="Mensaje para los clientes"
          required
          minRows={3}
          maxRows={8}
          maxLength={SHIPMENT_NEWS_MESSAGE_MAX}
          description="Puedes editarlo antes de publicar."
          {...form.getInputProps('message')}
        />
      </DialogForm>
      <ShipmentNewsHistory shipmentId={shipment.id} />
    </Stack>
  );
}

/** The news posted on a shipment, newest first, with who posted each and how many were told. */
export function ShipmentNewsHistory({ shipmentId }: { shipmentId: string }) {
  const news = useQuery(trpc.shipments.news.queryOptions({ id: shipmentId }));
  return (
    <Stack gap="xs" component="section" aria-label={M.historyTitle}>
      <Text fw={600} size="sm">
        {M.historyTitle}
      </Text>
      {news.isPending ? (
        <Text size="sm" c="dimmed">
          Cargando…
        </Text>
      ) : news.isError ? (
        <Text size="sm" c="red">
          {failureMessage(news.error, 'No se pudieron cargar las novedades.')}
        </Text>
      ) : news.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {M.historyEmpty}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {news.data.map((n) => (
            <li key={n.id}>
              <Group gap="xs" wrap="wrap">
                <Badge variant="light">{SHIPMENT_NEWS_KIND_LABELS[n.kind]}</Badge>
                <Text size="xs" c="dimmed">
                  {formatDateTime(n.createdAt)}
                  {n.createdBy ? ` · ${n.createdBy}` : ''} · {M.recipients(n.recipientCount)}
                  {n.estimatedDelivery ? ` · Nueva fecha ${formatDay(n.estimatedDelivery)}` : ''}
                </Text>
              </Group>
              <Text size="sm">{n.message}</Text>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
