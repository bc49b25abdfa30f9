// "Asignar a un cliente": a credit nobody reported ("Sin pago reportado") becomes the chosen
// customer's payment, toward one of their open invoices (the oldest by default) or, with none,
// credit on account; the server approves it with the line, once (services/reconciliation/assign.ts).
import { useEffect, useState } from 'react';
import { Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  RECONCILIATION_MESSAGES as M,
  formatUsdFromCents,
  formatVesCentimos,
  statementLineAssignInput,
} from '@casillero/shared';
import type { inferOutput } from '@trpc/tanstack-react-query';
import { DialogForm, subjectDialog } from '../../../../components/forms/FormDialog';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { useDialogSubmit, useSchemaForm } from '../../../../components/forms/useSchemaForm';
import { getErrorMessage } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';

type Line = inferOutput<typeof trpc.reconciliation.lines>['lines'][number];
type Customer = inferOutput<typeof trpc.clients.options>[number];

/** The form's values, as the shared schema reads them: invoiceId null is credit on account. */
type Values = { lineId: string; userId: string; invoiceId: string | null | undefined };

/** The invoice choice that stands for "none: credit on account" (a Select needs a value). */
const CREDIT = 'saldo-a-favor';
const labelOf = (c: Customer) => (c.fullName ? `${c.fullName} · ${c.email}` : c.email);

function AssignLineForm({ line, onClose }: { line: Line; onClose: () => void }) {
  const invalidate = useInvalidate(trpc.reconciliation, trpc.payments, trpc.billing);
  const assign = useMutation(trpc.reconciliation.assignLine.mutationOptions());
  const form = useSchemaForm<Values>(statementLineAssignInput, { lineId: line.id, userId: '', invoiceId: undefined });

  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<Customer | null>(null);
  // Once chosen, the box shows the customer's label: that is not a search.
  const q = chosen && debounced === labelOf(chosen) ? undefined : debounced.trim() || undefined;
  const results = useQuery(trpc.clients.options.queryOptions({ q }));
  const customers = [...(chosen ? [chosen] : []), ...(results.data ?? []).filter((c) => c.userId !== chosen?.userId)];

  const userId = form.values.userId;
  const account = useQuery({ ...trpc.billing.customerAccount.queryOptions({ userId }), enabled: userId !== '' });
  // Newest first from the server: the oldest open one is the last.
  const open = (account.data?.invoices ?? []).filter((i) => i.status === 'pending' || i.status === 'partial');
  const oldestOpen = open.at(-1)?.id ?? null;
  const accountLoaded = account.data !== undefined;

  // The default, once the customer's invoices are read: the oldest open one, or credit on account.
  useEffect(() => {
    if (accountLoaded && form.values.invoiceId === undefined) form.setFieldValue('invoiceId', oldestOpen);
  }, [accountLoaded, oldestOpen, form, form.values.invoiceId]);

  const { submit, error } = useDialogSubmit(
    form,
    { invalidate, onClose, failure: (e) => getErrorMessage(e, M.lineNotAssignable) },
    async (values) => {
      const result = await assign.mutateAsync(statementLineAssignInput.parse(values));
      return [M.approvedTitle, result.message];
    },
  );

  return (
    <DialogForm
      onSubmit={submit}
      error={error}
      gap="sm"
      onCancel={onClose}
      label={M.assignConfirm}
      loading={assign.isPending}
    >
      <Text size="sm">{M.assignNote}</Text>
      <Text size="sm" fw={500}>
        {line.reference} · {formatVesCentimos(line.vesCentimos)}
      </Text>
      <Select
        label="Cliente"
        placeholder={M.assignCustomerPlaceholder}
        required
        searchable
        data-autofocus
        nothingFoundMessage={results.isFetching ? 'Buscando...' : 'Sin resultados'}
        data={customers.map((c) => ({ value: c.userId, label: labelOf(c) }))}
        // The server already filtered by the text typed.
        filter={({ options }) => options}
        searchValue={search}
        onSearchChange={setSearch}
        {...form.getInputProps('userId')}
        value={userId || null}
        onChange={(id) => {
          setChosen(customers.find((c) => c.userId === id) ?? null);
          form.setValues({ userId: id ?? '', invoiceId: undefined });
        }}
      />
      {userId !== '' && (
        <Select
          label={M.assignInvoiceLabel}
          description={M.assignInvoiceHint}
          allowDeselect={false}
          disabled={!accountLoaded}
          data={[
            ...open.map((i) => ({
              value: i.id,
              label: `${i.number} · ${i.description} · ${formatUsdFromCents(i.remainingUsdCents)}`,
            })),
            { value: CREDIT, label: M.assignToCredit },
          ]}
          {...form.getInputProps('invoiceId')}
          value={form.values.invoiceId === undefined ? null : (form.values.invoiceId ?? CREDIT)}
          onChange={(v) => form.setFieldValue('invoiceId', v === CREDIT || v === null ? null : v)}
        />
      )}
    </DialogForm>
  );
}

/** Open while it names a "Sin pago reportado" line. */
export const AssignLineDialog = subjectDialog<Line>(
  M.assignTitle,
  (line, onClose) => <AssignLineForm line={line} onClose={onClose} />,
  'lg',
);
