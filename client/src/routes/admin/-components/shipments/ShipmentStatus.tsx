import { useMutation } from '@tanstack/react-query';
import {
  SHIPMENT_MESSAGES as M,
  SHIPMENT_STATUSES,
  SHIPMENT_STATUS_LABELS,
  type ShipmentStatus,
} from '@casillero/shared';
import { InlineSelect, labelOptions } from '../../../../components/data-table';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { notifyChange } from '../../../../lib/notify';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';
import type { ShipmentRow } from './types';

/** Shipments change packages too: every shipments and packages query is stale after one. */
export const useInvalidateShipments = () => useInvalidate(trpc.shipments, trpc.packages);

/** The inline status (docs/product/admin-packages-and-shipments.md#shipment-statuses): any value; delivered records today's date on the server. */
export function ShipmentStatusSelect({ shipment }: { shipment: ShipmentRow }) {
  const invalidate = useInvalidateShipments();
  const mutation = useMutation(trpc.shipments.updateStatus.mutationOptions());
  const change = async (status: ShipmentStatus) => {
    const saved = await notifyChange(
      () => mutation.mutateAsync({ id: shipment.id, status }),
      { title: 'Estado actualizado', message: M.statusUpdated },
      (error) => failureMessage(error, M.statusFailed),
    );
    if (saved) await invalidate();
  };
  return (
    <InlineSelect
      label={`Estado del envío ${shipment.shipmentCode}`}
      w={150}
      data={labelOptions(SHIPMENT_STATUSES, SHIPMENT_STATUS_LABELS)}
      value={shipment.status}
      saving={mutation.isPending}
      onChange={(status) => void change(status)}
    />
  );
}
