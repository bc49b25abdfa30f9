import { Stack, Text } from '@mantine/core';

/** A small figure with its label above it, as the customer's cards and drawers show them. */
export function LabeledValue({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
}
