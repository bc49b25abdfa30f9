// Mi Perfil › Destinatarios (docs/product/last-mile.md#recipients): the customer's address book.
// The account holder comes first and stays; the others can be edited, marked "Autorizado a
// retirar" and removed (archived: shipments that name them keep them). Its form is also staff's
// 'Nuevo destinatario' in 'Crear Envío' (components/delivery/DeliveryChoice.tsx), which adds one
// to the chosen customer's book (recipients.createForCustomer, audited); one schema checks both.
import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { inferOutput } from '@trpc/tanstack-react-query';
import {
  RECIPIENT_ADDRESS_MAX,
  RECIPIENT_FULL_NAME_MAX,
  RECIPIENT_LABELS as L,
  RECIPIENT_MESSAGES as M,
  RECIPIENT_REFERENCE_MAX,
  RECIPIENT_TEXT_MAX,
  formatVenezuelanPhone,
  recipientFields,
} from '@casillero/shared';
import { ConfirmDialog, DialogForm } from '../forms/FormDialog';
import { VenezuelanStateSelect, GrowingTextarea } from '../forms/fields';
import { useConfirmedMutation, useDialogSubmit, useSchemaForm } from '../forms/useSchemaForm';
import { useInvalidate } from '../forms/useInvalidate';
import { getErrorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { HeadingWithHint } from '../layout/HeadingWithHint';

export type Recipient = inferOutput<typeof trpc.recipients.mine>[number];

type Values = {
  fullName: string;
  idDocument: string;
  phone: string;
  state: string | null;
  municipality: string;
  city: string;
  address: string;
  reference: string;
  isAuthorized: boolean;
};

const valuesOf = (r: Recipient | null): Values => ({
  fullName: r?.fullName ?? '',
  idDocument: r?.idDocument ?? '',
  phone: r?.phone ?? '',
  state: r?.state || null,
  municipality: r?.municipality ?? '',
  city: r?.city ?? '',
  address: r?.address ?? '',
  reference: r?.reference ?? '',
  isAuthorized: r?.isAuthorized ?? false,
});

/** The address book as a card of Mi Perfil. */
export function RecipientsCard() {
  const book = useQuery(trpc.recipients.mine.queryOptions());
  const [editing, setEditing] = useState<Recipient | 'new' | null>(null);
  const [removing, setRemoving] = useState<Recipient | null>(null);
  const invalidate = useInvalidate(trpc.recipients);
  const archive = useConfirmedMutation(
    trpc.recipients.archive.mutationOptions(),
    { invalidate, onClose: () => setRemoving(null), failure: (e) => getErrorMessage(e) },
    () => [L.section, M.archived],
  );

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <HeadingWithHint order={3} title={L.section} hint={L.intro} />
          </div>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            {L.add}
          </Button>
        </Group>
        {book.isError && <Text c="red">{getErrorMessage(book.error)}</Text>}
        {book.data?.length === 0 && <Text c="dimmed">{L.empty}</Text>}
        {book.data?.map((r) => (
          <RecipientRow key={r.id} recipient={r} onEdit={() => setEditing(r)} onRemove={() => setRemoving(r)} />
        ))}
      </Stack>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? L.add : L.edit}
        size="lg"
      >
        {editing !== null && (
          <RecipientForm
            recipient={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            invalidate={invalidate}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={removing !== null}
        title={L.remove}
        label={L.remove}
        loading={archive.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && archive.confirm({ id: removing.id })}
      >
        <strong>{removing?.fullName}</strong>: {L.removeConfirm}
      </ConfirmDialog>
    </Card>
  );
}

function RecipientRow({
  recipient: r,
  onEdit,
  onRemove,
}: {
  recipient: Recipient;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const place = [r.address, r.municipality, r.city, r.state].filter(Boolean).join(', ');
  return (
    <Card withBorder radius="sm" padding="sm" data-testid="recipient">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600}>{r.fullName}</Text>
            {r.isAccountHolder && (
              <Badge size="sm" variant="light">
                {L.accountHolder}
              </Badge>
            )}
            {r.isAuthorized && (
              <Badge size="sm" variant="light" color="green">
                {L.isAuthorized}
              </Badge>
            )}
            {!r.complete && (
              <Badge size="sm" variant="light" color="orange">
                {L.incomplete}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {[r.idDocument, r.phone ? formatVenezuelanPhone(r.phone) : null].filter(Boolean).join(' · ')}
          </Text>
          {place && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {place}
            </Text>
          )}
          {r.reference && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {r.reference}
            </Text>
          )}
        </Stack>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" size="lg" aria-label={`${L.edit}: ${r.fullName}`} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
          {!r.isAccountHolder && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`${L.remove}: ${r.fullName}`}
              onClick={onRemove}
            >
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      </Group>
    </Card>
  );
}

/**
 * A new recipient (`recipient` null) or a change to one. With `customerId` (staff) it goes to that
 * customer's book and `onCreated` gets the new one, to be chosen at once.
 */
export function RecipientForm({
  recipient,
  onClose,
  invalidate,
  customerId,
  onCreated,
}: {
  recipient: Recipient | null;
  onClose: () => void;
  invalidate: () => Promise<unknown>;
  customerId?: string;
  onCreated?: (created: Recipient) => void;
}) {
  const form = useSchemaForm(recipientFields, valuesOf(recipient));
  const create = useMutation(trpc.recipients.create.mutationOptions());
  const update = useMutation(trpc.recipients.update.mutationOptions());
  const createForCustomer = useMutation(trpc.recipients.createForCustomer.mutationOptions());
  const { submit, error } = useDialogSubmit(
    form,
    { invalidate, onClose, failure: (e) => getErrorMessage(e) },
    async (values) => {
      const input = { ...values, state: values.state as never };
      if (recipient) {
        await update.mutateAsync({ ...input, id: recipient.id });
        return [L.section, M.updated];
      }
      if (customerId) {
        const created = await createForCustomer.mutateAsync({ ...input, userId: customerId });
        onCreated?.(created);
        return [L.section, created.message];
      }
      await create.mutateAsync(input);
      return [L.section, M.created];
    },
  );
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      label={L.save}
      loading={create.isPending || update.isPending || createForCustomer.isPending}
      error={error}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={L.fullName}
          required
          maxLength={RECIPIENT_FULL_NAME_MAX}
          autoComplete="name"
          {...form.getInputProps('fullName')}
        />
        <TextInput label={L.idDocument} required placeholder="V-12345678" {...form.getInputProps('idDocument')} />
        <TextInput
          label={L.phone}
          required
          placeholder="0414-1234567"
          inputMode="tel"
          autoComplete="tel"
          {...form.getInputProps('phone')}
        />
        <VenezuelanStateSelect required label={L.state} inputProps={form.getInputProps('state')} />
        <TextInput label={L.municipality} maxLength={RECIPIENT_TEXT_MAX} {...form.getInputProps('municipality')} />
        <TextInput
          label={L.city}
          required
          maxLength={RECIPIENT_TEXT_MAX}
          autoComplete="address-level2"
          {...form.getInputProps('city')}
        />
      </SimpleGrid>
      <GrowingTextarea
        label={L.address}
        required
        maxLength={RECIPIENT_ADDRESS_MAX}
        autoComplete="street-address"
        {...form.getInputProps('address')}
      />
      <TextInput label={L.reference} maxLength={RECIPIENT_REFERENCE_MAX} {...form.getInputProps('reference')} />
      <Checkbox
        label={L.isAuthorized}
        description={L.isAuthorizedHint}
        {...form.getInputProps('isAuthorized', { type: 'checkbox' })}
      />
    </DialogForm>
  );
}
