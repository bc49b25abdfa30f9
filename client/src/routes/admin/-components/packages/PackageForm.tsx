import { Modal, Select, SimpleGrid, Text, TextInput, type SelectProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  MAILBOX_COUNTRY_LABELS,
  MAILBOX_STATUS_LABELS,
  PACKAGE_MESSAGES as M,
  PACKAGE_STATUSES_SELECTABLE,
  PACKAGE_STATUS_LABELS,
  packageCreateInput,
  packageUpdateInput,
  type PlausibilityCheck,
  DECLARED_VALUE_LABELS,
  WAREHOUSE_RECEIPT_LABEL,
} from '@casillero/shared';
import { LoaderOrAlert } from '../../../../components/details/DetailsDrawer';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { centsAsDollars, UsdCentsInput } from '../../../../components/forms/UsdCentsInput';
import { DialogForm, formDialog } from '../../../../components/forms/FormDialog';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { useDialogSubmit, useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { trpc } from '../../../../lib/trpc';
import { CustomerPicker } from './CustomerPicker';
import { failureMessage } from './feedback';
import type { PackageDetail } from './types';
import { GrowingTextarea } from '../../../../components/forms/fields';

/** Every packages and shipments query is stale after a package changes. */
export function useInvalidatePackages() {
  // Deleting a converted package gives its pre-alert back as confirmed.
  return useInvalidate(trpc.packages, trpc.shipments, trpc.prealerts);
}

type Selectable = (typeof PACKAGE_STATUSES_SELECTABLE)[number];

type FieldValues = {
  mailboxId: string;
  trackingNumber: string;
  packageDescription: string;
  senderName: string;
  weightKg: DecimalValue;
  dimensionsCm: string;
  estimatedValueUsdCents: DecimalValue;
  notes: string;
};
type CreateValues = FieldValues & { userId: string; status: Selectable };
type EditValues = FieldValues & { id: string; warehouseReceipt: string; warehouseLocation: string };

/** The package's figures asked about before saving when far from the usual. */
const packageChecks = (values: FieldValues): PlausibilityCheck[] => [
  { kind: 'weightKg', value: values.weightKg },
  { kind: 'amountUsd', value: centsAsDollars(values.estimatedValueUsdCents) },
];

const EMPTY_FIELDS: FieldValues = {
  mailboxId: '',
  trackingNumber: '',
  packageDescription: '',
  senderName: '',
  weightKg: '',
  dimensionsCm: '',
  estimatedValueUsdCents: '',
  notes: '',
};

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

// biome-ignore lint/suspicious/noExplicitAny: the create and the edit forms share these fields and differ in the rest
function PackageFields({ form, userId }: { form: UseFormReturnType<any, any, any>; userId: string }) {
  return (
    <>
      <MailboxSelect userId={userId} {...form.getInputProps('mailboxId')} />
      <TextInput
        label="Número de tracking"
        placeholder="1Z999AA10123456784"
        {...form.getInputProps('trackingNumber')}
      />
      <GrowingTextarea label="Descripción" required maxRows={5} {...form.getInputProps('packageDescription')} />
      <TextInput label="Remitente" placeholder="Amazon, Shein, eBay..." {...form.getInputProps('senderName')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DecimalInput kind="weightKg" label="Peso (kg)" {...form.getInputProps('weightKg')} />
        <TextInput label="Dimensiones (cm)" placeholder="30x20x15" {...form.getInputProps('dimensionsCm')} />
        <UsdCentsInput
          withSign
          label={DECLARED_VALUE_LABELS.fieldUsd}
          {...form.getInputProps('estimatedValueUsdCents')}
        />
      </SimpleGrid>
      <GrowingTextarea
        label="Notas internas"
        description="No se muestran al cliente"
        maxRows={4}
        {...form.getInputProps('notes')}
      />
    </>
  );
}

/** 'Crear Paquete' (docs/product/admin-packages-and-shipments.md#crear-paquete): customer, one of their mailboxes, the package and its status. */
export const CreatePackageDialog = formDialog('Crear Paquete', CreatePackageForm, 'lg');

function CreatePackageForm({ onClose }: { onClose: () => void }) {
  const invalidate = useInvalidatePackages();
  const mutation = useMutation(trpc.packages.create.mutationOptions());
  const plausible = usePlausibleConfirm();
  const form = useSchemaForm<CreateValues>(packageCreateInput, { userId: '', status: 'pending', ...EMPTY_FIELDS });

  const submit = form.onSubmit(async (values) => {
    if (!(await plausible.confirm(packageChecks(values)))) return;
    try {
      await mutation.mutateAsync(packageCreateInput.parse(values));
      notifySuccess(M.createdTitle, M.created);
      form.reset();
      await invalidate();
      onClose();
    } catch (error) {
      notifyError(failureMessage(error, M.createFailed));
    }
  });

  return (
    <DialogForm onSubmit={submit} onCancel={onClose} label="Crear Paquete" loading={mutation.isPending}>
      {plausible.dialog}
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
    </DialogForm>
  );
}

/** Editing keeps the customer; the mailbox is one of theirs; WR and shelf may be corrected. */
export function EditPackageDialog({ packageId, onClose }: { packageId: string | null; onClose: () => void }) {
  const detail = useQuery({
    ...trpc.packages.detail.queryOptions({ id: packageId ?? '' }),
    enabled: packageId !== null,
  });
  return (
    <Modal opened={packageId !== null} onClose={onClose} title="Editar paquete" size="lg">
      <LoaderOrAlert query={detail} failed={M.loadFailed} toMessage={failureMessage}>
        {(pkg) => <EditPackageForm pkg={pkg} onClose={onClose} />}
      </LoaderOrAlert>
    </Modal>
  );
}

function EditPackageForm({ pkg, onClose }: { pkg: PackageDetail; onClose: () => void }) {
  const invalidate = useInvalidatePackages();
  const mutation = useMutation(trpc.packages.update.mutationOptions());
  const plausible = usePlausibleConfirm();
  const form = useSchemaForm<EditValues>(packageUpdateInput, {
    id: pkg.id,
    mailboxId: pkg.mailboxId,
    trackingNumber: pkg.trackingNumber ?? '',
    packageDescription: pkg.packageDescription,
    senderName: pkg.senderName ?? '',
    weightKg: pkg.weightKg ?? '',
    dimensionsCm: pkg.dimensionsCm ?? '',
    estimatedValueUsdCents: pkg.estimatedValueUsdCents ?? '',
    notes: pkg.notes ?? '',
    warehouseReceipt: pkg.warehouseReceipt ?? '',
    warehouseLocation: pkg.warehouseLocation ?? '',
  });
  const failure = (error: unknown) => failureMessage(error, M.updateFailed);
  const confirm = (values: EditValues) => plausible.confirm(packageChecks(values));
  const { submit, error } = useDialogSubmit(form, { invalidate, onClose, failure, confirm }, async (values) => {
    await mutation.mutateAsync(packageUpdateInput.parse(values));
    return [M.updatedTitle, M.updated];
  });

  return (
    <DialogForm onSubmit={submit} error={error} onCancel={onClose} label="Guardar cambios" loading={mutation.isPending}>
      {plausible.dialog}
      <Text size="sm">
        Cliente: <b>{pkg.customerName ?? pkg.customerEmail}</b> · {pkg.customerEmail}
      </Text>
      <PackageFields form={form} userId={pkg.userId} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={WAREHOUSE_RECEIPT_LABEL} {...form.getInputProps('warehouseReceipt')} />
        <TextInput label="Ubicación en almacén" placeholder="A-1-05" {...form.getInputProps('warehouseLocation')} />
      </SimpleGrid>
    </DialogForm>
  );
}
