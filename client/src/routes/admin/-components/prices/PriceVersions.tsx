// /admin/tarifas (docs/product/price-lists.md): the version in effect, the scheduled ones (which
// may be cancelled until they start) and the history. Versions are never edited.
import { Table } from '@mantine/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { PRICE_LIST_MESSAGES as M, caracasDay, formatDate, priceListInEffect } from '@casillero/shared';
import type { trpc } from '../../../../lib/trpc';
import type { VersionKind } from '../versions/VersionsScreen';
import { priceRows } from './price-values';

export type PriceVersion = inferOutput<typeof trpc.prices.versions>['versions'][number];

/** The values of one version, label and value per row. */
export function PriceTable({ version, caption }: { version: PriceVersion; caption: string }) {
  return (
    <Table striped withTableBorder aria-label={caption}>
      <Table.Tbody>
        {priceRows(version.prices).map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" fw={500}>
              {row.label}
            </Table.Th>
            <Table.Td ta="right">{row.value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The price list's versions on the versions screen: they start at 00:00 in Caracas of a day. */
export const PRICE_VERSIONS: VersionKind<PriceVersion> = {
  ids: {
    current: 'tarifa-vigente',
    scheduled: 'tarifas-programadas',
    history: 'tarifas-historial',
    form: 'nueva-tarifa',
  },
  messages: M,
  cancelTitle: M.cancel,
  confirmText: (v) => M.cancelConfirm(v.number, v.effectiveFrom),
  effective: {
    header: M.effectiveFrom,
    of: (v) => formatDate(v.effectiveFrom),
    badge: (v) => M.inEffectSince(v.effectiveFrom),
  },
  isScheduled: (v, now) => v.effectiveFrom > caracasDay(now),
  inEffect: (versions, now) => priceListInEffect(versions, now),
  table: (v, caption) => <PriceTable version={v} caption={caption} />,
};
