import { Stack, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { OFFLINE_MESSAGES } from '@casillero/shared';

/** The offline page's message, inside the app: what a page that cannot load shows without a connection. */
export function OfflineNotice() {
  return (
    <Stack align="center" ta="center" gap="sm">
      <IconWifiOff size={40} aria-hidden />
      <Title order={1} size="h2">
        {OFFLINE_MESSAGES.title}
      </Title>
      <Text>{OFFLINE_MESSAGES.body}</Text>
    </Stack>
  );
}
