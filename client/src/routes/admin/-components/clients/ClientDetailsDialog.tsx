import { Alert, Button, Card, Center, Divider, Group, Loader, Modal, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconEdit, IconPackage, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CLIENT_MESSAGES as M, MAILBOX_COUNTRY_LABELS, formatDate, formatDateTime, type MailboxStatus } from '@casillero/shared';
import { ButtonLink } from '../../../../components/links';
import { getErrorMessage } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { MailboxStatusBadge, useInvalidateClients } from './common';
import type { ClientDetail, ClientRef } from './types';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Card withBorder radius="md" padding="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl" aria-label={`${label}: ${value}`}>
        {value.toLocaleString('es-ES')}
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
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error, M.toggleFailed) || M.toggleFailed });
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

type Props = {
  client: ClientRef | null;
  onClose: () => void;
  onEdit: (client: ClientRef) => void;
  onCreateMailbox: (client: ClientRef) => void;
};

/** Ver detalles: profile, mailboxes (each with its on/off switch) and the customer's counts. */
export function ClientDetailsDialog({ client, onClose, onEdit, onCreateMailbox }: Props) {
  const detail = useQuery({ ...trpc.clients.detail.queryOptions({ userId: client?.userId ?? '' }), enabled: client !== null });
  const d = detail.data;
  return (
    <Modal opened={client !== null} onClose={onClose} title="Detalles del cliente" size="xl">
      {detail.isPending ? (
        <Center py="xl">
          <Loader aria-label="Cargando" />
        </Center>
      ) : detail.isError || !d ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {getErrorMessage(detail.error, M.loadFailed)}
        </Alert>
      ) : (
        <Stack gap="md">
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
              <Button size="xs" variant="default" leftSection={<IconEdit size={14} />} onClick={() => onEdit({ userId: d.userId, fullName: d.fullName, email: d.email })}>
                Editar
              </Button>
              <ButtonLink size="xs" variant="default" leftSection={<IconPackage size={14} />} to="/admin/paquetes" search={{ cliente: d.userId }}>
                Ver paquetes
              </ButtonLink>
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
            <Fact label="Email">{d.email}</Fact>
            <Fact label="Teléfono">{d.phone ?? M.noPhone}</Fact>
            <Fact label="Cédula">{d.cedula ?? M.noCedula}</Fact>
            <Fact label="Dirección Venezuela">
              {[d.venezuelaAddress, d.venezuelaCity, d.venezuelaState].filter(Boolean).join(', ') || M.noAddress}
            </Fact>
            <Fact label="Registro">{formatDate(d.createdAt)}</Fact>
            <Fact label="Última actividad">{d.lastActiveAt ? formatDateTime(d.lastActiveAt) : '—'}</Fact>
            <Fact label="Email confirmado">{d.emailVerifiedAt ? formatDate(d.emailVerifiedAt) : 'No'}</Fact>
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
                    {[b.addressLine1, b.addressLine2, `${b.city}${b.state ? `, ${b.state}` : ''} ${b.postalCode}`].filter(Boolean).join(' · ')}
                  </Text>
                  <MailboxToggle mailbox={b} />
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
          <Group justify="space-between">
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => onCreateMailbox({ userId: d.userId, fullName: d.fullName, email: d.email })}>
              Crear casillero
            </Button>
            <Button variant="default" onClick={onClose}>
              Cerrar
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
