// /admin/reglas (docs/product/travel-rules.md): the rules in effect, the scheduled versions (which
// may be cancelled until they start, after a dialog) and the history. Versions are never edited.
import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferOutput } from '@trpc/tanstack-react-query';
import {
  TRAVEL_CATEGORY_KIND_LABELS,
  TRAVEL_RULES_MESSAGES as M,
  TRAVEL_RULE_MODE_LABELS,
  formatKg,
  formatUsdCents,
  travelRulesInEffect,
} from '@casillero/shared';
import { trpc } from '../../../../lib/trpc';
import { ScheduledVersions } from '../versions/ScheduledVersions';
import { VersionHistory } from '../versions/VersionHistory';

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

export function CurrentRules({ version }: { version: RuleVersion }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="reglas-vigentes">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="reglas-vigentes">
            {M.current}: {M.version(version.number)}
          </Title>
          <Badge color="green" variant="light">
            {M.effectiveAt} {M.at(version.effectiveAt)}
          </Badge>
        </Group>
        <RulesTable version={version} caption={M.current} />
      </Stack>
    </Card>
  );
}

export function ScheduledRules({ versions }: { versions: RuleVersion[] }) {
  const queryClient = useQueryClient();
  const cancel = useMutation(trpc.travelRules.cancel.mutationOptions());
  return (
    <ScheduledVersions
      versions={versions}
      headingId="reglas-programadas"
      title={M.scheduled}
      empty={M.noScheduled}
      cancelLabel={M.cancel}
      cancelTitle={M.cancelTitle}
      heading={(v) => `${M.version(v.number)} · ${M.effectiveAt} ${M.at(v.effectiveAt)}`}
      body={(v) => <RulesTable version={v} caption={M.version(v.number)} />}
      confirmText={(v) => M.cancelConfirm(v.number, v.effectiveAt)}
      cancel={(id) => cancel.mutateAsync({ id })}
      cancelling={cancel.isPending}
      onCancelled={() => queryClient.invalidateQueries({ queryKey: trpc.travelRules.versions.queryKey() })}
    />
  );
}

export function RuleHistory({ versions, currentId }: { versions: RuleVersion[]; currentId: string | null }) {
  const now = Date.now();
  return (
    <VersionHistory
      versions={versions}
      currentId={currentId}
      headingId="reglas-historial"
      title={M.history}
      effectiveHeader={M.effectiveAt}
      effectiveOf={(v) => M.at(v.effectiveAt)}
      isScheduled={(v) => new Date(v.effectiveAt).getTime() > now}
      cancelledLabel={M.cancelled}
      createdByHeader={M.createdBy}
    />
  );
}

/** The version in effect now among the page's versions. */
export const currentRulesOf = (versions: RuleVersion[]) => travelRulesInEffect(versions, new Date());
