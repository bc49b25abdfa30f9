// 'Nueva agencia' and 'Editar agencia' (docs/product/last-mile.md#agencies): partner carrier or
// own office, carrier, code, name, state, city, address, hours and phone. The form checks the
// schema the server applies, so its refusals read the same.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Autocomplete, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  AGENCY_CARRIER_SUGGESTIONS,
  AGENCY_KINDS,
  AGENCY_KIND_LABELS,
  VENEZUELAN_STATES,
  agencyCreateInput,
  agencyUpdateInput,
  type AgencyKind,
  type VenezuelanState,
} from '@casillero/shared';
import { DialogForm, formDialog, subjectDialog } from '../../../../components/forms/FormDialog';
import { useDialogSubmit, useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';
import type { AgencyRow } from './types';

type Values = {
  kind: AgencyKind;
  carrier: string;
  code: string;
  name: string;
  state: VenezuelanState | '';
  city: string;
  address: string;
  hours: string;
  phone: string;
};

export function useInvalidateAgencies() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.agenciesAdmin.pathKey() });
}

function Fields({ form }: { form: ReturnType<typeof useSchemaForm<Values>> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label="Tipo"
        data={AGENCY_KINDS.map((k) => ({ value: k, label: AGENCY_KIND_LABELS[k] }))}
        allowDeselect={false}
        withAsterisk
        {...form.getInputProps('kind')}
      />
      <Autocomplete
        label="Empresa"
        data={[...AGENCY_CARRIER_SUGGESTIONS]}
        withAsterisk
        {...form.getInputProps('carrier')}
      />
      <TextInput label="Código" withAsterisk {...form.getInputProps('code')} />
      <TextInput label="Nombre" withAsterisk {...form.getInputProps('name')} />
      <Select label="Estado" data={[...VENEZUELAN_STATES]} searchable withAsterisk {...form.getInputProps('state')} />
      <TextInput label="Ciudad" withAsterisk {...form.getInputProps('city')} />
      <TextInput label="Dirección" withAsterisk {...form.getInputProps('address')} />
      <TextInput label="Horario" placeholder="Lun a Vie 8:00 a 17:00" {...form.getInputProps('hours')} />
      <TextInput label="Teléfono" placeholder="0241-8234567" {...form.getInputProps('phone')} />
    </SimpleGrid>
  );
}

const empty: Values = {
  kind: 'partner',
  carrier: '',
  code: '',
  name: '',
  state: '',
  city: '',
  address: '',
  hours: '',
  phone: '',
};

function CreateAgencyForm({ onClose }: { onClose: () => void }) {
  const invalidate = useInvalidateAgencies();
  const mutation = useMutation(trpc.agenciesAdmin.create.mutationOptions());
  const form = useSchemaForm<Values>(agencyCreateInput, empty);
  const { submit, error } = useDialogSubmit(
    form,
    { invalidate, onClose, failure: (e) => failureMessage(e, 'No se pudo crear la agencia.') },
    async (values) => {
      const r = await mutation.mutateAsync(agencyCreateInput.parse(values));
      return ['Nueva agencia', r.message];
    },
  );
  return (
    <DialogForm onSubmit={submit} error={error} onCancel={onClose} label="Crear agencia" loading={mutation.isPending}>
      <Fields form={form} />
    </DialogForm>
  );
}

export const CreateAgencyDialog = formDialog('Nueva agencia', CreateAgencyForm, 'lg');

function EditAgencyForm({ agency, onClose }: { agency: AgencyRow; onClose: () => void }) {
  const invalidate = useInvalidateAgencies();
  const mutation = useMutation(trpc.agenciesAdmin.update.mutationOptions());
  const form = useSchemaForm<Values & { id: string }>(agencyUpdateInput, {
    id: agency.id,
    kind: agency.kind,
    carrier: agency.carrier,
    code: agency.code,
    name: agency.name,
    state: agency.state as VenezuelanState,
    city: agency.city,
    address: agency.address,
    hours: agency.hours,
    phone: agency.phone,
  });
  const { submit, error } = useDialogSubmit(
    form,
    { invalidate, onClose, failure: (e) => failureMessage(e, 'No se pudo guardar la agencia.') },
    async (values) => {
      const r = await mutation.mutateAsync(agencyUpdateInput.parse(values));
      return [agency.code, r.message];
    },
  );
  return (
    <DialogForm onSubmit={submit} error={error} onCancel={onClose} label="Guardar cambios" loading={mutation.isPending}>
      <Fields form={form as unknown as ReturnType<typeof useSchemaForm<Values>>} />
    </DialogForm>
  );
}

export const EditAgencyDialog = subjectDialog<AgencyRow>(
  'Editar agencia',
  (a, onClose) => <EditAgencyForm agency={a} onClose={onClose} />,
  'lg',
);
