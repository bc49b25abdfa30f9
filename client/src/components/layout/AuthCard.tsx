import { Alert, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';

type AuthCardProps = { title: string; subtitle?: ReactNode; children: ReactNode; width?: number };

/** The centred card every sign-in, sign-up and recovery page sits in. */
export function AuthCard({ title, subtitle, children, width = 440 }: AuthCardProps) {
  return (
    <Center px="md" py={{ base: 32, sm: 64 }}>
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={width}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

type AuthMessageCardProps = {
  title: string;
  message: ReactNode;
  /** An error is an alert; anything else is a status in this colour with this icon. */
  status?: { color: string; icon: ReactNode };
  /** What the visitor can do next. */
  children?: ReactNode;
};

/** An auth page that has only something to say: an invalid link, a finished step. */
export function AuthMessageCard({ title, message, status, children }: AuthMessageCardProps) {
  const alert = status ? { ...status, role: 'status' } : { color: 'red', icon: <IconAlertCircle />, role: 'alert' };
  return (
    <AuthCard title={title}>
      <Alert color={alert.color} icon={alert.icon} role={alert.role}>
        {message}
      </Alert>
      {children}
    </AuthCard>
  );
}

/** An auth page's form: fields and buttons stacked; the shared schema checks them, not the browser. */
export function AuthForm({ onSubmit, children }: { onSubmit: FormEventHandler<HTMLFormElement>; children: ReactNode }) {
  return (
    <form onSubmit={onSubmit} noValidate method="dialog">
      <Stack gap="md">{children}</Stack>
    </form>
  );
}
