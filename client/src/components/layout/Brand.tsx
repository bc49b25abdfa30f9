import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { BRAND_NAME } from '../../lib/site';
import { AnchorLink } from '../links';

/** The logo and name, linking home. */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <AnchorLink to="/" underline="never" c="inherit" aria-label={`${BRAND_NAME}: ir al inicio`}>
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon size="lg" radius="md" variant="filled">
          <IconPackage size={20} />
        </ThemeIcon>
        {!compact && (
          <Text fw={800} size="lg">
            {BRAND_NAME}
          </Text>
        )}
      </Group>
    </AnchorLink>
  );
}
