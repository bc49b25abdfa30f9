import { Group } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';

/** Stars out of 5, read by screen readers as 'Valoración: 5 de 5'. */
export function StarRating({ value, size = 16 }: { value: number; size?: number }) {
  const full = Math.round(value);
  return (
    <Group gap={2} role="img" aria-label={`Valoración: ${value} de 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <IconStarFilled
          // biome-ignore lint/suspicious/noArrayIndexKey: five fixed stars
          key={i}
          size={size}
          aria-hidden
          color={i < full ? 'var(--mantine-color-yellow-6)' : 'var(--mantine-color-gray-4)'}
        />
      ))}
    </Group>
  );
}
