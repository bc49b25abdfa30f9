import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { BILLING_MESSAGES, formatUsdCents, formatVesCentimos } from '@casillero/shared';
import { isOpen, type Billing } from './invoice-text';

/**
 * The customer's balance (the ledger's sum): what they owe, or their credit. What they owe in
 * Bs. is each open invoice's remainder at that invoice's own rate, never today's.
 */
export function BalanceCard({ balance, invoices }: Billing) {
  const open = invoices.filter(isOpen);
  const vesOwed = open.reduce((sum, i) => sum + (i.remainingVesCentimos ?? 0), 0);
  const usdWithoutRate = open
    .filter((i) => i.remainingVesCentimos == null)
    .reduce((sum, i) => sum + i.remainingUsdCents, 0);
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
          {owes && vesOwed > 0 && (
            <Text size="sm">
              En bolívares: <strong>{formatVesCentimos(vesOwed)}</strong>, a la tasa con la que se emitió cada factura
              {usdWithoutRate > 0 ? `, más ${formatUsdCents(usdWithoutRate)} de facturas emitidas sin tasa` : ''}.
            </Text>
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
