// The chrome around every admin list's table: the count line with its 'Actualizar' button,
// and the alert shown when the page of rows could not be loaded.
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { getErrorMessage } from '../../lib/errors';
import type { CountNoun } from '@casillero/shared';
import { ListCountText, type CountInfo } from './ServerListPagination';

type RefreshButtonProps = {
  /** Marks the list's queries stale (they refetch); the returned promise is not awaited. */
  onRefresh: () => unknown;
  /** A refetch of rows already shown is under way. */
  isRefreshing: boolean;
} & Omit<ComponentPropsWithRef<'button'>, 'onClick' | 'children' | 'color'>;

/** 'Actualizar': refetches the list. Extra props (a Tooltip's ref and handlers) reach the button. */
export function RefreshButton({ onRefresh, isRefreshing, ...props }: RefreshButtonProps) {
  return (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} />}
      {...props}
      onClick={() => void onRefresh()}
      loading={isRefreshing}
    >
      Actualizar
    </Button>
  );
}

type ListCountBarProps = {
  /** The list's count, once known. */
  count: CountInfo | undefined;
  noun: CountNoun;
  /** With it, an 'Actualizar' button on the right. */
  onRefresh?: () => unknown;
  isRefreshing?: boolean;
  /** Whatever else goes on the right (after the refresh button when there is one). */
  children?: ReactNode;
};

/** "1.234 de 5.000 pagos" on the left; 'Actualizar' and any other controls on the right. */
export function ListCountBar({ count, noun, onRefresh, isRefreshing = false, children }: ListCountBarProps) {
  return (
    <Group justify="space-between">
      <ListCountText count={count} noun={noun} />
      {onRefresh && <RefreshButton onRefresh={onRefresh} isRefreshing={isRefreshing} />}
      {children}
    </Group>
  );
}

type ListLoadErrorProps = {
  error: unknown;
  /** The alert's title, and its text when the error itself says nothing usable. */
  fallback: string;
  /** How to turn the error into text; the server's own message by default. */
  toMessage?: (error: unknown, fallback: string) => string;
};

/** The red alert shown above a list whose rows failed to load. */
export function ListLoadError({ error, fallback, toMessage = getErrorMessage }: ListLoadErrorProps) {
  return (
    <Alert color="red" icon={<IconAlertCircle />} role="alert" title={fallback}>
      {toMessage(error, fallback)}
    </Alert>
  );
}
