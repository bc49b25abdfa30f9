// Mostrador (docs/product/last-mile.md#agency-counters-and-proof-of-delivery): an agency's counter on a
// phone. The scan field (a WR label or the shipment's code, then Enter) marks an arriving shipment
// "listo para retirar" and the customer gets the pickup code; at pickup the clerk types the code
// or checks the cédula of who collects, takes a photo and delivers it. Only the agency's shipments.
import { useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  COUNTER_TABS,
  COUNTER_TAB_LABELS,
  DELIVERY_PHOTOS_PATH,
  PICKUP_CODE_LENGTH,
  PICKUP_STAFF_LABELS,
  formatDate,
  type CounterTab,
} from '@casillero/shared';
import { PhotoCapture, type CapturedPhoto } from '../../components/reception/PhotoCapture';
import { ScanField } from '../../components/reception/ScanField';
import { getErrorMessage } from '../../lib/errors';
import { useCan } from '../../lib/permissions';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { UnlockPickupButton } from './-components/shipments/ShipmentDelivery';
import { textBinding } from '../../components/forms/fields';

export const Route = createFileRoute('/admin/mostrador')({
  head: pageHead('Mostrador'),
  component: CounterPage,
});

type Row = {
  id: string;
  shipmentCode: string;
  statusLabel: string;
  customerName: string | null;
  recipientName: string | null;
  agencyName: string;
  locked: boolean;
  actualDelivery: string | null;
};

function DeliverCard({ row, onDone }: { row: Row; onDone: (message: string) => void }) {
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<'code' | 'id_document'>('code');
  const [code, setCode] = useState('');
  const [idDocument, setIdDocument] = useState('');
  const [receivedBy, setReceivedBy] = useState(row.recipientName ?? '');
  const [photos, setPhotos] = useState<CapturedPhoto[]>([]);
  const [error, setError] = useState<string | null>(null);
  const deliver = useMutation(
    trpc.pickups.deliver.mutationOptions({
      onSuccess: async (r) => {
        await queryClient.invalidateQueries({ queryKey: trpc.pickups.list.queryKey() });
        if (r.delivered) onDone(r.message);
        else setError(r.message);
      },
      onError: (e) => setError(getErrorMessage(e)),
    }),
  );
  const photo = photos[0];
  const submit = () => {
    setError(null);
    if (!photo) {
      setError('Toma una foto de la entrega.');
      return;
    }
    const common = { shipmentId: row.id, receivedBy, photo: { fileId: photo.fileId, thumbFileId: photo.thumbFileId } };
    deliver.mutate(method === 'code' ? { ...common, method, code } : { ...common, method, idDocument });
  };
  return (
    <Card withBorder padding="sm" data-testid="counter-deliver">
      <Stack gap="xs">
        <Text fw={700}>Entregar {row.shipmentCode}</Text>
        <SegmentedControl
          fullWidth
          value={method}
          onChange={(v) => setMethod(v as 'code' | 'id_document')}
          data={[
            { value: 'code', label: 'Código de retiro' },
            { value: 'id_document', label: 'Cédula' },
          ]}
        />
        {method === 'code' ? (
          <TextInput
            label="Código de retiro"
            inputMode="numeric"
            maxLength={PICKUP_CODE_LENGTH}
            {...textBinding(code, setCode)}
          />
        ) : (
          <TextInput
            label="Cédula de quien retira"
            description="Del destinatario o de una persona autorizada por el cliente."
            {...textBinding(idDocument, setIdDocument)}
          />
        )}
        <TextInput label="Recibe" {...textBinding(receivedBy, setReceivedBy)} />
        <PhotoCapture value={photos} onChange={setPhotos} max={1} uploadPath={DELIVERY_PHOTOS_PATH} />
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Button onClick={submit} loading={deliver.isPending} disabled={row.locked}>
          Entregar
        </Button>
      </Stack>
    </Card>
  );
}

function CounterPage() {
  const queryClient = useQueryClient();
  const scanInput = useRef<HTMLInputElement>(null);
  const [tab, setTab] = useState<CounterTab>('ready');
  const [scan, setScan] = useState('');
  const [scanError, setScanError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  // The counter itself cannot lift a lock: staff who manage pickups (the administrator) can.
  const canUnlock = useCan('pickups.manage');
  const agency = useQuery(trpc.pickups.myAgency.queryOptions());
  const list = useQuery(trpc.pickups.list.queryOptions({ tab }));
  const markReady = useMutation(
    trpc.pickups.markReady.mutationOptions({
      onSuccess: async (r) => {
        setDone(r.message);
        setScan('');
        await queryClient.invalidateQueries({ queryKey: trpc.pickups.list.queryKey() });
        scanInput.current?.focus();
      },
      onError: (e) => setScanError(getErrorMessage(e)),
    }),
  );
  const rows = (list.data ?? []) as Row[];

  return (
    <Stack gap="sm" maw={520}>
      <div>
        <Title order={1} size="h2">
          Mostrador
        </Title>
        {agency.data && (
          <Text c="dimmed" size="sm">
            {agency.data.name}, {agency.data.city}
          </Text>
        )}
      </div>
      <ScanField
        ref={scanInput}
        value={scan}
        onChange={(v) => {
          setScan(v);
          setScanError(null);
        }}
        onScan={(code) => {
          setDone(null);
          setScanError(null);
          markReady.mutate({ code });
        }}
        busy={markReady.isPending}
        error={scanError}
        label="Escanea el envío que llegó"
        placeholder="Etiqueta WR o código del envío"
      />
      {done && (
        <Alert color="green" icon={<IconCircleCheck />} role="status">
          {done}
        </Alert>
      )}
      {list.error && (
        <Alert color="red" role="alert">
          {getErrorMessage(list.error)}
        </Alert>
      )}
      <SegmentedControl
        fullWidth
        value={tab}
        onChange={(v) => setTab(v as CounterTab)}
        data={COUNTER_TABS.map((t) => ({ value: t, label: COUNTER_TAB_LABELS[t] }))}
      />
      {rows.length === 0 && !list.isPending && (
        <Text c="dimmed" size="sm">
          No hay envíos en esta lista.
        </Text>
      )}
      {rows.map((row) => (
        <Card key={row.id} withBorder padding="sm" data-testid="counter-row">
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700} ff="monospace">
                {row.shipmentCode}
              </Text>
              <Badge variant="light">{row.statusLabel}</Badge>
            </Group>
            <Text size="sm">
              Cliente: {row.customerName ?? '—'} · Destinatario: {row.recipientName ?? '—'}
            </Text>
            {row.actualDelivery && <Text size="sm">Entregado el {formatDate(row.actualDelivery)}</Text>}
            {row.locked && (
              <Alert color="orange" icon={<IconLock />} p="xs">
                <Stack gap="xs">
                  <Text size="sm">{PICKUP_STAFF_LABELS.lockedAsk}</Text>
                  {canUnlock && <UnlockPickupButton shipmentId={row.id} shipmentCode={row.shipmentCode} />}
                </Stack>
              </Alert>
            )}
            {tab === 'ready' && !row.locked && (
              <Button variant="light" onClick={() => setOpen(open === row.id ? null : row.id)}>
                {open === row.id ? 'Cerrar' : 'Entregar'}
              </Button>
            )}
            {open === row.id && (
              <DeliverCard
                row={row}
                onDone={(message) => {
                  setOpen(null);
                  setDone(message);
                }}
              />
            )}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
