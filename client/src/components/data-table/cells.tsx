// Cells the lists share: a value with a dimmed line under it, a value's badge (alone or with
// its notes under it), a value changed in place, and a row's icon action.
import type { ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Group,
  Select,
  Stack,
  Text,
  Tooltip,
  type MantineColor,
  type SelectProps,
} from '@mantine/core';
import { IconEye } from '@tabler/icons-react';

/** A cell's main text with a dimmed second line (a customer's name and e-mail, a weight and a value). */
export function StackedCell({
  main,
  sub,
  mono = false,
  nowrap = false,
}: {
  main: ReactNode;
  sub?: ReactNode;
  mono?: boolean;
  nowrap?: boolean;
}) {
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

/** 'Ver detalles' of a row, named by what the row is ('Ver detalles de 1Z…'): the first of its actions. */
export function DetailsAction({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <RowAction
      label="Ver detalles"
      ariaLabel={`Ver detalles de ${name}`}
      icon={<IconEye size={18} />}
      onClick={onClick}
    />
  );
}

/**
 * What a list's columns call: one handler per row action, and whether the role may change rows
 * (a role that only reads sees 'Ver detalles' and no change controls).
 */
export type ListActions<Row, K extends string> = Record<K, (row: Row) => void> & { canWrite: boolean };

/** The row's actions, side by side. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap">
      {children}
    </Group>
  );
}

type LabelBadgeProps<V extends string> = {
  value: V;
  /** The domain's Spanish labels and its colours, one per value. */
  labels: Record<V, string>;
  colors: Record<V, MantineColor>;
};

/** A status or a type as a light badge in its colour; it never wraps inside a narrow cell. */
export function LabelBadge<V extends string>({ value, labels, colors }: LabelBadgeProps<V>) {
  return (
    <Badge color={colors[value]} variant="light" style={{ minWidth: 'max-content' }}>
      {labels[value]}
    </Badge>
  );
}

/** A status as a light badge with its notes under it (what is left to pay, when it was approved). */
export function StatusWithNotes<V extends string>({
  value,
  labels,
  colors,
  children,
}: Omit<LabelBadgeProps<V>, 'colors'> & { colors: Record<V, string>; children: ReactNode }) {
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={colors[value]} variant="light">
        {labels[value]}
      </Badge>
      {children}
    </Stack>
  );
}

type InlineSelectProps<V extends string> = {
  /** The accessible name, naming the row ('Estado del envío ENV-1'). */
  label: string;
  w: number;
  /** The options; their values are V. */
  data: SelectProps['data'];
  value: V;
  /** A save is under way: the select waits. */
  saving: boolean;
  /** A value other than the current one was chosen. */
  onChange: (value: V) => void;
};

/** A row's value changed in place (a status, a role). */
export function InlineSelect<V extends string>({ label, w, data, value, saving, onChange }: InlineSelectProps<V>) {
  return (
    <Select
      size="xs"
      w={w}
      // On a phone's card it shares a row with another value: never wider than its half.
      maw={{ base: '100%', sm: 'none' }}
      aria-label={label}
      allowDeselect={false}
      disabled={saving}
      data={data}
      value={value}
      onChange={(next) => next && next !== value && onChange(next as V)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
