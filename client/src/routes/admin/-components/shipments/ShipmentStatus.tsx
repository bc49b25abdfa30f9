import { Badge, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SHIPMENT_MESSAGES as M, SHIPMENT_STATUSES, SHIPMENT_STATUS_LABELS, type ShipmentStatus } from '@casillero/shared';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';
import type { ShipmentRow } from './types';

export const SHIPMENT_STATUS_COLORS: Record<ShipmentStatus, string> = {
  preparing: 'yellow',
  in_transit: 'blue',
  customs: 'grape',
  out_for_delivery: 'cyan',
  delivered: 'green',
  delayed: 'red',
};

export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  return (
    <Badge color={SHIPMENT_STATUS_COLORS[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {SHIPMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** Shipments change packages too: every shipments and packages query is stale after one. */
export function useInvalidateShipments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.shipments.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.packages.pathKey() }),
    ]);
}

/** The inline status (admin spec §4): any value; delivered records today's date on the server. */
export function ShipmentStatusSelect({ shipment }: { shipment: ShipmentRow }) {
  const invalidate = useInvalidateShipments();
  const mutation = useMutation(trpc.shipments.updateStatus.mutationOptions());
  const change = async (next: string | null) => {
    if (!next || next === shipment.status) return;
    try {
      await mutation.mutateAsync({ id: shipment.id, status: next as ShipmentStatus });
      notifications.show({ color: 'green', title: 'Estado actualizado', message: M.statusUpdated });
      await invalidate();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: failureMessage(error, M.statusFailed) });
    }
  };
  return (
    <Select
      size="xs"
      w={150}
      aria-label={`Estado del envío ${shipment.shipmentCode}`}
      allowDeselect={false}
      disabled={mutation.isPending}
      data={SHIPMENT_STATUSES.map((s) => ({ value: s, label: SHIPMENT_STATUS_LABELS[s] }))}
      value={shipment.status}
      onChange={(v) => void change(v)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
