import { Text } from '@mantine/core';
import { formatUsdFromCents, formatKg } from '@casillero/shared';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { trpc } from '../../../../lib/trpc';

export const kg = (n: number | null) => (n === null ? '—' : formatKg(n));
export const usd = (cents: number | null) => (cents === null ? '—' : formatUsdFromCents(cents));

/** After any change the list, the count and the counters are stale. */
export const useInvalidatePrealerts = () => useInvalidate(trpc.prealerts);

export function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}
