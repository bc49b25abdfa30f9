import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { formatDate, formatUsdFromCents, formatKg } from '@casillero/shared';
import type { inferOutput } from '@trpc/tanstack-react-query';
import type { trpc } from '../../../../lib/trpc';
import { formatDay } from '../../../../components/shipments/format';
import { ShipmentStatusBadge } from '../../../../components/shipments/ShipmentStatusBadge';
import { FactGrid } from '../../../../components/details/DetailsParts';

export type OwnShipment = inferOutput<typeof trpc.shipments.listOwn>['items'][number];

const packagesText = (n: number) => (n === 1 ? '1 paquete' : `${n} paquetes`);

/** One of the customer's shipments: code, status, destination and figures; 'Ver detalle' opens it. */
export function ShipmentCard({ shipment: s, onOpen }: { shipment: OwnShipment; onOpen: (id: string) => void }) {
  return (
    <Card component="li" withBorder radius="md" padding="md" aria-label={`Envío ${s.shipmentCode}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text fw={700} ff="monospace">
              {s.shipmentCode}
            </Text>
            <Text size="sm" c="dimmed">
              Hacia {s.deliveryCity}, {s.deliveryState}
            </Text>
          </Stack>
          <Group gap="sm">
            <ShipmentStatusBadge status={s.status} />
            <Button
              size="xs"
              variant="light"
              leftSection={<IconListDetails size={14} />}
              onClick={() => onOpen(s.id)}
              aria-label={`Ver detalle del envío ${s.shipmentCode}`}
            >
              Ver detalle
            </Button>
          </Group>
        </Group>
        <FactGrid
          cols={{ base: 2, sm: 6 }}
          facts={[
            ['Paquetes', packagesText(s.packageCount)],
            ['Peso total', formatKg(s.totalWeightKg)],
            ['Costo de envío', formatUsdFromCents(s.shippingCostUsdCents)],
            ['Entrega estimada', formatDay(s.estimatedDelivery)],
            ['Entregado', formatDay(s.actualDelivery)],
            ['Actualizado', formatDate(s.updatedAt)],
          ]}
        />
      </Stack>
    </Card>
  );
}
