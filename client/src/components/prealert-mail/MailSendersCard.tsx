// Configuración → the addresses the customer forwards store e-mails from
// (docs/product/prealerts-from-email.md#recepción): add one, remove one.
import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PREALERT_MAIL_MESSAGES as M } from '@casillero/shared';
import { getErrorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

export function MailSendersCard() {
  const queryClient = useQueryClient();
  const senders = useQuery(trpc.prealertMail.senders.queryOptions());
  const add = useMutation(trpc.prealertMail.addSender.mutationOptions());
  const remove = useMutation(trpc.prealertMail.removeSender.mutationOptions());
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.prealertMail.senders.queryKey() });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const saved = await add.mutateAsync({ email: email.trim() });
      notifications.show({ color: 'green', message: saved.message });
      setEmail('');
      await refresh();
    } catch (err) {
      setError(getErrorMessage(err));
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={M.sendersTitle}>
      <Stack gap="sm">
        <Text fw={600}>{M.sendersTitle}</Text>
        <Text size="sm" c="dimmed">
          {M.sendersHelp}
        </Text>
        {(senders.data ?? []).map((s) => (
          <Group key={s.id} justify="space-between" wrap="nowrap">
            <Text size="sm" style={{ wordBreak: 'break-all' }}>
              {s.email}
            </Text>
            <Tooltip label="Eliminar" withArrow>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Eliminar ${s.email}`}
                loading={remove.isPending && remove.variables?.id === s.id}
                onClick={async () => {
                  try {
                    const done = await remove.mutateAsync({ id: s.id });
                    notifications.show({ color: 'green', message: done.message });
                  } catch (err) {
                    notifications.show({ color: 'red', message: getErrorMessage(err) });
                  }
                  await refresh();
                }}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="xs" wrap="wrap">
            <TextInput
              label="Correo"
              type="email"
              placeholder="tu.otro.correo@gmail.com"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error}
              style={{ flex: '1 1 220px' }}
            />
            <Button type="submit" loading={add.isPending} disabled={!email.trim()}>
              {M.senderAdd}
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
