import { useEffect, useState } from 'react';
import { Checkbox, Modal, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ACTIVATION_COST_USD_CENTS,
  CLIENT_MESSAGES as M,
  MAILBOX_CODE_PREFIX,
  MAILBOX_COUNTRIES,
  MAILBOX_COUNTRY_LABELS,
  WAREHOUSE_ADDRESSES,
  formatUsdFromCents,
  mailboxCreateInput,
  type MailboxCountry,
} from '@casillero/shared';
import { getErrorMessage, getFieldErrors } from '../../../../lib/errors';
import { DialogForm } from '../../../../components/forms/FormDialog';
import { useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { trpc } from '../../../../lib/trpc';
import { useInvalidateClients } from './common';
import type { ClientOption, ClientRef } from './types';

type Values = {
  userId: string;
  country: MailboxCountry | '';
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  mailboxCode: string;
  chargeActivation: boolean;
};

const EMPTY: Values = {
  userId: '',
  country: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  postalCode: '',
  mailboxCode: '',
  chargeActivation: true,
};

const ACTIVATION: Partial<Record<MailboxCountry, number>> = {
  USA: ACTIVATION_COST_USD_CENTS.usa,
  CHINA: ACTIVATION_COST_USD_CENTS.china,
};
const refLine = (code: string) => (code.trim() ? `REF/APTO: ${code.trim().toUpperCase()}` : '');
const labelOf = (c: { fullName: string | null; email: string }) =>
  c.fullName ? `${c.fullName} (${c.email})` : c.email;

type Props = { opened: boolean; client: ClientRef | null; onClose: () => void };

/** Crear Casillero Manual (docs/product/admin-clients.md#crear-casillero-manual): for the given client, or one chosen in the dialog. */
export function CreateMailboxDialog({ opened, client, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={M.createMailboxTitle} size="lg">
      {opened && <CreateMailboxForm client={client} onClose={onClose} />}
    </Modal>
  );
}

function CreateMailboxForm({ client, onClose }: { client: ClientRef | null; onClose: () => void }) {
  const invalidate = useInvalidateClients();
  const create = useMutation(trpc.mailboxes.createForClient.mutationOptions());
  const [selected, setSelected] = useState<ClientOption | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const preset = useQuery({
    ...trpc.clients.options.queryOptions({ userId: client?.userId }),
    enabled: client !== null,
  });
  const q = selected && debounced === labelOf(selected) ? undefined : debounced.trim() || undefined;
  const results = useQuery({ ...trpc.clients.options.queryOptions({ q }), enabled: client === null });

  const form = useSchemaForm<Values>(mailboxCreateInput, { ...EMPTY, userId: client?.userId ?? '' });

  useEffect(() => {
    if (preset.data?.[0]) setSelected(preset.data[0]);
  }, [preset.data]);

  const options = [
    ...(selected ? [selected] : []),
    ...(results.data ?? []).filter((o) => o.userId !== selected?.userId),
  ];
  const taken = new Set(selected?.countries ?? []);

  /** USA and CHINA prefill their warehouse address; OTHER clears it (docs/product/admin-clients.md#crear-casillero-manual). */
  const chooseCountry = (country: MailboxCountry | '') => {
    if (country === 'USA' || country === 'CHINA') {
      const a = WAREHOUSE_ADDRESSES[country];
      form.setValues({
        country,
        addressLine1: a.addressLine1,
        addressLine2: refLine(form.values.mailboxCode),
        city: a.city,
        state: a.state,
        postalCode: a.postalCode,
      });
    } else {
      form.setValues({ country, addressLine1: '', addressLine2: '', city: '', state: '', postalCode: '' });
    }
  };

  /** Line 2 follows the code while it is the default 'REF/APTO: {code}' (or empty). */
  const changeCode = (code: string) => {
    const line2 = form.values.addressLine2;
    const isDefault = line2 === '' || line2 === refLine(form.values.mailboxCode);
    form.setValues({
      mailboxCode: code,
      ...(isDefault && form.values.country !== 'OTHER' ? { addressLine2: refLine(code) } : {}),
    });
  };

  const submit = form.onSubmit(
    async (values) => {
      try {
        const result = await create.mutateAsync(values as typeof values & { country: MailboxCountry });
        notifications.show({ color: 'green', title: M.createdTitle, message: M.created(result.mailboxCode) });
        await invalidate();
        onClose();
      } catch (error) {
        form.setErrors(getFieldErrors(error));
        notifications.show({ color: 'red', title: 'Error', message: getErrorMessage(error, M.createFailed) });
      }
    },
    (errors) => {
      if (Object.values(errors).includes(M.requiredFields))
        notifications.show({ color: 'red', title: 'Error', message: M.requiredFields });
    },
  );

  const country = form.values.country;
  const fee = country ? ACTIVATION[country] : undefined;

  return (
    <DialogForm onSubmit={submit} gap="sm" onCancel={onClose} label="Crear Casillero" loading={create.isPending}>
      <Select
        label="Cliente"
        placeholder="Busca por nombre, email o casillero"
        required
        searchable
        disabled={client !== null}
        nothingFoundMessage={results.isFetching ? 'Buscando...' : 'Sin resultados'}
        data={options.map((o) => ({ value: o.userId, label: labelOf(o) }))}
        searchValue={search}
        onSearchChange={setSearch}
        {...form.getInputProps('userId')}
        value={form.values.userId || null}
        onChange={(v) => {
          form.setFieldValue('userId', v ?? '');
          setSelected(options.find((o) => o.userId === v) ?? null);
        }}
      />
      {selected && selected.countries.length > 0 ? (
        <Text size="xs" c="dimmed">
          Ya tiene casillero en: {selected.countries.map((c) => MAILBOX_COUNTRY_LABELS[c]).join(', ')}.
        </Text>
      ) : (
        // The line's place is kept while the given client's mailboxes load: the fields below do
        // not move under a tap aimed at País.
        client !== null &&
        preset.isPending && (
          <Text size="xs" c="dimmed">
            Buscando sus casilleros…
          </Text>
        )
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="País"
          placeholder="Selecciona"
          required
          allowDeselect={false}
          data={MAILBOX_COUNTRIES.map((c) => ({ value: c, label: MAILBOX_COUNTRY_LABELS[c], disabled: taken.has(c) }))}
          {...form.getInputProps('country')}
          value={country || null}
          onChange={(v) => chooseCountry((v ?? '') as MailboxCountry | '')}
        />
        <TextInput
          label="Código de casillero (opcional)"
          description={
            country === 'OTHER'
              ? 'Obligatorio para otros países.'
              : `Vacío: se genera (${MAILBOX_CODE_PREFIX.USA}NNNNN o ${MAILBOX_CODE_PREFIX.CHINA}NNNNNN).`
          }
          {...form.getInputProps('mailboxCode')}
          onChange={(e) => changeCode(e.currentTarget.value)}
        />
      </SimpleGrid>
      <TextInput label="Dirección línea 1" required {...form.getInputProps('addressLine1')} />
      <TextInput
        label="Dirección línea 2"
        placeholder="REF/APTO: {código}"
        description="Vacía: «REF/APTO:» con el código del casillero."
        {...form.getInputProps('addressLine2')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="Ciudad" required {...form.getInputProps('city')} />
        <TextInput label="Estado / Provincia" {...form.getInputProps('state')} />
        <TextInput label="Código postal" required {...form.getInputProps('postalCode')} />
      </SimpleGrid>
      {fee !== undefined && (
        <Checkbox
          label={`Cobrar la activación (${formatUsdFromCents(fee)}): el casillero se activa al aprobar ese pago`}
          description="Desmárcalo si el cliente ya pagó o se le exonera; podrás activarlo tú mismo."
          {...form.getInputProps('chargeActivation', { type: 'checkbox' })}
        />
      )}
      <Text size="xs" c="dimmed">
        El casillero se crea inactivo y el cliente recibe una notificación.
      </Text>
    </DialogForm>
  );
}
