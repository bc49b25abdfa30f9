import { Button, Card, Divider, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPackage, IconPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import {
  CLIENT_MESSAGES as M,
  MAILBOX_COUNTRY_LABELS,
  formatDate,
  formatDateTime,
  type MailboxStatus,
  formatCount,
} from '@casillero/shared';
import { LabeledValue } from '../../../../components/LabeledValue';
import { DetailsDrawer } from '../../../../components/details/DetailsDrawer';
import { EntityHistory } from '../../../../components/details/EntityHistory';
import { ButtonLink } from '../../../../components/links';
import { getErrorMessage } from '../../../../lib/errors';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import { CustomerAccount } from '../billing/CustomerAccount';
import { MailboxStatusBadge, useInvalidateClients } from './common';
import type { ClientDetail, ClientRef } from './types';

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder radius="md" padding="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" aria-label={`${label}: ${value}`}>
        {formatCount(value)}
      </Text>
    </Card>
  );
}

type Mailbox = ClientDetail['mailboxes'][number];

function MailboxToggle({ mailbox }: { mailbox: Mailbox }) {
  const invalidate = useInvalidateClients();
  const toggle = useMutation(trpc.mailboxes.setStatus.mutationOptions());
  const change = async (status: MailboxStatus) => {
    try {
      const result = await toggle.mutateAsync({ id: mailbox.id, status });
      notifications.show({ color: 'green', title: M.toggledTitle, message: M.toggled(result.status) });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Error',
        message: getErrorMessage(error, M.toggleFailed) || M.toggleFailed,
      });
    }
    await invalidate();
  };
  return (
    <Switch
      label="Activo"
      checked={mailbox.status === 'active'}
      disabled={toggle.isPending}
      onChange={(e) => void change(e.currentTarget.checked ? 'active' : 'inactive')}
      aria-label={`Casillero ${mailbox.mailboxCode} activo`}
    />
  );
}

/** 'Estado de cuenta' (docs/decisions/021-billing-in-bolivares.md), for roles that read payments. */
function CustomerAccountSection({ userId, name }: { userId: string; name: string }) {
  if (!useCan('payments.read')) return null;
  return (
    <>
      <Divider label="Estado de cuenta" labelPosition="left" />
      <CustomerAccount userId={userId} name={name} />
    </>
  );
}

type Props = {
  /** The customer whose details are open (`?ver=` in the URL), or null. */
  userId: string | null;
  onClose: () => void;
  onEdit: (client: ClientRef) => void;
  onCreateMailbox: (client: ClientRef) => void;
};

/** Ver detalles: profile, mailboxes (each with its on/off switch) and the customer's counts. */
export function ClientDetailsDrawer({ userId, onClose, onEdit, onCreateMailbox }: Props) {
  // Caja reads clients: no editing, no switches, and no packages screen to link to.
  const canWrite = useCan('clients.write');
  const canSeePackages = useCan('packages.read');
  return (
    <DetailsDrawer
      id={userId}
      onClose={onClose}
      title="Detalles del cliente"
      size="xl"
      query={(id) => trpc.clients.detail.queryOptions({ userId: id })}
      loadFailed={M.loadFailed}
    >
      {(d) => (
        <>
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={3} size="h4">
                {d.fullName ?? d.email}
              </Title>
              <Text size="xs" c="dimmed" ff="monospace">
                #{d.userId.slice(0, 8)}
              </Text>
            </div>
            <Group gap="xs">
              {canWrite && (
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconEdit size={14} />}
                  onClick={() => onEdit({ userId: d.userId, fullName: d.fullName, email: d.email })}
                >
                  Editar
                </Button>
              )}
              {canSeePackages && (
                <ButtonLink
                  size="xs"
                  variant="default"
                  leftSection={<IconPackage size={14} />}
                  to="/admin/paquetes"
                  search={{ cliente: d.userId }}
                >
                  Ver paquetes
                </ButtonLink>
              )}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
            <Count label="Paquetes" value={d.counts.packages} />
            <Count label="Trackings" value={d.counts.trackings} />
            <Count label="Pagos" value={d.counts.payments} />
            <Count label="Prealertas" value={d.counts.prealerts} />
            <Count label="Envíos" value={d.counts.shipments} />
          </SimpleGrid>
          <Divider label="Perfil" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LabeledValue label="Email">{d.email}</LabeledValue>
            <LabeledValue label="Teléfono">{d.phone ?? M.noPhone}</LabeledValue>
            <LabeledValue label="Cédula">{d.cedula ?? M.noCedula}</LabeledValue>
            <LabeledValue label="Dirección Venezuela">
              {[d.venezuelaAddress, d.venezuelaCity, d.venezuelaState].filter(Boolean).join(', ') || M.noAddress}
            </LabeledValue>
            <LabeledValue label="Registro">{formatDate(d.createdAt)}</LabeledValue>
            <LabeledValue label="Última actividad">
              {d.lastActiveAt ? formatDateTime(d.lastActiveAt) : '—'}
            </LabeledValue>
            <LabeledValue label="Email confirmado">
              {d.emailVerifiedAt ? formatDate(d.emailVerifiedAt) : 'No'}
            </LabeledValue>
          </SimpleGrid>
          <Divider label="Casilleros" labelPosition="left" />
          {d.mailboxes.length === 0 && <Text c="dimmed">{M.noMailbox}</Text>}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {d.mailboxes.map((b) => (
              <Card key={b.id} withBorder radius="md" padding="sm" aria-label={`Casillero ${b.mailboxCode}`}>
                <Stack gap={6}>
                  <Group justify="space-between">
                    <Text fw={700} ff="monospace">
                      {b.mailboxCode}
                    </Text>
                    <MailboxStatusBadge status={b.status} />
                  </Group>
                  <Text size="sm">{MAILBOX_COUNTRY_LABELS[b.country]}</Text>
                  <Text size="xs" c="dimmed">
                    {[b.addressLine1, b.addressLine2, `${b.city}${b.state ? `, ${b.state}` : ''} ${b.postalCode}`]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  {canWrite && <MailboxToggle mailbox={b} />}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <Group justify="space-between">
            {canWrite ? (
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => onCreateMailbox({ userId: d.userId, fullName: d.fullName, email: d.email })}
              >
                Crear casillero
              </Button>
            ) : (
              <span />
            )}
            <Button variant="default" onClick={onClose}>
              Cerrar
            </Button>
          </Group>
          <CustomerAccountSection userId={d.userId} name={d.fullName ?? d.email} />
          <Divider label="Historial de cambios" labelPosition="left" />
          <EntityHistory entity="users" entityId={d.userId} />
        </>
      )}
    </DetailsDrawer>
  );
}
