// The customer's personal address for pre-alerts from e-mail, with a copy button
// (docs/product/prealerts-from-email.md#recepción): shown in Mis Casilleros and Prealertas.
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { IconCheck, IconCopy, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PREALERT_MAIL_MESSAGES as M } from '@casillero/shared';
import { trpc } from '../../lib/trpc';

export function InboundAddressCard() {
  const address = useQuery(trpc.prealertMail.address.queryOptions()).data?.address;
  const [copied, setCopied] = useState(false);
  // Without INBOUND_MAIL_DOMAIN the business does not receive mail yet: nothing to show.
  if (!address) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={M.addressTitle}>
      <Stack gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconMail size={20} aria-hidden />
          <Text fw={600}>{M.addressTitle}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          {M.addressHelp}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Text ff="monospace" size="sm" style={{ wordBreak: 'break-all' }} data-testid="inbound-address">
            {address}
          </Text>
          <Button
            size="xs"
            variant="light"
            color={copied ? 'teal' : undefined}
            leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            onClick={async () => {
              await navigator.clipboard?.writeText(address).catch(() => {});
              setCopied(true);
              setTimeout(() => setCopied(false), 1500);
            }}
          >
            {copied ? M.copied : M.copy}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
