// A section of the versions screen (VersionsScreen): a card headed by its title.
import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A section of the screen: a card with its heading (and something beside it, the current version's badge). */
export function VersionSection({
  headingId,
  title,
  aside,
  children,
}: {
  headingId: string;
  title: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} size="h4" id={headingId}>
      {title}
    </Title>
  );
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        {aside ? (
          <Group justify="space-between">
            {heading}
            {aside}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Card>
  );
}
