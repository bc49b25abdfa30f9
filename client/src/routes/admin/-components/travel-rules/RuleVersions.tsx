// /admin/reglas (docs/product/travel-rules.md): the rules in effect, the scheduled versions (which
// may be cancelled until they start, after a dialog) and the history. Versions are never edited.
import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { useState } from 'react';
import {
  TRAVEL_CATEGORY_KIND_LABELS,
  TRAVEL_RULES_MESSAGES as M,
  TRAVEL_RULE_MODE_LABELS,
  formatKg,
  formatUsdCents,
  travelRulesInEffect,
} from '@casillero/shared';
import { ConfirmDialog } from '../../../../components/forms/FormDialog';
import { notifyChange } from '../../../../lib/notify';
import { trpc } from '../../../../lib/trpc';
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
  const [asking, setAsking] = useState<RuleVersion | null>(null);
  const onCancel = async (v: RuleVersion) => {
    const done = await notifyChange(
      () => cancel.mutateAsync({ id: v.id }),
      (r) => ({ message: r.message }),
    );
    setAsking(null);
    if (done) await queryClient.invalidateQueries({ queryKey: trpc.travelRules.versions.queryKey() });
  };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="reglas-programadas">
      <Stack gap="sm">
        <Title order={2} size="h4" id="reglas-programadas">
          {M.scheduled}
        </Title>
        {versions.length === 0 && <Text c="dimmed">{M.noScheduled}</Text>}
        {versions.map((v) => (
          <Stack key={v.id} gap="xs">
            <Group justify="space-between">
              <Text fw={600}>
                {M.version(v.number)} · {M.effectiveAt} {M.at(v.effectiveAt)}
              </Text>
              <Button variant="light" color="red" size="xs" onClick={() => setAsking(v)}>
                {M.cancel}
              </Button>
            </Group>
            <RulesTable version={v} caption={M.version(v.number)} />
          </Stack>
        ))}
      </Stack>
      <ConfirmDialog
        opened={asking !== null}
        title={M.cancelTitle}
        label={M.cancel}
        loading={cancel.isPending}
        onConfirm={() => asking && void onCancel(asking)}
        onCancel={() => setAsking(null)}
      >
        {asking && M.cancelConfirm(asking.number, asking.effectiveAt)}
      </ConfirmDialog>
    </Card>
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
