import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import {
  DISPATCH_MESSAGES,
  TRACKING_CLIENT_MESSAGES,
  TRACKING_STATUS_BADGE_COLORS,
  TRACKING_STATUS_LABELS,
  formatDateTime,
  formatUsdFromCents,
  formatKg,
} from '@casillero/shared';
import { ButtonLink } from '../../../components/links';
import { trpc } from '../../../lib/trpc';
import { DetailsHeading, FactGrid, HistoryTimeline } from '../../../components/details/DetailsParts';
import { DetailsDrawer, type DetailsDrawerOpen } from '../../../components/details/DetailsDrawer';
import { QueryState } from './QueryState';
import { isDispatchAuthorised } from './dispatch';
import { CarrierTimeline } from '../../../components/first-mile/CarrierTimeline';
import { DepartureTimeline } from '../../../components/departures/DepartureTimeline';

/** A tracking's details, what happens next, and its whole history (newest first). */
export function TrackingDetail(props: DetailsDrawerOpen) {
  return (
    <DetailsDrawer
      {...props}
      title="Detalle del tracking"
      query={(i) => trpc.trackings.mineDetail.queryOptions({ id: i })}
      states={QueryState}
    >
      {(t) => (
        <>
          <DetailsHeading order={2} title={t.trackingNumber}>
            <Group gap={6}>
              <Badge color={TRACKING_STATUS_BADGE_COLORS[t.status]} variant="filled" size="lg">
                {TRACKING_STATUS_LABELS[t.status]}
              </Badge>
              {isDispatchAuthorised(t) && (
                <Badge color="green" variant="light" size="lg" leftSection={<IconCircleCheck size={14} />}>
                  {DISPATCH_MESSAGES.badge}
                </Badge>
              )}
            </Group>
          </DetailsHeading>
          <Alert
            color={t.status === 'problem' ? 'red' : isDispatchAuthorised(t) ? 'green' : 'blue'}
            icon={isDispatchAuthorised(t) ? <IconCircleCheck /> : <IconInfoCircle />}
            title="¿Qué sigue?"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {isDispatchAuthorised(t) ? DISPATCH_MESSAGES.customerNext : TRACKING_CLIENT_MESSAGES[t.status]}
              </Text>
              {t.status === 'ready_to_ship' && !isDispatchAuthorised(t) && (
                <ButtonLink to="/dashboard/facturas" size="xs">
                  Ir a Facturas para pagar
                </ButtonLink>
              )}
              {t.needsReempaque && t.reempaqueReason && (
                <Text size="sm">Motivo del reempaque: {t.reempaqueReason}</Text>
              )}
            </Stack>
          </Alert>
          <Text size="sm">{t.description}</Text>
          <FactGrid
            cols={2}
            facts={[
              ['Transportista', t.carrier],
              ['Remitente', t.senderName],
              ['País de origen', t.originCountry],
              ['Casillero', t.mailboxCode],
              ['Peso estimado', formatKg(t.estimatedWeight)],
              ['Peso real', t.actualWeight == null ? 'Pendiente de pesar' : formatKg(t.actualWeight)],
              ['Valor estimado', formatUsdFromCents(t.estimatedValueUsdCents)],
              ['Registrado', formatDateTime(t.createdAt)],
            ]}
          />
          {/* One timeline (docs/product/first-mile.md): the carrier's leg, our receipt, the departure's milestones. */}
          {t.carrierLeg && (
            <CarrierTimeline leg={t.carrierLeg} received={{ at: t.receivedAt, warehouseReceipt: t.warehouseReceipt }} />
          )}
          {t.departure && <DepartureTimeline departure={t.departure} />}
          <Title order={3} size="h5">
            Historial
          </Title>
          <HistoryTimeline
            active={0}
            bulletSize={18}
            aria-label="Historial"
            entries={t.history.map((h) => ({
              ...h,
              title: TRACKING_STATUS_LABELS[h.status],
              color: TRACKING_STATUS_BADGE_COLORS[h.status],
            }))}
          />
        </>
      )}
    </DetailsDrawer>
  );
}
