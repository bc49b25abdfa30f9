import { Anchor, Button, Image, Text } from '@mantine/core';
import { PAYMENT_STATUS_LABELS, formatDate, formatUsdCents, formatVesCentimos } from '@casillero/shared';
import { ResponsiveTable, type ResponsiveColumn } from '../../../../components/data-table/ResponsiveTable';
import { StatusWithNotes } from '../../../../components/data-table/cells';
import { PAYMENT_STATUS_COLORS, paymentSubject, type Payment } from './payment-text';

function StatusCell({ payment }: { payment: Payment }) {
  return (
    <StatusWithNotes value={payment.status} labels={PAYMENT_STATUS_LABELS} colors={PAYMENT_STATUS_COLORS}>
      {payment.status === 'pending' && (
        <Text size="xs" c="dimmed">
          {payment.reportedAt ? `Reportado el ${formatDate(payment.reportedAt)}: en revisión` : 'Por reportar'}
        </Text>
      )}
      {payment.status === 'completed' && payment.processedAt && (
        <Text size="xs" c="dimmed">
          Aprobado el {formatDate(payment.processedAt)}
        </Text>
      )}
      {payment.adminNotes && payment.status !== 'pending' && (
        <Text size="xs" c={payment.status === 'failed' ? 'red.8' : 'dimmed'}>
          {payment.adminNotes}
        </Text>
      )}
    </StatusWithNotes>
  );
}

function ReceiptCell({ payment }: { payment: Payment }) {
  if (!payment.receiptUrl) {
    return (
      <Text size="sm" c="dimmed">
        Sin comprobante
      </Text>
    );
  }
  return (
    <Anchor
      href={payment.receiptUrl}
      target="_blank"
      rel="noopener"
      aria-label={`Ver comprobante ${payment.paymentReference ?? ''}`.trim()}
    >
      <Image
        src={payment.receiptUrl}
        alt={`Comprobante del pago ${payment.paymentReference ?? ''}`.trim()}
        h={48}
        w={72}
        fit="cover"
        radius="sm"
        bd="1px solid var(--mantine-color-gray-3)"
      />
    </Anchor>
  );
}

/**
 * What was paid, in the currency it was paid in: a payment in bolívares shows its Bs. amount and
 * what it counts for in USD; one in dollars, its USD amount.
 */
function AmountCell({ payment }: { payment: Payment }) {
  const usd = formatUsdCents(payment.amountUsdCents);
  if (payment.currency === 'VES' && payment.amountVesCents != null) {
    return (
      <>
        <Text size="sm" fw={600}>
          {formatVesCentimos(payment.amountVesCents)}
        </Text>
        <Text size="xs" c="dimmed">
          Equivale a {usd}
        </Text>
      </>
    );
  }
  return (
    <Text size="sm" fw={600}>
      {usd}
    </Text>
  );
}

const COLUMNS: ResponsiveColumn<Payment>[] = [
  { header: 'Fecha', cell: (p) => <Text size="sm">{formatDate(p.createdAt)}</Text> },
  {
    header: 'Concepto',
    card: 'title',
    cell: (p) => (
      <>
        <Text size="sm" fw={500}>
          {paymentSubject(p)}
        </Text>
        {p.description && p.description !== paymentSubject(p) && (
          <Text size="xs" c="dimmed">
            {p.description}
          </Text>
        )}
      </>
    ),
  },
  {
    header: 'Monto',
    cell: (p) => <AmountCell payment={p} />,
  },
  {
    header: 'Método y referencia',
    cell: (p) => (
      <>
        <Text size="sm">{p.paymentMethod ?? '—'}</Text>
        {p.paymentReference && (
          <Text size="xs" c="dimmed" ff="monospace">
            Ref. {p.paymentReference}
          </Text>
        )}
      </>
    ),
  },
  { header: 'Comprobante', cell: (p) => <ReceiptCell payment={p} /> },
  { header: 'Estado', card: 'status', cell: (p) => <StatusCell payment={p} /> },
];

/** The customer's payments: what for, how much, how paid, the receipt and the status; cards on a phone. */
export function PaymentsTable({ payments, onReport }: { payments: Payment[]; onReport: (id: string) => void }) {
  const columns: ResponsiveColumn<Payment>[] = [
    ...COLUMNS,
    {
      header: '',
      card: 'actions',
      cell: (p) =>
        p.canReport && (
          <Button size="xs" variant="light" onClick={() => onReport(p.id)}>
            {p.status === 'failed' ? 'Reportar de nuevo' : 'Reportar pago'}
          </Button>
        ),
    },
  ];
  return (
    <ResponsiveTable
      caption="Mis pagos"
      minWidth={860}
      rows={payments}
      columns={columns}
      cardLabel={paymentSubject}
      rowAttributes={(p) => ({ 'data-payment-id': p.id })}
    />
  );
}
