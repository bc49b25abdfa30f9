// The home-delivery fee of each zone (docs/product/last-mile.md#delivery): the price list's in
// effect, shown beside the agencies; it changes in Tarifas with a date (docs/product/price-lists.md).
// Pickup at an agency has no fee.
import { useQuery } from '@tanstack/react-query';
import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { DELIVERY_ZONES, DELIVERY_ZONE_LABELS, formatUsdCents } from '@casillero/shared';
import { trpc } from '../../../../lib/trpc';
import { HeadingWithHint } from '../../../../components/layout/HeadingWithHint';

export function DeliveryFeesCard() {
  const fees = useQuery(trpc.agenciesAdmin.deliveryFees.queryOptions());
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <div>
          <HeadingWithHint
            order={3}
            title="Tarifas de entrega a domicilio"
            hint={
              <>
                Lo que se cobra por llevar el envío a la puerta del destinatario, según la zona de su estado. El retiro
                en agencia no tiene costo. Se cambian en Tarifas, con fecha de vigencia.
              </>
            }
          />
        </div>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {DELIVERY_ZONES.map((zone) => (
            <div key={zone}>
              <Text size="sm" c="dimmed">
                {DELIVERY_ZONE_LABELS[zone]}
              </Text>
              <Text fw={600}>{fees.data ? formatUsdCents(fees.data[zone]) : '—'}</Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
