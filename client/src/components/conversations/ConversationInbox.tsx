// The WhatsApp inbox (docs/product/whatsapp-desk.md#the-inbox): the open conversations, the chosen
// one's thread with the reply box, and the customer's parcels, invoices and claims beside it. A
// phone (390 px) shows the list, then the thread with the customer under it.
import { Badge, Button, Card, Grid, Group, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  CONVERSATION_FILTERS,
  CONVERSATION_MESSAGES as M,
  formatWait,
  type ConversationFilter,
} from '@casillero/shared';
import { PageHeader } from '../data-table';
import { useIsPhone } from '../../lib/screen';
import { trpc } from '../../lib/trpc';
import { ConversationThread } from './ConversationThread';
import { CustomerContext } from './CustomerContext';

type Props = {
  filter: ConversationFilter;
  selected: string | null;
  onFilter: (filter: ConversationFilter) => void;
  onSelect: (phone: string | null) => void;
};

export function ConversationInbox({ filter, selected, onFilter, onSelect }: Props) {
  const phone = useIsPhone();
  const list = (
    <ConversationList filter={filter} selected={selected} onFilter={onFilter} onSelect={(p) => onSelect(p)} />
  );
  const thread = selected ? <ConversationThread phone={selected} onClosed={() => onSelect(null)} /> : null;
  return (
    <Stack gap="md">
      <PageHeader title={M.title} subtitle={M.subtitle} />
      {phone ? (
        selected ? (
          <Stack gap="md">
            <Button
              variant="subtle"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => onSelect(null)}
              w="fit-content"
            >
              {M.backToList}
            </Button>
            {thread}
            <CustomerContext phone={selected} />
          </Stack>
        ) : (
          list
        )
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>{list}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 8, lg: 6 }}>
            {thread ?? (
              <Card withBorder radius="md" padding="lg">
                <Text c="dimmed">{M.pickOne}</Text>
              </Card>
            )}
          </Grid.Col>
          {selected && (
            <Grid.Col span={{ base: 12, lg: 3 }}>
              <CustomerContext phone={selected} />
            </Grid.Col>
          )}
        </Grid>
      )}
    </Stack>
  );
}

function ConversationList({
  filter,
  selected,
  onFilter,
  onSelect,
}: Omit<Props, 'onSelect'> & { onSelect: (p: string) => void }) {
  const list = useQuery({ ...trpc.conversations.list.queryOptions({ filter }), refetchInterval: 15_000 });
  const now = Date.now();
  return (
    <Card withBorder radius="md" padding="sm">
      <SegmentedControl
        fullWidth
        size="xs"
        mb="sm"
        value={filter}
        onChange={(v) => onFilter(v as ConversationFilter)}
        data={CONVERSATION_FILTERS.map((f) => ({ value: f, label: M.filterLabels[f] }))}
        aria-label={M.filterAria}
      />
      {list.data?.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" py="md">
          {M.empty}
        </Text>
      )}
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={M.listAria}>
        {list.data?.map((c) => {
          const since = new Date(c.needsAgentSince).getTime();
          const answered = c.firstResponseAt ? new Date(c.firstResponseAt).getTime() : null;
          return (
            <li key={c.phone}>
              <UnstyledButton
                onClick={() => onSelect(c.phone)}
                aria-current={c.phone === selected ? 'true' : undefined}
                p="xs"
                w="100%"
                style={{
                  borderRadius: 8,
                  background: c.phone === selected ? 'var(--mantine-color-blue-light)' : undefined,
                }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} size="sm" truncate>
                    {c.customerName ?? c.profileName ?? c.phone}
                  </Text>
                  {answered === null ? (
                    <Badge color="orange" variant="light" size="sm" style={{ flexShrink: 0 }}>
                      {formatWait(now - since)}
                    </Badge>
                  ) : (
                    <Badge color="teal" variant="light" size="sm" style={{ flexShrink: 0 }}>
                      {formatWait(answered - since)}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" truncate>
                  {c.lastText ?? '—'}
                </Text>
                <Text size="xs" c="dimmed">
                  {c.phone} · {c.assignedName ?? M.unassigned}
                </Text>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    </Card>
  );
}
