// What the reception screen shows once a number is scanned (docs/decisions/019-warehouse-intake.md): who the
// parcel belongs to (or "sin dueño", with the casillero code read off the label), then the
// measures, the photos and Save. The weight is focused, and Enter there saves: receiving a
// parcel is the scan plus the measures.
import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconUser, IconUserQuestion } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { inferInput, inferOutput } from '@trpc/tanstack-react-query';
import { CARRIERS, RECEPTION_MESSAGES as M, receptionReceiveInput, type PlausibilityCheck } from '@casillero/shared';
import { getErrorMessage, getFieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { DecimalInput, type DecimalValue } from '../forms/DecimalInput';
import { optionalValue } from '../forms/fields';
import { usePlausibleConfirm } from '../forms/usePlausibleConfirm';
import { useSchemaForm } from '../forms/useSchemaForm';
import { PhotoCapture, type CapturedPhoto } from './PhotoCapture';

export type LookupResult = inferOutput<typeof trpc.reception.lookup>;
export type ExpectedOrUnknown = Extract<LookupResult, { kind: 'expected' | 'unknown' }>;
export type ReceiveResult = inferOutput<typeof trpc.reception.receive>;
type Values = Omit<
  inferInput<typeof trpc.reception.receive>,
  'photos' | 'weightKg' | 'lengthCm' | 'widthCm' | 'heightCm'
> & {
  weightKg: DecimalValue;
  lengthCm: DecimalValue;
  widthCm: DecimalValue;
  heightCm: DecimalValue;
};

/** Who the scanned parcel belongs to, as found before saving: a customer, or nobody yet. */
function OwnerCard({ found }: { found: ExpectedOrUnknown }) {
  const expected = found.kind === 'expected' ? found : null;
  const OwnerIcon = expected ? IconUser : IconUserQuestion;
  return (
    <Card
      withBorder
      padding="md"
      bg={expected ? 'var(--mantine-color-teal-light)' : 'var(--mantine-color-orange-light)'}
      data-testid="reception-owner"
    >
      <Group gap="xs" mb={4}>
        <OwnerIcon size={20} />
        <Text fw={700}>{expected ? M.expectedTitle : M.unknownTitle}</Text>
        <Text ff="monospace" size="sm">
          {found.trackingNumber}
        </Text>
        {found.carrier && <Badge variant="light">{found.carrier}</Badge>}
        {expected && (
          <Badge variant="outline" color="gray">
            {M.expectedFrom[expected.source]}
          </Badge>
        )}
      </Group>
      {expected ? <ExpectedOwner found={expected} /> : <Text size="sm">{M.unknownDetail}</Text>}
    </Card>
  );
}

/** The customer and the casillero the parcel was expected for, and what they said it is. */
function ExpectedOwner({ found }: { found: Extract<ExpectedOrUnknown, { kind: 'expected' }> }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <div>
          <Text size="xs" c="dimmed">
            {M.customerLabel}
          </Text>
          <Text fw={600} size="lg">
            {found.customer.name}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {M.mailboxLabel}
          </Text>
          <Text fw={600} size="lg" ff="monospace">
            {found.mailbox.code}
          </Text>
        </div>
      </SimpleGrid>
      {found.description && (
        <Text size="sm" mt={4} c="dimmed">
          {found.description}
        </Text>
      )}
    </>
  );
}

type ReceptionFormProps = {
  found: ExpectedOrUnknown;
  onSaved: (result: ReceiveResult, found: ExpectedOrUnknown, weightKg: number) => void;
  onCancel: () => void;
  /** The number was received meanwhile (another operator, a second scan): back to the scan field. */
  onAlreadyReceived: (message: string) => void;
};

export function ReceptionForm({ found, onSaved, onCancel, onAlreadyReceived }: ReceptionFormProps) {
  const weight = useRef<HTMLInputElement>(null);
  const [photos, setPhotos] = useState<CapturedPhoto[]>([]);
  const [error, setError] = useState<string | null>(null);
  const receive = useMutation(trpc.reception.receive.mutationOptions());
  const plausible = usePlausibleConfirm();
  const form = useSchemaForm<Values>(receptionReceiveInput, {
    code: found.trackingNumber,
    carrier:
      found.carrier && (CARRIERS as readonly string[]).includes(found.carrier)
        ? (found.carrier as Values['carrier'])
        : '',
    weightKg: '',
    lengthCm: '',
    widthCm: '',
    heightCm: '',
    mailboxCode: '',
    description: '',
  });

  useEffect(() => {
    weight.current?.focus();
  }, []);

  const submit = form.onSubmit(async (values) => {
    setError(null);
    const checks: PlausibilityCheck[] = [
      { kind: 'weightKg', value: values.weightKg },
      { kind: 'dimensionCm', value: values.lengthCm },
      { kind: 'dimensionCm', value: values.widthCm },
      { kind: 'dimensionCm', value: values.heightCm },
    ];
    if (!(await plausible.confirm(checks))) return;
    try {
      const result = await receive.mutateAsync({
        ...(values as unknown as inferInput<typeof trpc.reception.receive>),
        photos: photos.map(({ fileId, thumbFileId }) => ({ fileId, thumbFileId })),
      });
      for (const p of photos) URL.revokeObjectURL(p.previewUrl);
      onSaved(result, found, Number(values.weightKg));
    } catch (caught) {
      const message = getErrorMessage(caught, M.saveFailed);
      if ((caught as { data?: { code?: string } })?.data?.code === 'CONFLICT') {
        onAlreadyReceived(message);
        return;
      }
      form.setErrors(getFieldErrors(caught));
      setError(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={M.save}>
      {plausible.dialog}
      <Stack gap="sm">
        <OwnerCard found={found} />
        {found.kind === 'unknown' && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={M.mailboxCodeLabel}
              placeholder={M.mailboxCodePlaceholder}
              autoCapitalize="characters"
              autoComplete="off"
              {...form.getInputProps('mailboxCode')}
            />
            <Select
              label={M.carrierLabel}
              data={[...CARRIERS]}
              clearable
              {...optionalValue(form.getInputProps('carrier'))}
            />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <DecimalInput
            ref={weight}
            kind="weightKg"
            label={M.weightLabel}
            required
            size="md"
            {...form.getInputProps('weightKg')}
          />
          <DecimalInput kind="dimensionCm" label={M.lengthLabel} size="md" {...form.getInputProps('lengthCm')} />
          <DecimalInput kind="dimensionCm" label={M.widthLabel} size="md" {...form.getInputProps('widthCm')} />
          <DecimalInput kind="dimensionCm" label={M.heightLabel} size="md" {...form.getInputProps('heightCm')} />
        </SimpleGrid>
        {found.kind === 'unknown' && <TextInput label={M.descriptionLabel} {...form.getInputProps('description')} />}
        <div>
          <Text size="sm" fw={500} mb={4}>
            {M.photosLabel}
          </Text>
          <PhotoCapture value={photos} onChange={setPhotos} max={4} disabled={receive.isPending} />
        </div>
        {error && (
          <Alert color="red" icon={<IconAlertCircle />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={receive.isPending}>
            {M.cancel}
          </Button>
          <Button type="submit" loading={receive.isPending} size="md">
            {M.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
