// 'Nuevo despacho' and 'Editar despacho' (docs/product/departures.md): mode and origin (fixed once
// created), the references, the port or airport of arrival, and the cutoff, departure and arrival
// days. The form checks the same schema the server applies (a cutoff after the departure, a port
// of the other mode), so its refusals read the same.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  DEPARTURE_MESSAGES as M,
  DEPARTURE_MODES,
  DEPARTURE_MODE_LABELS,
  DEPARTURE_ORIGINS,
  DEPARTURE_ORIGIN_LABELS,
  DEPARTURE_PORTS_BY_MODE,
  DEPARTURE_PORT_LABELS,
  departureCreateInput,
  departureUpdateInput,
  type DepartureMode,
  type DepartureOrigin,
  type DeparturePort,
} from '@casillero/shared';
import { DialogForm, formDialog, subjectDialog } from '../../../../components/forms/FormDialog';
import { useDialogSubmit, useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from '../packages/feedback';
import type { DepartureDetail } from './types';

type Values = {
  mode: DepartureMode;
  origin: DepartureOrigin;
  masterRef: string;
  containerNumber: string;
  carrier: string;
  voyage: string;
  arrivalPort: DeparturePort;
  cutoffOn: string;
  plannedDeparture: string;
  plannedArrival: string;
};

export function useInvalidateDepartures() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.departures.pathKey() });
}

const options = <K extends string>(values: readonly K[], labels: Record<K, string>) =>
  values.map((v) => ({ value: v, label: labels[v] }));

function Fields({ form, fixed }: { form: ReturnType<typeof useSchemaForm<Values>>; fixed: boolean }) {
  const mode = form.values.mode;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Tipo"
          data={options(DEPARTURE_MODES, DEPARTURE_MODE_LABELS)}
          disabled={fixed}
          allowDeselect={false}
          {...form.getInputProps('mode')}
          onChange={(v) => {
            const next = (v ?? 'aereo') as DepartureMode;
            form.setFieldValue('mode', next);
            form.setFieldValue('arrivalPort', DEPARTURE_PORTS_BY_MODE[next][0] ?? 'maiquetia');
          }}
        />
        <Select
          label="Almacén de origen"
          data={options(DEPARTURE_ORIGINS, DEPARTURE_ORIGIN_LABELS)}
          disabled={fixed}
          allowDeselect={false}
          {...form.getInputProps('origin')}
        />
        <TextInput
          label={mode === 'aereo' ? 'MAWB (guía aérea master)' : 'BL (conocimiento de embarque)'}
          {...form.getInputProps('masterRef')}
        />
        {mode === 'maritimo' && <TextInput label="Número de contenedor" {...form.getInputProps('containerNumber')} />}
        <TextInput label={mode === 'aereo' ? 'Aerolínea' : 'Naviera'} withAsterisk {...form.getInputProps('carrier')} />
        <TextInput
          label={mode === 'aereo' ? 'Vuelo' : 'Buque y viaje'}
          withAsterisk
          {...form.getInputProps('voyage')}
        />
        <Select
          label="Llegada a"
          data={DEPARTURE_PORTS_BY_MODE[mode].map((p) => ({ value: p, label: DEPARTURE_PORT_LABELS[p] }))}
          allowDeselect={false}
          {...form.getInputProps('arrivalPort')}
        />
      </SimpleGrid>
      <Group grow align="flex-start">
        <TextInput type="date" label="Cierre de recepción" withAsterisk {...form.getInputProps('cutoffOn')} />
        <TextInput type="date" label="Salida prevista" withAsterisk {...form.getInputProps('plannedDeparture')} />
        <TextInput type="date" label="Llegada prevista (opcional)" {...form.getInputProps('plannedArrival')} />
      </Group>
    </>
  );
}

function CreateDepartureForm({ onClose }: { onClose: () => void }) {
  const invalidate = useInvalidateDepartures();
  const mutation = useMutation(trpc.departures.create.mutationOptions());
  const form = useSchemaForm<Values>(departureCreateInput, {
    mode: 'aereo',
    origin: 'miami',
    masterRef: '',
    containerNumber: '',
    carrier: '',
    voyage: '',
    arrivalPort: 'maiquetia',
    cutoffOn: '',
    plannedDeparture: '',
    plannedArrival: '',
  });
  const { submit, error } = useDialogSubmit(
    form,
    { invalidate, onClose, failure: (e) => failureMessage(e, 'No se pudo crear el despacho.') },
    async (values) => {
      const r = await mutation.mutateAsync(departureCreateInput.parse(values));
      return [M.create, M.created(r.code)];
    },
  );
  return (
    <DialogForm onSubmit={submit} error={error} onCancel={onClose} label="Crear despacho" loading={mutation.isPending}>
      <Fields form={form} fixed={false} />
    </DialogForm>
  );
}

export const CreateDepartureDialog = formDialog(M.create, CreateDepartureForm, 'lg');

function EditDepartureForm({ departure, onClose }: { departure: DepartureDetail; onClose: () => void }) {
  const invalidate = useInvalidateDepartures();
  const mutation = useMutation(trpc.departures.update.mutationOptions());
  const form = useSchemaForm<Values & { id: string }>(departureUpdateInput, {
    id: departure.id,
    mode: departure.mode,
    origin: departure.origin,
    masterRef: departure.masterRef ?? '',
    containerNumber: departure.containerNumber ?? '',
    carrier: departure.carrier,
    voyage: departure.voyage,
    arrivalPort: departure.arrivalPort,
    cutoffOn: departure.cutoffOn,
    plannedDeparture: departure.plannedDeparture,
    plannedArrival: departure.plannedArrival ?? '',
  });
  const { submit, error } = useDialogSubmit(
    form,
    { invalidate, onClose, failure: (e) => failureMessage(e, 'No se pudo guardar el despacho.') },
    async (values) => {
      await mutation.mutateAsync(departureUpdateInput.parse(values));
      return [departure.code, M.saved];
    },
  );
  return (
    <DialogForm onSubmit={submit} error={error} onCancel={onClose} label="Guardar cambios" loading={mutation.isPending}>
      <Fields form={form as unknown as ReturnType<typeof useSchemaForm<Values>>} fixed />
    </DialogForm>
  );
}

export const EditDepartureDialog = subjectDialog<DepartureDetail>(
  'Editar despacho',
  (d, onClose) => <EditDepartureForm departure={d} onClose={onClose} />,
  'lg',
);
