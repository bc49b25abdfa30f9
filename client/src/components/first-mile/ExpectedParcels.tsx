// Esperados hoy / mañana (docs/product/first-mile.md): at Recepción, the parcels the carriers have
// out for delivery, say they delivered, or expect to deliver today or tomorrow, not received yet,
// each with the casillero it is for; the carrier's delivered ones first, since they are here.
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  CARRIER_LEG_MESSAGES as M,
  CARRIER_STATE_COLORS,
  CARRIER_TRACKING_STATE_LABELS,
  caracasDay,
  carrierName,
  formatDayMonthTime,
} from '@casillero/shared';
import { getErrorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

/** 'Hoy' or 'Mañana' for an expected delivery, by Caracas days. */
function expectedDay(iso: string | null): string | null {
  if (!iso) return null;
  return caracasDay(new Date(iso)) === caracasDay(new Date()) ? M.expectedToday : M.expectedTomorrow;
}

export function ExpectedParcels() {
  // Refreshed every few minutes: the carriers' news comes in through the day.
  const query = useQuery({ ...trpc.reception.expected.queryOptions(), refetchInterval: 5 * 60_000 });
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="esperados-titulo" data-testid="expected-parcels">
      <Stack gap="xs">
        <Group gap="xs">
          <IconTruckDelivery size={18} aria-hidden />
          <Text fw={700} id="esperados-titulo">
            {M.expectedTitle}
          </Text>
          {query.data && <Badge variant="light">{query.data.length}</Badge>}
        </Group>
        <Text size="xs" c="dimmed">
          {M.expectedDescription}
        </Text>
        {query.isError && (
          <Text size="sm" c="red" role="alert">
            {getErrorMessage(query.error)}
          </Text>
        )}
        {query.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {M.expectedEmpty}
          </Text>
        )}
        {query.data && query.data.length > 0 && (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {query.data.map((p) => (
              <Card key={p.trackingNumber} component="li" withBorder padding="xs" radius="sm">
                <Group justify="space-between" gap={4} wrap="wrap">
                  <Text fw={700} size="sm">
                    {p.mailboxCodes.length > 0 ? p.mailboxCodes.join(', ') : '—'}
                  </Text>
                  {p.state && (
                    <Badge size="sm" color={CARRIER_STATE_COLORS[p.state]} variant="light">
                      {CARRIER_TRACKING_STATE_LABELS[p.state]}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {p.trackingNumber}
                </Text>
                <Text size="xs" c="dimmed">
                  {[
                    carrierName(p.carrier),
                    p.state === 'in_transit' || p.state === 'info_received'
                      ? expectedDay(p.expectedDeliveryAt)
                      : p.stateAt && formatDayMonthTime(p.stateAt),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
