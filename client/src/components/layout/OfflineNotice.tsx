// What a page that cannot load shows while it waits: without a connection, or while the server
// answers 503. Both are a wait, not an error; the page tries again by itself.
import { Stack, Text, Title } from '@mantine/core';
import { IconClockPause, IconWifiOff, type Icon } from '@tabler/icons-react';
import { GENERIC_MESSAGES, OFFLINE_MESSAGES } from '@casillero/shared';

function WaitNotice({ icon: IconC, title, body }: { icon: Icon; title: string; body: string }) {
  return (
    <Stack align="center" ta="center" gap="sm">
      <IconC size={40} aria-hidden />
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text>{body}</Text>
    </Stack>
  );
}

/** The offline page's message, inside the app: what a page that cannot load shows without a connection. */
export function OfflineNotice() {
  return <WaitNotice icon={IconWifiOff} title={OFFLINE_MESSAGES.title} body={OFFLINE_MESSAGES.body} />;
}

/** While the server answers 503 (its database cannot be reached). */
export function ServiceUnavailableNotice() {
  return (
    <WaitNotice
      icon={IconClockPause}
      title={GENERIC_MESSAGES.serviceUnavailableTitle}
      body={GENERIC_MESSAGES.serviceUnavailable}
    />
  );
}
