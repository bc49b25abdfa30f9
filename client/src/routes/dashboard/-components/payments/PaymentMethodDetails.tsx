import { Button, Card, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { PAYMENT_METHOD_FIELDS, PAYMENT_METHOD_MESSAGES } from '@casillero/shared';
import type { PaymentMethodOption } from './invoice-text';

/**
 * Where to pay with the chosen method: each detail of its kind (bank, phone, account...) with a
 * button that copies it in one tap, then the method's instructions.
 */
export function PaymentMethodDetails({ method }: { method: PaymentMethodOption }) {
  const fields: Record<string, string> = PAYMENT_METHOD_FIELDS[method.kind];
  const details = Object.entries(fields).flatMap(([key, label]) => {
    const value = method.details[key]?.trim();
    return value ? [{ key, label, value }] : [];
  });
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      bg="gray.0"
      component="section"
      aria-label={`Datos para pagar con ${method.name}`}
    >
      <Stack gap="xs">
        {details.map(({ key, label, value }) => (
          <Group key={key} justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} miw={0}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </Stack>
            <CopyButton value={value} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  size="compact-sm"
                  variant={copied ? 'filled' : 'light'}
                  color={copied ? 'teal' : undefined}
                  leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  onClick={copy}
                  aria-label={copied ? `${label}: ${PAYMENT_METHOD_MESSAGES.copied}` : `Copiar ${label}`}
                  style={{ flexShrink: 0 }}
                >
                  {copied ? PAYMENT_METHOD_MESSAGES.copied : 'Copiar'}
                </Button>
              )}
            </CopyButton>
          </Group>
        ))}
        {method.instructions && (
          <Text size="sm" c="dimmed">
            {method.instructions}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
