// Mis clientes (docs/product/allies.md#customers): the ally's customers with their mailbox codes,
// and 'Nuevo cliente': a customer account whose mailbox code carries the ally's prefix; the
// customer gets an e-mail to choose a password.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { Badge, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  ALLY_MESSAGES as M,
  CASILLERO_TYPES,
  allyCustomerCreateInput,
  formatAllyAdjustment,
  formatDate,
  type CasilleroType,
} from '@casillero/shared';
import { CreateAction, StackedCell, type ResponsiveColumn } from '../../../components/data-table';
import { DialogForm, formDialog } from '../../../components/forms/FormDialog';
import { useDialogSubmit, useSchemaForm } from '../../../components/forms/useSchemaForm';
import { getErrorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { PortalList } from './PortalList';

type CustomerRow = inferOutput<typeof trpc.allyPortal.customers>['rows'][number];

const TYPE_LABELS: Record<CasilleroType, string> = { usa: 'Miami (EE. UU.)', china: 'China' };

type Values = { fullName: string; email: string; phone: string; cedula: string; type: CasilleroType };

function NewCustomerForm({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation(trpc.allyPortal.createCustomer.mutationOptions());
  const form = useSchemaForm<Values>(allyCustomerCreateInput, {
    fullName: '',
    email: '',
    phone: '',
    cedula: '',
    type: 'usa',
  });
  const { submit, error } = useDialogSubmit(
    form,
    {
      invalidate: () => queryClient.invalidateQueries({ queryKey: trpc.allyPortal.pathKey() }),
      onClose,
      failure: (e) => getErrorMessage(e, 'No se pudo crear el cliente.'),
    },
    async (values) => {
      const r = await mutation.mutateAsync(allyCustomerCreateInput.parse(values));
      return [M.newCustomer, r.message];
    },
  );
  return (
    <DialogForm onSubmit={submit} error={error} onCancel={onClose} label={M.newCustomer} loading={mutation.isPending}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={M.customerName} withAsterisk {...form.getInputProps('fullName')} />
        <TextInput label={M.customerEmail} type="email" withAsterisk {...form.getInputProps('email')} />
        <TextInput label={M.customerPhone} placeholder="+58 414 1234567" {...form.getInputProps('phone')} />
        <TextInput label={M.customerCedula} placeholder="V-12345678" {...form.getInputProps('cedula')} />
        <Select
          label={M.customerType}
          data={CASILLERO_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
          allowDeselect={false}
          withAsterisk
          {...form.getInputProps('type')}
        />
      </SimpleGrid>
    </DialogForm>
  );
}

const NewCustomerDialog = formDialog(M.newCustomer, NewCustomerForm, 'lg');

const columns: ResponsiveColumn<CustomerRow>[] = [
  { header: 'Cliente', card: 'title', cell: (r) => <StackedCell main={r.fullName} sub={r.email} /> },
  {
    header: M.mailboxes,
    card: 'wide',
    cell: (r) => (
      <Group gap={4}>
        {r.mailboxes.map((b) => (
          <Badge key={b.code} variant="light" color={b.status === 'active' ? 'green' : 'gray'} ff="monospace">
            {b.code}
          </Badge>
        ))}
      </Group>
    ),
  },
  { header: 'Cédula y teléfono', cell: (r) => <StackedCell main={r.cedula ?? '—'} sub={r.phone ?? undefined} /> },
  { header: M.since, cell: (r) => formatDate(r.createdAt) },
  {
    header: 'Cuenta',
    card: 'status',
    cell: (r) =>
      r.verified ? <Badge color="green">Activa</Badge> : <Badge color="yellow">Contraseña pendiente</Badge>,
  },
];

export function CustomersScreen() {
  const me = useQuery(trpc.allyPortal.me.queryOptions());
  const [page, setPage] = useState(1);
  const customers = useQuery(trpc.allyPortal.customers.queryOptions({ page }));
  return (
    <Stack gap="lg">
      {me.data && (
        <Text size="sm" c="dimmed">
          {me.data.name} · Prefijo {me.data.prefix} · {M.priceNote(formatAllyAdjustment(me.data.priceAdjustmentBp))}
        </Text>
      )}
      <PortalList<CustomerRow>
        title={M.myCustomers}
        empty={M.noCustomers}
        actions={<CreateAction permission="allies.portal" label={M.newCustomer} dialog={NewCustomerDialog} />}
        query={customers}
        page={page}
        onPage={setPage}
        columns={columns}
      />
    </Stack>
  );
}
