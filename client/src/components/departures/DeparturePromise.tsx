// The promise before it ships (docs/product/departures.md#the-promise): per mode and origin, the
// next departure open for reception: "si llega antes del <cierre>, sale el <fecha> y llega aprox.
// el <fecha>"; without one, that there is none yet.
import { Alert, Stack, Text } from '@mantine/core';
import { IconPlaneDeparture, IconShip } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  DEPARTURE_MESSAGES as M,
  DEPARTURE_MODE_LABELS,
  DEPARTURE_ORIGIN_LABELS,
  departureDay,
  type DepartureMode,
  type DepartureOrigin,
} from '@casillero/shared';
import { trpc } from '../../lib/trpc';
import { departurePromiseQuery } from './queries';

export function DeparturePromise({ mode, origin }: { mode?: DepartureMode; origin?: DepartureOrigin }) {
  const next = useQuery(departurePromiseQuery(trpc, mode, origin));
  if (!next.data) return null;
  // No departure open for reception (the last one left or closed its reception): said, not promised.
  if (next.data.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="departure-promise">
        {M.noPromise}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="departure-promise">
      {next.data.map((d) => (
        <Alert
          key={`${d.mode}-${d.origin}`}
          color="blue"
          variant="light"
          icon={d.mode === 'aereo' ? <IconPlaneDeparture /> : <IconShip />}
          title={M.promiseTitle(DEPARTURE_MODE_LABELS[d.mode], DEPARTURE_ORIGIN_LABELS[d.origin])}
        >
          <Text size="sm">
            {M.promise(departureDay(d.cutoffOn), departureDay(d.plannedDeparture), departureDay(d.arrival))}
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}
