// A statement's credits, each with its state against the payments reported in bolívares
// (computed by the server when read), and the one button that approves every match. A credit
// whose reference an approved payment already carries is shown with that payment (who, how much,
// when, a link to it) and offers nothing to do: a bank reference pays once.
import { Alert, Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { IconAlertCircle, IconChecks, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  RECONCILIATION_MESSAGES as M,
  RECONCILIATION_STATE_COLORS,
  RECONCILIATION_STATE_LABELS,
  formatDate,
  formatVesCentimos,
} from '@casillero/shared';
import { AnchorLink } from '../../../../components/links';
import { ResponsiveTable, type ResponsiveColumn } from '../../../../components/data-table';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { getErrorMessage } from '../../../../lib/errors';
import { notifyChange } from '../../../../lib/notify';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { trpc } from '../../../../lib/trpc';
import { AssignLineDialog } from './AssignLineDialog';
import { RECONCILIATION_TEXTS as T } from './texts';

type Line = inferOutput<typeof trpc.reconciliation.lines>['lines'][number];

/** "2026-03-05" → "05/03/2026", as the bank wrote it (no time zone involved). */
const formatDay = (day: string) => day.split('-').reverse().join('/');

/** Chooses which reported payment an ambiguous line approves; absent for roles that only read. */
type Choose = ((line: Line, paymentId: string) => void) | null;

/** Opens "Asignar a un cliente" for a line nobody reported; absent for roles that only read. */
type Assign = ((line: Line) => void) | null;

/** An ambiguous line's candidates, each with what it reported and, for the cashier, its button. */
function AmbiguousCandidates({ line, choose }: { line: Line; choose: Choose }) {
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed">
        {M.ambiguousNote}
      </Text>
      {line.candidates.map((c) => (
        <Group key={c.paymentId} gap="xs" wrap="nowrap" justify="space-between">
          <Stack gap={0}>
            <Text size="sm">{c.customerName ?? c.customerEmail}</Text>
            <Text size="xs" c="dimmed">
              {c.customerEmail} · {formatVesCentimos(c.reportedVesCentimos)} · {c.reference ?? ''}
            </Text>
          </Stack>
          {choose && (
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => choose(line, c.paymentId)}
              aria-label={`${M.chooseCandidate}: ${c.customerName ?? c.customerEmail}`}
            >
              {M.chooseCandidate}
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}

function CustomerCell({ line, choose, assign }: { line: Line; choose: Choose; assign: Assign }) {
  if (line.state === 'ambiguous') return <AmbiguousCandidates line={line} choose={choose} />;
  if (line.state === 'not_found' && assign)
    return (
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconUserPlus size={14} />}
        onClick={() => assign(line)}
        aria-label={`${M.assignAction}: ${line.reference}`}
      >
        {M.assignAction}
      </Button>
    );
  const c = line.candidate;
  if (!c)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm">{c.customerName ?? c.customerEmail}</Text>
      <Text size="xs" c="dimmed">
        {c.customerEmail}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace" title="Pago">
        {c.reference ?? ''} · {c.paymentId.slice(0, 8)}
      </Text>
      {c.approvedAt && (
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed">
            {M.countedOn(formatDate(c.approvedAt))}
          </Text>
          <AnchorLink
            to="/admin/pagos"
            search={{ ver: c.paymentId }}
            size="xs"
            aria-label={`${M.viewPayment}: ${c.customerName ?? c.customerEmail}`}
          >
            {M.viewPayment}
          </AnchorLink>
        </Group>
      )}
    </Stack>
  );
}

function ReportedCell({ line }: { line: Line }) {
  const c = line.candidate;
  if (!c)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const difference = line.vesCentimos - c.reportedVesCentimos;
  return (
    <Stack gap={0}>
      <Text size="sm">{formatVesCentimos(c.reportedVesCentimos)}</Text>
      {line.state === 'amount_differs' && (
        <Text size="xs" c="orange">
          {T.difference(formatVesCentimos(difference))}
        </Text>
      )}
      {line.state === 'amount_differs' && c.approvedAt && (
        <Text size="xs" c="dimmed" maw={260}>
          {M.countedAmountDiffers}
        </Text>
      )}
    </Stack>
  );
}

const lineColumns = (choose: Choose, assign: Assign): ResponsiveColumn<Line>[] => [
  { header: T.colLine, cell: (line) => line.lineNumber },
  { header: T.colDate, cell: (line) => formatDay(line.movementDate) },
  { header: T.colReference, card: 'title', mono: true, cell: (line) => line.reference },
  { header: T.colDescription, card: 'wide', cell: (line) => line.description || '—' },
  {
    header: T.colAmount,
    align: 'right',
    cell: (line) => <span style={{ whiteSpace: 'nowrap' }}>{formatVesCentimos(line.vesCentimos)}</span>,
  },
  {
    header: T.colState,
    card: 'status',
    cell: (line) => (
      <Badge
        color={RECONCILIATION_STATE_COLORS[line.state]}
        variant="light"
        tt="none"
        h="auto"
        py={2}
        // A narrow column wraps the state's words instead of cutting them ("Ya co…").
        styles={{ label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.3 } }}
      >
        {RECONCILIATION_STATE_LABELS[line.state]}
      </Badge>
    ),
  },
  { header: T.colCustomer, cell: (line) => <CustomerCell line={line} choose={choose} assign={assign} /> },
  { header: T.colReported, cell: (line) => <ReportedCell line={line} /> },
];

export function StatementLines({ statementId, canApprove }: { statementId: string; canApprove: boolean }) {
  const query = useQuery(trpc.reconciliation.lines.queryOptions({ statementId }));
  const approve = useMutation(trpc.reconciliation.approveMatched.mutationOptions());
  const approveLine = useMutation(trpc.reconciliation.approveLine.mutationOptions());
  const invalidate = useInvalidate(trpc.reconciliation, trpc.payments, trpc.billing);
  const [assigning, setAssigning] = useState<Line | null>(null);

  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} role="alert">
        {getErrorMessage(query.error, T.loadFailed)}
      </Alert>
    );
  }
  if (!query.data) return <Skeleton h={160} />;
  const { statement, lines, matchedCount } = query.data;

  const approveAll = () =>
    notifyChange(
      async () => {
        const result = await approve.mutateAsync({ statementId });
        await invalidate();
        return result;
      },
      (result) => ({ title: result.approved > 0 ? M.approvedTitle : undefined, message: result.message }),
      (error) => getErrorMessage(error, T.approveFailed),
    );

  const choose: Choose = canApprove
    ? (line, paymentId) =>
        void notifyChange(
          async () => {
            const result = await approveLine.mutateAsync({ lineId: line.id, paymentId });
            await invalidate();
            return result;
          },
          (result) => ({ title: M.approvedTitle, message: result.message }),
          (error) => getErrorMessage(error, T.approveFailed),
        )
    : null;

  return (
    <Stack gap="sm" data-testid="statement-lines">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4">
          {T.linesTitle(statement.fileName)}
        </Title>
        {canApprove && (
          <Button
            leftSection={<IconChecks size={18} />}
            disabled={matchedCount === 0}
            loading={approve.isPending}
            onClick={() => void approveAll()}
          >
            {T.approve(matchedCount)}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {M.paidOnce}
      </Text>
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {T.noLines}
        </Text>
      ) : (
        <ResponsiveTable
          caption={T.linesTitle(statement.fileName)}
          rows={lines}
          columns={lineColumns(choose, canApprove ? setAssigning : null)}
          cardLabel={(line) => `${T.colLine} ${line.lineNumber}: ${line.reference}`}
          rowAttributes={() => ({ 'data-testid': 'statement-line' })}
          minWidth={900}
        />
      )}
      <AssignLineDialog subject={assigning} onClose={() => setAssigning(null)} />
    </Stack>
  );
}
