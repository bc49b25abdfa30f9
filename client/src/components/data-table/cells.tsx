// Cells the admin lists share: a value with a dimmed line under it, and a row's icon action.
import type { ReactNode } from 'react';
import { ActionIcon, Group, Text, Tooltip, type MantineColor } from '@mantine/core';

/** A cell's main text with a dimmed second line (a customer's name and e-mail, a weight and a value). */
export function StackedCell({ main, sub, mono = false, nowrap = false }: { main: ReactNode; sub?: ReactNode; mono?: boolean; nowrap?: boolean }) {
  const style = nowrap ? { whiteSpace: 'nowrap' as const } : undefined;
  return (
    <div>
      <Text size="sm" ff={mono ? 'monospace' : undefined} fw={mono ? 600 : undefined} style={style}>
        {main ?? '—'}
      </Text>
      {sub !== undefined && (
        <Text size="xs" c="dimmed" style={style}>
          {sub}
        </Text>
      )}
    </div>
  );
}

type RowActionProps = {
  /** The tooltip. */
  label: string;
  /** The accessible name, naming the row ('Ver detalles de 1Z…'). */
  ariaLabel: string;
  icon: ReactNode;
  onClick: () => void;
  color?: MantineColor;
  disabled?: boolean;
};

/** One icon button of a row's actions, with its tooltip. */
export function RowAction({ label, ariaLabel, icon, onClick, color, disabled }: RowActionProps) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={ariaLabel} onClick={onClick} disabled={disabled}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}

/** The row's actions, side by side. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {children}
    </Group>
  );
}
