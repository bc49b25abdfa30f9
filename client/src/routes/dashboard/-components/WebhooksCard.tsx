// Configuración → Webhooks (docs/product/public-api.md#webhooks): subscribe an https URL to events,
// the signing secret shown once in a dialog (and again once when renewed); pause, delete; each
// subscription's latest deliveries with their status and the receiver's answer, and "Reenviar".
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconWebhook } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  WEBHOOK_DELIVERY_STATUS_LABELS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_RETRY_HOURS,
  WEBHOOK_URL_MAX,
  type WebhookEvent,
  formatDateTime,
  webhookCreateInput,
  formatCountOf,
} from '@casillero/shared';
import { useSchemaForm, useSubmitAction } from '../../../components/forms/useSchemaForm';
import { getErrorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { QueryState } from './QueryState';
import { SectionCard } from '../../../components/layout/HeadingWithHint';

const STATUS_COLORS = { pending: 'yellow', sending: 'blue', sent: 'green', failed: 'red' } as const;
const eventLabel = (e: string) => WEBHOOK_EVENT_LABELS[e as WebhookEvent] ?? e;

export function WebhooksCard() {
  const queryClient = useQueryClient();
  const list = useQuery(trpc.account.webhooks.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.account.webhooks.queryKey() });
  const create = useMutation(trpc.account.createWebhook.mutationOptions({ onSettled: refresh }));
  /** The secret just created or renewed: shown in the dialog once, never again. */
  const [shown, setShown] = useState<{ url: string; secret: string; renewed: boolean } | null>(null);
  const form = useSchemaForm(webhookCreateInput, { url: '', events: [] as string[] });
  const { submit, error } = useSubmitAction(
    form,
    async (values) => {
      const created = await create.mutateAsync({ url: values.url, events: values.events as WebhookEvent[] });
      setShown({ url: values.url.trim(), secret: created.secret, renewed: false });
      form.reset();
      notifications.show({ color: 'green', message: created.message });
    },
    getErrorMessage,
  );

  return (
    <SectionCard
      id="webhooks"
      title="Webhooks"
      hint={
        <>
          Te avisamos al instante en tu URL cuando algo cambia (un paquete recibido, un envío que avanza, una factura).
          Cada aviso va firmado con tu secreto (Standard Webhooks) y, si tu servidor no responde 2xx, lo reintentamos
          durante {WEBHOOK_RETRY_HOURS} horas.
        </>
      }
    >
      <form onSubmit={submit} aria-label="Crear un webhook">
        <Stack gap="sm">
          <TextInput
            label="URL que recibe los avisos"
            placeholder="https://mitienda.com/webhooks"
            maxLength={WEBHOOK_URL_MAX}
            {...form.getInputProps('url')}
          />
          <Checkbox.Group label="Eventos" {...form.getInputProps('events')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={6}>
              {WEBHOOK_EVENTS.map((e) => (
                <Checkbox key={e} value={e} label={WEBHOOK_EVENT_LABELS[e]} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group>
            <Button type="submit" leftSection={<IconWebhook size={16} />} loading={create.isPending}>
              Crear webhook
            </Button>
          </Group>
        </Stack>
      </form>

      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={shown?.renewed ? 'Nuevo secreto de firma' : 'Secreto de firma del webhook'}
        centered
      >
        {shown && (
          <Stack gap="sm">
            <Text size="sm">
              Para <Code>{shown.url}</Code>. Cópialo ahora y guárdalo en un lugar seguro: no se volverá a mostrar. Úsalo
              para verificar la cabecera <Code>webhook-signature</Code> de cada aviso.
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Code data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>
                {shown.secret}
              </Code>
              <CopyButton value={shown.secret} timeout={1500}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copiado' : 'Copiar el secreto'} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color={copied ? 'teal' : 'gray'}
                      onClick={copy}
                      aria-label="Copiar el secreto"
                    >
                      {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                    </ActionIcon>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            <Group justify="flex-end">
              <Button onClick={() => setShown(null)}>Ya lo guardé</Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <QueryState query={list}>
        {(subscriptions) =>
          subscriptions.length === 0 ? (
            <Text size="sm" c="dimmed">
              Aún no tienes webhooks.
            </Text>
          ) : (
            <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Webhooks">
              {subscriptions.map((s) => (
                <Subscription
                  key={s.id}
                  subscription={s}
                  onSecret={(secret) => setShown({ url: s.url, secret, renewed: true })}
                  refresh={refresh}
                />
              ))}
            </Stack>
          )
        }
      </QueryState>
    </SectionCard>
  );
}

type SubscriptionRow = {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  createdAt: string;
  /** Until when the secret the last rotation replaced still signs; null when it no longer does. */
  previousSecretExpiresAt: string | null;
};

function Subscription({
  subscription: s,
  onSecret,
  refresh,
}: {
  subscription: SubscriptionRow;
  onSecret: (secret: string) => void;
  refresh: () => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<'rotate' | 'delete' | null>(null);
  const rotate = useMutation(trpc.account.rotateWebhookSecret.mutationOptions({ onSettled: refresh }));
  const setActive = useMutation(trpc.account.setWebhookActive.mutationOptions({ onSettled: refresh }));
  const remove = useMutation(trpc.account.deleteWebhook.mutationOptions({ onSettled: refresh }));

  const run = async <T extends { message: string }>(action: () => Promise<T>, after?: (result: T) => void) => {
    try {
      const result = await action();
      setConfirming(null);
      after?.(result);
      notifications.show({ color: 'green', message: result.message });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });
    }
  };

  return (
    <Card component="li" withBorder radius="sm" padding="sm" aria-label={s.url}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                {s.url}
              </Text>
              <Badge size="xs" color={s.active ? 'green' : 'gray'}>
                {s.active ? 'Activo' : 'Pausado'}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed">
              {s.events.map(eventLabel).join(' · ')} · Creado {formatDateTime(s.createdAt)}
            </Text>
            {s.previousSecretExpiresAt && (
              <Text size="xs" c="dimmed">
                {WEBHOOK_MESSAGES.previousStillSigns(formatDateTime(s.previousSecretExpiresAt))}
              </Text>
            )}
          </Stack>
          {confirming ? (
            <Group gap="xs">
              <Text size="xs">
                {confirming === 'rotate'
                  ? WEBHOOK_MESSAGES.rotateWarning
                  : 'Se borran también sus entregas pendientes.'}
              </Text>
              <Button
                size="xs"
                color="red"
                loading={rotate.isPending || remove.isPending}
                onClick={() =>
                  void (confirming === 'rotate'
                    ? run(
                        () => rotate.mutateAsync({ id: s.id }),
                        (r) => onSecret(r.secret),
                      )
                    : run(() => remove.mutateAsync({ id: s.id })))
                }
              >
                {confirming === 'rotate' ? 'Sí, renovar' : 'Sí, eliminar'}
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirming(null)}>
                Cancelar
              </Button>
            </Group>
          ) : (
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
                {open ? 'Ocultar entregas' : 'Ver entregas'}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setConfirming('rotate')}>
                Renovar secreto
              </Button>
              <Button
                size="xs"
                variant="subtle"
                loading={setActive.isPending}
                onClick={() => void run(() => setActive.mutateAsync({ id: s.id, active: !s.active }))}
              >
                {s.active ? 'Pausar' : 'Reactivar'}
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming('delete')}>
                Eliminar
              </Button>
            </Group>
          )}
        </Group>
        {open && <Deliveries subscriptionId={s.id} />}
      </Stack>
    </Card>
  );
}

function Deliveries({ subscriptionId }: { subscriptionId: string }) {
  const queryClient = useQueryClient();
  const options = trpc.account.webhookDeliveries.queryOptions({ subscriptionId });
  // Refreshed while open: a delivery goes from pending to delivered within seconds.
  const list = useQuery({ ...options, refetchInterval: 5000 });
  const resend = useMutation(
    trpc.account.resendWebhookDelivery.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: options.queryKey }),
    }),
  );
  const resendOne = async (deliveryId: string) => {
    try {
      const result = await resend.mutateAsync({ deliveryId });
      notifications.show({ color: 'green', message: result.message });
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error) });
    }
  };

  return (
    <QueryState query={list}>
      {(deliveries) =>
        deliveries.length === 0 ? (
          <Text size="sm" c="dimmed">
            Aún no hay entregas: llegarán cuando ocurra uno de los eventos elegidos.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder aria-label="Entregas del webhook" fz="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Evento</Table.Th>
                  <Table.Th>Fecha</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th>Respuesta</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Acciones</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deliveries.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{eventLabel(d.eventType)}</Table.Td>
                    <Table.Td>{formatDateTime(d.createdAt)}</Table.Td>
                    <Table.Td>
                      <Badge size="xs" color={STATUS_COLORS[d.status]}>
                        {WEBHOOK_DELIVERY_STATUS_LABELS[d.status]}
                      </Badge>
                      {d.attempts > 1 && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          {formatCountOf(d.attempts, 'intentos')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {d.responseStatus ?? '—'}
                      {d.status !== 'sent' && d.lastError && (
                        <Text size="xs" c="dimmed">
                          {d.lastError}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Button size="compact-xs" variant="subtle" onClick={() => void resendOne(d.id)}>
                        Reenviar
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      }
    </QueryState>
  );
}
