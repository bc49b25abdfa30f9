import { Alert, Badge, Button, Card, Collapse, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconEdit, IconPackage } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import type { inferOutput } from '@trpc/tanstack-react-query';
import {
  CARRIER_LEG_MESSAGES,
  carrierName,
  draftBadgeLabel,
  PREALERT_MAIL_MESSAGES,
  PREALERT_MESSAGES,
  PREALERT_STATUS_LABELS,
  TRACKING_STATUS_LABELS,
  formatDate,
  writeNumber,
  type PrealertStatus,
  formatUsdFromCents,
} from '@casillero/shared';
import type { trpc } from '../../../lib/trpc';
import { InvoiceLink } from '../../../components/prealerts/InvoiceLink';
import { TravelFlags } from '../../../components/travel-rules/TravelFlags';
import { CarrierLine, CarrierStateBadge, CarrierTimeline } from '../../../components/first-mile/CarrierTimeline';
import { PrealertCarrier, carrierOfPrealert } from './PrealertCarrier';
import { useHighlight } from './highlight';
import { PrealertCustoms } from '../../../components/customs/lazy';

export type Prealert = inferOutput<typeof trpc.prealerts.mine>[number];

export const PREALERT_STATUS_COLORS: Record<PrealertStatus, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  converted: 'green',
  draft: 'gray',
};

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value ?? '—'}
      </Text>
    </Stack>
  );
}

/** The carrier's leg on the card: its line, and the whole timeline on demand (docs/product/first-mile.md). */
function CarrierSection({ prealert: p }: { prealert: Prealert }) {
  const [open, setOpen] = useState(false);
  const leg = p.carrierLeg;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        {p.isEditable ? (
          <PrealertCarrier prealert={p} />
        ) : (
          <Text size="sm">{CARRIER_LEG_MESSAGES.detectedCarrier(carrierName(carrierOfPrealert(p)) ?? '—')}</Text>
        )}
        {leg && leg.events.length > 0 && (
          <Button
            size="xs"
            variant="subtle"
            rightSection={<IconChevronDown size={14} style={{ transform: open ? 'rotate(180deg)' : undefined }} />}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
          >
            {open ? CARRIER_LEG_MESSAGES.hideTimeline : CARRIER_LEG_MESSAGES.showTimeline}
          </Button>
        )}
      </Group>
      {leg && <CarrierLine leg={leg} />}
      {leg && (
        <Collapse expanded={open}>
          <CarrierTimeline leg={leg} />
        </Collapse>
      )}
    </Stack>
  );
}

export function PrealertCard({
  prealert: p,
  onEdit,
  highlighted = false,
}: {
  prealert: Prealert;
  onEdit: () => void;
  /** The pre-alert a notice's link names (?prealerta=, or a closed search's): outlined and scrolled to. */
  highlighted?: boolean;
}) {
  const mark = useHighlight<HTMLElement>(highlighted);
  return (
    <Card
      {...mark}
      withBorder
      radius="md"
      padding="lg"
      component="article"
      aria-label={`Prealerta ${p.trackingNumber ?? p.description}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Text fw={700} ff="monospace">
              {p.trackingNumber ?? 'Sin número de tracking'}
            </Text>
            <Text size="sm">{p.description}</Text>
          </Stack>
          <Group gap="xs">
            <Badge color={PREALERT_STATUS_COLORS[p.status]} variant="light">
              {p.status === 'draft' ? draftBadgeLabel(p) : PREALERT_STATUS_LABELS[p.status]}
            </Badge>
            {/* The carrier's state, where it has one, instead of the hand-typed status. */}
            {p.carrierLeg?.state ? (
              <CarrierStateBadge leg={p.carrierLeg} />
            ) : (
              <Badge color="gray" variant="outline">
                {p.estadoTracking}
              </Badge>
            )}
          </Group>
        </Group>
        {p.matchedTracking && (
          <Alert color="green" icon={<IconPackage />} p="xs">
            {PREALERT_MESSAGES.matched(
              p.matchedTracking.trackingNumber,
              TRACKING_STATUS_LABELS[p.matchedTracking.status],
            )}
          </Alert>
        )}
        <TravelFlags flags={p.travelFlags} />
        {(p.trackingNumber || p.carrier) && <CarrierSection prealert={p} />}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Field label="Tienda / remitente" value={p.senderName} />
          <Field label="Artículos" value={p.quantityItems} />
          <Field
            label="Monto gastado"
            value={p.amountSpentUsdCents != null ? formatUsdFromCents(p.amountSpentUsdCents) : null}
          />
          <Field
            label="Peso estimado"
            value={p.estimatedWeight != null ? writeNumber('weightKg', p.estimatedWeight) : null}
          />
          <Field
            label="Valor estimado"
            value={p.estimatedValueUsdCents != null ? formatUsdFromCents(p.estimatedValueUsdCents) : null}
          />
          <Field label="Casillero" value={p.mailboxCode} />
          <Field label="Creada" value={formatDate(p.createdAt)} />
        </SimpleGrid>
        {p.customs && (
          <Suspense fallback={null}>
            <PrealertCustoms shown={p.customs} items={p.quantityItems} />
          </Suspense>
        )}
        {p.notes && (
          <Text size="sm" c="dimmed">
            Notas: {p.notes}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          {p.invoiceFileId && <InvoiceLink fileId={p.invoiceFileId} />}
          {p.isEditable ? (
            <Button size="xs" variant="light" leftSection={<IconEdit size={14} />} onClick={onEdit}>
              {p.status === 'draft' ? PREALERT_MAIL_MESSAGES.review : 'Editar'}
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              Convertida en paquete{p.convertedAt ? ` el ${formatDate(p.convertedAt)}` : ''}: ya no se puede editar.
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
