import { Badge, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import {
  PACKAGE_MESSAGES as M,
  PACKAGE_STATUSES_SELECTABLE,
  PACKAGE_STATUS_LABELS,
  type PackageStatus,
} from '@casillero/shared';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from './feedback';
import { useInvalidatePackages } from './PackageForm';
import type { PackageRow } from './types';

export const PACKAGE_STATUS_COLORS: Record<PackageStatus, string> = {
  pending: 'yellow',
  received: 'blue',
  processed: 'violet',
  shipped: 'green',
  in_warehouse: 'cyan',
  in_shipment: 'indigo',
};

export function PackageStatusBadge({ status }: { status: PackageStatus }) {
  return (
    <Badge color={PACKAGE_STATUS_COLORS[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {PACKAGE_STATUS_LABELS[status]}
    </Badge>
  );
}

const SELECTABLE = PACKAGE_STATUSES_SELECTABLE as readonly PackageStatus[];

/**
 * The inline dropdown (admin spec §4): any of the four, in any order; 'received' records the
 * date. A package in a shipment follows its shipment and shows a badge instead.
 */
export function PackageStatusSelect({ pkg }: { pkg: PackageRow }) {
  const invalidate = useInvalidatePackages();
  const mutation = useMutation(trpc.packages.updateStatus.mutationOptions());
  if (pkg.shipmentCode) return <PackageStatusBadge status={pkg.status} />;

  const options = SELECTABLE.includes(pkg.status) ? SELECTABLE : [pkg.status, ...SELECTABLE];
  const change = async (next: string | null) => {
    if (!next || next === pkg.status) return;
    try {
      await mutation.mutateAsync({ id: pkg.id, status: next as (typeof PACKAGE_STATUSES_SELECTABLE)[number] });
      notifications.show({ color: 'green', title: M.statusUpdatedTitle, message: M.statusUpdated });
      await invalidate();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: failureMessage(error, M.statusFailed) });
    }
  };
  return (
    <Select
      size="xs"
      w={140}
      aria-label={`Estado de ${pkg.trackingNumber ?? pkg.packageDescription}`}
      allowDeselect={false}
      disabled={mutation.isPending}
      data={options.map((s) => ({ value: s, label: PACKAGE_STATUS_LABELS[s], disabled: !SELECTABLE.includes(s) }))}
      value={pkg.status}
      onChange={(v) => void change(v)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
