// 'Editar envío' (destination, estimated date, cost, carrier tracking) and 'Eliminar envío'
// (only while preparing; its packages return to the warehouse). The server enforces both.
import { useState } from 'react';
import { Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCalendar } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import {
  SHIPMENT_EDIT_MESSAGES as E,
  VENEZUELAN_STATES,
  shipmentUpdateInput,
  type VenezuelanState,
} from '@casillero/shared';
import { trpc } from '../../../../lib/trpc';
import { DialogActions } from '../DialogActions';
import { failureMessage } from '../packages/feedback';
import { useInvalidateShipments } from './ShipmentStatus';
import type { ShipmentRow } from './types';

type Values = {
  id: string;
  deliveryAddress: string;
  deliveryCity: string;
  deliveryState: VenezuelanState | '';
  estimatedDelivery: string;
  shippingCostUsd: number;
  trackingNumber: string;
};

const valuesOf = (s: ShipmentRow): Values => ({
  id: s.id,
  deliveryAddress: s.deliveryAddress,
  deliveryCity: s.deliveryCity,
  deliveryState: (VENEZUELAN_STATES as readonly string[]).includes(s.deliveryState) ? (s.deliveryState as VenezuelanState) : '',
  estimatedDelivery: s.estimatedDelivery ?? '',
  shippingCostUsd: s.shippingCostUsd,
  trackingNumber: s.trackingNumber ?? '',
});

export function EditShipmentDialog({ shipment, onClose }: { shipment: ShipmentRow | null; onClose: () => void }) {
  return (
    <Modal opened={shipment !== null} onClose={onClose} title="Editar envío" size="lg">
      {shipment && <EditShipmentForm key={shipment.id} shipment={shipment} onClose={onClose} />}
    </Modal>
  );
}

function EditShipmentForm({ shipment, onClose }: { shipment: ShipmentRow; onClose: () => void }) {
  const invalidate = useInvalidateShipments();
  const mutation = useMutation(trpc.shipments.update.mutationOptions());
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(shipment), validate: schemaResolver(shipmentUpdateInput, { sync: true }) });

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      const result = await mutation.mutateAsync(shipmentUpdateInput.parse(values));
      notifications.show({ color: 'green', title: E.updatedTitle, message: E.updated(result.shipmentCode) });
      await invalidate();
      onClose();
    } catch (error) {
      setServerError(failureMessage(error, E.updateFailed));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          Envío{' '}
          <Text span ff="monospace" fw={600}>
            {shipment.shipmentCode}
          </Text>{' '}
          de {shipment.customerName ?? shipment.customerEmail}
        </Text>
        <Textarea label="Dirección de entrega" required autosize minRows={2} maxRows={4} {...form.getInputProps('deliveryAddress')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Ciudad" required {...form.getInputProps('deliveryCity')} />
          <Select label="Estado" required searchable placeholder="Selecciona un estado" data={[...VENEZUELAN_STATES]} {...form.getInputProps('deliveryState')} />
          <DatePickerInput
            label="Entrega estimada"
            placeholder="Opcional"
            clearable
            valueFormat="DD/MM/YYYY"
            leftSection={<IconCalendar size={16} />}
            value={form.values.estimatedDelivery || null}
            onChange={(v) => form.setFieldValue('estimatedDelivery', v ?? '')}
            error={form.errors.estimatedDelivery}
          />
          <NumberInput
            label="Costo de envío (USD)"
            min={0}
            step={0.01}
            decimalScale={2}
            prefix="$"
            {...form.getInputProps('shippingCostUsd')}
            onChange={(v) => form.setFieldValue('shippingCostUsd', v === '' || Number.isNaN(Number(v)) ? 0 : Number(v))}
          />
        </SimpleGrid>
        <TextInput
          label="Tracking del transportista"
          description="El número con el que el cliente sigue el envío; déjalo vacío si aún no lo tiene."
          placeholder="Opcional"
          {...form.getInputProps('trackingNumber')}
        />
        <DialogActions error={serverError} onCancel={onClose} label="Guardar cambios" loading={mutation.isPending} />
      </Stack>
    </form>
  );
}

/** Confirms before removing; the server refuses once the shipment has left 'preparing'. */
export function RemoveShipmentDialog({ shipment, onClose }: { shipment: ShipmentRow | null; onClose: () => void }) {
  const invalidate = useInvalidateShipments();
  const mutation = useMutation(trpc.shipments.remove.mutationOptions());
  const remove = async () => {
    if (!shipment) return;
    try {
      const result = await mutation.mutateAsync({ id: shipment.id });
      notifications.show({ color: 'green', title: E.removedTitle, message: E.removed(result.shipmentCode, result.packages.length) });
      await invalidate();
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: failureMessage(error, E.removeFailed) });
      await invalidate();
    }
  };
  return (
    <Modal opened={shipment !== null} onClose={onClose} title={E.removeTitle}>
      {shipment && (
        <Stack>
          <Text size="sm">{E.removeConfirm(shipment.shipmentCode, shipment.packageCount)}</Text>
          <DialogActions onCancel={onClose} label="Eliminar envío" color="red" onConfirm={() => void remove()} loading={mutation.isPending} />
        </Stack>
      )}
    </Modal>
  );
}
