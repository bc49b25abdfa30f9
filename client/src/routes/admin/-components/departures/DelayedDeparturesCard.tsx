// The dashboard's 'Despachos retrasados' (docs/product/departures.md#delays): each departure with a
// milestone whose planned day passed unrecorded, linking to its details in /admin/despachos.
import { Alert, Badge, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  DEPARTURE_MESSAGES as M,
  DEPARTURE_MODE_LABELS,
  DEPARTURE_ORIGIN_LABELS,
  departureDay,
} from '@casillero/shared';
import { AnchorLink } from '../../../../components/links';
import { getErrorMessage } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';

export function DelayedDeparturesCard() {
  const delayed = useQuery(trpc.reports.delayedDepartures.queryOptions());
  const total = delayed.data?.total ?? 0;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="despachos-retrasados">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} size="h4" id="despachos-retrasados">
          {M.dashboardDelayedTitle}
        </Title>
        {total > 0 && (
          <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={14} />}>
            {M.delayed}: {total}
          </Badge>
        )}
      </Group>
      {delayed.isPending ? (
        <Center py="md">
          <Loader role="status" aria-label="Cargando" />
        </Center>
      ) : delayed.isError ? (
        <Alert color="red">{getErrorMessage(delayed.error)}</Alert>
      ) : delayed.data.rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {M.dashboardNoneDelayed}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {delayed.data.rows.map((d) => (
            <li key={d.id}>
              <Group gap="xs" wrap="wrap">
                <AnchorLink to="/admin/despachos" search={{ ver: d.id }} fw={600} size="sm">
                  {d.code}
                </AnchorLink>
                <Badge size="sm" color="red" variant="light">
                  {M.delayed}
                </Badge>
                <Text size="sm" c="dimmed">
                  {DEPARTURE_MODE_LABELS[d.mode]} · {DEPARTURE_ORIGIN_LABELS[d.origin]}
                </Text>
              </Group>
              <Text size="sm">
                {d.delayedTo
                  ? M.dashboardReestimated(d.milestoneLabel, departureDay(d.delayedTo))
                  : M.dashboardLateMilestone(d.milestoneLabel, departureDay(d.plannedOn))}
              </Text>
            </li>
          ))}
          {total > delayed.data.rows.length && (
            <Text component="li" size="sm" c="dimmed">
              {M.dashboardMore(total - delayed.data.rows.length)}
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}
