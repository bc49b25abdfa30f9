// The dashboard's card for customer service and the administrator (docs/product/whatsapp-desk.md#the-inbox):
// how many WhatsApp conversations are open, how many still wait for a first reply, and the oldest wait.
import { Card, Group, Text } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { CONVERSATION_MESSAGES as M, formatCount, formatWait } from '@casillero/shared';
import { AnchorLink } from '../links';
import { trpc } from '../../lib/trpc';

export function WaitingConversationsCard() {
  const waiting = useQuery({ ...trpc.conversations.waiting.queryOptions(), refetchInterval: 30_000 });
  if (!waiting.data) return null;
  const { waiting: open, unanswered, oldestSince } = waiting.data;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="conversations-card">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Group gap="xs">
          <IconBrandWhatsapp size={20} aria-hidden />
          <Text fw={700}>{M.dashboardTitle}</Text>
        </Group>
        <AnchorLink to="/admin/conversaciones" fw={700} aria-label={`${M.dashboardTitle}: ${formatCount(unanswered)}`}>
          {formatCount(unanswered)}
        </AnchorLink>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {open === 0
          ? M.dashboardNone
          : [
              M.dashboardCounts(formatCount(open), formatCount(unanswered)),
              oldestSince ? M.dashboardOldest(formatWait(Date.now() - new Date(oldestSince).getTime())) : null,
            ]
              .filter(Boolean)
              .join(' ')}
      </Text>
    </Card>
  );
}
