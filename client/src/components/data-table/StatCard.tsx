// The figure cards above the admin lists and on the dashboards: a label, a big figure (a
// skeleton until it is known), an optional line under it, and the icon in its colour.
import type { ReactNode } from 'react';
import { Card, Group, Skeleton, Text, ThemeIcon, type ElementProps, type MantineColor } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { formatDecimal } from '@casillero/shared';

type StatCardProps = {
  label: string;
  /**
   * The figure; undefined while it loads. A number is a count: shown '1.234' and read with
   * its label ('Pendientes: 1234'); anything else comes formatted.
   */
  value: ReactNode | undefined;
  /** A line under the figure. */
  detail?: ReactNode;
  /** Under the whole card (a comparison with the previous period). */
  footer?: ReactNode;
  icon: Icon;
  color: MantineColor;
  /** 'lg' for a dashboard's headline figures: more room and a bolder label. */
  size?: 'md' | 'lg';
} & Omit<ElementProps<'div'>, 'color'>;

export function StatCard({
  label,
  value,
  detail,
  footer,
  icon: IconC,
  color,
  size = 'md',
  ...cardProps
}: StatCardProps) {
  const isLarge = size === 'lg';
  return (
    <Card withBorder radius="md" padding={size} {...cardProps}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        {/* The text gives way (a long amount wraps) so the icon always fits in the card. */}
        <div style={{ minWidth: 0 }}>
          <Text size="sm" c="dimmed" fw={isLarge ? 600 : undefined}>
            {label}
          </Text>
          {value === undefined ? (
            <Skeleton h={isLarge ? 34 : 32} w={isLarge ? 110 : 80} mt={4} mb={isLarge ? 4 : undefined} />
          ) : (
            <Text
              fz={28}
              fw={700}
              aria-label={typeof value === 'number' ? `${label}: ${value}` : undefined}
              data-testid="kpi-value"
            >
              {typeof value === 'number' ? formatDecimal(value, { decimals: 2 }) : value}
            </Text>
          )}
          {detail !== undefined && (
            <Text size="sm" c="dimmed">
              {detail}
            </Text>
          )}
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={color} style={{ flexShrink: 0 }}>
          <IconC size={24} />
        </ThemeIcon>
      </Group>
      {footer && <div style={{ marginTop: 8 }}>{footer}</div>}
    </Card>
  );
}
