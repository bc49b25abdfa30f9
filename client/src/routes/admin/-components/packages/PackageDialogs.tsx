import { useState } from 'react';
import {
  Anchor,
  Badge,
  Divider,
  FileInput,
  Group,
  Image,
  Loader,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPhoto } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  MAILBOX_COUNTRY_LABELS,
  PACKAGE_MESSAGES as M,
  SHIPMENT_STATUS_LABELS,
  formatDateTime,
  formatUsd,
  packageIntakeInput,
} from '@casillero/shared';
import { LabeledValue } from '../../../../components/LabeledValue';
import { DetailsDrawer } from '../../../../components/details/DetailsDrawer';
import { EntityHistory } from '../../../../components/details/EntityHistory';
import { checkFile, uploadFile, UploadError } from '../../../../lib/files';
import { trpc } from '../../../../lib/trpc';
import { DialogActions } from '../DialogActions';
import { failureMessage } from './feedback';
import { useInvalidatePackages } from './PackageForm';
import { PackageStatusBadge } from './PackageStatus';
import type { PackageRow } from './types';

export const weightText = (kg: number | null) => (kg === null ? '—' : `${kg.toLocaleString('es-ES', { maximumFractionDigits: 2 })} kg`);

function PackagePhoto({ fileId }: { fileId: string }) {
  const link = useQuery(trpc.files.link.queryOptions({ id: fileId }));
  if (link.isPending) return <Loader size="sm" aria-label="Cargando foto" />;
  if (link.isError) return <Text c="red">{failureMessage(link.error, 'No se pudo cargar la foto.')}</Text>;
  return (
    <Anchor href={link.data.url} target="_blank" rel="noreferrer">
      <Image src={link.data.url} alt="Foto del paquete" mah={260} fit="contain" radius="sm" />
    </Anchor>
  );
}

/** Everything about a package: the package, the warehouse intake with its photo, customer and shipment. */
export function PackageDetailsDrawer({ packageId, onClose }: { packageId: string | null; onClose: () => void }) {
  return (
    <DetailsDrawer
      id={packageId}
      onClose={onClose}
      title="Detalles del paquete"
      query={(id) => trpc.packages.detail.queryOptions({ id })}
      loadFailed={M.loadFailed}
      toMessage={failureMessage}
    >
      {(d) => (
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={3} size="h4" ff="monospace">
              {d.trackingNumber ?? 'Sin tracking'}
            </Title>
            <PackageStatusBadge status={d.status} />
          </Group>
          <Divider label="Paquete" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LabeledValue label="Descripción" value={d.packageDescription} />
            <LabeledValue label="Remitente" value={d.senderName ?? '—'} />
            <LabeledValue label="Peso" value={weightText(d.weightKg)} />
            <LabeledValue label="Dimensiones" value={d.dimensionsCm ? `${d.dimensionsCm} cm` : '—'} />
            <LabeledValue label="Valor" value={d.estimatedValueUsd === null ? '—' : formatUsd(d.estimatedValueUsd)} />
            <LabeledValue label="Creado" value={formatDateTime(d.createdAt)} />
            <LabeledValue label="Notas internas" value={d.notes ?? '—'} />
            <LabeledValue label="Última actualización" value={formatDateTime(d.updatedAt)} />
          </SimpleGrid>
          <Divider label="Almacén" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LabeledValue label="Warehouse Receipt (WR)" value={d.warehouseReceipt ?? '—'} />
            <LabeledValue label="Ubicación" value={d.warehouseLocation ?? '—'} />
            <LabeledValue label="Recibido" value={d.receivedDate ? formatDateTime(d.receivedDate) : '—'} />
            <LabeledValue
              label="Envío"
              value={
                d.shipmentCode ? (
                  <>
                    {d.shipmentCode} {d.shipmentStatus && <Badge variant="light">{SHIPMENT_STATUS_LABELS[d.shipmentStatus]}</Badge>}
                  </>
                ) : (
                  'Sin envío'
                )
              }
            />
          </SimpleGrid>
          {d.photoFileId ? (
            <PackagePhoto fileId={d.photoFileId} />
          ) : (
            <Text size="sm" c="dimmed">
              Sin foto
            </Text>
          )}
          <Divider label="Cliente" labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <LabeledValue label="Nombre" value={d.customerName ?? '—'} />
            <LabeledValue label="Email" value={d.customerEmail} />
            <LabeledValue label="Teléfono" value={d.customerPhone ?? '—'} />
            <LabeledValue label="Casillero" value={`${d.mailboxCode} · ${MAILBOX_COUNTRY_LABELS[d.mailboxCountry]}`} />
          </SimpleGrid>
          <Divider label="Historial de cambios" labelPosition="left" />
          <EntityHistory entity="packages" entityId={d.id} />
        </Stack>
      )}
    </DetailsDrawer>
  );
}

type IntakeValues = {
  id: string;
  warehouseReceipt: string;
  weightKg: number | '';
  dimensionsCm: string;
  warehouseLocation: string;
  photoFileId: string | null;
};

/** Warehouse intake: WR number, weight, dimensions, shelf and an optional photo; a pending package becomes received. */
export function IntakeDialog({ pkg, onClose }: { pkg: PackageRow | null; onClose: () => void }) {
  return (
    <Modal opened={pkg !== null} onClose={onClose} title="Recepción en almacén">
      {pkg && <IntakeForm pkg={pkg} onClose={onClose} />}
    </Modal>
  );
}

function IntakeForm({ pkg, onClose }: { pkg: PackageRow; onClose: () => void }) {
  const invalidate = useInvalidatePackages();
  const mutation = useMutation(trpc.packages.receive.mutationOptions());
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const form = useForm<IntakeValues>({
    mode: 'controlled',
    initialValues: {
      id: pkg.id,
      warehouseReceipt: pkg.warehouseReceipt ?? '',
      weightKg: pkg.weightKg ?? '',
      dimensionsCm: pkg.dimensionsCm ?? '',
      warehouseLocation: pkg.warehouseLocation ?? '',
      photoFileId: null,
    },
    validate: schemaResolver(packageIntakeInput, { sync: true }),
  });

  const choosePhoto = async (file: File | null) => {
    setPhoto(file);
    setPhotoError(file ? await checkFile(file, 'package_photo') : null);
  };

  const submit = form.onSubmit(async (values) => {
    setServerError(null);
    if (photoError) return;
    try {
      let photoFileId: string | null = null;
      if (photo) {
        setIsUploading(true);
        photoFileId = (await uploadFile(photo, 'package_photo', pkg.userId)).id;
      }
      const result = await mutation.mutateAsync(packageIntakeInput.parse({ ...values, photoFileId }));
      notifications.show({
        color: 'green',
        title: M.intakeTitle,
        message: result.customerNotified ? M.intake(result.warehouseReceipt) : M.intakeUpdated(result.warehouseReceipt),
      });
      await invalidate();
      onClose();
    } catch (error) {
      setServerError(error instanceof UploadError ? error.message : failureMessage(error, M.intakeFailed));
    } finally {
      setIsUploading(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">
          {pkg.trackingNumber ?? 'Sin tracking'} · {pkg.packageDescription} · {pkg.customerName ?? pkg.customerEmail}
        </Text>
        <TextInput label="Warehouse Receipt (WR)" required placeholder="WR-2026-0001" {...form.getInputProps('warehouseReceipt')} />
        <SimpleGrid cols={2}>
          <NumberInput
            label="Peso (kg)"
            required
            min={0}
            step={0.1}
            decimalScale={2}
            {...form.getInputProps('weightKg')}
            onChange={(v) => form.setFieldValue('weightKg', v === '' || Number.isNaN(Number(v)) ? '' : Number(v))}
          />
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
        <DialogActions error={serverError} onCancel={onClose} label="Registrar recepción" loading={mutation.isPending || isUploading} />
      </Stack>
    </form>
  );
}

/** Confirms before deleting; the server refuses a package in a shipment or a repack request. */
export function DeletePackageDialog({ pkg, onClose }: { pkg: PackageRow | null; onClose: () => void }) {
  const invalidate = useInvalidatePackages();
  const mutation = useMutation(trpc.packages.delete.mutationOptions());
  const remove = async () => {
    if (!pkg) return;
    try {
      const result = await mutation.mutateAsync({ id: pkg.id });
      notifications.show({
        color: 'green',
        title: M.deletedTitle,
        message: result.restoredPrealertId ? M.deletedPrealertRestored : M.deleted,
      });
      await invalidate();
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', title: 'Error', message: failureMessage(error, M.deleteFailed) });
    }
  };
  return (
    <Modal opened={pkg !== null} onClose={onClose} title="Eliminar paquete">
      {pkg && (
        <Stack>
          <Text size="sm">
            ¿Eliminar el paquete <b>{pkg.trackingNumber ?? pkg.packageDescription}</b> de {pkg.customerName ?? pkg.customerEmail}? Esta
            acción no se puede deshacer.
          </Text>
          <DialogActions onCancel={onClose} label="Eliminar" color="red" onConfirm={() => void remove()} loading={mutation.isPending} />
        </Stack>
      )}
    </Modal>
  );
}
