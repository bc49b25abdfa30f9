import { useMutation } from '@tanstack/react-query';
import {
  PACKAGE_MESSAGES as M,
  PACKAGE_STATUSES_SELECTABLE,
  PACKAGE_STATUS_LABELS,
  type PackageStatus,
} from '@casillero/shared';
import { InlineSelect, LabelBadge } from '../../../../components/data-table';
import { notifyChange } from '../../../../lib/notify';
import { PACKAGE_STATUS_COLORS } from '../../../../lib/status-colors';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from './feedback';
import { useInvalidatePackages } from './PackageForm';
import type { PackageRow } from './types';

export function PackageStatusBadge({ status }: { status: PackageStatus }) {
  return <LabelBadge value={status} labels={PACKAGE_STATUS_LABELS} colors={PACKAGE_STATUS_COLORS} />;
}

const SELECTABLE = PACKAGE_STATUSES_SELECTABLE as readonly PackageStatus[];

/**
 * The inline dropdown (docs/product/admin-packages-and-shipments.md#package-statuses): any of the four, in any order; 'received' records the
 * date. A package in a shipment follows its shipment and shows a badge instead.
 */
export function PackageStatusSelect({ pkg }: { pkg: PackageRow }) {
  const invalidate = useInvalidatePackages();
  const mutation = useMutation(trpc.packages.updateStatus.mutationOptions());
  if (pkg.shipmentCode) return <PackageStatusBadge status={pkg.status} />;

  const options = SELECTABLE.includes(pkg.status) ? SELECTABLE : [pkg.status, ...SELECTABLE];
  const change = async (next: PackageStatus) => {
    const saved = await notifyChange(
      () => mutation.mutateAsync({ id: pkg.id, status: next as (typeof PACKAGE_STATUSES_SELECTABLE)[number] }),
      { title: M.statusUpdatedTitle, message: M.statusUpdated },
      (error) => failureMessage(error, M.statusFailed),
    );
    if (saved) await invalidate();
  };
  return (
    <InlineSelect
      label={`Estado de ${pkg.trackingNumber ?? pkg.packageDescription}`}
      w={140}
      data={options.map((s) => ({ value: s, label: PACKAGE_STATUS_LABELS[s], disabled: !SELECTABLE.includes(s) }))}
      value={pkg.status}
      saving={mutation.isPending}
      onChange={(next) => void change(next)}
    />
  );
}
