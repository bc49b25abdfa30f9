// The proof of a delivery (docs/product/last-mile.md#agency-counters-and-proof-of-delivery): who
// received it, when, how (code, cédula at the agency, at home) and the photo's thumbnail. The
// customer reads their own (pickups.ownProof); staff read any, with who recorded it (pickups.proof).
import { Card, Group, Image, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PICKUP_STAFF_LABELS, formatDateTime } from '@casillero/shared';
import { trpc } from '../../lib/trpc';

export function DeliveryProof({ shipmentId, forStaff = false }: { shipmentId: string; forStaff?: boolean }) {
  const proof = useQuery(
    forStaff ? trpc.pickups.proof.queryOptions({ shipmentId }) : trpc.pickups.ownProof.queryOptions({ shipmentId }),
  );
  const thumbId = proof.data?.photoThumbFileId;
  const link = useQuery({ ...trpc.files.link.queryOptions({ id: thumbId ?? '' }), enabled: !!thumbId });
  if (!proof.data) return null;
  const p = proof.data;
  return (
    <Card withBorder padding="sm" data-testid="delivery-proof">
      <Group align="flex-start" wrap="nowrap" gap="sm">
        {link.data && <Image src={link.data.url} alt="Foto de la entrega" w={72} h={72} radius="sm" fit="cover" />}
        <Stack gap={2}>
          <Text fw={700}>Prueba de entrega</Text>
          <Text size="sm">Recibió: {p.receivedBy}</Text>
          {forStaff && p.idDocument && <Text size="sm">Cédula: {p.idDocument}</Text>}
          <Text size="sm">El {formatDateTime(p.deliveredAt)}</Text>
          <Text size="sm">
            {p.methodLabel}
            {p.agencyName ? ` · ${p.agencyName}, ${p.agencyCity}` : ''}
          </Text>
          {p.recordedByName && (
            <Text size="xs" c="dimmed">
              {PICKUP_STAFF_LABELS.recordedBy(p.recordedByName)}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
