import { Text } from '@mantine/core';
import { BILLING_MESSAGES, formatUsdCents, formatVesCentimos } from '@casillero/shared';

/**
 * What a customer owes in Bs.: the server's sum of each open invoice's remainder at its own frozen
 * rate. Staff and customer read this one figure (docs/decisions/021-billing-in-bolivares.md).
 */
export function OwedInBolivares({
  owedVesCentimos,
  owedWithoutRateUsdCents,
}: {
  owedVesCentimos: number;
  owedWithoutRateUsdCents: number;
}) {
  if (owedVesCentimos <= 0) return null;
  return (
    <Text size="sm" aria-label="Saldo en bolívares">
      {BILLING_MESSAGES.owedInBolivares(
        formatVesCentimos(owedVesCentimos),
        owedWithoutRateUsdCents > 0 ? formatUsdCents(owedWithoutRateUsdCents) : null,
      )}
    </Text>
  );
}
