import { Badge, Group, Text } from '@mantine/core';
import { MAILBOX_STATUS_LABELS, type MailboxCountry, type MailboxStatus } from '@casillero/shared';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { trpc } from '../../../../lib/trpc';

/** Flags of the Países column (docs/product/admin-clients.md#the-list): USA, CHINA or other. */
export const COUNTRY_FLAG: Record<MailboxCountry, { flag: string; label: string }> = {
  USA: { flag: '🇺🇸', label: 'USA' },
  CHINA: { flag: '🇨🇳', label: 'CHINA' },
  OTHER: { flag: '🌐', label: 'Otro' },
};

export function CountryBadge({ country }: { country: MailboxCountry }) {
  const c = COUNTRY_FLAG[country];
  return (
    <Badge
      variant="default"
      radius="sm"
      leftSection={<span aria-hidden>{c.flag}</span>}
      style={{ minWidth: 'max-content' }}
    >
      {c.label}
    </Badge>
  );
}

export function MailboxStatusBadge({ status }: { status: MailboxStatus }) {
  return (
    <Badge color={status === 'active' ? 'green' : 'gray'} variant="light" size="sm">
      {MAILBOX_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A mailbox code with its status as a coloured dot. */
export function MailboxCode({ code, status }: { code: string; status: MailboxStatus }) {
  return (
    <Group gap={6} wrap="nowrap">
      <span
        aria-hidden
        style={{
          width: 8,
          height: 8,
          borderRadius: 4,
          background: status === 'active' ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-gray-5)',
        }}
      />
      <Text size="xs" ff="monospace" title={MAILBOX_STATUS_LABELS[status]} style={{ whiteSpace: 'nowrap' }}>
        {code}
      </Text>
    </Group>
  );
}

/** After a change the list, the count, the details and the picker are stale. */
export const useInvalidateClients = () => useInvalidate(trpc.clients, trpc.mailboxes);
