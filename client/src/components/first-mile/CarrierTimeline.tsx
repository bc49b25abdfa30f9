// The first mile (docs/product/first-mile.md): the carrier's leg from the store to our warehouse,
// told in order (oldest first) so the warehouse's receipt and the departure's milestones follow it
// as one timeline. The carrier's own words, place and time; the same on the customer's screens,
// the admin's and the public tracking page (which never receives a signer).
import { Badge, Group, Stack, Text, Timeline } from '@mantine/core';
// The public pages' Mantine styles leave Timeline out (styles/mantine-public.ts): its CSS comes with this code.
import '@mantine/core/styles/Timeline.layer.css';
import { IconBuildingWarehouse, IconTruckDelivery } from '@tabler/icons-react';
import {
  CARRIER_LEG_MESSAGES as M,
  CARRIER_STATE_COLORS,
  CARRIER_TRACKING_STATE_LABELS,
  carrierName,
  formatCarrierExpected,
  formatCarrierLine,
  formatDateTime,
  type CarrierLegView,
} from '@casillero/shared';

/** The leg in one line under a list row, and the estimated delivery while it travels. */
export function CarrierLine({ leg }: { leg: CarrierLegView }) {
  const line = formatCarrierLine(leg);
  const expected = formatCarrierExpected(leg);
  if (!line && !expected) return null;
  return (
    <Stack gap={0} data-testid="carrier-line">
      {line && (
        <Text size="sm" fw={500}>
          <IconTruckDelivery size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
          {line}
        </Text>
      )}
      {expected && (
        <Text size="xs" c="dimmed">
          {expected}
        </Text>
      )}
    </Stack>
  );
}

/** The carrier's state as a badge ('Entregado'), for where the hand-typed status was. */
export function CarrierStateBadge({ leg }: { leg: CarrierLegView }) {
  if (!leg.state) return null;
  return (
    <Badge color={CARRIER_STATE_COLORS[leg.state]} variant="light">
      {CARRIER_TRACKING_STATE_LABELS[leg.state]}
    </Badge>
  );
}

type Received = { at: string | Date | null; warehouseReceipt: string | null };

/**
 * The carrier's events, oldest first, then the warehouse's receipt when there is one. `signedBy`
 * (the staff's view only) names who signed for the delivery.
 */
export function CarrierTimeline({
  leg,
  received,
  signedBy,
}: {
  leg: CarrierLegView;
  received?: Received | null;
  signedBy?: string | null;
}) {
  const events = [...leg.events].reverse();
  const expected = formatCarrierExpected(leg);
  const steps = events.length + (received?.at ? 1 : 0);
  return (
    <Stack gap="xs" data-testid="carrier-timeline" component="section" aria-label={M.title}>
      <Group gap="xs" justify="space-between">
        <Text fw={600}>{M.title}</Text>
        <Group gap={6}>
          {leg.carrier && (
            <Badge variant="outline" color="gray">
              {carrierName(leg.carrier)}
            </Badge>
          )}
          <CarrierStateBadge leg={leg} />
        </Group>
      </Group>
      {expected && (
        <Text size="sm" fw={500} data-testid="carrier-expected">
          {expected}
        </Text>
      )}
      {steps === 0 ? (
        <Text size="sm" c="dimmed">
          {M.noEvents}
        </Text>
      ) : (
        <Timeline active={steps - 1} bulletSize={18} lineWidth={2}>
          {events.map((e, i) => (
            <Timeline.Item
              key={`${e.at}-${i}`}
              color={CARRIER_STATE_COLORS[e.state]}
              title={
                <Text size="sm" fw={600} component="span">
                  {e.description}
                </Text>
              }
              bullet={i === events.length - 1 && !received?.at ? <IconTruckDelivery size={12} /> : undefined}
            >
              <Text size="xs" c="dimmed">
                {[CARRIER_TRACKING_STATE_LABELS[e.state], e.location, formatDateTime(e.at)].filter(Boolean).join(' · ')}
              </Text>
              {signedBy && e.state === 'delivered' && i === events.length - 1 && (
                <Text size="xs">{M.signedBy(signedBy)}</Text>
              )}
            </Timeline.Item>
          ))}
          {received?.at && (
            <Timeline.Item
              color="green"
              bullet={<IconBuildingWarehouse size={12} />}
              title={
                <Text size="sm" fw={600} component="span">
                  {received.warehouseReceipt
                    ? M.receivedAtWarehouseWr(received.warehouseReceipt)
                    : M.receivedAtWarehouse}
                </Text>
              }
            >
              <Text size="xs" c="dimmed">
                {formatDateTime(received.at)}
              </Text>
            </Timeline.Item>
          )}
        </Timeline>
      )}
    </Stack>
  );
}
