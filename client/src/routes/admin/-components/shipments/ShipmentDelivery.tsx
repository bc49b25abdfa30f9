// The end of a shipment in its details (docs/product/last-mile.md#agency-counters-and-proof-of-delivery):
// its proof of delivery once it has one; for a home delivery on its way, the form where staff
// record who received it, their cédula and a photo (the counter's photo route); for a pickup
// locked by wrong codes, "Desbloquear retiro" (audited on the server).
import { useState } from 'react';
import { Alert, Button, Card, Stack, Text, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { DELIVERY_PHOTOS_PATH, PICKUP_MESSAGES, PICKUP_STAFF_LABELS as L, isHomeDeliverable } from '@casillero/shared';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { PhotoCapture, type CapturedPhoto } from '../../../../components/reception/PhotoCapture';
import { DeliveryProof } from '../../../../components/shipments/DeliveryProof';
import { getErrorMessage } from '../../../../lib/errors';
import { notifySuccess } from '../../../../lib/notify';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import type { ShipmentDetail } from './types';
import { textBinding } from '../../../../components/forms/fields';

/** Refreshes what shows the shipment's end: its details, the lists, the counter and its proof. */
const useRefreshShipment = () => useInvalidate(trpc.shipments, trpc.pickups);

/** "Desbloquear retiro" for a shipment whose pickup five wrong codes locked. */
export function UnlockPickupButton({ shipmentId, shipmentCode }: { shipmentId: string; shipmentCode: string }) {
  const refresh = useRefreshShipment();
  const [error, setError] = useState<string | null>(null);
  const unlock = useMutation(
    trpc.pickups.unlock.mutationOptions({
      onSuccess: async (r) => {
        notifySuccess(L.unlock, r.message);
        await refresh();
      },
      onError: (e) => setError(getErrorMessage(e)),
    }),
  );
  return (
    <Stack gap={4}>
      <Button
        variant="light"
        color="orange"
        aria-label={L.unlockAria(shipmentCode)}
        loading={unlock.isPending}
        onClick={() => {
          setError(null);
          unlock.mutate({ shipmentId });
        }}
      >
        {L.unlock}
      </Button>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

function HomeDeliveryForm({ shipment }: { shipment: ShipmentDetail }) {
  const refresh = useRefreshShipment();
  const [receivedBy, setReceivedBy] = useState(shipment.recipientName ?? '');
  const [idDocument, setIdDocument] = useState('');
  const [photos, setPhotos] = useState<CapturedPhoto[]>([]);
  const [error, setError] = useState<string | null>(null);
  const record = useMutation(
    trpc.pickups.recordHomeDelivery.mutationOptions({
      onSuccess: async (r) => {
        notifySuccess(L.homeDeliveryTitle, r.message);
        await refresh();
      },
      onError: (e) => setError(getErrorMessage(e)),
    }),
  );
  const photo = photos[0];
  const submit = () => {
    setError(null);
    if (!photo) {
      setError(PICKUP_MESSAGES.photoRequired);
      return;
    }
    record.mutate({
      shipmentId: shipment.id,
      receivedBy,
      idDocument,
      photo: { fileId: photo.fileId, thumbFileId: photo.thumbFileId },
    });
  };
  return (
    <Card withBorder padding="sm" data-testid="home-delivery-form">
      <Stack gap="xs">
        <Text fw={700}>{L.homeDeliveryTitle}</Text>
        <Text size="sm" c="dimmed">
          {L.homeDeliveryHint}
        </Text>
        <TextInput label={L.receivedBy} {...textBinding(receivedBy, setReceivedBy)} />
        <TextInput
          label={L.idDocument}
          placeholder={L.idDocumentPlaceholder}
          {...textBinding(idDocument, setIdDocument)}
        />
        <PhotoCapture value={photos} onChange={setPhotos} max={1} uploadPath={DELIVERY_PHOTOS_PATH} />
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Button onClick={submit} loading={record.isPending}>
          {L.recordHomeDelivery}
        </Button>
      </Stack>
    </Card>
  );
}

/** The shipment's end in its details: the proof, the home delivery's form, or the unlock. */
export function ShipmentDeliverySection({ shipment }: { shipment: ShipmentDetail }) {
  const canWrite = useCan('shipments.write');
  const canUnlock = useCan('pickups.manage');
  if (shipment.status === 'delivered') return <DeliveryProof shipmentId={shipment.id} forStaff />;
  if (shipment.pickupLockedAt) {
    return (
      <Alert color="orange" icon={<IconLock />} title={L.lockedTitle} data-testid="pickup-locked">
        <Stack gap="xs">
          <Text size="sm">{canUnlock ? L.locked(shipment.pickupWrongCodes ?? 0) : L.lockedAsk}</Text>
          {canUnlock && <UnlockPickupButton shipmentId={shipment.id} shipmentCode={shipment.shipmentCode} />}
        </Stack>
      </Alert>
    );
  }
  if (shipment.deliveryMethod === 'home' && isHomeDeliverable(shipment.status) && canWrite) {
    return <HomeDeliveryForm shipment={shipment} />;
  }
  return (
    <Text size="sm" c="dimmed">
      {L.noProofYet}
    </Text>
  );
}
