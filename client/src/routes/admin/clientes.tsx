import { useMemo, useState } from 'react';
import { ActionIcon, type ActionIconProps, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconPackage, IconPlus } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';
import { CLIENT_MESSAGES as M, CLIENT_SORTS, formatDate, formatListCount, type ClientSort } from '@casillero/shared';
import {
  AdminPage,
  DetailsAction,
  HeaderButton,
  RowAction,
  RowActions,
  ServerList,
  dataTableColumns,
  useListRoute,
  useServerListState,
  type ListActions,
  type ListSearch,
} from '../../components/data-table';

import { useDetailsParam } from '../../components/details/DetailsDrawer';
import { listSearch } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { ClientDetailsDrawer } from './-components/clients/ClientDetailsDialog';
import { CountryBadge, MailboxCode } from './-components/clients/common';
import { CreateMailboxDialog } from './-components/clients/CreateMailboxDialog';
import { EditClientDialog } from './-components/clients/EditClientDialog';
import type { ClientRef, ClientRow } from './-components/clients/types';
import { useCan } from '../../lib/permissions';

type ClientsSearch = ListSearch<ClientSort>;

export const Route = createFileRoute('/admin/clientes')({
  validateSearch: (search: Record<string, unknown>): ClientsSearch => listSearch(search, CLIENT_SORTS),
  head: pageHead('Clientes'),
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

/** What the role may use here: caja reads clients but changes nothing and sees no packages. */
type Actions = ListActions<ClientRow, 'view' | 'edit' | 'createMailbox'> & { canSeePackages: boolean };

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
    col.cell('cedula', 'Cédula', (r) =>
      r.cedula ? (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {r.cedula}
        </Text>
      ) : (
        <Missing>{M.noCedula}</Missing>
      ),
    ),
    col.cell('contact', 'Contacto', (r) => (
      <div>
        <Text size="sm">{r.email || M.noEmail}</Text>
        {r.phone ? (
          <Text size="xs" c="dimmed">
            {r.phone}
          </Text>
        ) : (
          <Text size="xs" c="dimmed" fs="italic">
            {M.noPhone}
          </Text>
        )}
      </div>
    )),
    col.cell('address', 'Dirección Venezuela', (r) => {
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
    }),
    col.cell('mailboxes', 'Casilleros', (r) => {
      if (r.mailboxes.length === 0) return <Missing>{M.noMailbox}</Missing>;
      return (
        <Stack gap={4}>
          <Text
            size="xs"
            fw={700}
            c={r.activeMailboxes > 0 ? 'green' : 'dimmed'}
            aria-label={`${r.activeMailboxes} de ${r.mailboxes.length} activos`}
          >
            {r.activeMailboxes}/{r.mailboxes.length} activos
          </Text>
          {r.mailboxes.map((b) => (
            <MailboxCode key={b.id} code={b.mailboxCode} status={b.status} />
          ))}
        </Stack>
      );
    }),
    col.cell('countries', 'Países', (r) => (
      <Group gap={4}>
        {[...new Set(r.mailboxes.map((b) => b.country))].map((c) => (
          <CountryBadge key={c} country={c} />
        ))}
      </Group>
    )),
    col.accessor('createdAt', { id: 'createdAt', header: 'Registro', cell: (info) => formatDate(info.getValue()) }),
    col.actions((r) => {
      const who = r.fullName ?? r.email;
      return (
        <RowActions>
          <DetailsAction name={who} onClick={() => actions.view(r)} />
          {actions.canWrite && (
            <RowAction
              label="Editar"
              ariaLabel={`Editar a ${who}`}
              icon={<IconEdit size={18} />}
              onClick={() => actions.edit(r)}
            />
          )}
          {actions.canSeePackages && (
            <Tooltip label="Ver paquetes">
              <ActionIconLink
                variant="subtle"
                to="/admin/paquetes"
                search={{ cliente: r.userId }}
                aria-label={`Ver paquetes de ${who}`}
              >
                <IconPackage size={18} />
              </ActionIconLink>
            </Tooltip>
          )}
          {actions.canWrite && (
            <RowAction
              label="Crear casillero"
              ariaLabel={`Crear casillero para ${who}`}
              icon={<IconPlus size={18} />}
              onClick={() => actions.createMailbox(r)}
            />
          )}
        </RowActions>
      );
    }),
  ];
}

const refOf = (r: ClientRow): ClientRef => ({ userId: r.userId, fullName: r.fullName, email: r.email });

function ClientsPage() {
  const { search, navigate: setSearch } = useListRoute<ClientsSearch>(Route);
  const state = useServerListState(search, setSearch, {
    sort: 'createdAt' as ClientSort,
    dir: 'desc',
    filterKeys: ['q'],
  });
  const details = useDetailsParam(search, setSearch);
  const [editing, setEditing] = useState<ClientRef | null>(null);
  const canWrite = useCan('clients.write');
  const canSeePackages = useCan('packages.read');
  const [creatingFor, setCreatingFor] = useState<ClientRef | null | undefined>(undefined);
  const count = useQuery({ ...trpc.clients.count.queryOptions(state.filters), placeholderData: keepPreviousData });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns are built once; opening details only writes the URL
  const columns = useMemo(
    () =>
      clientColumns({
        view: (r) => details.open(r.userId),
        edit: (r) => setEditing(refOf(r)),
        createMailbox: (r) => setCreatingFor(refOf(r)),
        canWrite,
        canSeePackages,
      }),
    [canWrite, canSeePackages],
  );

  return (
    <AdminPage
      title={M.title}
      subtitle={M.subtitle}
      actions={canWrite && <HeaderButton label="Crear Casillero" onClick={() => setCreatingFor(null)} />}
    >
      <ServerList
        state={state}
        rowsQuery={trpc.clients.list.queryOptions(state.input)}
        countQuery={trpc.clients.count.queryOptions(state.filters)}
        columns={columns}
        getRowId={(r) => r.userId}
        text={{ ...M, caption: 'Clientes', noun: 'clientes' }}
        tableTitle={
          <Title order={2} size="h4" p={{ base: 0, sm: 'md' }} pb={0}>
            {M.tableTitle(count.data ? formatListCount(count.data.count, count.data.isCapped) : '…')}
          </Title>
        }
      >
        <ClientDetailsDrawer
          userId={details.openId}
          onClose={details.close}
          onEdit={(c) => {
            details.close();
            setEditing(c);
          }}
          onCreateMailbox={(c) => {
            details.close();
            setCreatingFor(c);
          }}
        />
        <EditClientDialog client={editing} onClose={() => setEditing(null)} />
        <CreateMailboxDialog
          opened={creatingFor !== undefined}
          client={creatingFor ?? null}
          onClose={() => setCreatingFor(undefined)}
        />
      </ServerList>
    </AdminPage>
  );
}
