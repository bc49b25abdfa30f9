import { useMemo, useState } from 'react';
import { Grid, Paper, Stack, Text } from '@mantine/core';
import { chinaQuoteMessage, QUOTE_MESSAGES, quoteChina } from '@casillero/shared';
import { QuotePanel } from './QuotePanel';
import { QuoteContactButton } from './QuoteContactButton';
import { DimensionFields, ExtraFields, type DimensionsValue, type ExtrasValue } from './QuoteFields';

type ChinaForm = DimensionsValue & ExtrasValue;
const initial: ChinaForm = { largo: '', ancho: '', alto: '', valor: '', descripcion: '', seguro: true };

const cbm = (n: number) => `${n.toLocaleString('es-ES', { minimumFractionDigits: 4, maximumFractionDigits: 4 })} CBM`;

/** China → Venezuela by sea, recomputed on every change. */
export function ChinaQuoteCalculator() {
  const [form, setForm] = useState<ChinaForm>(initial);
  const patch = (p: Partial<ChinaForm>) => setForm((f) => ({ ...f, ...p }));
  const quote = useMemo(() => quoteChina(form), [form]);

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper component="form" withBorder radius="lg" p="lg" aria-label="Datos de la carga" onSubmit={(e) => e.preventDefault()}>
          <Stack gap="md">
            <DimensionFields value={form} onChange={patch} />
            <ExtraFields value={form} onChange={patch} />
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <QuotePanel
            title="Envío marítimo desde China"
            quote={quote}
            emptyText={QUOTE_MESSAGES.missingChina}
            billable={quote ? `${cbm(quote.cbmFacturable)} (volumen: ${cbm(quote.cbm)})` : undefined}
          />
          <QuoteContactButton message={quote ? chinaQuoteMessage(quote, form) : null} missingText={QUOTE_MESSAGES.missingChina} />
          <Text size="xs" c="dimmed" ta="center">
            Cotización referencial en USD. El reempaque se cotiza aparte y no está incluido en el total.
          </Text>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
