import { Alert, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  CUSTOMS_ESTIMATE_MESSAGES as M,
  formatBasisPoints,
  formatDate,
  formatRate,
  formatUsdCents,
  formatVesCentimos,
  type CustomsEstimateShown,
} from '@casillero/shared';

type Props = CustomsEstimateShown & {
  /** The heading's level and text ('Impuestos estimados' unless said). */
  title?: string;
  /** Under the pieces, after the version's basis: how the figures relate to the screen's total. */
  note?: string;
  /** For a test or a label: 'aduana-<testId>-…'. */
  testId?: string;
};

const COLORS = { exento: 'green', courier: 'blue', fuera_del_regimen: 'orange' } as const;

/**
 * 'Impuestos estimados' (docs/product/customs.md#where-the-estimate-is-shown): the pieces (arancel,
 * IVA, tasa, cargo fijo) in USD and Bs., their total, and what the verdict means for the customer.
 */
export function CustomsEstimateView({
  estimate,
  version,
  ivaBasisPoints,
  serviceFeeBasisPoints,
  rate,
  title = M.title,
  note,
  testId = 'aduana',
}: Props) {
  const { usdCents: usd, vesCentimos: ves } = estimate;
  const rates = new Set(estimate.items.map((i) => i.dutyBasisPoints));
  const [onlyRate] = [...rates];
  const rows: { key: keyof typeof usd; label: string }[] = [
    { key: 'customsValue', label: M.customsValue },
    {
      key: 'duty',
      label: rates.size === 1 && onlyRate !== undefined ? M.duty(formatBasisPoints(onlyRate)) : M.dutyMixed,
    },
    { key: 'fee', label: M.fee(formatBasisPoints(serviceFeeBasisPoints)) },
    { key: 'iva', label: M.iva(formatBasisPoints(ivaBasisPoints)) },
    { key: 'fixed', label: M.fixed },
  ];
  const headingId = `${testId}-titulo`;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Title order={3} size="h5" id={headingId}>
          {title}
        </Title>
        <Alert
          color={COLORS[estimate.verdict]}
          title={M.verdictTitle[estimate.verdict]}
          p="xs"
          data-testid={`${testId}-veredicto`}
        >
          <Text size="sm">{estimate.explanation}</Text>
          <Text size="sm">{M.verdictMeaning[estimate.verdict]}</Text>
        </Alert>
        <Table withRowBorders={false} verticalSpacing={2} fz="sm" aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th px={0} fw={500} c="dimmed">
                {M.piece}
              </Table.Th>
              <Table.Th px={0} ta="right">
                {M.usd}
              </Table.Th>
              {rate && (
                <Table.Th px={0} ta="right">
                  {M.ves}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map(({ key, label }) => (
              <Table.Tr key={key} data-testid={`${testId}-${key}`}>
                <Table.Td px={0} c={key === 'customsValue' ? 'dimmed' : undefined}>
                  {label}
                </Table.Td>
                <Table.Td px={0} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatUsdCents(usd[key])}
                </Table.Td>
                {rate && (
                  <Table.Td px={0} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatVesCentimos(ves[key])}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
            <Table.Tr data-testid={`${testId}-total`}>
              <Table.Td px={0} fw={700}>
                {M.total}
              </Table.Td>
              <Table.Td px={0} ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                {formatUsdCents(usd.total)}
              </Table.Td>
              {rate && (
                <Table.Td px={0} ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {formatVesCentimos(ves.total)}
                </Table.Td>
              )}
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          {rate ? M.rateOf(formatRate(rate.vesPerUsd), formatDate(rate.rateDate)) : M.noRate}
        </Text>
        <Text size="xs" c="dimmed">
          {note ? `${M.basis(version)} ${note}` : M.basis(version)}
        </Text>
      </Stack>
    </Paper>
  );
}
