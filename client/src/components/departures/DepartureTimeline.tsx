// The departure a customer's parcel or shipment travels in (docs/product/departures.md): its code
// and mode, the promised arrival (late when it is), and, in full, each milestone with its planned
// and actual day. The same on the customer's screens and the public tracking page (no person).
import { Badge, Group, Stack, Text, Timeline } from '@mantine/core';
import { IconCheck, IconClock } from '@tabler/icons-react';
import {
  DEPARTURE_MESSAGES as M,
  DEPARTURE_MODE_LABELS,
  departureDay,
  type PublicDepartureView,
} from '@casillero/shared';

/** One line under a row: the departure and its promised arrival. */
export function DepartureLine({ departure }: { departure: PublicDepartureView }) {
  return (
    <Text size="xs" mt={4} data-testid="departure-line">
      {M.travelsIn(departure.code, DEPARTURE_MODE_LABELS[departure.mode])}
      {departure.promisedArrival && <> · {M.promisedArrival(departureDay(departure.promisedArrival))}</>}
      {departure.delayed && (
        <Badge ml={4} size="xs" color="red">
          {M.delayed}
        </Badge>
      )}
    </Text>
  );
}

/** The departure's milestones, planned and actual, as a timeline. */
export function DepartureTimeline({ departure }: { departure: PublicDepartureView }) {
  const done = departure.milestones.filter((m) => m.actualOn).length;
  return (
    <Stack gap="xs" data-testid="departure-timeline">
      <Group gap="xs">
        <Text fw={600}>{M.milestonesTitle}</Text>
        {departure.delayed && <Badge color="red">{M.delayed}</Badge>}
      </Group>
      <DepartureLine departure={departure} />
      <Timeline active={done - 1} bulletSize={20} lineWidth={2}>
        {departure.milestones.map((m) => (
          <Timeline.Item
            key={m.kind}
            title={m.label}
            bullet={m.actualOn ? <IconCheck size={12} /> : <IconClock size={12} />}
          >
            <Text size="xs" c={m.actualOn ? undefined : 'dimmed'}>
              {m.actualOn
                ? `Real: ${departureDay(m.actualOn)}`
                : `Previsto: ${departureDay(m.plannedOn)} (${m.plannedBasis})`}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
