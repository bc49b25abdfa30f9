import { Stack, Table, Text } from '@mantine/core';
import {
  CUSTOMS_ESTIMATE_MESSAGES as M,
  formatUsdCents,
  formatVesCentimos,
  type ConsolidationComparison,
  type CustomsRulesNow,
  shownEstimate,
} from '@casillero/shared';
import { CustomsEstimateView } from './CustomsEstimateView';

type Props = CustomsRulesNow & { comparison: ConsolidationComparison };

const signed = (cents: number, format: (n: number) => string) => (cents > 0 ? `+${format(cents)}` : format(cents));

/**
 * The ship request's 'Impuestos estimados' (docs/product/customs.md#where-the-estimate-is-shown):
 * the boxes on one guía, with its pieces; with several boxes, that total against each box on its
 * own guía and the difference (compareConsolidation).
 */
export function ConsolidationEstimate({ comparison, ...now }: Props) {
  const { rate } = now;
  const { consolidated, separate, separateTotal } = comparison;
  const several = separate.length > 1;
  const diff = comparison.differenceUsdCents;
  const money = (usd: number, ves: number) =>
    rate ? `${formatUsdCents(usd)} · ${formatVesCentimos(ves)}` : formatUsdCents(usd);
  return (
    <Stack gap="xs">
      <CustomsEstimateView
        {...shownEstimate(now, consolidated)}
        title={several ? `${M.title}: ${M.consolidated.toLowerCase()}` : M.title}
        testId="aduana-envio"
        note={M.inTotal}
      />
      {several && (
        <Stack gap={4}>
          <Table withRowBorders={false} verticalSpacing={2} fz="sm" aria-label={M.consolidationTitle} captionSide="top">
            <Table.Caption>{M.consolidationTitle}</Table.Caption>
            <Table.Tbody>
              <Table.Tr data-testid="aduana-consolidado">
                <Table.Td px={0}>{M.consolidated}</Table.Td>
                <Table.Td px={0} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(consolidated.usdCents.total, consolidated.vesCentimos.total)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr data-testid="aduana-separado">
                <Table.Td px={0}>{M.separate(separate.length)}</Table.Td>
                <Table.Td px={0} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(separateTotal.usdCents, separateTotal.vesCentimos)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr data-testid="aduana-diferencia">
                <Table.Td px={0} fw={700}>
                  {M.difference}
                </Table.Td>
                <Table.Td px={0} ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {rate
                    ? `${signed(diff, formatUsdCents)} · ${signed(comparison.differenceVesCentimos, formatVesCentimos)}`
                    : signed(diff, formatUsdCents)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Text size="sm" data-testid="aduana-diferencia-texto">
            {diff < 0
              ? M.consolidationSaves(formatUsdCents(-diff))
              : diff > 0
                ? M.consolidationCosts(formatUsdCents(diff))
                : M.consolidationSame}
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
