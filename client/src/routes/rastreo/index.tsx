import { Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PUBLIC_TRACKING_MESSAGES as M } from '@casillero/shared';

export const Route = createFileRoute('/rastreo/')({
  component: () => (
    <Text c="dimmed" ta="center">
      {M.intro}
    </Text>
  ),
});
