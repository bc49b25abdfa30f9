// 'Editar envío' (recipient and delivery, estimated date, cost, carrier tracking) and 'Eliminar envío'
// (only while preparing; its packages return to the warehouse). The server enforces both.
import { Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { SHIPMENT_EDIT_MESSAGES as E, shipmentUpdateInput, type DeliveryMethod } from '@casillero/shared';
import { trpc } from '../../../../lib/trpc';
import { ConfirmDialog, DialogForm, subjectDialog } from '../../../../components/forms/FormDialog';
import type { DecimalValue } from '../../../../components/forms/DecimalInput';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { useConfirmedMutation, useDialogSubmit, useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { failureMessage } from '../packages/feedback';
import { DeliveryFields, ShipmentDeliveryChoice, shippingCostCheck } from './ShipmentForm';
import { useInvalidateShipments } from './ShipmentStatus';
import type { ShipmentRow } from './types';

type Values = {
  id: string;
  recipientId: string;
  deliveryMethod: DeliveryMethod;
  agencyId: string | null;
  estimatedDelivery: string;
  shippingCostUsdCents: DecimalValue;
  trackingNumber: string;
};

const valuesOf = (s: ShipmentRow): Values => ({
  id: s.id,
  recipientId: s.recipientId ?? '',
  deliveryMethod: s.deliveryMethod,
  agencyId: s.agencyId,
  estimatedDelivery: s.estimatedDelivery ?? '',
  shippingCostUsdCents: s.shippingCostUsdCents,
  trackingNumber: s.trackingNumber ?? '',
});

export const EditShipmentDialog = subjectDialog<ShipmentRow>(
  'Editar envío',
  (shipment, onClose) => <EditShipmentForm key={shipment.id} shipment={shipment} onClose={onClose} />,
  'lg',
);

function EditShipmentForm({ shipment, onClose }: { shipment: ShipmentRow; onClose: () => void }) {
  const invalidate = useInvalidateShipments();
  const mutation = useMutation(trpc.shipments.update.mutationOptions());
  const plausible = usePlausibleConfirm();
  const form = useSchemaForm<Values>(shipmentUpdateInput, valuesOf(shipment));
  const failure = (error: unknown) => failureMessage(error, E.updateFailed);
  const confirm = (values: Values) => plausible.confirm(shippingCostCheck(values.shippingCostUsdCents));
  const { submit, error } = useDialogSubmit(form, { invalidate, onClose, failure, confirm }, async (values) => {
    const result = await mutation.mutateAsync(shipmentUpdateInput.parse(values));
    return [E.updatedTitle, E.updated(result.shipmentCode)];
  });

  return (
    <DialogForm onSubmit={submit} error={error} onCancel={onClose} label="Guardar cambios" loading={mutation.isPending}>
      {plausible.dialog}
      <Text size="sm">
        Envío{' '}
        <Text span ff="monospace" fw={600}>
          {shipment.shipmentCode}
        </Text>{' '}
        de {shipment.customerName ?? shipment.customerEmail}
      </Text>
      <ShipmentDeliveryChoice
        form={form}
        userId={shipment.userId}
        initialAgencyState={shipment.deliveryMethod === 'agency' ? shipment.deliveryState : null}
      />
      <DeliveryFields inputProps={form.getInputProps} />
      <TextInput
        label="Tracking del transportista"
        description="El número con el que el cliente sigue el envío; déjalo vacío si aún no lo tiene."
        placeholder="Opcional"
        {...form.getInputProps('trackingNumber')}
      />
    </DialogForm>
  );
}

/** Confirms before removing; the server refuses once the shipment has left 'preparing'. */
export function RemoveShipmentDialog({ shipment, onClose }: { shipment: ShipmentRow | null; onClose: () => void }) {
  const invalidate = useInvalidateShipments();
  const failure = (error: unknown) => failureMessage(error, E.removeFailed);
  const remove = useConfirmedMutation(
    trpc.shipments.remove.mutationOptions(),
    { invalidate, onClose, failure },
    (result) => [E.removedTitle, E.removed(result.shipmentCode, result.packages.length)],
  );
  return (
    <ConfirmDialog
      opened={shipment !== null}
      title={E.removeTitle}
      label="Eliminar envío"
      onConfirm={() => void (shipment && remove.confirm({ id: shipment.id }))}
      onCancel={onClose}
      loading={remove.isPending}
    >
      {shipment && E.removeConfirm(shipment.shipmentCode, shipment.packageCount)}
    </ConfirmDialog>
  );
}
