import { useState } from 'react';
import {
  Alert,
  Center,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  type SelectProps,
} from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAILBOX_COUNTRY_LABELS,
  MAILBOX_STATUS_LABELS,
  PACKAGE_MESSAGES as M,
  PACKAGE_STATUSES_SELECTABLE,
  PACKAGE_STATUS_LABELS,
  packageCreateInput,
  packageUpdateInput,
} from '@casillero/shared';
import { trpc } from '../../../../lib/trpc';
import { DialogActions } from '../DialogActions';
import { CustomerPicker } from './CustomerPicker';
import { failureMessage } from './feedback';
import type { PackageDetail } from './types';

/** Every packages and shipments query is stale after a package changes. */
export function useInvalidatePackages() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.packages.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.shipments.pathKey() }),
      // Deleting a converted package gives its pre-alert back as confirmed.
      queryClient.invalidateQueries({ queryKey: trpc.prealerts.pathKey() }),
    ]);
}

type Selectable = (typeof PACKAGE_STATUSES_SELECTABLE)[number];

type FieldValues = {
  mailboxId: string;
  trackingNumber: string;
  packageDescription: string;
  senderName: string;
  weightKg: number | '';
  dimensionsCm: string;
  estimatedValueUsd: number | '';
  notes: string;
};
type CreateValues = FieldValues & { userId: string; status: Selectable };
type EditValues = FieldValues & { id: string; warehouseReceipt: string; warehouseLocation: string };

const EMPTY_FIELDS: FieldValues = {
  mailboxId: '',
  trackingNumber: '',
  packageDescription: '',
  senderName: '',
  weightKg: '',
  dimensionsCm: '',
  estimatedValueUsd: '',
  notes: '',
};

/** NumberInput gives '' for an empty field and a string while typing a partial number. */
const numberOrEmpty = (v: string | number): number | '' => (v === '' || Number.isNaN(Number(v)) ? '' : Number(v));

function MailboxSelect({ userId, ...props }: { userId: string } & Omit<SelectProps, 'data'>) {
  const boxes = useQuery({ ...trpc.packages.customerMailboxes.queryOptions({ userId }), enabled: Boolean(userId) });
  return (
    <Select
      label="Casillero"
      required
      placeholder={userId ? 'Selecciona un casillero' : 'Primero selecciona un cliente'}
      disabled={!userId}
      nothingFoundMessage="El cliente no tiene casilleros"
      data={(boxes.data ?? []).map((b) => ({
        value: b.id,
        label: `${b.mailboxCode} · ${MAILBOX_COUNTRY_LABELS[b.country]}${b.status === 'inactive' ? ` (${MAILBOX_STATUS_LABELS.inactive.toLowerCase()})` : ''}`,
      }))}
      {...props}
    />
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function PackageFields({ form, userId }: { form: UseFormReturnType<any, any, any>; userId: string }) {
  return (
    <>
      <MailboxSelect userId={userId} {...form.getInputProps('mailboxId')} />
      <TextInput label="Número de tracking" placeholder="1Z999AA10123456784" {...form.getInputProps('trackingNumber')} />
      <Textarea label="Descripción" required autosize minRows={2} maxRows={5} {...form.getInputProps('packageDescription')} />
      <TextInput label="Remitente" placeholder="Amazon, Shein, eBay..." {...form.getInputProps('senderName')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberInput
          label="Peso (kg)"
          min={0}
          step={0.1}
          decimalScale={2}
          {...form.getInputProps('weightKg')}
          onChange={(v) => form.setFieldValue('weightKg', numberOrEmpty(v))}
        />
        <TextInput label="Dimensiones (cm)" placeholder="30x20x15" {...form.getInputProps('dimensionsCm')} />
        <NumberInput
          label="Valor (USD)"
          min={0}
          step={0.01}
          decimalScale={2}
          prefix="$"
          {...form.getInputProps('estimatedValueUsd')}
          onChange={(v) => form.setFieldValue('estimatedValueUsd', numberOrEmpty(v))}
        />
      </SimpleGrid>
      <Textarea label="Notas internas" description="No se muestran al cliente" autosize minRows={2} maxRows={4} {...form.getInputProps('notes')} />
    </>
  );
}

/** 'Crear Paquete' (admin spec §5): customer, one of their mailboxes, the package and its status. */
export function CreatePackageDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Crear Paquete" size="lg">
      {opened && <CreatePackageForm onClose={onClose} />}
    </Modal>
  );
}

function CreatePackageForm({ onClose }: { onClose: () => void }) {
  const invalidate = useInvalidatePackages();
  const mutation = useMutation(trpc.packages.create.mutationOptions());
  const form = useForm<CreateValues>({
    mode: 'controlled',
    initialValues: { userId: '', status: 'pending', ...EMPTY_FIELDS },
    validate: schemaResolver(packageCreateInput, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await mutation.mutateAsync(packageCreateInput.parse(values));
      notifications.show({ color: 'green', title: M.createdTitle, message: M.created });
      form.reset();
      await invalidate();
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: failureMessage(error, M.createFailed) });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <CustomerPicker
          required
          value={form.values.userId}
          error={form.errors.userId}
          onChange={(userId) => {
            form.setFieldValue('userId', userId);
            // The mailbox belonged to the previous customer.
            form.setFieldValue('mailboxId', '');
          }}
        />
        <PackageFields form={form} userId={form.values.userId} />
        <Select
          label="Estado"
          required
          allowDeselect={false}
          data={PACKAGE_STATUSES_SELECTABLE.map((s) => ({ value: s, label: PACKAGE_STATUS_LABELS[s] }))}
          {...form.getInputProps('status')}
        />
        <DialogActions onCancel={onClose} label="Crear Paquete" loading={mutation.isPending} />
      </Stack>
    </form>
  );
}

/** Editing keeps the customer; the mailbox is one of theirs; WR and shelf may be corrected. */
export function EditPackageDialog({ packageId, onClose }: { packageId: string | null; onClose: () => void }) {
  const detail = useQuery({ ...trpc.packages.detail.queryOptions({ id: packageId ?? '' }), enabled: packageId !== null });
  return (
    <Modal opened={packageId !== null} onClose={onClose} title="Editar paquete" size="lg">
      {detail.isError ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {failureMessage(detail.error, M.loadFailed)}
        </Alert>
      ) : !detail.data || detail.data.id !== packageId ? (
        <Center py="xl">
          <Loader aria-label="Cargando" />
        </Center>
      ) : (
        <EditPackageForm pkg={detail.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function EditPackageForm({ pkg, onClose }: { pkg: PackageDetail; onClose: () => void }) {
  const invalidate = useInvalidatePackages();
  const mutation = useMutation(trpc.packages.update.mutationOptions());
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<EditValues>({
    mode: 'controlled',
    initialValues: {
      id: pkg.id,
      mailboxId: pkg.mailboxId,
      trackingNumber: pkg.trackingNumber ?? '',
      packageDescription: pkg.packageDescription,
      senderName: pkg.senderName ?? '',
      weightKg: pkg.weightKg ?? '',
      dimensionsCm: pkg.dimensionsCm ?? '',
      estimatedValueUsd: pkg.estimatedValueUsd ?? '',
      notes: pkg.notes ?? '',
      warehouseReceipt: pkg.warehouseReceipt ?? '',
      warehouseLocation: pkg.warehouseLocation ?? '',
    },
    validate: schemaResolver(packageUpdateInput, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    try {
      await mutation.mutateAsync(packageUpdateInput.parse(values));
      notifications.show({ color: 'green', title: M.updatedTitle, message: M.updated });
      await invalidate();
      onClose();
    } catch (error) {
      setServerError(failureMessage(error, M.updateFailed));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          Cliente: <b>{pkg.customerName ?? pkg.customerEmail}</b> · {pkg.customerEmail}
        </Text>
        <PackageFields form={form} userId={pkg.userId} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Warehouse Receipt (WR)" {...form.getInputProps('warehouseReceipt')} />
          <TextInput label="Ubicación en almacén" placeholder="A-1-05" {...form.getInputProps('warehouseLocation')} />
        </SimpleGrid>
        <DialogActions error={serverError} onCancel={onClose} label="Guardar cambios" loading={mutation.isPending} />
      </Stack>
    </form>
  );
}
