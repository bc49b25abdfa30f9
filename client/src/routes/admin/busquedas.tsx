// Búsquedas (docs/product/first-mile.md#delivered-but-not-received): parcels the carrier says it
// delivered at the warehouse with no WR; the open ones first, the oldest delivery on top. The
// warehouse marks one found with its WR or adds a note; the administrator's settings and the
// 90-day counts sit under the list.
import { useMemo, useState } from 'react';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconNote } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  FIRST_MILE_CARRIER_NAMES,
  PARCEL_SEARCH_LABELS as L,
  PARCEL_SEARCH_STATUS_LABELS,
  formatCount,
  formatDateTime,
} from '@casillero/shared';
import {
  AdminPage,
  LabelBadge,
  RowAction,
  RowActions,
  StackedCell,
  dataTableColumns,
} from '../../components/data-table';
import { DataTable } from '../../components/data-table/DataTable';
import { SubjectModal } from '../../components/forms/FormDialog';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { MarkFoundForm, NoteForm, type SearchRow } from './-components/searches/SearchDialogs';
import { SearchSettingsCard } from './-components/searches/SearchSettings';
import { SearchStats } from './-components/searches/SearchStats';

export const Route = createFileRoute('/admin/busquedas')({
  // A literal: the route's head is in the entry chunk, and with it what it imports.
  head: pageHead('Búsquedas'),
  component: SearchesPage,
});

const STATUS_COLORS = { open: 'orange', found: 'teal', not_found: 'red' } as const;
const col = dataTableColumns<SearchRow>();
type Dialog = { kind: 'found' | 'note'; row: SearchRow };

function columns(open: (d: Dialog) => void) {
  return [
    col.cell('status', L.status, (r) => (
      <LabelBadge value={r.status} labels={PARCEL_SEARCH_STATUS_LABELS} colors={STATUS_COLORS} />
    )),
    col.cell('mailbox', L.mailbox, (r) => <StackedCell mono main={r.mailboxCode ?? '—'} sub={r.customerName} />),
    col.cell('number', L.number, (r) => (
      <StackedCell mono main={r.trackingNumber} sub={r.carrier ? FIRST_MILE_CARRIER_NAMES[r.carrier] : '—'} />
    )),
    col.cell('store', L.store, (r) => <Text size="sm">{r.store ?? '—'}</Text>),
    col.cell('delivered', L.deliveredAt, (r) => (
      <StackedCell main={formatDateTime(r.deliveredAt)} sub={r.deliveredLocation ?? '—'} />
    )),
    col.cell('proof', L.proof, (r) => (
      <Stack gap={0}>
        <Text size="sm">{r.proofSignedBy ? `${L.signedBy}: ${r.proofSignedBy}` : '—'}</Text>
        {r.proofPhotoUrl && (
          <Anchor size="sm" href={r.proofPhotoUrl} target="_blank" rel="noopener noreferrer">
            {L.photo}
          </Anchor>
        )}
      </Stack>
    )),
    col.cell('hours', L.hoursSince, (r) => (
      <StackedCell main={`${formatCount(r.hoursSinceDelivered)} h`} sub={r.warehouseReceipt ?? r.claimCode ?? ''} />
    )),
    col.actions((r) => (
      <RowActions>
        {r.status === 'open' && (
          <RowAction
            label={L.markFound}
            ariaLabel={`${L.markFound} ${r.trackingNumber}`}
            color="teal"
            icon={<IconCircleCheck size={18} />}
            onClick={() => open({ kind: 'found', row: r })}
          />
        )}
        <RowAction
          label={L.addNote}
          ariaLabel={`${L.addNote} ${r.trackingNumber}`}
          icon={<IconNote size={18} />}
          onClick={() => open({ kind: 'note', row: r })}
        />
      </RowActions>
    )),
  ];
}

function SearchesPage() {
  // Always fresh on arrival: a parcel received at Recepción a moment ago closes its search.
  const list = useQuery({ ...trpc.parcelSearches.list.queryOptions({ status: 'all' }), refetchOnMount: 'always' });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const cols = useMemo(() => columns(setDialog), []);
  const openCount = (list.data ?? []).filter((r) => r.status === 'open').length;
  return (
    <AdminPage title={L.page} subtitle={L.pageHint}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {PARCEL_SEARCH_STATUS_LABELS.open}: {formatCount(openCount)}
        </Text>
      </Group>
      <DataTable
        caption={L.page}
        columns={cols}
        data={list.data ?? []}
        getRowId={(r) => r.id}
        sort={{ sort: 'default', dir: 'asc' }}
        onSortChange={() => {}}
        isLoading={list.isPending}
        empty={L.empty}
      />
      <SubjectModal
        subject={dialog?.kind === 'found' ? dialog.row : null}
        title={L.markFound}
        onClose={() => setDialog(null)}
      >
        {(row) => <MarkFoundForm row={row} onClose={() => setDialog(null)} />}
      </SubjectModal>
      <SubjectModal
        subject={dialog?.kind === 'note' ? dialog.row : null}
        title={L.addNote}
        onClose={() => setDialog(null)}
      >
        {(row) => <NoteForm row={row} onClose={() => setDialog(null)} />}
      </SubjectModal>
      <SearchStats />
      <SearchSettingsCard />
    </AdminPage>
  );
}
