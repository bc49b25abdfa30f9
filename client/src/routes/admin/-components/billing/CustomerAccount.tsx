// 'Estado de cuenta' of a client (docs/decisions/021-billing-in-bolivares.md), in the client's details: the balance (in USD, and
// in Bs. at each invoice's frozen rate, the figure the customer sees), the invoices with their own frozen rate, and the
// ledger. Entries are never edited or deleted; roles that write payments add a correction
// (an adjustment or a refund of credit) as a new entry.
import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Card, Center, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFileTypePdf } from '@tabler/icons-react';
import {
  BILLING_MESSAGES,
  INVOICE_STATUS_COLORS,
  INVOICE_STATUS_LABELS,
  LEDGER_KIND_LABELS,
  PAYMENT_TYPE_LABELS,
  formatDateTime,
  formatRate,
  formatUsdCents,
  formatVesCentimos,
  invoicePdfPath,
  ledgerEntryInput,
} from '@casillero/shared';
import { useQuery } from '@tanstack/react-query';
import { ResponsiveTable, StackedCell, type ResponsiveColumn } from '../../../../components/data-table';
import { DecimalInput, type DecimalValue } from '../../../../components/forms/DecimalInput';
import { ErrorAlert, SubmitRow } from '../../../../components/forms/FormParts';
import { notifySuccess } from '../../../../lib/notify';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { useMutationForm } from '../../../../components/forms/useMutationForm';
import { usePlausibleConfirm } from '../../../../components/forms/usePlausibleConfirm';
import { getErrorMessage } from '../../../../lib/errors';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import { OwedInBolivares } from '../../../../components/billing/OwedInBolivares';
import { IssueInvoiceForm } from './IssueInvoiceForm';
import { PendingCorrections } from './PendingCorrections';
import {
  formatDay,
  rateWithDay,
  signedUsd,
  type AccountInvoice,
  type CustomerAccount as Account,
  type LedgerRow,
} from './format';
import { FiscalDocumentLine } from '../../../../components/fiscal/FiscalDocumentLine';
import { FiscalBreakdown, FiscalNotes } from '../../../../components/fiscal/FiscalBreakdown';
import { FiscalInvoiceActions } from './FiscalInvoiceActions';
import { ReasonField } from './ReasonField';
import { AccountFormCard } from './AccountFormCard';

export const NEVER_EDITED = 'Los movimientos nunca se editan ni se borran: una corrección es un movimiento nuevo.';

/** The client's account, for roles that read payments (nothing for the others). */
export function CustomerAccount({ userId, name }: { userId: string; name: string }) {
  const canRead = useCan('payments.read');
  const canWrite = useCan('payments.write');
  const account = useQuery({ ...trpc.billing.customerAccount.queryOptions({ userId }), enabled: canRead });
  if (!canRead) return null;
  return (
    <Stack gap="md" component="section" aria-label="Estado de cuenta">
      {account.isPending ? (
        <Center py="md">
          <Loader size="sm" role="status" aria-label="Cargando" />
        </Center>
      ) : account.isError ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          {getErrorMessage(account.error)}
        </Alert>
      ) : (
        <>
          <Balance balance={account.data.balance} />
          <InvoicesTable invoices={account.data.invoices} />
          <LedgerTable entries={account.data.ledger} />
          <PendingCorrections
            corrections={account.data.pendingCorrections}
            thresholdUsdCents={account.data.secondApprovalUsdCents}
            canDecide={canWrite}
          />
          {canWrite && <IssueInvoiceForm userId={userId} />}
          {canWrite && <LedgerEntryForm userId={userId} name={name} />}
        </>
      )}
    </Stack>
  );
}

function Balance({ balance }: { balance: Account['balance'] }) {
  const cents = balance.balanceUsdCents;
  const text =
    cents > 0
      ? BILLING_MESSAGES.balanceOwed(formatUsdCents(cents))
      : cents < 0
        ? BILLING_MESSAGES.balanceCredit(formatUsdCents(-cents))
        : BILLING_MESSAGES.balanceZero;
  return (
    <Card withBorder radius="md" padding="sm" aria-label="Saldo del cliente">
      <Text fw={700} c={cents > 0 ? 'orange.8' : cents < 0 ? 'green.8' : undefined}>
        {text}
      </Text>
      {cents > 0 && (
        <OwedInBolivares
          owedVesCentimos={balance.owedVesCentimos}
          owedWithoutRateUsdCents={balance.owedWithoutRateUsdCents}
        />
      )}
      <Text size="xs" c="dimmed">
        {balance.openInvoices === 1 ? '1 factura por pagar' : `${balance.openInvoices} facturas por pagar`}
        {balance.creditUsdCents > 0 ? ` · saldo a favor disponible: ${formatUsdCents(balance.creditUsdCents)}` : ''}
      </Text>
    </Card>
  );
}

function InvoiceAmount({ invoice }: { invoice: AccountInvoice }) {
  return (
    <div>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatUsdCents(invoice.usdCents)}
      </Text>
      {invoice.vesCentimos !== null && invoice.vesPerUsd ? (
        <>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatVesCentimos(invoice.vesCentimos)}
          </Text>
          <Text size="xs" c="dimmed">
            {invoice.rateIsEarlier && invoice.rateDate
              ? rateWithDay({ vesPerUsd: invoice.vesPerUsd, rateDate: invoice.rateDate })
              : formatRate(invoice.vesPerUsd)}
          </Text>
        </>
      ) : (
        <Text size="xs" c="dimmed">
          {BILLING_MESSAGES.noRate}
        </Text>
      )}
    </div>
  );
}

const nowrap = { whiteSpace: 'nowrap' } as const;

const invoiceColumns: ResponsiveColumn<AccountInvoice>[] = [
  {
    header: 'Número',
    card: 'title',
    mono: true,
    cell: (inv) => (
      <Stack gap={4} align="flex-start">
        <span style={nowrap}>{inv.number}</span>
        <FiscalDocumentLine fiscal={inv.fiscal} />
        <FiscalNotes notes={inv.fiscalNotes} />
      </Stack>
    ),
  },
  { header: 'Fecha', cell: (inv) => <span style={nowrap}>{formatDay(inv.issueDate)}</span> },
  {
    header: 'Concepto',
    card: 'wide',
    cell: (inv) => <StackedCell main={PAYMENT_TYPE_LABELS[inv.concept]} sub={inv.description} />,
  },
  {
    header: 'Total',
    cell: (inv) => (
      <Stack gap={4}>
        <InvoiceAmount invoice={inv} />
        <FiscalBreakdown fiscal={inv.fiscal} />
      </Stack>
    ),
  },
  {
    header: 'Estado',
    card: 'status',
    cell: (inv) => (
      <>
        <Badge color={INVOICE_STATUS_COLORS[inv.status]} variant="light" style={{ minWidth: 'max-content' }}>
          {INVOICE_STATUS_LABELS[inv.status]}
        </Badge>
        {inv.status === 'partial' && (
          <Text size="xs" c="dimmed" style={nowrap}>
            Falta {formatUsdCents(inv.remainingUsdCents)}
          </Text>
        )}
      </>
    ),
  },
  {
    header: 'PDF',
    card: 'actions',
    cell: (inv) => (
      <Stack gap={6} align="flex-start">
        <InvoicePdfLink invoice={inv} />
        <FiscalActionsIfAllowed invoice={inv} />
      </Stack>
    ),
  },
];

function FiscalActionsIfAllowed({ invoice }: { invoice: AccountInvoice }) {
  const canWrite = useCan('payments.write');
  return canWrite ? <FiscalInvoiceActions invoice={invoice} /> : null;
}

function InvoicePdfLink({ invoice: inv }: { invoice: AccountInvoice }) {
  return (
    <Anchor
      href={invoicePdfPath(inv.id)}
      target="_blank"
      rel="noopener"
      size="sm"
      aria-label={`PDF de la factura ${inv.number}`}
    >
      <Group gap={4} wrap="nowrap">
        <IconFileTypePdf size={16} aria-hidden />
        PDF
      </Group>
    </Anchor>
  );
}

/** One list of the account: its small heading, what to know about it, and its rows or why there are none. */
function AccountList({
  title,
  note,
  empty,
  children,
}: {
  title: string;
  note?: string;
  empty: string | false;
  children: ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
      {empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        children
      )}
    </Stack>
  );
}

function InvoicesTable({ invoices }: { invoices: AccountInvoice[] }) {
  return (
    <AccountList title="Facturas" empty={invoices.length === 0 && 'El cliente no tiene facturas.'}>
      <ResponsiveTable
        caption="Facturas del cliente"
        rows={invoices}
        columns={invoiceColumns}
        cardLabel={(inv) => `Factura ${inv.number}`}
        minWidth={640}
      />
    </AccountList>
  );
}

const ledgerColumns: ResponsiveColumn<LedgerRow>[] = [
  {
    header: 'Fecha y por',
    cell: (e) => <StackedCell nowrap main={formatDateTime(e.createdAt)} sub={e.createdByEmail ?? 'Sistema'} />,
  },
  {
    header: 'Tipo y descripción',
    card: 'title',
    cell: (e) => (
      <StackedCell
        main={
          <Text span inherit fw={600}>
            {LEDGER_KIND_LABELS[e.kind]}
          </Text>
        }
        sub={e.description}
      />
    ),
  },
  {
    header: 'USD',
    align: 'right',
    cell: (e) => (
      <Text span size="sm" style={nowrap} c={e.usdCents < 0 ? 'green.8' : undefined}>
        {signedUsd(e.usdCents)}
      </Text>
    ),
  },
  {
    header: 'Bs.',
    align: 'right',
    cell: (e) =>
      e.vesCentimos !== null ? (
        <div style={nowrap}>
          {formatVesCentimos(e.vesCentimos)}
          {e.vesPerUsd && (
            <Text size="xs" c="dimmed">
              {formatRate(e.vesPerUsd)}
            </Text>
          )}
        </div>
      ) : (
        '—'
      ),
  },
  {
    header: 'Factura',
    cell: (e) =>
      e.invoiceNumber ? (
        <Text span size="sm" ff="monospace" style={nowrap}>
          {e.invoiceNumber}
        </Text>
      ) : (
        <Text span size="sm" c="dimmed">
          A cuenta
        </Text>
      ),
  },
];

function LedgerTable({ entries }: { entries: LedgerRow[] }) {
  return (
    <AccountList
      title="Movimientos"
      note={`${NEVER_EDITED} Positivo: el cliente debe más; negativo: pagos y saldo a su favor.`}
      empty={entries.length === 0 && 'Sin movimientos.'}
    >
      <ResponsiveTable
        caption="Movimientos del cliente"
        rows={entries}
        columns={ledgerColumns}
        getRowId={(e) => String(e.id)}
        cardLabel={(e) => `Movimiento ${LEDGER_KIND_LABELS[e.kind]} del ${formatDateTime(e.createdAt)}`}
        minWidth={620}
      />
    </AccountList>
  );
}

type EntryValues = { userId: string; kind: 'adjustment' | 'refund'; amountUsd: DecimalValue; reason: string };

/** 'Registrar ajuste o reembolso': a correction as a new entry of the ledger. */
function LedgerEntryForm({ userId, name }: { userId: string; name: string }) {
  const invalidate = useInvalidate(trpc.billing);
  const initialValues: EntryValues = { userId, kind: 'adjustment', amountUsd: '', reason: '' };
  const { form, mutation, send, serverError } = useMutationForm(trpc.billing.recordEntry.mutationOptions(), {
    initialValues,
    schema: ledgerEntryInput,
  });
  const plausible = usePlausibleConfirm();
  const submit = form.onSubmit(async (values) => {
    if (!(await plausible.confirm([{ kind: 'amountUsd', value: values.amountUsd }]))) return;
    const result = await send(ledgerEntryInput.parse(values));
    if (!result) return;
    notifySuccess(
      result.pending ? BILLING_MESSAGES.correctionsPendingTitle : BILLING_MESSAGES.adjustmentSavedTitle,
      result.message,
    );
    form.reset();
    await invalidate();
  });
  const isRefund = form.values.kind === 'refund';

  return (
    <AccountFormCard title="Registrar ajuste o reembolso" onSubmit={submit} dialog={plausible.dialog}>
      <SegmentedControl
        aria-label="Tipo de movimiento"
        data={[
          { value: 'adjustment', label: LEDGER_KIND_LABELS.adjustment },
          { value: 'refund', label: LEDGER_KIND_LABELS.refund },
        ]}
        {...form.getInputProps('kind')}
      />
      <DecimalInput
        kind="amountUsd"
        label={isRefund ? 'Monto a reembolsar (USD)' : 'Monto del ajuste (USD)'}
        description={
          isRefund
            ? `Devuelve saldo a favor de ${name}: sube su saldo en ese monto.`
            : 'Positivo: el cliente debe más. Negativo: queda a su favor.'
        }
        required
        {...form.getInputProps('amountUsd')}
      />
      <ReasonField inputProps={form.getInputProps('reason')} />
      <ErrorAlert message={serverError} />
      <SubmitRow label="Registrar movimiento" busy={mutation.isPending} />
    </AccountFormCard>
  );
}
