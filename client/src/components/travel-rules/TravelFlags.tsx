// The travel rules' flags where people read them (docs/product/travel-rules.md): a block in red, a
// warning in yellow, each with its reason and what the customer can do. The same component for the
// customer's pre-alerts and Acción requerida, the ship request and staff's package detail.
import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBan } from '@tabler/icons-react';
import { TRAVEL_RULES_MESSAGES as M, type TravelFlag } from '@casillero/shared';

export function TravelFlags({ flags, label }: { flags: readonly TravelFlag[]; label?: string }) {
  if (flags.length === 0) return null;
  return (
    <Stack gap={6} aria-label={M.flagsTitle}>
      {flags.map((f) => (
        <Alert
          key={f.code}
          p="xs"
          color={f.level === 'block' ? 'red' : 'yellow'}
          icon={f.level === 'block' ? <IconBan size={18} /> : <IconAlertTriangle size={18} />}
          title={`${f.level === 'block' ? M.blocked : M.warning}: ${label ? `${label} · ` : ''}${f.title}`}
        >
          <Text size="sm">{f.reason}</Text>
          <Text size="sm">
            <strong>{M.whatToDo}</strong> {f.advice}
          </Text>
        </Alert>
      ))}
    </Stack>
  );
}
