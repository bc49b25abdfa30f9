import { Suspense } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconReceipt } from '@tabler/icons-react';
import {
  BILLING_MESSAGES,
  INVOICE_STATUS_COLORS,
  INVOICE_STATUS_LABELS,
  PAYMENT_TYPE_LABELS,
  formatRate,
  invoicePdfPath,
} from '@casillero/shared';
import { FiscalDocumentLine } from '../../../../components/fiscal/FiscalDocumentLine';
import { FiscalBreakdown, FiscalNotes } from '../../../../components/fiscal/FiscalBreakdown';
import { ResponsiveTable, type ResponsiveColumn } from '../../../../components/data-table/ResponsiveTable';
import { StatusWithNotes } from '../../../../components/data-table/cells';
import { bothCurrencies, formatDay, invoiceSubject, isOpen, type Invoice } from './invoice-text';
import { InvoiceCustoms } from '../../../../components/customs/lazy';

function StatusCell({ invoice }: { invoice: Invoice }) {
  return (
    <StatusWithNotes value={invoice.status} labels={INVOICE_STATUS_LABELS} colors={INVOICE_STATUS_COLORS}>
      {invoice.status === 'partial' && (
        <Text size="xs" c="orange.9">
          Falta por pagar: {bothCurrencies(invoice.remainingUsdCents, invoice.remainingVesCentimos)}
        </Text>
      )}
      {isOpen(invoice) && invoice.pendingReport && (
        <Text size="xs" c="dimmed">
          Pago reportado: en revisión
        </Text>
      )}
    </StatusWithNotes>
  );
}

/** The total in both currencies and the rate it was issued at (frozen: never today's). */
function TotalCell({ invoice }: { invoice: Invoice }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {bothCurrencies(invoice.usdCents, invoice.vesCentimos)}
      </Text>
      {invoice.vesPerUsd && invoice.rateDate ? (
        <>
          <Text size="xs" c="dimmed">
            {BILLING_MESSAGES.rateUsed(formatRate(invoice.vesPerUsd), formatDay(invoice.rateDate))}
          </Text>
          {invoice.rateIsEarlier && (
            <Text size="xs" c="orange.9">
              {BILLING_MESSAGES.rateNotToday(formatDay(invoice.rateDate))}
            </Text>
          )}
        </>
      ) : (
        <Text size="xs" c="dimmed">
          {BILLING_MESSAGES.noRate}
        </Text>
      )}
      <FiscalBreakdown fiscal={invoice.fiscal} />
      {invoice.customs && (
        <Suspense fallback={null}>
          <InvoiceCustoms shown={invoice.customs} />
        </Suspense>
      )}
    </Stack>
  );
}

function ConceptCell({ invoice }: { invoice: Invoice }) {
  const subject = invoiceSubject(invoice);
  const concept = PAYMENT_TYPE_LABELS[invoice.concept];
  const code = invoice.mailboxCode ?? invoice.shipmentCode;
  // What the description does not say already: the concept, the mailbox or the shipment.
  const extra = [subject.startsWith(concept) ? null : concept, code && !subject.includes(code) ? code : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      <Text size="sm" fw={500}>
        {subject}
      </Text>
      {extra && (
        <Text size="xs" c="dimmed">
          {extra}
        </Text>
      )}
    </>
  );
}

/**
 * The customer's invoices: number, date, what for, the total in both currencies with its rate,
 * the status and what is still owed; the PDF and "Reportar pago". Cards on a phone, with the
 * status and the actions in sight.
 */
export function InvoicesTable({ invoices, onReport }: { invoices: Invoice[]; onReport: (invoice: Invoice) => void }) {
  const columns: ResponsiveColumn<Invoice>[] = [
    {
      header: 'Número',
      card: 'title',
      mono: true,
      cell: (i) => (
        <Stack gap={4} align="flex-start">
          <span style={{ whiteSpace: 'nowrap' }}>{i.number}</span>
          <FiscalDocumentLine fiscal={i.fiscal} />
          <FiscalNotes notes={i.fiscalNotes} />
        </Stack>
      ),
    },
    { header: 'Estado', card: 'status', cell: (i) => <StatusCell invoice={i} /> },
    { header: 'Fecha de emisión', cell: (i) => <span style={{ whiteSpace: 'nowrap' }}>{formatDay(i.issueDate)}</span> },
    { header: 'Concepto', card: 'wide', cell: (i) => <ConceptCell invoice={i} /> },
    { header: 'Total', card: 'wide', cell: (i) => <TotalCell invoice={i} /> },
    {
      header: '',
      card: 'actions',
      cell: (i) => (
        <Group gap="xs" wrap="wrap">
          {i.canReport && (
            <Button size="xs" leftSection={<IconReceipt size={14} />} onClick={() => onReport(i)}>
              Reportar pago
            </Button>
          )}
          <Button
            component="a"
            href={invoicePdfPath(i.id)}
            target="_blank"
            rel="noopener"
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            aria-label={`Descargar PDF de la factura ${i.number}`}
          >
            Descargar PDF
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <ResponsiveTable
      caption="Tus facturas"
      minWidth={900}
      rows={invoices}
      columns={columns}
      cardLabel={(i) => `Factura ${i.number}`}
      rowAttributes={(i) => ({ 'data-invoice-id': i.id })}
    />
  );
}
