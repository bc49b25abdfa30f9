// An invoice's taxes and its notes as the Facturas screens show them (docs/product/fiscal-invoices.md):
// base, IVA, exento, IGTF charged and the total, in USD and in Bs. at the invoice's own rate; and
// each note of credit or debit on its factura, with its number, control number, amount and PDF.
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import {
  FISCAL_DOCUMENT_KIND_LABELS,
  FISCAL_MESSAGES,
  fiscalDocumentPdfPath,
  formatUsdCents,
  formatVesCentimos,
} from '@casillero/shared';

export type FiscalBreakdownValues = {
  kind: 'factura' | 'nota_de_cobro';
  baseUsdCents: number;
  exemptUsdCents: number;
  ivaUsdCents: number;
  igtfUsdCents: number;
  totalUsdCents: number;
  baseVesCentimos: number | null;
  exemptVesCentimos: number | null;
  ivaVesCentimos: number | null;
  igtfVesCentimos: number | null;
  totalVesCentimos: number | null;
} | null;

export type FiscalNote = {
  id: string;
  kind: 'nota_de_credito' | 'nota_de_debito';
  number: string;
  controlNumber: string | null;
  totalUsdCents: number;
  totalVesCentimos: number | null;
  reason: string | null;
};

const both = (usd: number, ves: number | null) =>
  ves === null ? formatUsdCents(usd) : `${formatUsdCents(usd)} · ${formatVesCentimos(ves)}`;

/** 'Base imponible $21,50 · Bs. 784,75', one line per amount, as small print under the total. */
export function FiscalBreakdown({ fiscal }: { fiscal: FiscalBreakdownValues }) {
  if (!fiscal) return null;
  const rows: [string, number, number | null][] = [
    ['Base imponible', fiscal.baseUsdCents, fiscal.baseVesCentimos],
    ['IVA', fiscal.ivaUsdCents, fiscal.ivaVesCentimos],
  ];
  if (fiscal.exemptUsdCents > 0) rows.push(['Exento / no sujeto', fiscal.exemptUsdCents, fiscal.exemptVesCentimos]);
  if (fiscal.igtfUsdCents > 0) rows.push(['IGTF', fiscal.igtfUsdCents, fiscal.igtfVesCentimos]);
  rows.push([
    fiscal.igtfUsdCents > 0 ? 'Total con IGTF' : 'Total',
    fiscal.totalUsdCents + fiscal.igtfUsdCents,
    fiscal.totalVesCentimos === null ? null : fiscal.totalVesCentimos + (fiscal.igtfVesCentimos ?? 0),
  ]);
  return (
    <Stack gap={0} aria-label="Impuestos de la factura">
      {rows.map(([label, usd, ves]) => (
        <Text
          key={label}
          size="xs"
          c={label.startsWith('Total') ? undefined : 'dimmed'}
          fw={label.startsWith('Total') ? 600 : undefined}
          style={{ whiteSpace: 'nowrap' }}
        >
          {label}: {both(usd, ves)}
        </Text>
      ))}
    </Stack>
  );
}

/** The notes on an invoice's factura; nothing when it has none. */
export function FiscalNotes({ notes }: { notes: FiscalNote[] }) {
  if (notes.length === 0) return null;
  return (
    <Stack gap={4} align="flex-start" aria-label="Notas de la factura">
      {notes.map((n) => {
        const credit = n.kind === 'nota_de_credito';
        const amount = credit ? -n.totalUsdCents : n.totalUsdCents;
        return (
          <Stack key={n.id} gap={0} align="flex-start">
            <Group gap={6} wrap="wrap">
              <Badge color={credit ? 'green' : 'grape'} variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
                {`${FISCAL_DOCUMENT_KIND_LABELS[n.kind]} ${n.number}`}
              </Badge>
              <Text size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {amount > 0 ? `+${formatUsdCents(amount)}` : formatUsdCents(amount)}
              </Text>
              <Anchor
                href={fiscalDocumentPdfPath(n.id)}
                target="_blank"
                rel="noopener"
                size="xs"
                aria-label={`PDF de la ${FISCAL_DOCUMENT_KIND_LABELS[n.kind].toLowerCase()} ${n.number}`}
              >
                <Group gap={2} wrap="nowrap">
                  <IconFileTypePdf size={14} aria-hidden />
                  PDF
                </Group>
              </Anchor>
            </Group>
            <Text size="xs" c={n.controlNumber ? 'dimmed' : 'orange.9'}>
              {n.controlNumber ? `N° de control ${n.controlNumber}` : FISCAL_MESSAGES.pendingControl}
              {n.reason ? ` · ${n.reason}` : ''}
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}
