// A parcel's public answer (docs/product/product-decisions.md#d15-public-tracking-shows-no-person): its status, carrier, places at country or city level,
// the estimated delivery and the timeline. The server sends nothing else; this shows all of it.
import { Alert, Badge, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
// Timeline is not among the public pages' Mantine styles (styles/mantine-public.ts): its CSS
// comes with this page's code only.
import '@mantine/core/styles/Timeline.layer.css';
import { IconAlertCircle, IconPackage, IconSearchOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  PUBLIC_TRACKING_MESSAGES as M,
  PUBLIC_TRACKING_RESULT_MESSAGES as R,
  formatDateTime,
  type PublicTrackingResult,
} from '@casillero/shared';
import { AnchorLink } from '../../../components/links';
import { getErrorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { DepartureTimeline } from '../../../components/departures/DepartureTimeline';
import { CarrierTimeline } from '../../../components/first-mile/CarrierTimeline';

/** YYYY-MM-DD as dd/mm/yyyy, without a time zone moving it a day. */
const formatDay = (day: string) => day.split('-').reverse().join('/');

/** Looks the number up and shows the answer, a miss, or why it could not be asked. */
export function TrackingLookup({ number }: { number: string }) {
  const query = useQuery({ ...trpc.publicTracking.lookup.queryOptions({ number }), staleTime: 60_000 });
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={M.searching} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} role="alert" title={R.loadFailed}>
        {getErrorMessage(query.error, R.loadFailed)}
      </Alert>
    );
  }
  return <TrackingResult result={query.data} />;
}

export function TrackingResult({ result }: { result: PublicTrackingResult }) {
  if (!result.found) {
    return (
      <Alert color="yellow" icon={<IconSearchOff />} title={R.notFoundTitle} role="status">
        <Text size="sm">{R.notFoundText}</Text>
      </Alert>
    );
  }
  const facts: [string, string][] = [
    [R.carrierLabel, result.carrier],
    [R.originLabel, result.originCountry],
    [R.destinationLabel, result.destinationCity],
    [R.estimatedDeliveryLabel, result.estimatedDelivery && formatDay(result.estimatedDelivery)],
    [R.deliveredOnLabel, result.deliveredOn && formatDay(result.deliveredOn)],
  ].filter((f): f is [string, string] => Boolean(f[1]));

  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby="resultado-rastreo">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <IconPackage size={28} aria-hidden />
            <Title order={2} size="h3" id="resultado-rastreo" style={{ overflowWrap: 'anywhere' }}>
              {M.resultTitle(result.number)}
            </Title>
          </Group>
          <Badge size="lg" variant="filled" aria-label={`${R.statusLabel}: ${result.status}`}>
            {result.status}
          </Badge>
        </Group>
        {result.whereNow && (
          <Text fw={700} size="lg" data-testid="tracking-where-now">
            {result.whereNow}
          </Text>
        )}
        {facts.length > 0 && (
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" component="dl" m={0}>
            {facts.map(([label, value]) => (
              <Stack key={label} gap={0}>
                <Text component="dt" size="xs" c="dimmed">
                  {label}
                </Text>
                <Text component="dd" m={0} fw={600}>
                  {value}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        )}
        {/* The carrier's leg before our warehouse, then the departure (docs/product/first-mile.md). */}
        {result.carrierLeg && <CarrierTimeline leg={result.carrierLeg} />}
        {result.departure && <DepartureTimeline departure={result.departure} />}
        <Stack gap="sm">
          <Title order={3} size="h5">
            {R.timelineTitle}
          </Title>
          {result.timeline.length === 0 ? (
            <Text size="sm" c="dimmed">
              {R.timelineEmpty}
            </Text>
          ) : (
            <Timeline active={0} bulletSize={18} lineWidth={2} aria-label={R.timelineTitle}>
              {result.timeline.map((event, i) => (
                <Timeline.Item key={`${event.at}-${i}`} title={event.label}>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(event.at)}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Stack>
        <AnchorLink to="/login" size="sm">
          {R.signInForDetails}
        </AnchorLink>
      </Stack>
    </Card>
  );
}
