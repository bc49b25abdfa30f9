// The frame of a form on a customer's account (an adjustment or refund, an invoice issued by
// hand): a small card named by its title, with the amounts' plausibility question above it.
import type { FormEventHandler, ReactNode } from 'react';
import { Card, Stack, Text } from '@mantine/core';

export function AccountFormCard({
  title,
  onSubmit,
  dialog,
  children,
}: {
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The plausibility question (`usePlausibleConfirm().dialog`). */
  dialog: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="sm">
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        {dialog}
        <Stack gap="sm">
          <Text fw={600} size="sm">
            {title}
          </Text>
          {children}
        </Stack>
      </form>
    </Card>
  );
}
