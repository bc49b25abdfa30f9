// The home-delivery fee of each zone (docs/product/last-mile.md#delivery), in USD, kept by the
// administrator; pickup at an agency has no fee.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DELIVERY_ZONES, DELIVERY_ZONE_LABELS, fromCents, toCents, type DeliveryZone } from '@casillero/shared';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';

type Draft = Record<DeliveryZone, number | string>;

export function DeliveryFeesCard() {
  const queryClient = useQueryClient();
  const fees = useQuery(trpc.agenciesAdmin.deliveryFees.queryOptions());
  const save = useMutation(trpc.agenciesAdmin.updateDeliveryFees.mutationOptions());
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (fees.data && !draft)
      setDraft({
        caracas: fromCents(fees.data.caracas),
        central: fromCents(fees.data.central),
        interior: fromCents(fees.data.interior),
      });
  }, [fees.data, draft]);

  const submit = async () => {
    if (!draft) return;
    const cents = (v: number | string) => (v === '' ? Number.NaN : (toCents(v) ?? Number.NaN));
    try {
      const r = await save.mutateAsync({
        caracas: cents(draft.caracas),
        central: cents(draft.central),
        interior: cents(draft.interior),
      });
      notifySuccess('Tarifas de entrega', r.message);
      await queryClient.invalidateQueries({ queryKey: trpc.agenciesAdmin.deliveryFees.queryKey() });
    } catch (e) {
      notifyError(failureMessage(e, 'No se pudieron guardar las tarifas.'));
    }
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h4">
            Tarifas de entrega a domicilio
          </Title>
          <Text size="sm" c="dimmed">
            Lo que se cobra por llevar el envío a la puerta del destinatario, según la zona de su estado. El retiro en
            agencia no tiene costo.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {DELIVERY_ZONES.map((zone) => (
            <NumberInput
              key={zone}
              label={`${DELIVERY_ZONE_LABELS[zone]} (USD)`}
              min={0}
              max={1000}
              decimalScale={2}
              decimalSeparator=","
              prefix="$"
              value={draft?.[zone] ?? ''}
              disabled={!draft}
              onChange={(v) => setDraft((d) => (d ? { ...d, [zone]: v } : d))}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button onClick={submit} loading={save.isPending} disabled={!draft}>
            Guardar tarifas
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
