// /admin/aduanas (docs/product/customs.md): one version of the customs rules as the page shows it
// (its categories in a TanStack table, the charges and thresholds per mode, its source) and the
// customs rules as a kind of the versions screen.
import { Stack, Table, Text } from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import type { inferOutput } from '@trpc/tanstack-react-query';
import {
  CUSTOMS_CATEGORY_LABELS,
  CUSTOMS_MESSAGES as M,
  CUSTOMS_MODE_LABELS,
  customsRulesInEffect,
  formatBasisPoints,
  formatUsdCents,
  type CustomsCategoryRate,
  type CustomsModeRules,
} from '@casillero/shared';
import type { trpc } from '../../../../lib/trpc';
import type { VersionKind } from '../versions/VersionsScreen';

export type CustomsVersion = inferOutput<typeof trpc.customs.versions>['versions'][number];

const features = tableFeatures({});
const col = createColumnHelper<typeof features, CustomsCategoryRate>();
const columns = [
  col.display({ id: 'category', header: M.category, cell: (i) => CUSTOMS_CATEGORY_LABELS[i.row.original.category] }),
  col.display({ id: 'duty', header: M.duty, cell: (i) => formatBasisPoints(i.row.original.dutyBasisPoints) }),
  col.display({ id: 'chapter', header: M.chapter, cell: (i) => i.row.original.tariffChapter ?? M.noChapter }),
];

/** The categories of a version: name, duty, chapter. */
function CategoriesTable({ categories, caption }: { categories: CustomsCategoryRate[]; caption: string }) {
  const table = useTable({ features, columns, data: categories, getRowId: (r) => r.category });
  return (
    <Table striped withTableBorder layout="fixed" aria-label={`${caption}: ${M.categories}`}>
      <Table.Thead>
        {table.getHeaderGroups().map((group) => (
          <Table.Tr key={group.id}>
            {group.headers.map((header) => (
              <Table.Th key={header.id}>
                <table.FlexRender header={header} />
              </Table.Th>
            ))}
          </Table.Tr>
        ))}
      </Table.Thead>
      <Table.Tbody>
        {table.getRowModel().rows.map((row) => (
          <Table.Tr key={row.id} data-category={row.original.category}>
            {row.getAllCells().map((cell) => (
              <Table.Td key={cell.id}>
                <table.FlexRender cell={cell} />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const yesNo = (b: boolean) => (b ? M.yes : M.no);

/** One mode's line: what the customs value adds, the fixed charges and the thresholds. */
const modeLine = (m: CustomsModeRules) =>
  [
    `${M.valueIncludesFreight}: ${yesNo(m.valueIncludesFreight)}`,
    `${M.valueIncludesInsurance}: ${yesNo(m.valueIncludesInsurance)}`,
    `${M.fixedPerGuia}: ${formatUsdCents(m.fixedPerGuiaUsdCents)}`,
    `${M.fixedPerBox}: ${formatUsdCents(m.fixedPerBoxUsdCents)}`,
    `${M.exemptUpTo}: ${formatUsdCents(m.exemptUpToUsdCents)}`,
    `${M.courierUpTo}: ${formatUsdCents(m.courierUpToUsdCents)}`,
  ].join(' · ');

/** Everything one version says, and where its figures come from. */
export function CustomsTable({ version, caption }: { version: CustomsVersion; caption: string }) {
  const { rules } = version;
  return (
    <Stack gap="xs">
      <CategoriesTable categories={rules.categories} caption={caption} />
      <Text size="sm">
        {M.iva} {formatBasisPoints(rules.ivaBasisPoints)} · {M.serviceFee}{' '}
        {formatBasisPoints(rules.serviceFeeBasisPoints)}
      </Text>
      {(['air', 'sea'] as const).map((mode) => (
        <Text size="sm" key={mode} data-mode={mode}>
          <strong>{CUSTOMS_MODE_LABELS[mode]}:</strong> {modeLine(rules.modes[mode])}
        </Text>
      ))}
      <Text size="sm" c="dimmed">
        {M.note}: {version.note}
      </Text>
    </Stack>
  );
}

/** The customs rules' versions on the versions screen: they start now or at a moment to come. */
export const CUSTOMS_VERSIONS: VersionKind<CustomsVersion> = {
  ids: {
    current: 'aduanas-vigentes',
    scheduled: 'aduanas-programadas',
    history: 'aduanas-historial',
    form: 'nuevas-aduanas',
  },
  messages: M,
  cancelTitle: M.cancelTitle,
  confirmText: (v) => M.cancelConfirm(v.number, v.effectiveAt),
  effective: {
    header: M.effectiveAt,
    of: (v) => M.at(v.effectiveAt),
    badge: (v) => `${M.effectiveAt} ${M.at(v.effectiveAt)}`,
  },
  isScheduled: (v, now) => new Date(v.effectiveAt).getTime() > now.getTime(),
  inEffect: (versions, now) => customsRulesInEffect(versions, now),
  table: (v, caption) => <CustomsTable version={v} caption={caption} />,
};
