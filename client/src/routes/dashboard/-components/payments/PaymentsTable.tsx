import { Anchor, Badge, Button, Image, Stack, Table, Text } from '@mantine/core';
import { PAYMENT_STATUS_LABELS, formatDate, formatUsd, formatVes } from '@casillero/shared';
import { PAYMENT_STATUS_COLORS, paymentSubject, type Payment } from './payment-text';

function StatusCell({ payment }: { payment: Payment }) {
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={PAYMENT_STATUS_COLORS[payment.status]} variant="light">
        {PAYMENT_STATUS_LABELS[payment.status]}
      </Badge>
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
    </Stack>
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
    <Anchor href={payment.receiptUrl} target="_blank" rel="noopener" aria-label={`Ver comprobante ${payment.paymentReference ?? ''}`.trim()}>
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

/** The customer's payments: what for, how much, how paid, the receipt and the status. */
export function PaymentsTable({ payments, onReport }: { payments: Payment[]; onReport: (id: string) => void }) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" striped highlightOnHover aria-label="Mis pagos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Concepto</Table.Th>
            <Table.Th>Monto</Table.Th>
            <Table.Th>Método y referencia</Table.Th>
            <Table.Th>Comprobante</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr key={p.id} data-payment-id={p.id}>
              <Table.Td>
                <Text size="sm">{formatDate(p.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {paymentSubject(p)}
                </Text>
                {p.description && p.description !== paymentSubject(p) && (
                  <Text size="xs" c="dimmed">
                    {p.description}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {formatUsd(p.amountUsd)}
                </Text>
                {p.amountVes != null && (
                  <Text size="xs" c="dimmed">
                    {formatVes(p.amountVes)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{p.paymentMethod ?? '—'}</Text>
                {p.paymentReference && (
                  <Text size="xs" c="dimmed" ff="monospace">
                    Ref. {p.paymentReference}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <ReceiptCell payment={p} />
              </Table.Td>
              <Table.Td>
                <StatusCell payment={p} />
              </Table.Td>
              <Table.Td>
                {p.canReport && (
                  <Button size="xs" variant="light" onClick={() => onReport(p.id)}>
                    {p.status === 'failed' ? 'Reportar de nuevo' : 'Reportar pago'}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
