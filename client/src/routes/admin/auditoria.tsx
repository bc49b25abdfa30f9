// /admin/auditoria (docs/product/staff-and-audit.md#audit-log): every staff change and staff
// sign-in, newest first, in words people read (the person and role, the action and fields in
// Spanish, the entity by its number as a link, Caracas time); searched by a person, a customer,
// an entity's number or an action, filtered by person, action, entity and a range of days; each
// entry's before and after in a drawer.
import { useMemo } from 'react';
import { Badge, Drawer, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '../../components/forms/DatePickerInput';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_CSV_PATH,
  spreadsheetPath,
  AUDIT_ENTITY_LABELS,
  AUDIT_MESSAGES as M,
  AUDIT_OPERATION_LABELS,
  auditActionLabel,
  formatCaracasDateTime,
  roleLabel,
} from '@casillero/shared';
import {
  AdminPage,
  ServerList,
  StackedCell,
  dataTableColumns,
  useListRoute,
  useServerListState,
  type ListSearch,
} from '../../components/data-table';
import { LabeledValue } from '../../components/LabeledValue';
import { downloadHref } from '../../lib/download';
import { listSearch, searchInt, searchString } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { AuditChanges } from '../../components/details/AuditChanges';
import { AuditEntity, auditEntityName } from '../../components/details/AuditEntity';
import type { inferOutput } from '@trpc/tanstack-react-query';

type AuditRow = inferOutput<typeof trpc.audit.list>['rows'][number];
/** The list's URL; `entrada` is the entry whose details are open (its id is a number). */
type AuditSearch = Omit<ListSearch<'createdAt'>, 'ver'> & {
  actorId?: string;
  action?: string;
  entity?: string;
  from?: string;
  to?: string;
  entrada?: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (v: unknown) => (typeof v === 'string' && DAY.test(v) ? v : undefined);

export const Route = createFileRoute('/admin/auditoria')({
  validateSearch: (search: Record<string, unknown>): AuditSearch => {
    const { ver: _ver, ...common } = listSearch(search, ['createdAt'] as const);
    return {
      ...common,
      actorId: searchString(search.actorId, 36),
      action: searchString(search.action, 100)?.trim() || undefined,
      // Any table name: the server's filter drops one it does not know (the list of labels stays out
      // of the first page's JavaScript).
      entity: searchString(search.entity, 60),
      from: day(search.from),
      to: day(search.to),
      entrada: searchInt(search.entrada),
    };
  },
  head: pageHead('Auditoría'),
  component: AuditPage,
});

const col = dataTableColumns<AuditRow>();
const ENTITY_OPTIONS = Object.entries(AUDIT_ENTITY_LABELS).map(([value, label]) => ({ value, label }));
const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'es'));

function AuditPage() {
  const { search, navigate: setSearch } = useListRoute<AuditSearch>(Route);
  const state = useServerListState(search, setSearch, {
    sort: 'createdAt',
    dir: 'desc',
    filterKeys: ['q', 'actorId', 'action', 'entity', 'from', 'to'],
  });
  const actors = useQuery(trpc.audit.actors.queryOptions());
  const open = (id: number) => setSearch((prev) => ({ ...prev, entrada: id }), { replace: false });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns are built once; opening details only writes the URL
  const columns = useMemo(
    () => [
      // The log is read newest first only: no column sorts.
      col.cell('createdAt', 'Fecha (hora de Caracas)', (r) => formatCaracasDateTime(r.createdAt)),
      col.cell('actor', 'Persona', (r) => (
        <StackedCell main={r.actorName ?? r.actorEmail} sub={roleLabel(r.actorRole)} />
      )),
      col.cell('action', 'Acción', (r) => (
        <Text size="sm" title={r.action}>
          {auditActionLabel(r.action)}
        </Text>
      )),
      col.cell('entity', 'Entidad', (r) => <AuditEntity {...r} />),
      col.cell('operation', 'Operación', (r) => (
        <Badge variant="light">{AUDIT_OPERATION_LABELS[r.operation] ?? r.operation}</Badge>
      )),
      col.cell('details', 'Detalles', (r) => (
        <Text
          component="button"
          type="button"
          size="sm"
          c="blue"
          style={{ background: 'none', border: 0, cursor: 'pointer', padding: 0 }}
          onClick={() => open(r.id)}
          aria-label={`Ver cambios de ${auditEntityName(r.entity, r.entityId, r.entityRef)}`}
        >
          Ver cambios
        </Text>
      )),
    ],
    [],
  );

  const range: [string | null, string | null] = [search.from ?? null, search.to ?? null];
  const actorOptions = (actors.data ?? []).map((a) => ({
    value: a.id,
    label: `${a.fullName ?? a.email} (${roleLabel(a.role)})`,
  }));

  return (
    <AdminPage
      title="Auditoría"
      subtitle="Cada cambio hecho por el personal y cada inicio de sesión del personal. Nadie puede modificar este registro."
    >
      <ServerList
        state={state}
        rowsQuery={trpc.audit.list.queryOptions({ ...state.filters, ...state.paging })}
        countQuery={trpc.audit.count.queryOptions(state.filters)}
        exportHref={(format) => downloadHref(spreadsheetPath(AUDIT_CSV_PATH, format), state.filters)}
        columns={columns}
        text={{
          ...M,
          caption: 'Registro de auditoría',
          noun: 'entradas',
          searchPlaceholder: M.searchPlaceholder,
        }}
        selects={[
          { key: 'actorId', label: 'Persona', w: 220, data: actorOptions },
          { key: 'action', label: 'Acción', w: 240, data: ACTION_OPTIONS },
          { key: 'entity', label: 'Entidad', w: 190, placeholder: 'Todas', data: ENTITY_OPTIONS },
        ]}
        filterControls={
          <DatePickerInput
            type="range"
            label="Fechas"
            placeholder="Cualquier fecha"
            clearable
            valueFormat="DD/MM/YYYY"
            w={240}
            value={range}
            onChange={([from, to]) => state.list.setFilters({ from: from ?? undefined, to: to ?? undefined })}
          />
        }
      >
        <EntryDrawer
          id={search.entrada ?? null}
          onClose={() => setSearch((prev) => ({ ...prev, entrada: undefined }))}
        />
      </ServerList>
    </AdminPage>
  );
}

function EntryDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const entry = useQuery({ ...trpc.audit.detail.queryOptions({ id: id ?? 1 }), enabled: id !== null });
  const e = entry.data;
  return (
    <Drawer opened={id !== null} onClose={onClose} title="Entrada de auditoría" size="lg" position="right">
      {entry.isError && <Text c="red">{M.loadFailed}</Text>}
      {e && (
        <Stack>
          <SimpleGrid cols={2}>
            <LabeledValue label="Fecha (hora de Caracas)" value={formatCaracasDateTime(e.createdAt)} />
            <LabeledValue label="Persona" value={`${e.actorName ?? e.actorEmail ?? '—'} (${roleLabel(e.actorRole)})`} />
            <LabeledValue label="Acción" value={auditActionLabel(e.action)} />
            <LabeledValue label="Entidad" value={<AuditEntity {...e} />} />
            <LabeledValue label="Operación" value={AUDIT_OPERATION_LABELS[e.operation] ?? e.operation} />
            <LabeledValue label="Identificador" value={e.entityId} />
            <LabeledValue label="IP" value={e.ip ?? '—'} />
            <LabeledValue label="Navegador" value={e.userAgent ?? '—'} />
          </SimpleGrid>
          <AuditChanges entity={e.entity} before={e.before} after={e.after} references={e.references} />
        </Stack>
      )}
    </Drawer>
  );
}
