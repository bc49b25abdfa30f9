import { ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** The light round badge with an icon that heads a card or a feature of the public pages. */
export function FeatureIcon({
  icon: IconComponent,
  size,
  radius = 'md',
}: {
  icon: Icon;
  size: number;
  radius?: 'md' | 'xl';
}) {
  return (
    <ThemeIcon size={size} radius={radius} variant="light">
      <IconComponent size={size / 2 + 2} aria-hidden />
    </ThemeIcon>
  );
}
