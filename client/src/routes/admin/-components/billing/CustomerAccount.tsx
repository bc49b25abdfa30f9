// 'Estado de cuenta' of a client (issue 17), in the client's details: the balance (in USD, and
// in Bs. at today's rate as an estimate), the invoices with their own frozen rate, and the
// ledger. Entries are never edited or deleted; roles that write payments add a correction
// (an adjustment or a refund of credit) as a new entry.
import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, NumberInput, SegmentedControl, Stack, Table, Text, Textarea } from '@mantine/core';
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
import { ErrorAlert } from '../../../../components/forms/FormParts';
import { notifySuccess } from '../../../../components/forms/notify';
import { useInvalidate } from '../../../../components/forms/useInvalidate';
import { useMutationForm } from '../../../../components/forms/useMutationForm';
import { getErrorMessage } from '../../../../lib/errors';
import { useCan } from '../../../../lib/permissions';
import { trpc } from '../../../../lib/trpc';
import { IssueInvoiceForm } from './IssueInvoiceForm';
import { formatDay, rateWithDay, signedUsd, vesAt, type AccountInvoice, type CustomerAccount as Account, type LedgerRow } from './format';

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
          <Loader size="sm" aria-label="Cargando" />
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
          {canWrite && <IssueInvoiceForm userId={userId} />}
          {canWrite && <LedgerEntryForm userId={userId} name={name} />}
        </>
      )}
    </Stack>
  );
}

function Balance({ balance }: { balance: Account['balance'] }) {
  const cents = balance.balanceUsdCents;
  const owed = Math.abs(cents);
  const text =
    cents > 0 ? BILLING_MESSAGES.balanceOwed(formatUsdCents(cents)) : cents < 0 ? BILLING_MESSAGES.balanceCredit(formatUsdCents(-cents)) : BILLING_MESSAGES.balanceZero;
  const rate = balance.todayRate;
  return (
    <Card withBorder radius="md" padding="sm" aria-label="Saldo del cliente">
      <Text fw={700} c={cents > 0 ? 'orange.8' : cents < 0 ? 'green.8' : undefined}>
        {text}
      </Text>
      {cents !== 0 && rate && (
        <Text size="sm">
          ≈ {vesAt(owed, rate.vesPerUsd)}{' '}
          <Text span size="xs" c="dimmed">
            (estimado a la tasa {rateWithDay(rate)}; cada factura conserva su propia tasa)
          </Text>
        </Text>
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
            {invoice.rateIsEarlier && invoice.rateDate ? rateWithDay({ vesPerUsd: invoice.vesPerUsd, rateDate: invoice.rateDate }) : formatRate(invoice.vesPerUsd)}
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

function InvoicesTable({ invoices }: { invoices: AccountInvoice[] }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        Facturas
      </Text>
      {invoices.length === 0 ? (
        <Text size="sm" c="dimmed">
          El cliente no tiene facturas.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing={4} striped aria-label="Facturas del cliente">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Número</Table.Th>
                <Table.Th>Fecha</Table.Th>
                <Table.Th>Concepto</Table.Th>
                <Table.Th>Total</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>PDF</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.map((inv) => (
                <Table.Tr key={inv.id}>
                  <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {inv.number}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(inv.issueDate)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{PAYMENT_TYPE_LABELS[inv.concept]}</Text>
                    <Text size="xs" c="dimmed">
                      {inv.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <InvoiceAmount invoice={inv} />
                  </Table.Td>
                  <Table.Td>
                    <Badge color={INVOICE_STATUS_COLORS[inv.status]} variant="light" style={{ minWidth: 'max-content' }}>
                      {INVOICE_STATUS_LABELS[inv.status]}
                    </Badge>
                    {inv.status === 'partial' && (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        Falta {formatUsdCents(inv.remainingUsdCents)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Anchor href={invoicePdfPath(inv.id)} target="_blank" rel="noopener" size="sm" aria-label={`PDF de la factura ${inv.number}`}>
                      <Group gap={4} wrap="nowrap">
                        <IconFileTypePdf size={16} aria-hidden />
                        PDF
                      </Group>
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function LedgerTable({ entries }: { entries: LedgerRow[] }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        Movimientos
      </Text>
      <Text size="xs" c="dimmed">
        {NEVER_EDITED} Positivo: el cliente debe más; negativo: pagos y saldo a su favor.
      </Text>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin movimientos.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={620}>
          <Table verticalSpacing={4} striped aria-label="Movimientos del cliente">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha y por</Table.Th>
                <Table.Th>Tipo y descripción</Table.Th>
                <Table.Th ta="right">USD</Table.Th>
                <Table.Th ta="right">Bs.</Table.Th>
                <Table.Th>Factura</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDateTime(e.createdAt)}</Text>
                    <Text size="xs" c="dimmed">
                      {e.createdByEmail ?? 'Sistema'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {LEDGER_KIND_LABELS[e.kind]}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {e.description}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} c={e.usdCents < 0 ? 'green.8' : undefined}>
                    {signedUsd(e.usdCents)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {e.vesCentimos !== null ? (
                      <>
                        {formatVesCentimos(e.vesCentimos)}
                        {e.vesPerUsd && (
                          <Text size="xs" c="dimmed">
                            {formatRate(e.vesPerUsd)}
                          </Text>
                        )}
                      </>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {e.invoiceNumber ? (
                      <Text span size="sm" ff="monospace">
                        {e.invoiceNumber}
                      </Text>
                    ) : (
                      <Text span size="sm" c="dimmed">
                        A cuenta
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

type EntryValues = { userId: string; kind: 'adjustment' | 'refund'; /** What the number field holds: a number once complete, text while typing ('', '-', '5,'). */
  amountUsd: number | string; reason: string };

/** 'Registrar ajuste o reembolso': a correction as a new entry of the ledger. */
function LedgerEntryForm({ userId, name }: { userId: string; name: string }) {
  const invalidate = useInvalidate(trpc.billing);
  const initialValues: EntryValues = { userId, kind: 'adjustment', amountUsd: '', reason: '' };
  const { form, mutation, send, serverError } = useMutationForm(trpc.billing.recordEntry.mutationOptions(), { initialValues, schema: ledgerEntryInput });
  const submit = form.onSubmit(async (values) => {
    const result = await send(ledgerEntryInput.parse(values));
    if (!result) return;
    notifySuccess(BILLING_MESSAGES.adjustmentSavedTitle, result.message);
    form.reset();
    await invalidate();
  });
  const isRefund = form.values.kind === 'refund';

  return (
    <Card withBorder radius="md" padding="sm">
      <form onSubmit={submit} noValidate aria-label="Registrar ajuste o reembolso">
      <Stack gap="sm">
        <Text fw={600} size="sm">
          Registrar ajuste o reembolso
        </Text>
        <SegmentedControl
          aria-label="Tipo de movimiento"
          data={[
            { value: 'adjustment', label: LEDGER_KIND_LABELS.adjustment },
            { value: 'refund', label: LEDGER_KIND_LABELS.refund },
          ]}
          {...form.getInputProps('kind')}
        />
        <NumberInput
          label={isRefund ? 'Monto a reembolsar (USD)' : 'Monto del ajuste (USD)'}
          description={
            isRefund
              ? `Devuelve saldo a favor de ${name}: sube su saldo en ese monto.`
              : 'Positivo: el cliente debe más. Negativo: queda a su favor.'
          }
          required
          decimalScale={2}
          decimalSeparator=","
          allowNegative={!isRefund}
          {...form.getInputProps('amountUsd')}
        />
        <Textarea label="Motivo" required autosize minRows={2} maxRows={4} maxLength={300} {...form.getInputProps('reason')} />
        <ErrorAlert message={serverError} />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            Registrar movimiento
          </Button>
        </Group>
      </Stack>
      </form>
    </Card>
  );
}
