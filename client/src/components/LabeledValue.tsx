import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';

/** A value with its small label above it, as cards, drawers and details show them (`value` or children). */
export function LabeledValue({ label, value, children }: { label: string; value?: ReactNode; children?: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {value ?? children}
      </Text>
    </Stack>
  );
}
