import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

type PageHeaderProps = { title: string; description?: ReactNode; actions?: ReactNode };

/** The title of a client-area page, its one-line purpose and optional actions on the right. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </Stack>
      {actions}
    </Group>
  );
}

/** A client-area page: its header, then its content, no wider than `maxWidth`. */
export function DashboardPage({
  maxWidth,
  children,
  ...header
}: PageHeaderProps & { maxWidth: number; children: ReactNode }) {
  return (
    <Stack gap="lg" maw={maxWidth}>
      <PageHeader {...header} />
      {children}
    </Stack>
  );
}
