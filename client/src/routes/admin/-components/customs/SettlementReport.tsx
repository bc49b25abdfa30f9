// The administrator's side of the settlement (docs/product/customs.md#measured-and-honest): the
// threshold a difference must pass to be charged or credited (audited), and the estimate's error
// per departure and per category (count, median and 90th percentile of the absolute percentage
// error), to correct the rules.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  CUSTOMS_CATEGORY_LABELS,
  CUSTOMS_SETTLEMENT_MESSAGES as M,
  customsThresholdInput,
  dollarsToCents,
  fromCents,
  type CustomsCategory,
  type ErrorStats,
} from '@casillero/shared';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { getErrorMessage } from '../../../../lib/errors';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { trpc } from '../../../../lib/trpc';

export function SettlementThreshold() {
  const current = useQuery(trpc.customs.threshold.queryOptions());
  const [value, setValue] = useState<DecimalValue>('');
  useEffect(() => {
    if (current.data) setValue(fromCents(current.data.thresholdUsdCents));
  }, [current.data]);
  const save = useMutation(trpc.customs.setThreshold.mutationOptions());
  const queryClient = useQueryClient();
  const submit = () => {
    const checked = customsThresholdInput.safeParse({
      thresholdUsdCents: typeof value === 'number' ? dollarsToCents(value) : Number.NaN,
    });
    if (!checked.success) return notifyError(checked.error.issues[0]?.message ?? M.thresholdRange);
    save.mutate(checked.data, {
      onSuccess: (r) => {
        notifySuccess(undefined, r.message);
        void queryClient.invalidateQueries({ queryKey: trpc.customs.threshold.queryKey() });
      },
      onError: (e) => notifyError(getErrorMessage(e)),
    });
  };
  return (
    <Group align="end">
      <DecimalInput
        kind="amountUsd"
        label={M.threshold}
        description={M.thresholdHint}
        value={value}
        onChange={setValue}
        maw={420}
      />
      <Button loading={save.isPending} onClick={submit}>
        {M.thresholdSave}
      </Button>
    </Group>
  );
}

type Group_ = ErrorStats & { key: string; withoutPaid: number; label: string };

function StatsTable({ caption, rows, testId }: { caption: string; rows: Group_[]; testId: string }) {
  const pct = (bp: number | null) => (bp === null ? '—' : M.percent(bp));
  return (
    <Table withTableBorder striped data-testid={testId}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{caption}</Table.Th>
          <Table.Th ta="right">{M.count}</Table.Th>
          <Table.Th ta="right">{M.median}</Table.Th>
          <Table.Th ta="right">{M.p90}</Table.Th>
          <Table.Th ta="right">{M.noPaid}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Td>{r.label}</Table.Td>
            <Table.Td ta="right">{r.count}</Table.Td>
            <Table.Td ta="right">{pct(r.medianBp)}</Table.Td>
            <Table.Td ta="right">{pct(r.p90Bp)}</Table.Td>
            <Table.Td ta="right">{r.withoutPaid}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function SettlementReport() {
  const report = useQuery(trpc.customs.accuracy.queryOptions());
  const data = report.data;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="precision-titulo">
      <Stack gap="sm">
        <Title order={2} size="h4" id="precision-titulo">
          {M.reportTitle}
        </Title>
        <Text size="sm" c="dimmed" maw={820}>
          {M.reportDescription}
        </Text>
        <SettlementThreshold />
        {data && !data.all && <Text size="sm">{M.noneYet}</Text>}
        {data?.all && (
          <>
            <StatsTable
              caption={M.byDeparture}
              testId="precision-despachos"
              rows={data.byDeparture.map((g) => ({ ...g, label: g.departureCode }))}
            />
            <StatsTable
              caption={M.byCategory}
              testId="precision-categorias"
              rows={data.byCategory.map((g) => ({ ...g, label: CUSTOMS_CATEGORY_LABELS[g.key as CustomsCategory] }))}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
