// Beside a conversation (docs/product/whatsapp-desk.md#the-inbox): who the customer is, their
// shipments on the way and parcels on our shelves, their open invoices and their claims.
import { Badge, Card, Divider, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  CLAIM_STATUS_LABELS,
  CONVERSATION_MESSAGES as M,
  formatDate,
  formatUsdFromCents,
  INVOICE_STATUS_LABELS,
  PACKAGE_STATUS_LABELS,
  SHIPMENT_STATUS_LABELS,
} from '@casillero/shared';
import { trpc } from '../../lib/trpc';

export function CustomerContext({ phone }: { phone: string }) {
  const detail = useQuery(trpc.conversations.detail.queryOptions({ phone }));
  const c = detail.data;
  if (!c) return null;
  const ctx = c.context;
  return (
    <Card withBorder radius="md" padding="md" data-testid="customer-context">
      <Text fw={700} mb={4}>
        {M.customerContext}
      </Text>
      {!ctx ? (
        <Text size="sm" c="dimmed">
          {M.unknownCustomer}
        </Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            {c.customerName}
            {c.customerEmail ? ` · ${c.customerEmail}` : ''}
          </Text>
          {c.mailboxCodes && (
            <Text size="sm" c="dimmed">
              {M.mailboxes(c.mailboxCodes)}
            </Text>
          )}
          <Divider label={M.shipments(ctx.shipments.total)} labelPosition="left" />
          {ctx.shipments.rows.map((s) => (
            <Text key={s.id} size="sm">
              {s.code} · {SHIPMENT_STATUS_LABELS[s.status]}
            </Text>
          ))}
          <Divider label={M.parcels(ctx.parcels.total)} labelPosition="left" />
          {ctx.parcels.rows.map((p, i) => (
            <Text key={`${p.trackingNumber}-${i}`} size="sm">
              {p.description} · {PACKAGE_STATUS_LABELS[p.status]}
            </Text>
          ))}
          <Divider
            label={M.invoices(ctx.invoices.total, formatUsdFromCents(ctx.invoices.owedUsdCents))}
            labelPosition="left"
          />
          {ctx.invoices.rows.map((i) => (
            <Text key={i.id} size="sm">
              {i.number} · {formatDate(i.issueDate)} · {formatUsdFromCents(i.remainingUsdCents)}{' '}
              <Badge size="xs" variant="light">
                {INVOICE_STATUS_LABELS[i.status]}
              </Badge>
            </Text>
          ))}
          <Divider label={M.claims(ctx.claims.length)} labelPosition="left" />
          {ctx.claims.map((k) => (
            <Text key={k.id} size="sm">
              {k.code} · {k.subject} · {CLAIM_STATUS_LABELS[k.status]}
            </Text>
          ))}
        </Stack>
      )}
    </Card>
  );
}
