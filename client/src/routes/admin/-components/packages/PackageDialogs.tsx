import { useState } from 'react';
import { Badge, Divider, FileInput, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import {
  MAILBOX_COUNTRY_LABELS,
  PACKAGE_MESSAGES as M,
  SHIPMENT_STATUS_LABELS,
  formatDateTime,
  packageIntakeInput,
  formatUsdFromCents,
  DECLARED_VALUE_LABELS,
  formatKg,
  formatMeasures,
  WAREHOUSE_RECEIPT_LABEL,
} from '@casillero/shared';
import { PackagePhotos } from '../../../../components/PackagePhotos';
import { TravelFlags } from '../../../../components/travel-rules/TravelFlags';
import { CustomerSection, DetailsHeading, FactGrid } from '../../../../components/details/DetailsParts';
import { DetailsDrawer, type DetailsDrawerOpen } from '../../../../components/details/DetailsDrawer';
import { EntityHistory } from '../../../../components/details/EntityHistory';
import { CarrierTimeline } from '../../../../components/first-mile/CarrierTimeline';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { ConfirmDialog, DialogForm, subjectDialog } from '../../../../components/forms/FormDialog';
import { notifySuccess } from '../../../../lib/notify';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { useConfirmedMutation, useSchemaForm, useSubmitAction } from '../../../../components/forms/useSchemaForm';
import { checkFile, UploadError } from '../../../../lib/files';
import { UploadProgress, useUpload } from '../../../../components/forms/UploadProgress';
import { trpc } from '../../../../lib/trpc';
import { failureMessage } from './feedback';
import { useInvalidatePackages } from './PackageForm';
import { PackageStatusBadge } from './PackageStatus';
import { PrintLabelButton } from './PrintLabels';
import { ProblemSection } from './ProblemSection';
import type { PackageRow } from './types';

export const weightText = (kg: number | null) => (kg === null ? '—' : formatKg(kg));

/** Everything about a package: the package, the warehouse intake with its photo, customer and shipment. */
export function PackageDetailsDrawer(props: DetailsDrawerOpen) {
  return (
    <DetailsDrawer
      {...props}
      title="Detalles del paquete"
      query={(id) => trpc.packages.detail.queryOptions({ id })}
      loadFailed={M.loadFailed}
      toMessage={failureMessage}
    >
      {(d) => (
        <>
          <DetailsHeading title={d.trackingNumber ?? 'Sin tracking'}>
            <PackageStatusBadge status={d.status} />
          </DetailsHeading>
          {/* The travel rules' flags, the same the customer sees (docs/product/travel-rules.md). */}
          <TravelFlags flags={d.travelFlags} />
          <FactGrid
            title="Paquete"
            facts={[
              ['Descripción', d.packageDescription],
              ['Remitente', d.senderName ?? '—'],
              ['Peso', weightText(d.weightKg)],
              ['Dimensiones', d.dimensionsCm ? formatMeasures(d.dimensionsCm) : '—'],
              [
                DECLARED_VALUE_LABELS.field,
                d.estimatedValueUsdCents === null ? '—' : formatUsdFromCents(d.estimatedValueUsdCents),
              ],
              ['Creado', formatDateTime(d.createdAt)],
              ['Notas internas', d.notes ?? '—'],
              ['Última actualización', formatDateTime(d.updatedAt)],
            ]}
          />
          <FactGrid
            title="Almacén"
            facts={[
              [WAREHOUSE_RECEIPT_LABEL, d.warehouseReceipt ?? '—'],
              ['Ubicación', d.warehouseLocation ?? '—'],
              ['Recibido', d.receivedDate ? formatDateTime(d.receivedDate) : '—'],
              [
                'Envío',
                d.shipmentCode ? (
                  <>
                    {d.shipmentCode}{' '}
                    {d.shipmentStatus && <Badge variant="light">{SHIPMENT_STATUS_LABELS[d.shipmentStatus]}</Badge>}
                  </>
                ) : (
                  'Sin envío'
                ),
              ],
            ]}
          />
          {/* The carrier's leg up to this receipt (docs/product/first-mile.md). */}
          {d.carrierLeg && (
            <CarrierTimeline
              leg={d.carrierLeg}
              signedBy={d.carrierLeg.signedBy}
              received={{ at: d.receivedDate, warehouseReceipt: d.warehouseReceipt }}
            />
          )}
          <Group justify="space-between" align="flex-start">
            <PackagePhotos photos={d.photos} size={88} showEmpty />
            {d.warehouseReceipt && <PrintLabelButton packageIds={[d.id]} />}
          </Group>
          <CustomerSection
            name={d.customerName}
            email={d.customerEmail}
            phone={d.customerPhone}
            mailbox={`${d.mailboxCode} · ${MAILBOX_COUNTRY_LABELS[d.mailboxCountry]}`}
          />
          <ProblemSection packageId={d.id} status={d.status} />
          <Divider label="Historial de cambios" labelPosition="left" />
          <EntityHistory entity="packages" entityId={d.id} />
        </>
      )}
    </DetailsDrawer>
  );
}

type IntakeValues = {
  id: string;
  warehouseReceipt: string;
  weightKg: DecimalValue;
  dimensionsCm: string;
  warehouseLocation: string;
  photoFileId: string | null;
};

/** Warehouse intake: WR number, weight, dimensions, shelf and an optional photo; a pending package becomes received. */
export const IntakeDialog = subjectDialog<PackageRow>('Recepción en almacén', (pkg, onClose) => (
  <IntakeForm pkg={pkg} onClose={onClose} />
));

function IntakeForm({ pkg, onClose }: { pkg: PackageRow; onClose: () => void }) {
  const invalidate = useInvalidatePackages();
  const mutation = useMutation(trpc.packages.receive.mutationOptions());
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const photoUpload = useUpload();
  const plausible = usePlausibleConfirm();
  const form = useSchemaForm<IntakeValues>(packageIntakeInput, {
    id: pkg.id,
    warehouseReceipt: pkg.warehouseReceipt ?? '',
    weightKg: pkg.weightKg ?? '',
    dimensionsCm: pkg.dimensionsCm ?? '',
    warehouseLocation: pkg.warehouseLocation ?? '',
    photoFileId: null,
  });

  const choosePhoto = async (file: File | null) => {
    setPhoto(file);
    setPhotoError(file ? await checkFile(file, 'package_photo') : null);
  };

  const receive = async (values: IntakeValues) => {
    if (photoError) return;
    let photoFileId: string | null = null;
    if (photo) photoFileId = (await photoUpload.upload(photo, 'package_photo', pkg.userId)).id;
    const result = await mutation.mutateAsync(packageIntakeInput.parse({ ...values, photoFileId }));
    notifySuccess(
      M.intakeTitle,
      result.customerNotified ? M.intake(result.warehouseReceipt) : M.intakeUpdated(result.warehouseReceipt),
    );
    await invalidate();
    onClose();
  };
  const { submit, error } = useSubmitAction(
    form,
    receive,
    (e) => (e instanceof UploadError ? e.message : failureMessage(e, M.intakeFailed)),
    (values) => plausible.confirm([{ kind: 'weightKg', value: values.weightKg }]),
  );

  return (
    <DialogForm
      onSubmit={submit}
      error={error}
      onCancel={onClose}
      label="Registrar recepción"
      loading={mutation.isPending || photoUpload.uploading}
    >
      {plausible.dialog}
      <Text size="sm">
        {pkg.trackingNumber ?? 'Sin tracking'} · {pkg.packageDescription} · {pkg.customerName ?? pkg.customerEmail}
      </Text>
      <TextInput
        label={WAREHOUSE_RECEIPT_LABEL}
        required
        placeholder="WR-2026-0001"
        {...form.getInputProps('warehouseReceipt')}
      />
      <SimpleGrid cols={2}>
        <DecimalInput kind="weightKg" label="Peso (kg)" required {...form.getInputProps('weightKg')} />
        <TextInput label="Dimensiones (cm)" placeholder="30x20x15" {...form.getInputProps('dimensionsCm')} />
      </SimpleGrid>
      <TextInput label="Ubicación en almacén" placeholder="A-1-05" {...form.getInputProps('warehouseLocation')} />
      <FileInput
        label="Foto del paquete (opcional)"
        placeholder="JPEG, PNG o WebP, hasta 5 MB"
        accept="image/jpeg,image/png,image/webp"
        leftSection={<IconPhoto size={16} />}
        clearable
        value={photo}
        onChange={(f) => void choosePhoto(f)}
        error={photoError}
      />
      <UploadProgress {...photoUpload} />
      {pkg.status === 'pending' ? (
        <Text size="sm" c="dimmed">
          El paquete pasará a «Recibido» y se notificará al cliente el WR y el peso.
        </Text>
      ) : (
        !pkg.warehouseReceipt && (
          <Text size="sm" c="dimmed">
            Se notificará al cliente el WR y el peso registrados.
          </Text>
        )
      )}
    </DialogForm>
  );
}

/** Confirms before deleting; the server refuses a package in a shipment or a repack request. */
export function DeletePackageDialog({ pkg, onClose }: { pkg: PackageRow | null; onClose: () => void }) {
  const invalidate = useInvalidatePackages();
  const failure = (error: unknown) => failureMessage(error, M.deleteFailed);
  const remove = useConfirmedMutation(
    trpc.packages.delete.mutationOptions(),
    { invalidate, onClose, failure },
    (result) => [M.deletedTitle, result.restoredPrealertId ? M.deletedPrealertRestored : M.deleted],
  );
  return (
    <ConfirmDialog
      opened={pkg !== null}
      title="Eliminar paquete"
      label="Eliminar"
      onConfirm={() => void (pkg && remove.confirm({ id: pkg.id }))}
      onCancel={onClose}
      loading={remove.isPending}
    >
      {pkg && (
        <>
          ¿Eliminar el paquete <b>{pkg.trackingNumber ?? pkg.packageDescription}</b> de{' '}
          {pkg.customerName ?? pkg.customerEmail}? Esta acción no se puede deshacer.
        </>
      )}
    </ConfirmDialog>
  );
}
