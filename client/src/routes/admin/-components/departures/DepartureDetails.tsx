// A departure's details (docs/product/departures.md): its references, the scan field that puts
// shipments in it (a hand scanner types the WR or the shipment code and Enter; on a phone the
// camera reads the label), its shipments with the manifest's totals and downloads, its milestones
// with their planned day, basis and the one-tap 'Registrar hoy', the news to everyone in it, and
// closing it.
import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconDownload, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import {
  DEPARTURE_MESSAGES as M,
  DEPARTURE_MODE_LABELS,
  DEPARTURE_ORIGIN_LABELS,
  DEPARTURE_PORT_LABELS,
  DEPARTURE_STATUS_LABELS,
  MILESTONE_EFFECTS,
  SHIPMENT_STATUS_LABELS,
  departureDay,
  departureManifestPath,
  formatDateTime,
  formatUsd,
  type MilestoneKind,
  formatCountOf,
} from '@casillero/shared';
import { DetailsDrawer } from '../../../../components/details/DetailsDrawer';
import { SpreadsheetDownloads } from '../../../../components/SpreadsheetDownloads';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { ScanField } from '../../../../components/reception/ScanField';
import { trpc } from '../../../../lib/trpc';
import { kgText } from '../../../../components/shipments/format';
import { useCan } from '../../../../lib/permissions';
import { failureMessage } from '../packages/feedback';
import { EditDepartureDialog, useInvalidateDepartures } from './DepartureForm';
import type { DepartureDetail } from './types';
import { GrowingTextarea } from '../../../../components/forms/fields';

/** Today on the business's clock (Caracas), as the server checks it. */
const caracasToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Caracas' }).format(new Date());

export function DepartureDetailsDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  return (
    <DetailsDrawer
      id={id}
      onClose={onClose}
      title="Despacho"
      size="xl"
      query={(departureId) => trpc.departures.detail.queryOptions({ id: departureId })}
    >
      {(d) => <DepartureBody d={d} />}
    </DetailsDrawer>
  );
}

function DepartureBody({ d }: { d: DepartureDetail }) {
  const canWrite = useCan('departures.write');
  const [editing, setEditing] = useState<DepartureDetail | null>(null);
  const open = d.status === 'open';
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={3} ff="monospace">
            {d.code}
          </Title>
          <Text size="sm">
            {DEPARTURE_MODE_LABELS[d.mode]} desde {DEPARTURE_ORIGIN_LABELS[d.origin]} a{' '}
            {DEPARTURE_PORT_LABELS[d.arrivalPort]}
          </Text>
          <Text size="sm" c="dimmed">
            {d.mode === 'aereo' ? 'MAWB' : 'BL'} {d.masterRef ?? '—'}
            {d.containerNumber ? ` · Contenedor ${d.containerNumber}` : ''} · {d.carrier} · {d.voyage}
          </Text>
          <Text size="sm" c="dimmed">
            Cierre {departureDay(d.cutoffOn)} · Salida {departureDay(d.plannedDeparture)}
            {d.plannedArrival ? ` · Llegada ${departureDay(d.plannedArrival)}` : ''}
          </Text>
        </div>
        <Stack gap={4} align="flex-end">
          <Badge color={open ? 'blue' : 'gray'}>{DEPARTURE_STATUS_LABELS[d.status]}</Badge>
          {d.delayedSince && <Badge color="red">{M.delayed}</Badge>}
          {canWrite && (
            <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={() => setEditing(d)}>
              Editar
            </Button>
          )}
        </Stack>
      </Group>
      {canWrite && open && <ScanIntoDeparture departureId={d.id} />}
      <Shipments d={d} canWrite={canWrite && open} />
      <Milestones d={d} canWrite={canWrite} />
      {canWrite && <News d={d} />}
      {canWrite && open && <CloseDeparture d={d} />}
      <EditDepartureDialog subject={editing} onClose={() => setEditing(null)} />
    </>
  );
}

function ScanIntoDeparture({ departureId }: { departureId: string }) {
  const invalidate = useInvalidateDepartures();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const scan = useMutation(trpc.departures.scan.mutationOptions());
  const onScan = async (value: string) => {
    setError(null);
    try {
      const r = await scan.mutateAsync({ departureId, code: value });
      setLast(M.added(r.shipmentCode, r.customer));
      setCode('');
      await invalidate();
    } catch (e) {
      setLast(null);
      setError(failureMessage(e, 'No se pudo agregar el envío.'));
    }
    field.current?.focus();
  };
  return (
    <Card withBorder padding="md">
      <ScanField
        ref={field}
        value={code}
        onChange={setCode}
        onScan={onScan}
        busy={scan.isPending}
        error={error}
        label={M.scanLabel}
        placeholder="WR-… o SH…"
      />
      <Text size="xs" c="dimmed" mt={4}>
        {M.scanHint}
      </Text>
      {last && (
        <Alert color="green" mt="sm" icon={<IconCheck />} role="status">
          {last}
        </Alert>
      )}
    </Card>
  );
}

function Shipments({ d, canWrite }: { d: DepartureDetail; canWrite: boolean }) {
  const invalidate = useInvalidateDepartures();
  const remove = useMutation(trpc.departures.removeShipment.mutationOptions());
  const t = d.totals;
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" mb="xs">
        <Title order={4}>Envíos y manifiesto</Title>
        <Group gap="xs">
          <SpreadsheetDownloads size="xs" href={(format) => departureManifestPath(d.id, format)} />
          <Button
            component="a"
            size="xs"
            variant="light"
            href={departureManifestPath(d.id, 'pdf')}
            leftSection={<IconDownload size={14} />}
          >
            Manifiesto PDF
          </Button>
        </Group>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table striped aria-label="Envíos del despacho">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Envío</Table.Th>
              <Table.Th>Cliente</Table.Th>
              <Table.Th>Piezas</Table.Th>
              <Table.Th>Peso (kg)</Table.Th>
              <Table.Th>Valor</Table.Th>
              {canWrite && (
                <Table.Th>
                  <VisuallyHidden>Acciones</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.shipments.map((s) => (
              <Table.Tr key={s.shipmentId}>
                <Table.Td ff="monospace">{s.shipmentCode}</Table.Td>
                <Table.Td>{s.customer}</Table.Td>
                <Table.Td>{s.pieces}</Table.Td>
                <Table.Td>{kgText(s.weightKg, 2)}</Table.Td>
                <Table.Td>{formatUsd(s.declaredUsd)}</Table.Td>
                {canWrite && (
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      color="red"
                      variant="subtle"
                      aria-label={`Quitar el envío ${s.shipmentCode}`}
                      leftSection={<IconTrash size={12} />}
                      onClick={async () => {
                        try {
                          await remove.mutateAsync({ departureId: d.id, shipmentId: s.shipmentId });
                          notifySuccess(d.code, M.removed(s.shipmentCode));
                        } catch (e) {
                          notifyError(failureMessage(e, 'No se pudo quitar el envío.'));
                        }
                        await invalidate();
                      }}
                    >
                      Quitar
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr fw={700}>
              <Table.Td>Totales</Table.Td>
              <Table.Td data-testid="departure-totals">
                {formatCountOf(t.shipments, 'envíos')} · {formatCountOf(t.customers, 'clientes')}
              </Table.Td>
              <Table.Td>{t.pieces}</Table.Td>
              <Table.Td>{kgText(t.weightKg, 2)}</Table.Td>
              <Table.Td>{formatUsd(t.declaredUsd)}</Table.Td>
              {canWrite && <Table.Td />}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function Milestones({ d, canWrite }: { d: DepartureDetail; canWrite: boolean }) {
  const invalidate = useInvalidateDepartures();
  const queryClient = useQueryClient();
  const record = useMutation(trpc.departures.recordMilestone.mutationOptions());
  const [days, setDays] = useState<Partial<Record<MilestoneKind, string>>>({});
  const today = caracasToday();
  const tap = async (kind: MilestoneKind, label: string) => {
    try {
      const r = await record.mutateAsync({ departureId: d.id, kind, actualOn: days[kind] || today });
      // The milestone moved the departure's shipments (docs/product/departures.md#what-a-milestone-moves).
      const status = MILESTONE_EFFECTS[kind].shipmentStatus;
      const moved =
        r.shipmentsMoved > 0 && status ? ` ${M.shipmentsMoved(r.shipmentsMoved, SHIPMENT_STATUS_LABELS[status])}` : '';
      notifySuccess(d.code, r.recorded ? `${M.recorded(label)}${moved}` : M.recordedBefore(label));
    } catch (e) {
      notifyError(failureMessage(e, 'No se pudo registrar el hito.'));
    }
    await Promise.all([invalidate(), queryClient.invalidateQueries({ queryKey: trpc.shipments.pathKey() })]);
  };
  return (
    <Card withBorder padding="md">
      <Title order={4} mb="xs">
        {M.milestonesTitle}
      </Title>
      <Stack gap="xs">
        {d.milestones.map((m) => (
          <Group key={m.kind} justify="space-between" wrap="wrap" data-testid={`milestone-${m.kind}`}>
            <div>
              <Text fw={600}>{m.label}</Text>
              <Text size="xs" c="dimmed">
                Previsto {departureDay(m.plannedOn)} ({m.plannedBasis})
              </Text>
            </div>
            {m.actualOn ? (
              <Badge color="green" leftSection={<IconCheck size={12} />}>
                Real {departureDay(m.actualOn)}
              </Badge>
            ) : (
              canWrite && (
                <Group gap="xs">
                  <TextInput
                    type="date"
                    size="xs"
                    aria-label={`Fecha real de ${m.label}`}
                    max={today}
                    value={days[m.kind] ?? today}
                    onChange={(e) => setDays((s) => ({ ...s, [m.kind]: e.currentTarget.value }))}
                  />
                  <Button size="xs" onClick={() => tap(m.kind, m.label)} loading={record.isPending}>
                    Registrar {m.label}
                  </Button>
                </Group>
              )
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

function News({ d }: { d: DepartureDetail }) {
  const invalidate = useInvalidateDepartures();
  const post = useMutation(trpc.departures.postNews.mutationOptions());
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Card withBorder padding="md">
      <Title order={4} mb="xs">
        Novedad para todos los clientes del despacho
      </Title>
      <GrowingTextarea
        aria-label="Novedad del despacho"
        placeholder="Se avisará una sola vez a cada cliente, por los canales que eligió."
        value={message}
        onChange={(e) => setMessage(e.currentTarget.value)}
        error={error}
      />
      <Group justify="flex-end" mt="xs">
        <Button
          size="xs"
          loading={post.isPending}
          onClick={async () => {
            setError(null);
            try {
              const r = await post.mutateAsync({ departureId: d.id, message });
              notifySuccess(d.code, M.newsPosted(r.recipientCount));
              setMessage('');
              await invalidate();
            } catch (e) {
              setError(failureMessage(e, 'No se pudo publicar la novedad.'));
            }
          }}
        >
          Publicar novedad
        </Button>
      </Group>
      {d.news.length > 0 && (
        <Stack gap={4} mt="sm">
          {d.news.map((n) => (
            <Text key={n.id} size="xs" c="dimmed">
              {n.kind === 'delay' ? 'Retraso' : 'Novedad'} · {formatDateTime(n.createdAt)} ·{' '}
              {formatCountOf(n.recipientCount, 'clientes')}· {n.message}
            </Text>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function CloseDeparture({ d }: { d: DepartureDetail }) {
  const invalidate = useInvalidateDepartures();
  const close = useMutation(trpc.departures.close.mutationOptions());
  return (
    <Group justify="flex-end">
      <Anchor size="xs" c="dimmed">
        Un despacho cerrado no admite más envíos.
      </Anchor>
      <Button
        color="dark"
        leftSection={<IconLock size={16} />}
        loading={close.isPending}
        onClick={async () => {
          try {
            await close.mutateAsync({ id: d.id });
            notifySuccess(d.code, M.closedOk(d.code));
          } catch (e) {
            notifyError(failureMessage(e, 'No se pudo cerrar el despacho.'));
          }
          await invalidate();
        }}
      >
        Cerrar despacho
      </Button>
    </Group>
  );
}
