import { useMemo, useState } from 'react';
import { ActionIcon, type ActionIconProps, Button, Card, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconEye, IconPackage, IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';
import {
  CLIENT_MESSAGES as M,
  CLIENT_SORTS,
  LIST_DEFAULT_PAGE_SIZE,
  LIST_PAGE_SIZES,
  LIST_SEARCH_MIN_LENGTH,
  SORT_DIRECTIONS,
  TRACKING_MESSAGES,
  formatDate,
  formatListCount,
  type ClientSort,
  type SortDirection,
} from '@casillero/shared';
import {
  DataTableCard,
  ListLoadError,
  ServerListPagination,
  dataTableColumns,
  useDebouncedSearch,
  useListUrlState,
} from '../../components/data-table';
import { searchInt, searchOptionalEnum, searchString } from '../../lib/search';
import { BRAND_NAME } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { ClientDetailsDialog } from './-components/clients/ClientDetailsDialog';
import { CountryBadge, MailboxCode } from './-components/clients/common';
import { CreateMailboxDialog } from './-components/clients/CreateMailboxDialog';
import { EditClientDialog } from './-components/clients/EditClientDialog';
import type { ClientRef, ClientRow } from './-components/clients/types';

type ClientsSearch = { q?: string; sort?: ClientSort; dir?: SortDirection; page?: number; pageSize?: number };

export const Route = createFileRoute('/admin/clientes')({
  validateSearch: (search: Record<string, unknown>): ClientsSearch => {
    const pageSize = searchInt(search.pageSize);
    return {
      q: searchString(search.q, 100)?.trim() || undefined,
      sort: searchOptionalEnum(search.sort, CLIENT_SORTS),
      dir: searchOptionalEnum(search.dir, SORT_DIRECTIONS),
      page: searchInt(search.page),
      pageSize: pageSize && (LIST_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : undefined,
    };
  },
  head: () => ({ meta: [{ title: `Clientes · ${BRAND_NAME}` }] }),
  component: ClientsPage,
});

const col = dataTableColumns<ClientRow>();

type ActionIconAnchorProps = ActionIconProps & Omit<ComponentPropsWithRef<'a'>, keyof ActionIconProps>;
/** An icon button that is a router link. */
const ActionIconLink = createLink((props: ActionIconAnchorProps) => <ActionIcon component="a" {...props} />);

const Missing = ({ children }: { children: string }) => (
  <Text size="sm" c="dimmed" fs="italic">
    {children}
  </Text>
);

type Actions = { view: (r: ClientRow) => void; edit: (r: ClientRow) => void; createMailbox: (r: ClientRow) => void };

function clientColumns(actions: Actions) {
  return [
    col.accessor('fullName', {
      id: 'name',
      header: 'Cliente',
      cell: (info) => (
        <div>
          <Text size="sm" fw={600}>
            {info.getValue() ?? '—'}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            #{info.row.original.userId.slice(0, 8)}
          </Text>
        </div>
      ),
    }),
    col.accessor('cedula', {
      id: 'cedula',
      header: 'Cédula',
      enableSorting: false,
      cell: (info) =>
        info.getValue() ? (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {info.getValue()}
          </Text>
        ) : (
          <Missing>{M.noCedula}</Missing>
        ),
    }),
    col.accessor('email', {
      id: 'contact',
      header: 'Contacto',
      enableSorting: false,
      cell: (info) => (
        <div>
          <Text size="sm">{info.getValue() || M.noEmail}</Text>
          {info.row.original.phone ? (
            <Text size="xs" c="dimmed">
              {info.row.original.phone}
            </Text>
          ) : (
            <Text size="xs" c="dimmed" fs="italic">
              {M.noPhone}
            </Text>
          )}
        </div>
      ),
    }),
    col.accessor('venezuelaAddress', {
      id: 'address',
      header: 'Dirección Venezuela',
      enableSorting: false,
      cell: (info) => {
        const r = info.row.original;
        const place = [r.venezuelaCity, r.venezuelaState].filter(Boolean).join(', ');
        if (!r.venezuelaAddress && !place) return <Missing>{M.noAddress}</Missing>;
        return (
          <div style={{ maxWidth: 260 }}>
            {r.venezuelaAddress && (
              <Text size="sm" lineClamp={2}>
                {r.venezuelaAddress}
              </Text>
            )}
            {place && (
              <Text size="xs" c="dimmed">
                {place}
              </Text>
            )}
          </div>
        );
      },
    }),
    col.accessor('mailboxes', {
      id: 'mailboxes',
      header: 'Casilleros',
      enableSorting: false,
      cell: (info) => {
        const r = info.row.original;
        if (r.mailboxes.length === 0) return <Missing>{M.noMailbox}</Missing>;
        return (
          <Stack gap={4}>
            <Text size="xs" fw={700} c={r.activeMailboxes > 0 ? 'green' : 'dimmed'} aria-label={`${r.activeMailboxes} de ${r.mailboxes.length} activos`}>
              {r.activeMailboxes}/{r.mailboxes.length} activos
            </Text>
            {r.mailboxes.map((b) => (
              <MailboxCode key={b.id} code={b.mailboxCode} status={b.status} />
            ))}
          </Stack>
        );
      },
    }),
    col.display({
      id: 'countries',
      header: 'Países',
      cell: (info) => (
        <Group gap={4}>
          {[...new Set(info.row.original.mailboxes.map((b) => b.country))].map((c) => (
            <CountryBadge key={c} country={c} />
          ))}
        </Group>
      ),
    }),
    col.accessor('createdAt', { id: 'createdAt', header: 'Registro', cell: (info) => formatDate(info.getValue()) }),
    col.display({
      id: 'actions',
      header: 'Acciones',
      cell: (info) => {
        const r = info.row.original;
        const who = r.fullName ?? r.email;
        return (
          <Group gap={2} wrap="nowrap">
            <Tooltip label="Ver detalles">
              <ActionIcon variant="subtle" aria-label={`Ver detalles de ${who}`} onClick={() => actions.view(r)}>
                <IconEye size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Editar">
              <ActionIcon variant="subtle" aria-label={`Editar a ${who}`} onClick={() => actions.edit(r)}>
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Ver paquetes">
              <ActionIconLink variant="subtle" to="/admin/paquetes" search={{ cliente: r.userId }} aria-label={`Ver paquetes de ${who}`}>
                <IconPackage size={18} />
              </ActionIconLink>
            </Tooltip>
            <Tooltip label="Crear casillero">
              <ActionIcon variant="subtle" aria-label={`Crear casillero para ${who}`} onClick={() => actions.createMailbox(r)}>
                <IconPlus size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      },
    }),
  ];
}

const refOf = (r: ClientRow): ClientRef => ({ userId: r.userId, fullName: r.fullName, email: r.email });

function ClientsPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const setSearch = (update: (prev: ClientsSearch) => ClientsSearch) =>
    void navigate({ search: (prev) => update(prev as ClientsSearch), replace: true });
  const list = useListUrlState(search, setSearch, { sort: 'createdAt' as ClientSort, dir: 'desc' });
  const [text, setText] = useDebouncedSearch(search.q, (q) => list.setFilters({ q }));
  const [viewing, setViewing] = useState<ClientRef | null>(null);
  const [editing, setEditing] = useState<ClientRef | null>(null);
  const [creatingFor, setCreatingFor] = useState<ClientRef | null | undefined>(undefined);

  const pageSize = search.pageSize ?? LIST_DEFAULT_PAGE_SIZE;
  const rows = useQuery({
    ...trpc.clients.list.queryOptions({ q: search.q, sort: list.sort, dir: list.dir, page: list.page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const count = useQuery({ ...trpc.clients.count.queryOptions({ q: search.q }), placeholderData: keepPreviousData });
  const columns = useMemo(
    () =>
      clientColumns({
        view: (r) => setViewing(refOf(r)),
        edit: (r) => setEditing(refOf(r)),
        createMailbox: (r) => setCreatingFor(refOf(r)),
      }),
    [],
  );
  const tooShort = Boolean(search.q && search.q.length < LIST_SEARCH_MIN_LENGTH);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {M.title}
          </Title>
          <Text c="dimmed">{M.subtitle}</Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreatingFor(null)}>
          Crear Casillero
        </Button>
      </Group>

      <Card withBorder radius="md">
        <TextInput
          aria-label="Buscar clientes"
          placeholder={M.searchPlaceholder}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={tooShort ? TRACKING_MESSAGES.searchTooShort(LIST_SEARCH_MIN_LENGTH) : undefined}
        />
      </Card>

      {(rows.isError || count.isError) && <ListLoadError error={rows.error ?? count.error} fallback={M.loadFailed} />}

      <DataTableCard
        caption="Clientes"
        columns={columns}
        list={list}
        rows={rows}
        getRowId={(r) => r.userId}
        empty={M.empty}
        header={
          <Title order={2} size="h4" p="md" pb={0}>
            {M.tableTitle(count.data ? formatListCount(count.data.count, count.data.isCapped) : '…')}
          </Title>
        }
      />

      <ServerListPagination list={list} pageSize={pageSize} rows={rows.data} count={count.data} />

      <ClientDetailsDialog
        client={viewing}
        onClose={() => setViewing(null)}
        onEdit={(c) => {
          setViewing(null);
          setEditing(c);
        }}
        onCreateMailbox={(c) => {
          setViewing(null);
          setCreatingFor(c);
        }}
      />
      <EditClientDialog client={editing} onClose={() => setEditing(null)} />
      <CreateMailboxDialog opened={creatingFor !== undefined} client={creatingFor ?? null} onClose={() => setCreatingFor(undefined)} />
    </Stack>
  );
}
