// /admin/personal (docs/product/product-decisions.md#d13-staff-have-roles): the staff, their roles and last sign-in; invitations by e-mail.
import { useMemo, useState } from 'react';
import { Badge, Button, Card, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconUserMinus, IconUserPlus, IconUserCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import {
  STAFF_MESSAGES as M,
  STAFF_ROLES,
  STAFF_ROLE_DESCRIPTIONS,
  STAFF_ROLE_LABELS,
  STAFF_SORTS,
  STAFF_STATUSES,
  formatDateTime,
  staffInviteInput,
  type StaffRole,
} from '@casillero/shared';
import {
  AdminPage,
  HeaderButton,
  RowAction,
  ServerList,
  StackedCell,
  dataTableColumns,
  labelOptions,
  useListRoute,
  useServerListState,
  type ListSearch,
} from '../../components/data-table';
import { EmailField } from '../../components/forms/FormParts';
import { notifyChange } from '../../lib/notify';
import { listSearch } from '../../lib/search';
import { pageHead } from '../../lib/site';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog, DialogActions } from '../../components/forms/FormDialog';
import type { inferOutput } from '@trpc/tanstack-react-query';

type StaffRow = inferOutput<typeof trpc.staff.list>['rows'][number];
type StaffSearch = ListSearch<(typeof STAFF_SORTS)[number]> & {
  role?: StaffRole;
  status?: (typeof STAFF_STATUSES)[number];
};

const STATUS_LABELS: Record<(typeof STAFF_STATUSES)[number], string> = { active: 'Activo', inactive: 'Desactivado' };
const roleOptions = labelOptions(STAFF_ROLES, STAFF_ROLE_LABELS);
/** An ally's login is invited from Aliados, with its ally (docs/product/allies.md): not here. */
const invitableRoleOptions = roleOptions.filter((o) => o.value !== 'aliado');

export const Route = createFileRoute('/admin/personal')({
  validateSearch: (search: Record<string, unknown>): StaffSearch =>
    listSearch(search, STAFF_SORTS, { role: STAFF_ROLES, status: STAFF_STATUSES }),
  head: pageHead('Personal'),
  component: StaffPage,
});

function useStaffChange() {
  const queryClient = useQueryClient();
  return async (run: () => Promise<{ message: string }>) => {
    const ok = await notifyChange(run, (result) => ({ message: result.message }));
    await queryClient.invalidateQueries({ queryKey: trpc.staff.pathKey() });
    return ok;
  };
}

const col = dataTableColumns<StaffRow>();

function StaffPage() {
  const { search, navigate: setSearch } = useListRoute<StaffSearch>(Route);
  const state = useServerListState(search, setSearch, {
    sort: 'createdAt',
    dir: 'desc',
    filterKeys: ['q', 'role', 'status'],
  });
  const change = useStaffChange();
  const setRole = useMutation(trpc.staff.setRole.mutationOptions());
  const deactivate = useMutation(trpc.staff.deactivate.mutationOptions());
  const reactivate = useMutation(trpc.staff.reactivate.mutationOptions());
  const [inviting, setInviting] = useState(false);
  const [toDeactivate, setToDeactivate] = useState<StaffRow | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the columns are built once; the mutation handles are stable
  const columns = useMemo(
    () => [
      col.cell('person', 'Persona', (r) => <StackedCell main={r.fullName} sub={r.email} />),
      col.cell('role', 'Rol', (r) => (
        <Select
          aria-label={`Rol de ${r.fullName ?? r.email}`}
          size="xs"
          w={190}
          allowDeselect={false}
          data={roleOptions}
          value={r.role}
          onChange={(role) => role && void change(() => setRole.mutateAsync({ userId: r.id, role: role as StaffRole }))}
        />
      )),
      col.accessor('lastSignInAt', {
        id: 'lastSignInAt',
        header: 'Último inicio de sesión',
        cell: (i) => (i.getValue() ? formatDateTime(i.getValue()!) : 'Nunca'),
      }),
      col.cell('state', 'Estado', (r) =>
        r.deactivatedAt ? <Badge color="gray">Desactivado</Badge> : <Badge color="green">Activo</Badge>,
      ),
      col.actions((r) => {
        const who = r.fullName ?? r.email;
        // One action: a deactivated person can be reactivated at once; deactivating asks first.
        return r.deactivatedAt ? (
          <RowAction
            label="Reactivar"
            ariaLabel={`Reactivar a ${who}`}
            color="green"
            icon={<IconUserCheck size={18} />}
            onClick={() => void change(() => reactivate.mutateAsync({ userId: r.id }))}
          />
        ) : (
          <RowAction
            label="Desactivar"
            ariaLabel={`Desactivar a ${who}`}
            color="red"
            icon={<IconUserMinus size={18} />}
            onClick={() => setToDeactivate(r)}
          />
        );
      }),
    ],
    [],
  );

  return (
    <AdminPage
      title="Personal"
      subtitle="Quién trabaja en el panel, con qué rol y cuándo entró por última vez."
      actions={<HeaderButton label="Invitar persona" icon={IconUserPlus} onClick={() => setInviting(true)} />}
    >
      <ServerList
        state={state}
        rowsQuery={trpc.staff.list.queryOptions(state.input)}
        countQuery={trpc.staff.count.queryOptions(state.filters)}
        columns={columns}
        text={{ ...M, caption: 'Personal', noun: 'personas', searchPlaceholder: 'Nombre o email' }}
        selects={[
          { key: 'role', label: 'Rol', w: 190, data: roleOptions },
          { key: 'status', label: 'Estado', w: 150, values: STAFF_STATUSES, labels: STATUS_LABELS },
        ]}
      >
        <PendingInvitations />
        <InviteDialog opened={inviting} onClose={() => setInviting(false)} />
        <ConfirmDialog
          opened={toDeactivate !== null}
          title="Desactivar acceso"
          label="Desactivar"
          loading={deactivate.isPending}
          onCancel={() => setToDeactivate(null)}
          onConfirm={() =>
            void change(() => deactivate.mutateAsync({ userId: toDeactivate!.id })).then(
              (ok) => ok && setToDeactivate(null),
            )
          }
        >
          ¿Desactivar el acceso de {toDeactivate?.fullName ?? toDeactivate?.email}? Todas sus sesiones se cerrarán de
          inmediato.
        </ConfirmDialog>
      </ServerList>
    </AdminPage>
  );
}

function PendingInvitations() {
  const change = useStaffChange();
  const invitations = useQuery(trpc.staff.invitations.queryOptions());
  const revoke = useMutation(trpc.staff.revokeInvitation.mutationOptions());
  if (!invitations.data?.length) return null;
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Invitaciones pendientes
      </Title>
      <Table aria-label="Invitaciones pendientes">
        <Table.Tbody>
          {invitations.data.map((inv) => (
            <Table.Tr key={inv.id}>
              <Table.Td>{inv.email}</Table.Td>
              <Table.Td>{STAFF_ROLE_LABELS[inv.role as StaffRole] ?? inv.role}</Table.Td>
              <Table.Td>Vence {formatDateTime(inv.expiresAt)}</Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => void change(() => revoke.mutateAsync({ id: inv.id }))}
                  aria-label={`Anular la invitación de ${inv.email}`}
                >
                  Anular
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

function InviteDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const change = useStaffChange();
  const invite = useMutation(trpc.staff.invite.mutationOptions());
  const form = useForm<{ email: string; role: StaffRole | ''; agencyId?: string }>({
    mode: 'controlled',
    initialValues: { email: '', role: '', agencyId: undefined },
    validate: schemaResolver(staffInviteInput, { sync: true }),
  });
  const role = form.values.role;
  // An agency user is bound to one agency of the catalogue (docs/product/last-mile.md).
  const agencies = useQuery({ ...trpc.pickups.agencies.queryOptions(), enabled: opened && role === 'agencia' });
  const submit = form.onSubmit(async (values) => {
    const ok = await change(() => invite.mutateAsync(staffInviteInput.parse(values)));
    if (ok) {
      form.reset();
      onClose();
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Invitar persona">
      <form onSubmit={submit} noValidate>
        <Stack>
          <EmailField placeholder="persona@empresa.com" {...form.getInputProps('email')} />
          <Select
            label="Rol"
            required
            data={invitableRoleOptions}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          {role && (
            <Text size="sm" c="dimmed">
              {STAFF_ROLE_DESCRIPTIONS[role]}
            </Text>
          )}
          {role === 'agencia' && (
            <Select
              label="Agencia"
              required
              searchable
              data={(agencies.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.code}), ${a.city}` }))}
              {...form.getInputProps('agencyId')}
            />
          )}
          <Text size="xs" c="dimmed">
            Recibirá un enlace válido por 72 horas para elegir su contraseña.
          </Text>
          <DialogActions onCancel={onClose} label="Enviar invitación" loading={invite.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
