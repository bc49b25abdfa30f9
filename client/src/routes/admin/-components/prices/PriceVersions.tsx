// /admin/tarifas (docs/product/price-lists.md): the version in effect, the scheduled ones (which
// may be cancelled until they start) and the history. Versions are never edited.
import { Badge, Card, Group, Stack, Table, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { PRICE_LIST_MESSAGES as M, caracasDay, formatDate, priceListInEffect } from '@casillero/shared';
import { trpc } from '../../../../lib/trpc';
import { ScheduledVersions } from '../versions/ScheduledVersions';
import { VersionHistory } from '../versions/VersionHistory';
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

export function CurrentPrices({ version }: { version: PriceVersion }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tarifa-vigente">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="tarifa-vigente">
            {M.current}: {M.version(version.number)}
          </Title>
          <Badge color="green" variant="light">
            {M.inEffectSince(version.effectiveFrom)}
          </Badge>
        </Group>
        <PriceTable version={version} caption={M.current} />
      </Stack>
    </Card>
  );
}

export function ScheduledPrices({ versions }: { versions: PriceVersion[] }) {
  const queryClient = useQueryClient();
  const cancel = useMutation(trpc.prices.cancel.mutationOptions());
  return (
    <ScheduledVersions
      versions={versions}
      headingId="tarifas-programadas"
      title={M.scheduled}
      empty={M.noScheduled}
      cancelLabel={M.cancel}
      cancelTitle={M.cancel}
      heading={(v) => `${M.version(v.number)} · ${M.effectiveFrom} ${formatDate(v.effectiveFrom)}`}
      body={(v) => <PriceTable version={v} caption={M.version(v.number)} />}
      confirmText={(v) => M.cancelConfirm(v.number, v.effectiveFrom)}
      cancel={(id) => cancel.mutateAsync({ id })}
      cancelling={cancel.isPending}
      onCancelled={() => queryClient.invalidateQueries({ queryKey: trpc.prices.versions.queryKey() })}
    />
  );
}

export function PriceHistory({ versions, currentId }: { versions: PriceVersion[]; currentId: string | null }) {
  const today = caracasDay(new Date());
  return (
    <VersionHistory
      versions={versions}
      currentId={currentId}
      headingId="tarifas-historial"
      title={M.history}
      effectiveHeader={M.effectiveFrom}
      effectiveOf={(v) => formatDate(v.effectiveFrom)}
      isScheduled={(v) => v.effectiveFrom > today}
      cancelledLabel={M.cancelled}
      createdByHeader={M.createdBy}
    />
  );
}

/** The version in effect now among the page's versions. */
export const currentOf = (versions: PriceVersion[]) => priceListInEffect(versions, new Date());
