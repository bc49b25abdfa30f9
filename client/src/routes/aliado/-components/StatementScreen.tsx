// Estado de cuenta (docs/product/allies.md#statement): a month's shipments of the ally's
// customers at the price charged (its adjusted price), the totals, and the CSV and PDF files.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import {
  ALLY_MESSAGES as M,
  ALLY_STATEMENT_HEADERS,
  SHIPPING_METHOD_LABELS,
  SPREADSHEET_DOWNLOAD_LABELS,
  allyMonthSchema,
  allyStatementPath,
  caracasDay,
  formatAllyAdjustment,
  formatDate,
  formatKg,
  formatUsdFromCents,
  formatCountOf,
} from '@casillero/shared';
import { getErrorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';

type Cents = Parameters<typeof formatUsdFromCents>[0];
type Amounts = {
  weightKg: Parameters<typeof formatKg>[0];
  shippingUsdCents: Cents;
  deliveryUsdCents: Cents;
  totalUsdCents: Cents;
};

/** The weight and the amounts, right-aligned: a shipment's row and the month's total alike. */
function AmountCells({ amounts: a }: { amounts: Amounts }) {
  return (
    <>
      <Table.Td ta="right">{formatKg(a.weightKg)}</Table.Td>
      <Table.Td ta="right">{formatUsdFromCents(a.shippingUsdCents)}</Table.Td>
      <Table.Td ta="right">{formatUsdFromCents(a.deliveryUsdCents)}</Table.Td>
      <Table.Td ta="right">{formatUsdFromCents(a.totalUsdCents)}</Table.Td>
    </>
  );
}

const STATEMENT_FILES = [
  { format: 'xlsx', label: SPREADSHEET_DOWNLOAD_LABELS.xlsx, icon: IconFileSpreadsheet },
  { format: 'csv', label: SPREADSHEET_DOWNLOAD_LABELS.csv, icon: IconDownload },
  { format: 'pdf', label: M.downloadPdf, icon: IconFileTypePdf },
] as const;

export function StatementScreen() {
  const [month, setMonth] = useState(() => caracasDay(new Date()).slice(0, 7));
  const valid = allyMonthSchema.safeParse(month);
  const me = useQuery(trpc.allyPortal.me.queryOptions());
  const statement = useQuery({ ...trpc.allyPortal.statement.queryOptions({ month }), enabled: valid.success });
  const t = statement.data?.totals;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{M.statement}</Title>
        {me.data && <Text c="dimmed">{M.priceNote(formatAllyAdjustment(me.data.priceAdjustmentBp))}</Text>}
      </Stack>
      <Group align="flex-end">
        <TextInput
          type="month"
          label={M.month}
          value={month}
          onChange={(e) => setMonth(e.currentTarget.value)}
          error={valid.success ? undefined : M.monthFormat}
        />
        {STATEMENT_FILES.map((f) => (
          <Button
            key={f.format}
            component="a"
            href={allyStatementPath(month, f.format)}
            download
            variant="light"
            leftSection={<f.icon size={18} />}
            disabled={!valid.success}
          >
            {f.label}
          </Button>
        ))}
      </Group>
      {statement.isError ? (
        <Alert color="red" title="No se pudo cargar el estado de cuenta">
          {getErrorMessage(statement.error)}
        </Alert>
      ) : statement.data && statement.data.rows.length === 0 ? (
        <Text c="dimmed">{M.statementEmpty}</Text>
      ) : statement.data && t ? (
        // Wider than a phone: its scrolling box takes the keyboard's arrows, as the sales book's does.
        <Table.ScrollContainer
          minWidth={900}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, 'aria-label': `${M.statement} ${month}` } }}
        >
          <Table striped aria-label={`${M.statement} ${month}`}>
            <Table.Thead>
              <Table.Tr>
                {ALLY_STATEMENT_HEADERS.map((h, i) => (
                  <Table.Th key={h} ta={i >= 5 ? 'right' : undefined}>
                    {h}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statement.data.rows.map((r) => (
                <Table.Tr key={r.shipmentCode}>
                  <Table.Td>{formatDate(r.createdAt)}</Table.Td>
                  <Table.Td ff="monospace">{r.shipmentCode}</Table.Td>
                  <Table.Td>{r.customer}</Table.Td>
                  <Table.Td ff="monospace">{r.mailboxCodes}</Table.Td>
                  <Table.Td>{SHIPPING_METHOD_LABELS[r.shippingMethod]}</Table.Td>
                  <AmountCells amounts={r} />
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Td colSpan={5}>
                  {M.total}: {formatCountOf(t.shipments, 'envíos')}
                </Table.Td>
                <AmountCells amounts={t} />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
