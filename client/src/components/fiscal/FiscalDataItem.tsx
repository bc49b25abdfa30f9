// Acción requerida (docs/product/fiscal-invoices.md#fiscal-data): a customer with notas de cobro
// and no valid fiscal data writes their name, cédula or RIF and fiscal address; saving issues
// their notas de cobro as facturas. The server checks the RIF's digit and answers in Spanish.
import { Button, Card, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FISCAL_MESSAGES } from '@casillero/shared';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { notifyChange } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { textBinding } from '../forms/fields';

type FiscalStatus = inferOutput<typeof trpc.fiscal.mine>;

export function FiscalDataItem({ status }: { status: FiscalStatus }) {
  const queryClient = useQueryClient();
  const save = useMutation(trpc.fiscal.saveMine.mutationOptions());
  const [name, setName] = useState(status.name);
  const [idNumber, setIdNumber] = useState(status.idNumber ?? '');
  const [address, setAddress] = useState(status.address ?? '');
  if (!status.actionRequired) return null;
  const submit = async () => {
    const done = await notifyChange(
      () => save.mutateAsync({ name, idNumber, address }),
      (r) => ({ message: r.message }),
    );
    if (done) {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.fiscal.mine.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.billing.pathKey() }),
      ]);
    }
  };
  return (
    <Card withBorder radius="md" padding="md" aria-label={FISCAL_MESSAGES.actionTitle}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="xs">
          <Text fw={700}>{FISCAL_MESSAGES.actionTitle}</Text>
          <Text size="sm">{status.actionRequired}</Text>
          <TextInput label="Nombre o razón social" {...textBinding(name, setName)} required />
          <TextInput
            label="Cédula o RIF"
            description="Ej.: V-12345678 o J-00002961-0"
            {...textBinding(idNumber, setIdNumber)}
            required
          />
          <TextInput label="Dirección fiscal" {...textBinding(address, setAddress)} required />
          <Button type="submit" loading={save.isPending}>
            Guardar datos fiscales
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
