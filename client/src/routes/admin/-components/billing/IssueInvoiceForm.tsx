// 'Emitir factura' in a client's account (docs/decisions/021-billing-in-bolivares.md): an invoice for a charge the system does not
// make by itself (a repack, a course, a fee), with its lines in USD. The server freezes today's
// rate in it, gives it its number and tells the customer.
import { ActionIcon, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { INVOICE_ISSUE_MESSAGES, MAX_INVOICE_LINES, PAYMENT_TYPE_LABELS, invoiceIssueInput } from '@casillero/shared';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { ErrorAlert } from '../../../../components/forms/FormParts';
import { notifySuccess } from '../../../../lib/notify';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { useMutationForm } from '../../../../components/forms/useMutationForm';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { trpc } from '../../../../lib/trpc';
import { AccountFormCard } from './AccountFormCard';

type Line = { description: string; amountUsd: DecimalValue };
type IssueValues = {
  userId: string;
  concept: 'shipping_payment' | 'course_purchase';
  description: string;
  lines: Line[];
};

const CONCEPTS = (['course_purchase', 'shipping_payment'] as const).map((value) => ({
  value,
  label: PAYMENT_TYPE_LABELS[value],
}));

export function IssueInvoiceForm({ userId }: { userId: string }) {
  const invalidate = useInvalidate(trpc.billing);
  const initialValues: IssueValues = {
    userId,
    concept: 'course_purchase',
    description: '',
    lines: [{ description: '', amountUsd: '' }],
  };
  const { form, mutation, send, serverError } = useMutationForm(trpc.billing.issue.mutationOptions(), {
    initialValues,
    schema: invoiceIssueInput,
  });
  const plausible = usePlausibleConfirm();
  const submit = form.onSubmit(async (values) => {
    if (!(await plausible.confirm(values.lines.map((line) => ({ kind: 'amountUsd', value: line.amountUsd }))))) return;
    const result = await send(invoiceIssueInput.parse(values));
    if (!result) return;
    notifySuccess(INVOICE_ISSUE_MESSAGES.issuedTitle, result.message);
    form.reset();
    await invalidate();
  });

  return (
    <AccountFormCard title="Emitir factura" onSubmit={submit} dialog={plausible.dialog}>
      <Text size="xs" c="dimmed">
        Para un cargo que el sistema no factura solo (un reempaque, un curso, un servicio). Se emite con la tasa de hoy
        y el cliente la ve en Facturas.
      </Text>
      <Group grow align="flex-start">
        <Select label="Concepto" data={CONCEPTS} allowDeselect={false} required {...form.getInputProps('concept')} />
        <TextInput label="Descripción" required maxLength={200} {...form.getInputProps('description')} />
      </Group>
      {form.values.lines.map((_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: controlled fields read from the form by position
        <Group key={i} align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 2 }}
            label={`Línea ${i + 1}`}
            required
            maxLength={200}
            {...form.getInputProps(`lines.${i}.description`)}
          />
          <DecimalInput
            kind="amountUsd"
            style={{ flex: 1 }}
            label="Monto (USD)"
            required
            {...form.getInputProps(`lines.${i}.amountUsd`)}
          />
          {form.values.lines.length > 1 && (
            <ActionIcon
              mt={28}
              variant="subtle"
              color="red"
              aria-label={`Quitar la línea ${i + 1}`}
              onClick={() => form.removeListItem('lines', i)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      <Group justify="space-between">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={form.values.lines.length >= MAX_INVOICE_LINES}
          onClick={() => form.insertListItem('lines', { description: '', amountUsd: '' })}
        >
          Agregar línea
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          Emitir factura
        </Button>
      </Group>
      <ErrorAlert message={serverError} />
    </AccountFormCard>
  );
}
