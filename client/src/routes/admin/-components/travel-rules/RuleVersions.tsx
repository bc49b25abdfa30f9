// /admin/reglas (docs/product/travel-rules.md): the rules in effect, the scheduled versions (which
// may be cancelled until they start, after a dialog) and the history. Versions are never edited.
import { Stack, Table, Text } from '@mantine/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import {
  TRAVEL_CATEGORY_KIND_LABELS,
  TRAVEL_RULES_MESSAGES as M,
  TRAVEL_RULE_MODE_LABELS,
  formatKg,
  formatUsdCents,
  travelRulesInEffect,
} from '@casillero/shared';
import type { trpc } from '../../../../lib/trpc';
import type { VersionKind } from '../versions/VersionsScreen';

export type RuleVersion = inferOutput<typeof trpc.travelRules.versions>['versions'][number];

/** The rules of one version: the categories, then the limits. */
export function RulesTable({ version, caption }: { version: RuleVersion; caption: string }) {
  const { categories, limits, commercialQuantity } = version.rules;
  return (
    <Stack gap="xs">
      {/* Fixed columns whose words wrap: on a phone the rules fit the screen instead of scrolling sideways. */}
      <Table striped withTableBorder layout="fixed" aria-label={caption} style={{ overflowWrap: 'anywhere' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{M.categoryName}</Table.Th>
            <Table.Th>{M.categoryKind}</Table.Th>
            <Table.Th>{M.categoryModes}</Table.Th>
            <Table.Th>{M.words}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {categories.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td fw={500}>{c.name}</Table.Td>
              <Table.Td>{TRAVEL_CATEGORY_KIND_LABELS[c.kind]}</Table.Td>
              <Table.Td>{TRAVEL_RULE_MODE_LABELS[c.modes]}</Table.Td>
              <Table.Td>
                {c.words.join(', ')}
                {c.exceptWords.length > 0 && (
                  <Text size="xs" c="dimmed">
                    {M.except}: {c.exceptWords.join(', ')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">
        {M.limits}: {M.airWeight} {formatKg(limits.air.maxPieceWeightKg)} · {M.airValue}{' '}
        {formatUsdCents(limits.air.maxDeclaredValueUsdCents)} · {M.seaWeight} {formatKg(limits.sea.maxPieceWeightKg)} ·{' '}
        {M.seaValue} {formatUsdCents(limits.sea.maxDeclaredValueUsdCents)}
      </Text>
      <Text size="sm">
        {M.commercialQuantity}: {commercialQuantity}
      </Text>
    </Stack>
  );
}

/** The travel rules' versions on the versions screen: they start now or at a moment to come. */
export const RULE_VERSIONS: VersionKind<RuleVersion> = {
  ids: {
    current: 'reglas-vigentes',
    scheduled: 'reglas-programadas',
    history: 'reglas-historial',
    form: 'nuevas-reglas',
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
  inEffect: (versions, now) => travelRulesInEffect(versions, now),
  table: (v, caption) => <RulesTable version={v} caption={caption} />,
};
