import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { BILLING_MESSAGES, formatUsdCents } from '@casillero/shared';
import { OwedInBolivares } from '../../../../components/billing/OwedInBolivares';
import { isOpen, type Billing } from './invoice-text';

/**
 * The customer's balance (the ledger's sum): what they owe, or their credit. What they owe in
 * Bs. is each open invoice's remainder at that invoice's own rate, never today's, summed by the server.
 */
export function BalanceCard({ balance, invoices }: Billing) {
  const open = invoices.filter(isOpen);
  const owes = balance.balanceUsdCents > 0;
  const headline = owes
    ? BILLING_MESSAGES.balanceOwed(formatUsdCents(balance.balanceUsdCents))
    : balance.balanceUsdCents < 0
      ? BILLING_MESSAGES.balanceCredit(formatUsdCents(-balance.balanceUsdCents))
      : BILLING_MESSAGES.balanceZero;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Tu saldo">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size="lg" radius="md" variant="light" color={owes ? 'orange' : 'green'} aria-hidden>
          <IconScale size={20} />
        </ThemeIcon>
        <Stack gap={4}>
          <Text fw={700} size="lg">
            {headline}
          </Text>
          {owes && (
            <OwedInBolivares
              owedVesCentimos={balance.owedVesCentimos}
              owedWithoutRateUsdCents={balance.owedWithoutRateUsdCents}
            />
          )}
          {open.length > 0 && (
            <Text size="sm" c="dimmed">
              {open.length === 1 ? '1 factura por pagar.' : `${open.length} facturas por pagar.`}
            </Text>
          )}
          {owes && balance.creditUsdCents > 0 && (
            <Text size="sm" c="dimmed">
              Tienes {formatUsdCents(balance.creditUsdCents)} de saldo a favor, que se aplica a tus facturas.
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
