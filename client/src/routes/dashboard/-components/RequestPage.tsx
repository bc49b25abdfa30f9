// The customer's request pages (Compras: docs/product/compra-asistida.md; Reclamos:
// docs/product/claims.md): a 390 px phone first, one column: the form of a new request, the open
// request's card, and the list of the customer's requests as cards that open one.
import { useState, type ReactNode } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { getErrorMessage } from '../../../lib/errors';
import { DashboardPage } from './PageHeader';
import { EmptyState, QueryState } from './QueryState';

type Listed = { id: string; code: string };

/** The page: what comes first (the form, its button, the open request), then the list or its empty message. */
export function RequestPage<Row extends Listed>({
  title,
  description,
  list,
  listLabel,
  empty,
  itemLabel,
  item,
  onOpen,
  children,
}: {
  title: string;
  description: string;
  list: UseQueryResult<Row[], unknown>;
  /** The list's accessible name ('Mis compras'). */
  listLabel: string;
  empty: { title: string; text: ReactNode };
  /** A card's accessible name, where it is not its text. */
  itemLabel?: (row: Row) => string;
  /** A card's lines under its code, and its status badge. */
  item: (row: Row) => { lines: ReactNode; badge: ReactNode };
  onOpen: (id: string) => void;
  children: ReactNode;
}) {
  return (
    <DashboardPage maxWidth={760} title={title} description={description}>
      {children}
      <QueryState query={list}>
        {(rows) =>
          rows.length === 0 ? (
            <EmptyState title={empty.title}>{empty.text}</EmptyState>
          ) : (
            <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={listLabel}>
              {rows.map((row) => {
                const { lines, badge } = item(row);
                return (
                  <li key={row.id}>
                    <Card
                      withBorder
                      padding="sm"
                      component="button"
                      type="button"
                      w="100%"
                      style={{ textAlign: 'left', cursor: 'pointer' }}
                      onClick={() => onOpen(row.id)}
                      aria-label={itemLabel?.(row)}
                    >
                      <Group justify="space-between" wrap="nowrap" align="flex-start">
                        <Stack gap={2}>
                          <Text fw={600} ff="monospace" size="sm">
                            {row.code}
                          </Text>
                          {lines}
                        </Stack>
                        {badge}
                      </Group>
                    </Card>
                  </li>
                );
              })}
            </Stack>
          )
        }
      </QueryState>
    </DashboardPage>
  );
}

/** The open request's card: loading and failure as the dashboard shows them, then its contents. */
export function RequestCard<D>({
  testId,
  query,
  children,
}: {
  testId: string;
  query: UseQueryResult<D, unknown>;
  children: (data: D) => ReactNode;
}) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <QueryState query={query}>{children}</QueryState>
    </Card>
  );
}

/** The form of a new request: its title, fields, the reason it was refused, and send or cancel. */
export function RequestForm({
  title,
  error,
  submitLabel,
  sending,
  disabled,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  error: string | null;
  submitLabel: string;
  sending: boolean;
  disabled?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Text fw={700}>{title}</Text>
        {children}
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group gap="sm">
          <Button loading={sending} disabled={disabled} onClick={onSubmit}>
            {submitLabel}
          </Button>
          <Button variant="subtle" onClick={onCancel}>
            Cancelar
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * A request form's sending: on success the change's toasts and reloads (`useChangeToasts`), then
 * what the form does next; on failure the server's refusal, kept to show in the form.
 */
export function useRequestSend(toasts: { onSuccess: (result: { message: string }) => void }) {
  const [error, setError] = useState<string | null>(null);
  const handlers = <R extends { message: string }>(then: (result: R) => void) => ({
    onSuccess: (result: R) => {
      toasts.onSuccess(result);
      setError(null);
      then(result);
    },
    onError: (e: unknown) => setError(getErrorMessage(e)),
  });
  return { error, handlers };
}
