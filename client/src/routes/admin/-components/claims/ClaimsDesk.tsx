// The claims desk (docs/product/claims.md), on the list engine: the queue with its answer-by date,
// overdue first; a claim's drawer with its evidence and the desk's steps: assign, ask the
// customer for more (the clock pauses), decide (approve, approve in part, reject with a reason).
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { inferOutput } from '@trpc/tanstack-react-query';
import {
  CLAIM_KINDS,
  CLAIM_KIND_LABELS,
  CLAIM_MESSAGES as M,
  CLAIM_STATUSES,
  CLAIM_STATUS_STAFF_LABELS,
  formatDateTime,
  type ClaimKind,
  type ClaimStatus,
} from '@casillero/shared';
import { DeskList, RowAction, RowActions, StackedCell, dataTableColumns } from '../../../../components/data-table';
import type { ListProps, ListSearch } from '../../../../components/data-table';
import { DetailsDrawer } from '../../../../components/details/DetailsDrawer';
import { ClaimStatusBadge, ClaimView, type ClaimDetail } from '../../../../components/claims/ClaimView';
import { useChangeToasts } from '../../../../components/forms/useInvalidate';
import { getErrorMessage } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { ClaimDecision } from './ClaimDecision';
import { GrowingTextarea } from '../../../../components/forms/fields';

export type ClaimSort = 'answerBy' | 'createdAt';
export type ClaimSearch = ListSearch<ClaimSort> & { status?: ClaimStatus; kind?: ClaimKind };
type ClaimRow = inferOutput<typeof trpc.claims.list>['rows'][number];

const col = dataTableColumns<ClaimRow>();

function claimColumns(open: (row: ClaimRow) => void) {
  return [
    col.accessor('code', {
      id: 'code',
      header: 'Reclamo',
      enableSorting: false,
      cell: (info) => {
        const r = info.row.original;
        return <StackedCell mono main={r.code} sub={r.customer} />;
      },
    }),
    col.cell('kind', 'Tipo', (r) => <StackedCell main={CLAIM_KIND_LABELS[r.kind]} sub={r.subject} />),
    col.cell('status', 'Estado', (r) => <ClaimStatusBadge status={r.status} audience="staff" />),
    col.accessor('answerBy', {
      id: 'answerBy',
      header: M.answerBy,
      cell: (info) => {
        const r = info.row.original;
        if (!r.answerBy) return r.status === 'waiting_customer' ? <Text size="sm">{M.paused}</Text> : '—';
        const overdue = new Date(r.answerBy).getTime() < Date.now();
        return (
          <Group gap={6}>
            <Text size="sm">{formatDateTime(r.answerBy)}</Text>
            {overdue && <Badge color="red">{M.overdue}</Badge>}
          </Group>
        );
      },
    }),
    col.cell('assigned', 'Asignado a', (r) => r.assignedName ?? '—'),
    col.accessor('createdAt', { id: 'createdAt', header: 'Abierto', cell: (info) => formatDateTime(info.getValue()) }),
    col.actions((row) => (
      <RowActions>
        <RowAction label="Ver" ariaLabel={`Ver ${row.code}`} icon={<IconEye size={18} />} onClick={() => open(row)} />
      </RowActions>
    )),
  ];
}

export function ClaimsList(props: ListProps<ClaimSearch>) {
  // Without a chosen status the queue shows what still waits for a decision.
  const openOnly = !props.search.status;
  return (
    <DeskList
      {...props}
      defaults={{ sort: 'answerBy' as ClaimSort, dir: 'asc', filterKeys: ['q', 'status', 'kind'] }}
      rowsQuery={(state) => trpc.claims.list.queryOptions({ ...state.input, openOnly })}
      countQuery={(state) => trpc.claims.count.queryOptions({ ...state.filters, openOnly })}
      columns={claimColumns}
      text={{
        caption: 'Reclamos',
        noun: 'reclamos',
        empty: M.adminEmpty,
        loadFailed: 'No se pudieron cargar los reclamos.',
        searchPlaceholder: 'Código, cliente, WR o envío',
      }}
      toMessage={getErrorMessage}
      selects={[
        { key: 'status', label: 'Estado', w: 200, values: CLAIM_STATUSES, labels: CLAIM_STATUS_STAFF_LABELS },
        { key: 'kind', label: 'Tipo', w: 240, values: CLAIM_KINDS, labels: CLAIM_KIND_LABELS },
      ]}
      drawer={(open) => (
        <DetailsDrawer
          {...open}
          title="Reclamo"
          size="lg"
          query={(id) => trpc.claims.adminDetail.queryOptions({ id })}
          loadFailed={M.notFound}
        >
          {(claim) => <ClaimDesk claim={claim} />}
        </DetailsDrawer>
      )}
    />
  );
}

function ClaimDesk({ claim }: { claim: ClaimDetail & { customer: string; assignedTo: string | null } }) {
  const open = claim.status === 'open' || claim.status === 'waiting_customer';
  return (
    <Stack gap="md">
      <Text size="sm">Cliente: {claim.customer}</Text>
      {open && <Assign claim={claim} />}
      <ClaimView claim={claim} audience="staff" />
      {open && <Ask id={claim.id} />}
      {open && <ClaimDecision claim={claim} />}
    </Stack>
  );
}

function Assign({ claim }: { claim: { id: string; assignedTo: string | null } }) {
  const people = useQuery(trpc.claims.deskPeople.queryOptions());
  const assign = useMutation(trpc.claims.assign.mutationOptions());
  const toasts = useChangeToasts(trpc.claims);
  return (
    <Select
      label="Asignado a"
      placeholder="Sin asignar"
      data={(people.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      value={claim.assignedTo}
      allowDeselect={false}
      onChange={(staffId) => staffId && assign.mutate({ id: claim.id, staffId }, toasts)}
    />
  );
}

function Ask({ id }: { id: string }) {
  const [request, setRequest] = useState('');
  const ask = useMutation(trpc.claims.ask.mutationOptions());
  const toasts = useChangeToasts(trpc.claims);
  return (
    <Card withBorder padding="sm">
      <Stack gap="xs">
        <GrowingTextarea
          label="Pedir más información al cliente"
          value={request}
          onChange={(e) => setRequest(e.currentTarget.value)}
        />
        <Button
          variant="light"
          w="fit-content"
          loading={ask.isPending}
          onClick={() =>
            ask.mutate(
              { id, request },
              {
                ...toasts,
                onSuccess: (r) => {
                  toasts.onSuccess(r);
                  setRequest('');
                },
              },
            )
          }
        >
          Pedir al cliente
        </Button>
      </Stack>
    </Card>
  );
}
