import { useState } from 'react';
import { Alert, Button, Card, Center, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconEdit, IconEye, IconInbox, IconPackageImport, IconTruckDelivery } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ADMIN_PREALERT_MESSAGES as M, formatDate } from '@casillero/shared';
import { AnchorLink } from '../../../../components/links';
import { TravelFlags } from '../../../../components/travel-rules/TravelFlags';
import { getErrorMessage } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { PrealertStatusBadge, StaleDraftBadge, TrackingStatusBadge } from '../trackings/StatusBadge';
import { ConvertPrealertDialog, EditPrealertDialog, PrealertDetailsDialog } from './PrealertDialogs';
import { Fact, kg, usd, useInvalidatePrealerts } from './common';
import type { AdminPrealert } from './types';

type CardActions = { view: () => void; edit: () => void; convert: () => void };

/** The tracking the warehouse registered with this pre-alert's number: its number and status. */
function MatchedTracking({ tracking: t }: { tracking: NonNullable<AdminPrealert['matchedTracking']> }) {
  return (
    <Alert color="green" variant="light" icon={<IconTruckDelivery size={18} />} p="xs" title={M.matchedTrackingLabel}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm">{M.matchedTracking(t.trackingNumber)}</Text>
        <TrackingStatusBadge status={t.status} />
        <AnchorLink to="/admin/trackings" search={{ q: t.trackingNumber, carrier: undefined }} size="sm">
          {M.matchedTrackingLink}
        </AnchorLink>
      </Group>
    </Alert>
  );
}

function PrealertCard({ p, actions }: { p: AdminPrealert; actions: CardActions }) {
  const invalidate = useInvalidatePrealerts();
  const confirm = useMutation(trpc.prealerts.confirm.mutationOptions());
  const title = p.trackingNumber ?? M.noTracking;
  const isEditable = p.status === 'pending' || p.status === 'confirmed';

  const onConfirm = async () => {
    try {
      await confirm.mutateAsync({ id: p.id });
      notifications.show({ color: 'green', message: M.statusUpdated });
    } catch (error) {
      notifications.show({ color: 'red', message: M.statusFailed(getErrorMessage(error)) });
    }
    await invalidate();
  };

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`Prealerta ${title}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Title
              order={3}
              size="h5"
              ff={p.trackingNumber ? 'monospace' : undefined}
              c={p.trackingNumber ? undefined : 'dimmed'}
            >
              {title}
            </Title>
            <PrealertStatusBadge status={p.status} />
            <StaleDraftBadge status={p.status} createdAt={p.createdAt} />
          </Group>
          {p.clientEmail && (
            <Text size="xs" c="dimmed">
              {p.clientEmail}
            </Text>
          )}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }} spacing="sm" verticalSpacing="xs">
          <Fact label="Cliente">{p.clientName ?? M.noClient}</Fact>
          <Fact label="Remitente">{p.senderName ?? '—'}</Fact>
          <Fact label="Artículos">{p.quantityItems}</Fact>
          <Fact label="Monto">{usd(p.amountSpentUsdCents)}</Fact>
          <Fact label="Peso estimado">{kg(p.estimatedWeight)}</Fact>
          <Fact label="Valor estimado">{usd(p.estimatedValueUsdCents)}</Fact>
          <Fact label="Casillero">{p.mailboxCode ?? '—'}</Fact>
          <Fact label="Fecha">{formatDate(p.createdAt)}</Fact>
        </SimpleGrid>
        <Text size="sm" lineClamp={2}>
          {p.description}
        </Text>
        {/* What the travel rules say of it, as the customer reads it (docs/product/travel-rules.md). */}
        <TravelFlags flags={p.travelFlags} />
        {p.matchedTracking && <MatchedTracking tracking={p.matchedTracking} />}
        <Group gap="xs">
          <Button size="xs" variant="default" leftSection={<IconEye size={14} />} onClick={actions.view}>
            Ver
          </Button>
          {isEditable && (
            <Button size="xs" variant="default" leftSection={<IconEdit size={14} />} onClick={actions.edit}>
              Editar
            </Button>
          )}
          {p.status === 'pending' && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconCheck size={14} />}
              loading={confirm.isPending}
              onClick={() => void onConfirm()}
            >
              Confirmar
            </Button>
          )}
          {p.status === 'confirmed' && (
            <Button size="xs" leftSection={<IconPackageImport size={14} />} onClick={actions.convert}>
              Convertir
            </Button>
          )}
          {p.status === 'converted' && p.convertedAt && (
            <Text size="xs" c="dimmed">
              Convertida en paquete el {formatDate(p.convertedAt)}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function CardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden>
      <Stack gap="sm">
        <Group justify="space-between">
          <Skeleton h={20} w={200} />
          <Skeleton h={14} w={100} />
        </Group>
        <Skeleton h={36} />
        <Skeleton h={14} w="70%" />
        <Group gap="xs">
          <Skeleton h={26} w={60} />
          <Skeleton h={26} w={70} />
          <Skeleton h={26} w={90} />
        </Group>
      </Stack>
    </Card>
  );
}

type Props = {
  rows: AdminPrealert[] | undefined;
  isLoading: boolean;
  isFiltered: boolean;
  /** The pre-alert whose details are open (`?ver=` in the URL): found among the page's rows. */
  viewingId: string | null;
  onView: (id: string) => void;
  onCloseView: () => void;
};

/** The card list (docs/product/admin-prealerts.md#the-screen): 5 skeleton cards while loading, the empty state, the dialogs. */
export function PrealertCardList({ rows, isLoading, isFiltered, viewingId, onView, onCloseView }: Props) {
  const [editing, setEditing] = useState<AdminPrealert | null>(null);
  const [converting, setConverting] = useState<AdminPrealert | null>(null);

  if (isLoading || !rows) {
    return (
      <Stack gap="sm" role="status" aria-label="Cargando prealertas...">
        {Array.from({ length: 5 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders of a fixed count
          <CardSkeleton key={i} />
        ))}
      </Stack>
    );
  }

  return (
    <>
      {rows.length === 0 ? (
        <Card withBorder radius="md" padding="xl">
          <Center>
            <Stack align="center" gap="xs" role="status">
              <ThemeIcon size={56} radius="xl" variant="light" color="gray">
                <IconInbox size={30} />
              </ThemeIcon>
              <Text fw={600}>{M.empty}</Text>
              <Text size="sm" c="dimmed">
                {isFiltered ? M.emptyFiltered : M.emptyDetail}
              </Text>
            </Stack>
          </Center>
        </Card>
      ) : (
        <Stack gap="sm">
          {rows.map((p) => (
            <PrealertCard
              key={p.id}
              p={p}
              actions={{ view: () => onView(p.id), edit: () => setEditing(p), convert: () => setConverting(p) }}
            />
          ))}
        </Stack>
      )}
      <PrealertDetailsDialog subject={rows.find((r) => r.id === viewingId) ?? null} onClose={onCloseView} />
      <EditPrealertDialog subject={editing} onClose={() => setEditing(null)} />
      <ConvertPrealertDialog subject={converting} onClose={() => setConverting(null)} />
    </>
  );
}
