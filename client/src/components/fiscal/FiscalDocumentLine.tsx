// An invoice's fiscal document in a list (docs/product/fiscal-invoices.md): 'Factura FAC-00000001'
// with its control number (or 'Pendiente de número de control'), or 'Nota de cobro COB-…' marked as
// not being a factura. Nothing when the invoice was issued without one.
import { Badge, Stack, Text } from '@mantine/core';
import { FISCAL_DOCUMENT_KIND_LABELS, FISCAL_MESSAGES } from '@casillero/shared';

export type FiscalSummary = {
  kind: 'factura' | 'nota_de_cobro';
  number: string;
  controlNumber: string | null;
} | null;

export function FiscalDocumentLine({ fiscal }: { fiscal: FiscalSummary }) {
  if (!fiscal) return null;
  const notaDeCobro = fiscal.kind === 'nota_de_cobro';
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={notaDeCobro ? 'orange' : 'blue'} variant="light">
        {`${FISCAL_DOCUMENT_KIND_LABELS[fiscal.kind]} ${fiscal.number}`}
      </Badge>
      {notaDeCobro ? (
        <Text size="xs" c="orange.9">
          Sin valor fiscal: no es una factura
        </Text>
      ) : (
        <Text size="xs" c={fiscal.controlNumber ? 'dimmed' : 'orange.9'}>
          {fiscal.controlNumber ? `N° de control ${fiscal.controlNumber}` : FISCAL_MESSAGES.pendingControl}
        </Text>
      )}
    </Stack>
  );
}
