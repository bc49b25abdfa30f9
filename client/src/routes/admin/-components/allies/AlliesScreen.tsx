// /admin/aliados (docs/product/allies.md): the allies, their prefix, price adjustment, customers
// and login; the administrator creates one (its login is invited by e-mail), changes its
// adjustment, deactivates and reactivates it.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPencil, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import {
  ALLY_MESSAGES as M,
  allyCreateInput,
  allyUpdateInput,
  formatAllyAdjustment,
  formatCount,
  formatDate,
} from '@casillero/shared';
import {
  AdminPage,
  CreateAction,
  ResponsiveTable,
  RowAction,
  RowActions,
  StackedCell,
  type ResponsiveColumn,
} from '../../../../components/data-table';
import { DialogForm, formDialog, subjectDialog } from '../../../../components/forms/FormDialog';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { useDialogSubmit, useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';

type AllyRow = inferOutput<typeof trpc.allies.list>[number];

function useInvalidateAllies() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.allies.pathKey() });
}

/** The adjustment in percent on screen, in basis points in the form (and the API). */
function AdjustmentInput(props: { value?: number | string; onChange: (v: number | string) => void; error?: unknown }) {
  const percent = typeof props.value === 'number' ? props.value / 100 : (props.value ?? '');
  const change = (next: DecimalValue) => props.onChange(typeof next === 'number' ? Math.round(next * 100) : next);
  return (
    <DecimalInput
      kind="percent"
      label={M.adjustment}
      description={M.adjustmentHint}
      value={percent}
      onChange={change}
      emptyValue={0}
      error={props.error as string | undefined}
    />
  );
}

type CreateValues = { name: string; prefix: string; priceAdjustmentBp: number | string; contactEmail: string };

function CreateAllyForm({ onClose }: { onClose: () => void }) {
  const invalidate = useInvalidateAllies();
  const mutation = useMutation(trpc.allies.create.mutationOptions());
  const form = useSchemaForm<CreateValues>(allyCreateInput, {
    name: '',
    prefix: '',
    priceAdjustmentBp: 0,
    contactEmail: '',
  });
  const { submit, error } = useDialogSubmit(
    form,
    { invalidate, onClose, failure: (e) => failureMessage(e, 'No se pudo crear el aliado.') },
    async (values) => {
      const r = await mutation.mutateAsync(allyCreateInput.parse(values));
      return [M.create, r.message];
    },
  );
  return (
    <DialogForm onSubmit={submit} error={error} onCancel={onClose} label={M.create} loading={mutation.isPending}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={M.name} withAsterisk {...form.getInputProps('name')} />
        <TextInput
          label={M.prefix}
          description={M.prefixHint}
          withAsterisk
          maxLength={4}
          {...form.getInputProps('prefix')}
        />
        <TextInput
          label={M.contactEmail}
          description={M.contactEmailHint}
          type="email"
          withAsterisk
          {...form.getInputProps('contactEmail')}
        />
        <AdjustmentInput {...form.getInputProps('priceAdjustmentBp')} />
      </SimpleGrid>
    </DialogForm>
  );
}

const CreateAllyDialog = formDialog(M.create, CreateAllyForm, 'lg');

function EditAllyForm({ ally, onClose }: { ally: AllyRow; onClose: () => void }) {
  const invalidate = useInvalidateAllies();
  const mutation = useMutation(trpc.allies.update.mutationOptions());
  const form = useSchemaForm<{ id: string; priceAdjustmentBp: number | string }>(allyUpdateInput, {
    id: ally.id,
    priceAdjustmentBp: ally.priceAdjustmentBp,
  });
  const { submit, error } = useDialogSubmit(
    form,
    { invalidate, onClose, failure: (e) => failureMessage(e, 'No se pudo guardar el ajuste.') },
    async (values) => {
      const r = await mutation.mutateAsync(allyUpdateInput.parse(values));
      return [ally.name, r.message];
    },
  );
  return (
    <DialogForm onSubmit={submit} error={error} onCancel={onClose} label="Guardar" loading={mutation.isPending}>
      <AdjustmentInput {...form.getInputProps('priceAdjustmentBp')} />
    </DialogForm>
  );
}

const EditAllyDialog = subjectDialog<AllyRow>(M.edit, (a, onClose) => <EditAllyForm ally={a} onClose={onClose} />);

export function AlliesScreen() {
  const list = useQuery(trpc.allies.list.queryOptions());
  const invalidate = useInvalidateAllies();
  const [editing, setEditing] = useState<AllyRow | null>(null);
  const setActive = useMutation(trpc.allies.setActive.mutationOptions());
  const toggle = async (row: AllyRow) => {
    try {
      const r = await setActive.mutateAsync({ id: row.id, active: !row.active });
      notifySuccess(row.name, r.message);
      await invalidate();
    } catch (e) {
      notifyError(failureMessage(e, 'No se pudo cambiar el aliado. Inténtalo de nuevo.'));
    }
  };
  const columns: ResponsiveColumn<AllyRow>[] = [
    {
      header: M.name,
      card: 'title',
      cell: (r) => <StackedCell main={r.name} sub={`Desde ${formatDate(r.createdAt)}`} />,
    },
    { header: M.prefix, mono: true, cell: (r) => r.prefix },
    { header: 'Ajuste', cell: (r) => formatAllyAdjustment(r.priceAdjustmentBp) },
    { header: M.customers, align: 'right', cell: (r) => formatCount(r.customers) },
    {
      header: 'Usuario',
      card: 'wide',
      cell: (r) => (
        <StackedCell main={r.loginEmail ?? r.contactEmail} sub={r.loginEmail ? undefined : 'Invitación pendiente'} />
      ),
    },
    {
      header: M.status,
      card: 'status',
      cell: (r) => (r.active ? <Badge color="green">{M.active}</Badge> : <Badge color="gray">{M.inactive}</Badge>),
    },
    {
      header: '',
      card: 'actions',
      cell: (r) => (
        <RowActions>
          <RowAction
            label={M.edit}
            ariaLabel={`${M.edit} de ${r.name}`}
            icon={<IconPencil size={18} />}
            onClick={() => setEditing(r)}
          />
          <RowAction
            label={r.active ? M.deactivate : M.reactivate}
            ariaLabel={`${r.active ? M.deactivate : M.reactivate} ${r.name}`}
            icon={r.active ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
            color={r.active ? 'red' : 'green'}
            onClick={() => void toggle(r)}
          />
        </RowActions>
      ),
    },
  ];
  return (
    <AdminPage
      title={M.title}
      subtitle={M.intro}
      actions={<CreateAction permission="allies.manage" label={M.create} dialog={CreateAllyDialog} />}
    >
      {list.isError ? (
        <Alert color="red" title="No se pudieron cargar los aliados">
          {failureMessage(list.error, 'Inténtalo de nuevo.')}
        </Alert>
      ) : list.data && list.data.length === 0 ? (
        <Text c="dimmed">{M.empty}</Text>
      ) : (
        <Stack>
          <ResponsiveTable caption={M.title} rows={list.data ?? []} columns={columns} minWidth={820} />
        </Stack>
      )}
      <EditAllyDialog subject={editing} onClose={() => setEditing(null)} />
    </AdminPage>
  );
}
