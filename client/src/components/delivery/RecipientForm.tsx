// The recipient form (docs/product/last-mile.md#recipients): the customer's own in Mi Perfil ›
// Destinatarios (create and edit), and staff's 'Nuevo destinatario' in 'Crear Envío', which adds
// one to the chosen customer's book (recipients.createForCustomer, audited). One schema
// (recipientFields) checks both here and on the server.
import { Checkbox, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { inferOutput } from '@trpc/tanstack-react-query';
import {
  RECIPIENT_ADDRESS_MAX,
  RECIPIENT_FULL_NAME_MAX,
  RECIPIENT_LABELS as L,
  RECIPIENT_MESSAGES as M,
  RECIPIENT_REFERENCE_MAX,
  RECIPIENT_TEXT_MAX,
  recipientFields,
} from '@casillero/shared';
import { DialogForm } from '../forms/FormDialog';
import { VenezuelanStateSelect } from '../forms/fields';
import { useDialogSubmit, useSchemaForm } from '../forms/useSchemaForm';
import { getErrorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

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
      onCreated?.(await create.mutateAsync(input));
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
      <Textarea
        label={L.address}
        required
        autosize
        minRows={2}
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
