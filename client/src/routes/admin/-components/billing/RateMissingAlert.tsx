// The warning that today's exchange rate has not been recorded yet (docs/decisions/021-billing-in-bolivares.md): invoices issued
// meanwhile use the latest rate and say so. Shown to the roles that read payments.
import { Alert, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCurrencyDollar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { RATE_MESSAGES } from '@casillero/shared';
import { ButtonLink } from '../../../../components/links';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import { rateWithDay } from './format';

/**
 * Nothing while today has its rate. `withLink` adds the dashboard's way to /admin/tasas:
 * 'Registrar tasa' for roles that record it, 'Ver tasas' for those that only read.
 */
export function RateMissingAlert({ withLink = false }: { withLink?: boolean }) {
  const canRead = useCan('payments.read');
  const canRecord = useCan('payments.write');
  const today = useQuery({ ...trpc.exchangeRates.today.queryOptions(), enabled: canRead });
  if (!canRead || !today.data || today.data.hasToday) return null;
  const latest = today.data.rate ? rateWithDay(today.data.rate) : null;
  return (
    <Alert color="orange" icon={<IconAlertTriangle />} title={RATE_MESSAGES.noRateToday} role="alert">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">{RATE_MESSAGES.noRateTodayDetail(latest)}</Text>
        {withLink && (
          <ButtonLink
            to="/admin/tasas"
            size="xs"
            color="orange"
            variant={canRecord ? 'filled' : 'light'}
            leftSection={<IconCurrencyDollar size={14} />}
          >
            {canRecord ? 'Registrar tasa' : 'Ver tasas'}
          </ButtonLink>
        )}
      </Group>
    </Alert>
  );
}
