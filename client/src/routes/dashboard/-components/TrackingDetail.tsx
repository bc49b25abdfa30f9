import { Alert, Badge, Drawer, Group, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  DISPATCH_MESSAGES,
  TRACKING_CLIENT_MESSAGES,
  TRACKING_STATUS_COLORS,
  TRACKING_STATUS_LABELS,
  formatDateTime,
  formatUsd,
} from '@casillero/shared';
import { ButtonLink } from '../../../components/links';
import { trpc } from '../../../lib/trpc';
import { QueryState } from './QueryState';
import { LabeledValue } from '../../../components/LabeledValue';

/** Ready to ship with the shipping payment approved: it only waits to leave the warehouse. */
export const isDispatchAuthorised = (t: { status: string; dispatchAuthorizedAt: string | null }) =>
  t.status === 'ready_to_ship' && t.dispatchAuthorizedAt !== null;

/** A tracking's details, what happens next, and its whole history (newest first). */
export function TrackingDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useQuery({ ...trpc.trackings.mineDetail.queryOptions({ id: id ?? '' }), enabled: id !== null });
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="lg" title="Detalle del tracking">
      {id && (
        <QueryState query={detail}>
          {(t) => (
            <Stack gap="md">
              <Group justify="space-between">
                <Title order={2} size="h4" ff="monospace">
                  {t.trackingNumber}
                </Title>
                <Group gap={6}>
                  <Badge color={TRACKING_STATUS_COLORS[t.status]} variant="filled" size="lg">
                    {TRACKING_STATUS_LABELS[t.status]}
                  </Badge>
                  {isDispatchAuthorised(t) && (
                    <Badge color="green" variant="light" size="lg" leftSection={<IconCircleCheck size={14} />}>
                      {DISPATCH_MESSAGES.badge}
                    </Badge>
                  )}
                </Group>
              </Group>
              <Alert
                color={t.status === 'problem' ? 'red' : isDispatchAuthorised(t) ? 'green' : 'blue'}
                icon={isDispatchAuthorised(t) ? <IconCircleCheck /> : <IconInfoCircle />}
                title="¿Qué sigue?"
              >
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{isDispatchAuthorised(t) ? DISPATCH_MESSAGES.customerNext : TRACKING_CLIENT_MESSAGES[t.status]}</Text>
                  {t.status === 'ready_to_ship' && !isDispatchAuthorised(t) && (
                    <ButtonLink to="/dashboard/facturas" size="xs">
                      Ir a Facturas para pagar
                    </ButtonLink>
                  )}
                  {t.needsReempaque && t.reempaqueReason && <Text size="sm">Motivo del reempaque: {t.reempaqueReason}</Text>}
                </Stack>
              </Alert>
              <Text size="sm">{t.description}</Text>
              <SimpleGrid cols={2} spacing="sm">
                <LabeledValue label="Transportista" value={t.carrier} />
                <LabeledValue label="Remitente" value={t.senderName} />
                <LabeledValue label="País de origen" value={t.originCountry} />
                <LabeledValue label="Casillero" value={t.mailboxCode} />
                <LabeledValue label="Peso estimado" value={`${t.estimatedWeight} kg`} />
                <LabeledValue label="Peso real" value={t.actualWeight == null ? 'Pendiente de pesar' : `${t.actualWeight} kg`} />
                <LabeledValue label="Valor estimado" value={formatUsd(t.estimatedValue)} />
                <LabeledValue label="Registrado" value={formatDateTime(t.createdAt)} />
              </SimpleGrid>
              <Title order={3} size="h5">
                Historial
              </Title>
              <Timeline active={0} bulletSize={18} lineWidth={2} aria-label="Historial">
                {t.history.map((h) => (
                  <Timeline.Item key={h.id} title={TRACKING_STATUS_LABELS[h.status]} color={TRACKING_STATUS_COLORS[h.status]}>
                    {h.message && (
                      <Text size="sm" c="dimmed">
                        {h.message}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {formatDateTime(h.createdAt)}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            </Stack>
          )}
        </QueryState>
      )}
    </Drawer>
  );
}

