// The dashboard's 'Pagos por revisar' (docs/product/admin-area.md#dashboard): how many payments the
// customers reported wait for review, and the way to them in Pagos, filtered to pending. Only for
// the roles that review payments (payments.write: the administrator and the cashier).
import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PENDING_PAYMENTS_CARD as L, can, formatCount } from '@casillero/shared';
import { ButtonLink } from '../../../../components/links';
import { useMe } from '../../../../lib/auth';
import { trpc } from '../../../../lib/trpc';

export function PendingPaymentsCard() {
  const role = useMe().data?.user?.role;
  const allowed = can(role, 'payments.write');
  const summary = useQuery({ ...trpc.payments.summary.queryOptions(), enabled: allowed });
  if (!allowed) return null;
  const pending = summary.data?.byStatus.pending;
  return (
    <Card withBorder radius="md" padding="lg" role="region" aria-label={L.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={600}>
            {L.title}
          </Text>
          <Text fz={28} fw={700} data-testid="pending-payments-count">
            {pending ? formatCount(pending.count) : '—'}
          </Text>
          {pending && (
            <Text size="sm" c="dimmed">
              {pending.count === 0 ? L.none : L.detail(pending.amountUsdCents)}
            </Text>
          )}
        </Stack>
        <ThemeIcon size={44} radius="md" variant="light" color="yellow" style={{ flexShrink: 0 }}>
          <IconClockHour4 size={24} />
        </ThemeIcon>
      </Group>
      <Group mt="sm">
        <ButtonLink to="/admin/pagos" search={{ status: 'pending' }} variant="light">
          {L.link}
        </ButtonLink>
      </Group>
    </Card>
  );
}
