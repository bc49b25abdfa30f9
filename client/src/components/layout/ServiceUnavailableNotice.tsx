import { Stack, Text, Title } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';
import { GENERIC_MESSAGES } from '@casillero/shared';

/**
 * What a page that cannot load shows while the server answers 503 (its database cannot be
 * reached): like the offline page, a wait, not an error; the page tries again by itself.
 */
export function ServiceUnavailableNotice() {
  return (
    <Stack align="center" ta="center" gap="sm">
      <IconClockPause size={40} aria-hidden />
      <Title order={1} size="h2">
        {GENERIC_MESSAGES.serviceUnavailableTitle}
      </Title>
      <Text>{GENERIC_MESSAGES.serviceUnavailable}</Text>
    </Stack>
  );
}
