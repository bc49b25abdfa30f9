import type { ReactNode } from 'react';
import { Badge, Divider, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { formatUsdCents, REPACK_QUOTE_TEXT, type QuoteDetail, type QuoteLine } from '@casillero/shared';

type QuotePanelProps = {
  title: string;
  /** null: no quote yet (weight or a dimension missing). */
  quote: { lineas: QuoteLine[]; detalles: QuoteDetail[]; totalUsdCents: number; tiempoEntrega: string } | null;
  emptyText: string;
  /** The billable quantity, highlighted under the title. */
  billable?: string;
  badge?: ReactNode;
  selected?: boolean;
  footer?: ReactNode;
};

/** One quote: money lines adding up to the total, delivery time, and how it was computed. */
export function QuotePanel({ title, quote, emptyText, billable, badge, selected = false, footer }: QuotePanelProps) {
  const headingId = `quote-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      withBorder
      radius="lg"
      p="lg"
      h="100%"
      style={selected ? { borderColor: 'var(--mantine-color-indigo-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          {badge}
        </Group>

        {!quote ? (
          <Text c="dimmed" size="sm" role="status">
            {emptyText}
          </Text>
        ) : (
          <>
            {billable && (
              <Text size="sm">
                <Text span c="dimmed">
                  Facturable:{' '}
                </Text>
                <Text span fw={700}>
                  {billable}
                </Text>
              </Text>
            )}
            <Table withRowBorders={false} verticalSpacing={4} fz="sm">
              <Table.Tbody>
                {quote.lineas.map((line) => (
                  <Table.Tr key={line.key}>
                    <Table.Td px={0}>
                      {line.key === 'flete' ? `Subtotal (${line.label.toLowerCase()})` : line.label}
                    </Table.Td>
                    <Table.Td px={0} ta="right" style={{ whiteSpace: 'nowrap' }} data-testid={`linea-${line.key}`}>
                      {formatUsdCents(line.amountUsdCents)}
                    </Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td px={0}>Reempaque</Table.Td>
                  <Table.Td px={0} ta="right" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {REPACK_QUOTE_TEXT}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Divider />
            <Group justify="space-between">
              <Text fw={700}>Total</Text>
              <Text fw={800} fz="xl" c="indigo.7" data-testid="total">
                {formatUsdCents(quote.totalUsdCents)}
              </Text>
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconClock size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Text size="sm">
                Tiempo de entrega: <strong>{quote.tiempoEntrega}</strong>
              </Text>
            </Group>
            <Stack gap={2} mt="xs">
              {quote.detalles.map((d) => (
                <Text key={d.label} size="xs" c="dimmed">
                  {d.label}: {d.value}
                </Text>
              ))}
            </Stack>
          </>
        )}
        {footer}
      </Stack>
    </Paper>
  );
}

export function CheaperBadge() {
  return (
    <Badge color="green" variant="light">
      Más económico
    </Badge>
  );
}

export function SelectedBadge() {
  return (
    <Badge color="indigo" variant="filled">
      Seleccionado
    </Badge>
  );
}
