// The statements uploaded lately, newest first; any of them can be opened again (a payment
// reported after the upload is matched when the statement is read).
import { Badge, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@casillero/shared';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { ResponsiveTable, type ResponsiveColumn } from '../../../../components/data-table';
import { trpc } from '../../../../lib/trpc';
import { RECONCILIATION_TEXTS as T } from './texts';

type Statement = inferOutput<typeof trpc.reconciliation.statements>[number];

function statementColumns(
  openId: string | undefined,
  onOpen: (statementId: string) => void,
): ResponsiveColumn<Statement>[] {
  return [
    { header: T.colFile, card: 'title', cell: (s) => s.fileName },
    { header: T.colUploaded, cell: (s) => formatDateTime(s.createdAt) },
    { header: T.colBy, cell: (s) => s.uploadedByName ?? '—' },
    {
      header: T.colLines,
      align: 'right',
      cell: (s) => (
        <>
          {s.newLineCount}
          {s.lineCount > s.newLineCount && (
            <Text span size="xs" c="dimmed">
              {' '}
              / {s.lineCount}
            </Text>
          )}
        </>
      ),
    },
    { header: T.colApproved, align: 'right', cell: (s) => s.approvedCount },
    {
      header: '',
      card: 'actions',
      align: 'right',
      cell: (s) =>
        s.id === openId ? (
          <Badge variant="light" tt="none">
            {T.opened}
          </Badge>
        ) : (
          <Button size="compact-sm" variant="light" onClick={() => onOpen(s.id)} aria-label={`${T.open} ${s.fileName}`}>
            {T.open}
          </Button>
        ),
    },
  ];
}

export function StatementsList({
  openId,
  onOpen,
}: {
  openId: string | undefined;
  onOpen: (statementId: string) => void;
}) {
  const query = useQuery(trpc.reconciliation.statements.queryOptions());
  if (!query.data) return query.isError ? null : <Skeleton h={80} />;
  const statements = query.data;

  return (
    <Stack gap="xs" data-testid="statements">
      <Title order={2} size="h4">
        {T.recentTitle}
      </Title>
      {statements.length === 0 ? (
        <Text size="sm" c="dimmed">
          {T.noStatements}
        </Text>
      ) : (
        <ResponsiveTable
          caption={T.recentTitle}
          rows={statements}
          columns={statementColumns(openId, onOpen)}
          cardLabel={(s) => `${T.colFile} ${s.fileName}`}
          highlighted={(s) => s.id === openId}
          minWidth={640}
        />
      )}
    </Stack>
  );
}
