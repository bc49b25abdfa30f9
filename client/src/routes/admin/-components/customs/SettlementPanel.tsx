// The settlement with the customs broker (docs/product/customs.md#settled-against-what-customs-charged):
// a closed departure, the broker's CSV read and checked by the server without changing anything
// (CUSTOMS_SETTLEMENT_PREVIEW_PATH), each line with its shipment, its estimate, what was paid and
// what the difference becomes; then applied (customs.settle), which checks it again. Administrators
// and the warehouse ('customs.settle').
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import {
  CUSTOMS_SETTLEMENT_MESSAGES as M,
  CUSTOMS_SETTLEMENT_PREVIEW_PATH,
  SETTLEMENT_MAX_CHARS,
  formatUsdCents,
} from '@casillero/shared';
import { CsvUpload } from '../../../../components/forms/CsvUpload';
import { getErrorMessage } from '../../../../lib/errors';
import { postWithProgress, UploadError } from '../../../../lib/files';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { trpc } from '../../../../lib/trpc';

type Row = {
  line: number;
  guia: string;
  shipmentCode: string;
  customer: string;
  estimateUsdCents: number;
  paidUsdCents: number;
  differenceUsdCents: number;
  outcome: 'charge' | 'credit' | 'absorbed';
  repeated: boolean;
};
type Check = { rows: Row[]; errors: string[]; message: string; thresholdUsdCents: number };

const WORDS = {
  columnsHelp: M.format,
  fileLabel: M.file,
  filePlaceholder: 'agente-aduanas.csv',
};
const COLORS = { charge: 'orange', credit: 'teal', absorbed: 'gray' } as const;

async function readText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export function SettlementPanel() {
  const departures = useQuery(trpc.departures.list.queryOptions({ status: 'closed' }));
  const [departureId, setDepartureId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [input, setInput] = useState<{ departureId: string; fileName: string; csv: string } | null>(null);
  const [check, setCheck] = useState<Check | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settle = useMutation(trpc.customs.settle.mutationOptions());
  const queryClient = useQueryClient();
  const settled = useQuery({
    ...trpc.customs.settlements.queryOptions({ departureId: departureId ?? '' }),
    enabled: !!departureId,
  });

  async function choose(next: File | null) {
    setFile(next);
    setCheck(null);
    setProblem(null);
    if (!next || !departureId) return;
    if (next.size > SETTLEMENT_MAX_CHARS) return setProblem(M.fileTooLarge);
    setBusy(true);
    try {
      const body = { departureId, fileName: next.name, csv: await readText(next) };
      setInput(body);
      setCheck(await postWithProgress<Check>(CUSTOMS_SETTLEMENT_PREVIEW_PATH, body, M.nothingChanged));
    } catch (error) {
      setProblem(error instanceof UploadError ? error.message : getErrorMessage(error));
    } finally {
      setBusy(false);
      setFile(null);
    }
  }

  const apply = () =>
    input &&
    settle.mutate(input, {
      onSuccess: (r) => {
        notifySuccess(undefined, r.message);
        setCheck(null);
        setInput(null);
        void queryClient.invalidateQueries({ queryKey: trpc.customs.settlements.queryKey() });
      },
      onError: (e) => notifyError(getErrorMessage(e)),
    });

  const options = (departures.data?.rows ?? []).map((d) => ({ value: d.id, label: d.code }));
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="liquidacion-titulo">
      <Stack gap="sm">
        <Title order={2} size="h4" id="liquidacion-titulo">
          {M.title}
        </Title>
        <Text size="sm" c="dimmed" maw={820}>
          {M.description}
        </Text>
        <Select
          label={M.departure}
          data={options}
          value={departureId}
          onChange={(v) => {
            setDepartureId(v);
            setCheck(null);
          }}
          searchable
          maw={320}
          data-testid="liquidacion-despacho"
        />
        {departureId && (
          <CsvUpload
            words={WORDS}
            icon={<IconFileSpreadsheet size={18} />}
            file={file}
            onChoose={(f) => void choose(f)}
            disabled={busy}
            busyText={busy ? 'Revisando el archivo…' : undefined}
            problem={problem ?? (check && check.errors.length > 0 ? check.message : null)}
            problemTestId="liquidacion-error"
          />
        )}
        {check && check.errors.length === 0 && (
          <Stack gap="xs" data-testid="liquidacion-revision">
            <Alert color="blue" title={M.check} role="status">
              {check.message}
            </Alert>
            <SettlementTable rows={check.rows} />
            <Button
              w="fit-content"
              leftSection={<IconCircleCheck size={18} />}
              loading={settle.isPending}
              disabled={check.rows.every((r) => r.repeated)}
              onClick={apply}
            >
              {M.apply}
            </Button>
          </Stack>
        )}
        {!check && (settled.data?.settlements.length ?? 0) > 0 && (
          <SettlementTable
            rows={(settled.data?.settlements ?? []).map((s, i) => ({
              ...s,
              line: i + 1,
              repeated: false,
            }))}
          />
        )}
      </Stack>
    </Paper>
  );
}

function SettlementTable({ rows }: { rows: Row[] }) {
  const C = M.columns;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder data-testid="liquidacion-tabla">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{C.guia}</Table.Th>
            <Table.Th>{C.shipment}</Table.Th>
            <Table.Th>{C.customer}</Table.Th>
            <Table.Th ta="right">{C.estimate}</Table.Th>
            <Table.Th ta="right">{C.paid}</Table.Th>
            <Table.Th ta="right">{C.difference}</Table.Th>
            <Table.Th>{C.outcome}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.line}-${r.shipmentCode}`}>
              <Table.Td>{r.guia}</Table.Td>
              <Table.Td>{r.shipmentCode}</Table.Td>
              <Table.Td>{r.customer}</Table.Td>
              <Table.Td ta="right">{formatUsdCents(r.estimateUsdCents)}</Table.Td>
              <Table.Td ta="right">{formatUsdCents(r.paidUsdCents)}</Table.Td>
              <Table.Td ta="right">{formatUsdCents(r.differenceUsdCents)}</Table.Td>
              <Table.Td>
                <Badge color={r.repeated ? 'gray' : COLORS[r.outcome]} variant="light">
                  {r.repeated ? M.repeated : M.outcomes[r.outcome]}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
