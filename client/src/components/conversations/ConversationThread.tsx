// One conversation of the inbox (docs/product/whatsapp-desk.md#the-inbox): who it is, the
// first-response timer, who has it (assign) and closing it; the thread oldest first, each answer
// with its delivery state and who sent it; the reply box under it.
import { Alert, Badge, Button, Card, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONVERSATION_MESSAGES as M, formatDateTime, formatWait, type OutboxStatus } from '@casillero/shared';
import { getErrorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { InvoiceLink } from '../prealerts/InvoiceLink';
import { ReplyComposer } from './ReplyComposer';

export function ConversationThread({ phone, onClosed }: { phone: string; onClosed: () => void }) {
  const detail = useQuery({ ...trpc.conversations.detail.queryOptions({ phone }), refetchInterval: 10_000 });
  const people = useQuery(trpc.conversations.people.queryOptions());
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.conversations.pathKey() });
  const assign = useMutation(trpc.conversations.assign.mutationOptions());
  const close = useMutation(trpc.conversations.close.mutationOptions());

  if (detail.isPending)
    return (
      <Card withBorder radius="md" padding="lg">
        <Loader role="status" aria-label="Cargando" />
      </Card>
    );
  if (detail.isError) return <Alert color="red">{getErrorMessage(detail.error)}</Alert>;
  const c = detail.data;
  const open = c.needsAgentSince !== null;
  const since = c.needsAgentSince ? new Date(c.needsAgentSince).getTime() : null;

  return (
    <Card withBorder radius="md" padding="md" data-testid="conversation-thread">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} size="lg" truncate>
              {c.customerName ?? c.profileName ?? c.phone}
            </Text>
            <Text size="sm" c="dimmed">
              {c.phone}
              {c.customerName ? '' : ` · ${M.unknownCustomer}`}
            </Text>
            {since !== null && (
              <Text size="sm" c={c.firstResponseAt ? 'teal' : 'orange'}>
                {c.firstResponseAt
                  ? M.firstResponse(formatWait(new Date(c.firstResponseAt).getTime() - since))
                  : M.waitingSince(formatWait(Date.now() - since))}
              </Text>
            )}
          </div>
          {open && (
            <Button
              variant="light"
              color="gray"
              size="xs"
              loading={close.isPending}
              onClick={() =>
                close.mutate(
                  { phone },
                  {
                    onSuccess: (r) => {
                      notifySuccess(undefined, r.message);
                      refresh();
                      onClosed();
                    },
                    onError: (e) => notifyError(getErrorMessage(e)),
                  },
                )
              }
            >
              {M.close}
            </Button>
          )}
        </Group>
        {open && (
          <Select
            label={M.assignLabel}
            size="xs"
            placeholder={M.unassigned}
            clearable
            clearButtonProps={{ 'aria-label': M.clearAssignee }}
            value={c.assignedTo}
            data={(people.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
            onChange={(staffId) =>
              assign.mutate(
                { phone, staffId },
                {
                  onSuccess: (r) => {
                    notifySuccess(undefined, r.message);
                    refresh();
                  },
                  onError: (e) => notifyError(getErrorMessage(e)),
                },
              )
            }
          />
        )}

        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={M.threadAria}>
          {c.thread.map((m) => {
            const mine = m.from !== 'customer';
            return (
              <li key={m.id} style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}>
                <Paper
                  p="xs"
                  radius="md"
                  maw="85%"
                  bg={m.from === 'staff' ? 'green.0' : m.from === 'desk' ? 'gray.0' : 'blue.0'}
                  withBorder
                >
                  {m.file && (
                    <Text size="sm" fw={600}>
                      {m.file.kind === 'image' ? '🖼️' : '📎'}{' '}
                      {m.file.name ?? (m.file.kind === 'image' ? M.image : M.document)}
                    </Text>
                  )}
                  {m.file?.fileId && <InvoiceLink fileId={m.file.fileId} label={M.openFile} />}
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {m.text}
                  </Text>
                  <Group gap={6} mt={4} wrap="wrap">
                    <Text size="xs" c="dimmed">
                      {formatDateTime(m.at)}
                      {m.from === 'staff' && m.staffName ? ` · ${M.staffReplyBy(m.staffName)}` : ''}
                      {m.from === 'desk' ? ` · ${M.deskAnswer}` : ''}
                    </Text>
                    {m.template && (
                      <Badge size="xs" variant="outline">
                        {m.template}
                      </Badge>
                    )}
                    {m.status && (
                      <Badge
                        size="xs"
                        variant="light"
                        color={m.status === 'failed' ? 'red' : m.status === 'sent' ? 'teal' : 'yellow'}
                      >
                        {M.deliveryStatus[m.status as OutboxStatus]}
                      </Badge>
                    )}
                  </Group>
                </Paper>
              </li>
            );
          })}
        </Stack>

        {open ? (
          <ReplyComposer phone={phone} userId={c.userId} window={c.window} onSent={refresh} />
        ) : (
          <Alert color="gray">{M.notOpen}</Alert>
        )}
      </Stack>
    </Card>
  );
}
