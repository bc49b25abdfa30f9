// One assisted purchase as both sides read it (docs/product/compra-asistida.md): its items, the
// quote's breakdown and validity, its invoices, the store's order and receipt, the trackings.
import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { inferOutput } from '@trpc/tanstack-react-query';
import {
  COMPRA_EXPIRED_LABEL,
  COMPRA_ITEM_ISSUE_LABELS,
  COMPRA_LINE_LABELS,
  COMPRA_STATUS_LABELS,
  formatDateTime,
  formatUsdFromCents,
  formatVesFromCents,
  ivaLineLabel,
  type CompraStatus,
} from '@casillero/shared';
import type { trpc } from '../../lib/trpc';

export type CompraDetail = inferOutput<typeof trpc.compras.detail>;
export type CompraItem = CompraDetail['items'][number];

const COLORS: Record<CompraStatus, string> = {
  requested: 'gray',
  quoted: 'blue',
  accepted: 'yellow',
  paid: 'teal',
  purchased: 'indigo',
  shipped: 'green',
  cancelled: 'red',
};

export function CompraStatusBadge({ status, expired }: { status: CompraStatus; expired?: boolean }) {
  return (
    <Badge color={expired ? 'orange' : COLORS[status]} variant="light">
      {expired ? COMPRA_EXPIRED_LABEL : COMPRA_STATUS_LABELS[status]}
    </Badge>
  );
}

function Line({ label, cents, strong }: { label: string; cents: number | null; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined}>
        {cents == null ? '—' : formatUsdFromCents(cents)}
      </Text>
    </Group>
  );
}

/** What the store failed on for an item, and what the customer chose. */
function ItemIssue({ item }: { item: CompraItem }) {
  if (!item.issue) return null;
  return (
    <Stack gap={2} mt={4}>
      <Group gap="xs">
        <Badge color={item.issueResolution === 'cancelled' ? 'gray' : 'orange'} variant="light">
          {COMPRA_ITEM_ISSUE_LABELS[item.issue]}
        </Badge>
        {item.issue === 'price_changed' && item.issueNewPriceUsdCents != null && (
          <Text size="xs">Nuevo precio: {formatUsdFromCents(item.issueNewPriceUsdCents)}</Text>
        )}
      </Group>
      {item.issueNote && <Text size="xs">{item.issueNote}</Text>}
      {item.issueResolution === 'cancelled' && (
        <Text size="xs" fw={600}>
          Artículo cancelado: {formatUsdFromCents(item.issueCreditUsdCents ?? 0)} quedó como saldo a favor.
        </Text>
      )}
      {item.issueResolution === 'accepted' && (
        <Text size="xs" fw={600}>
          Nuevo precio aceptado
          {item.issueInvoiceNumber
            ? ` · factura ${item.issueInvoiceNumber}`
            : item.issueCreditUsdCents
              ? ` · ${formatUsdFromCents(item.issueCreditUsdCents)} quedó como saldo a favor`
              : ''}
          .
        </Text>
      )}
    </Stack>
  );
}

export function CompraView({
  compra,
  itemActions,
}: {
  compra: CompraDetail;
  /** What each side may do on an item (the customer's choice, the staff's mark). */
  itemActions?: (item: CompraItem) => ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={700} ff="monospace">
          {compra.code}
        </Text>
        <CompraStatusBadge status={compra.status} expired={compra.expired} />
      </Group>
      <Text size="sm" c="dimmed">
        Casillero {compra.mailboxCode} · pedida el {formatDateTime(compra.createdAt)}
      </Text>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Productos">
        {compra.items.map((item) => (
          <li key={item.id} aria-label={item.name}>
            <Text size="sm" fw={600}>
              {COMPRA_LINE_LABELS.item(item.name, item.quantity)}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              <Anchor href={item.url} target="_blank" rel="noopener noreferrer nofollow" size="xs">
                {item.url}
              </Anchor>
            </Text>
            {item.options && <Text size="xs">Opciones: {item.options}</Text>}
            <Text size="xs">
              Precio visto: {formatUsdFromCents(item.customerPriceUsdCents)}
              {item.quotedPriceUsdCents != null && ` · confirmado: ${formatUsdFromCents(item.quotedPriceUsdCents)}`}
            </Text>
            {item.notes && <Text size="xs">Notas: {item.notes}</Text>}
            <ItemIssue item={item} />
            {itemActions?.(item)}
          </li>
        ))}
      </Stack>
      {compra.totalUsdCents != null && (
        <Stack gap={2} aria-label="Cotización">
          <Line label="Productos" cents={compra.itemsUsdCents} />
          <Line label={COMPRA_LINE_LABELS.salesTax} cents={compra.salesTaxUsdCents} />
          <Line label={COMPRA_LINE_LABELS.shipping} cents={compra.shippingUsdCents} />
          <Line label={COMPRA_LINE_LABELS.fee} cents={compra.feeUsdCents} />
          {/* The IVA its invoice carries (on our fee only: the store's part is paid on the customer's behalf). */}
          {compra.taxes?.ivaBuckets.map((b) => (
            <Line key={b.rateBasisPoints} label={ivaLineLabel(b)} cents={b.ivaUsdCents} />
          ))}
          <Line label="Total" cents={compra.taxes?.totalUsdCents ?? compra.totalUsdCents} strong />
          {compra.validUntil && compra.status === 'quoted' && (
            <Text size="xs" c={compra.expired ? 'red' : 'dimmed'}>
              {compra.expired ? 'Venció el' : 'Válida hasta el'} {formatDateTime(compra.validUntil)}
            </Text>
          )}
        </Stack>
      )}
      {compra.invoice && (
        <Text size="sm">
          Factura {compra.invoice.number}: {formatUsdFromCents(compra.invoice.usdCents)}
          {compra.invoice.vesCentimos != null && ` (${formatVesFromCents(compra.invoice.vesCentimos)})`}
          {compra.invoice.remainingUsdCents > 0
            ? ` · por pagar ${formatUsdFromCents(compra.invoice.remainingUsdCents)}`
            : ' · pagada'}
        </Text>
      )}
      {compra.storeOrderNumber && (
        <Text size="sm">
          Pedido de la tienda: <b>{compra.storeOrderNumber}</b>
          {compra.finalUsdCents != null && ` · monto final ${formatUsdFromCents(compra.finalUsdCents)}`}
        </Text>
      )}
      {compra.extraUsdCents != null && compra.extraUsdCents > 0 && (
        <Text size="sm">
          Diferencia por pagar: {formatUsdFromCents(compra.extraUsdCents)}
          {compra.extraInvoice && ` · factura ${compra.extraInvoice.number}`}
        </Text>
      )}
      {compra.receiptUrl && (
        <Anchor href={compra.receiptUrl} target="_blank" rel="noopener noreferrer" size="sm">
          Ver el recibo de la tienda
        </Anchor>
      )}
      {compra.trackings.length > 0 && (
        <Table withTableBorder fz="sm" aria-label="Trackings de la tienda">
          <Table.Tbody>
            {compra.trackings.map((t) => (
              <Table.Tr key={t.trackingNumber}>
                <Table.Td ff="monospace">{t.trackingNumber}</Table.Td>
                <Table.Td>Prealertado</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
