// What staff who write payments do with an invoice's fiscal document (docs/product/fiscal-invoices.md):
// 'Emitir factura' for a nota de cobro once the client's fiscal data are complete, and 'Nota de
// crédito o débito' on a factura (a price correction; the ledger follows). Never an edit.
import { useState } from 'react';
import { Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { FISCAL_DOCUMENT_KIND_LABELS, fiscalNoteInput, formatUsdCents, type FiscalNoteKind } from '@casillero/shared';
import { useMutation } from '@tanstack/react-query';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { DialogForm, SubjectModal } from '../../../../components/forms/FormDialog';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { useMutationForm } from '../../../../components/forms/useMutationForm';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { getErrorMessage } from '../../../../lib/errors';
import { notifySuccess } from '../../../../lib/notify';
import { trpc } from '../../../../lib/trpc';
import type { AccountInvoice } from './format';
import { ReasonField } from './ReasonField';

export function FiscalInvoiceActions({ invoice }: { invoice: AccountInvoice }) {
  const [noteFor, setNoteFor] = useState<AccountInvoice | null>(null);
  const invalidateBilling = useInvalidate(trpc.billing);
  const invalidateFiscal = useInvalidate(trpc.fiscal);
  const issue = useMutation(trpc.fiscal.issueFactura.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const f = invoice.fiscal;
  if (!f || invoice.status === 'void') return null;
  if (f.kind === 'nota_de_cobro')
    return (
      <Stack gap={2} align="flex-start">
        <Button
          size="xs"
          variant="light"
          loading={issue.isPending}
          aria-label={`Emitir factura por la nota de cobro ${f.number}`}
          onClick={async () => {
            setError(null);
            try {
              const r = await issue.mutateAsync({ id: f.id });
              notifySuccess('Factura emitida', r.message);
              await Promise.all([invalidateBilling(), invalidateFiscal()]);
            } catch (err) {
              setError(getErrorMessage(err));
            }
          }}
        >
          Emitir factura
        </Button>
        {error && (
          <Text size="xs" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    );
  return (
    <>
      <Button
        size="xs"
        variant="default"
        onClick={() => setNoteFor(invoice)}
        aria-label={`Nota de crédito o débito sobre la factura ${f.number}`}
      >
        Nota de crédito o débito
      </Button>
      <SubjectModal subject={noteFor} onClose={() => setNoteFor(null)} title={`Nota sobre la factura ${f.number}`}>
        {(inv) => <NoteForm invoice={inv} onClose={() => setNoteFor(null)} />}
      </SubjectModal>
    </>
  );
}

type NoteValues = { facturaId: string; kind: FiscalNoteKind; amountUsd: DecimalValue; reason: string };

function NoteForm({ invoice, onClose }: { invoice: AccountInvoice; onClose: () => void }) {
  const invalidate = useInvalidate(trpc.billing);
  const f = invoice.fiscal!;
  const credited = invoice.fiscalNotes.reduce(
    (s, n) => s + (n.kind === 'nota_de_credito' ? -n.totalUsdCents : n.totalUsdCents),
    0,
  );
  const left = f.totalUsdCents + credited;
  const initialValues: NoteValues = { facturaId: f.id, kind: 'nota_de_credito', amountUsd: '', reason: '' };
  const { form, mutation, send, serverError } = useMutationForm(trpc.fiscal.issueNote.mutationOptions(), {
    initialValues,
    schema: fiscalNoteInput,
  });
  const plausible = usePlausibleConfirm();
  const submit = form.onSubmit(async (values) => {
    if (!(await plausible.confirm([{ kind: 'amountUsd', value: values.amountUsd }]))) return;
    const result = await send(fiscalNoteInput.parse(values));
    if (!result) return;
    notifySuccess(FISCAL_DOCUMENT_KIND_LABELS[values.kind], result.message);
    await invalidate();
    onClose();
  });
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      label="Emitir nota"
      loading={mutation.isPending}
      error={serverError}
    >
      {plausible.dialog}
      <Text size="sm" c="dimmed">
        La factura no se edita: la nota la corrige con su propio número y número de control. Queda de la factura{' '}
        {formatUsdCents(left)}.
      </Text>
      <SegmentedControl
        aria-label="Tipo de nota"
        data={[
          { value: 'nota_de_credito', label: 'Nota de crédito (rebaja)' },
          { value: 'nota_de_debito', label: 'Nota de débito (recargo)' },
        ]}
        {...form.getInputProps('kind')}
      />
      <DecimalInput
        kind="amountUsd"
        label="Monto de la nota, con impuestos (USD)"
        required
        {...form.getInputProps('amountUsd')}
      />
      <ReasonField inputProps={form.getInputProps('reason')} />
    </DialogForm>
  );
}
