// The statements uploaded lately, newest first; any of them can be opened again (a payment
// reported after the upload is matched when the statement is read).
import { Badge, Button, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@casillero/shared';
import { trpc } from '../../../../lib/trpc';
import { RECONCILIATION_TEXTS as T } from './texts';

export function StatementsList({ openId, onOpen }: { openId: string | undefined; onOpen: (statementId: string) => void }) {
  const query = useQuery(trpc.reconciliation.statements.queryOptions());
  if (!query.data) return query.isError ? null : <Skeleton h={80} />;
  const statements = query.data;

  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {T.recentTitle}
      </Title>
      {statements.length === 0 ? (
        <Text size="sm" c="dimmed">
          {T.noStatements}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder verticalSpacing="xs" data-testid="statements">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.colFile}</Table.Th>
                <Table.Th>{T.colUploaded}</Table.Th>
                <Table.Th>{T.colBy}</Table.Th>
                <Table.Th ta="right">{T.colLines}</Table.Th>
                <Table.Th ta="right">{T.colApproved}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {statements.map((s) => {
                const isOpen = s.id === openId;
                return (
                  <Table.Tr key={s.id} bg={isOpen ? 'var(--mantine-color-blue-light)' : undefined}>
                    <Table.Td>{s.fileName}</Table.Td>
                    <Table.Td>{formatDateTime(s.createdAt)}</Table.Td>
                    <Table.Td>{s.uploadedByName ?? '—'}</Table.Td>
                    <Table.Td ta="right">
                      {s.newLineCount}
                      {s.lineCount > s.newLineCount && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          / {s.lineCount}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{s.approvedCount}</Table.Td>
                    <Table.Td ta="right">
                      {isOpen ? (
                        <Badge variant="light" tt="none">
                          {T.opened}
                        </Badge>
                      ) : (
                        <Button size="compact-sm" variant="light" onClick={() => onOpen(s.id)} aria-label={`${T.open} ${s.fileName}`}>
                          {T.open}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
