import { useMemo, useState } from 'react';
import { Grid, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  DELIVERY_TIME,
  QUOTE_MESSAGES,
  quoteUsa,
  usaQuoteMessage,
  type ShippingMethod,
  type UsaQuote,
} from '@casillero/shared';
import { CheaperBadge, QuotePanel, SelectedBadge } from './QuotePanel';
import { QuoteContactButton } from './QuoteContactButton';
import { DimensionFields, ExtraFields, numberProps, type DimensionsValue, type ExtrasValue } from './QuoteFields';

type UsaForm = DimensionsValue & ExtrasValue & { peso: number | string; tipo: ShippingMethod };

const initial: UsaForm = { peso: '', largo: '', ancho: '', alto: '', valor: '', descripcion: '', seguro: true, tipo: 'aereo' };

const lb = (n: number) => `${n.toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} lb`;
const ft3 = (n: number) => `${n.toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ft³`;

/**
 * Miami → Venezuela: one form, the air and sea quotes side by side (recomputed on every
 * change), and the WhatsApp button with the chosen one.
 */
export function UsaQuoteCalculator() {
  const [form, setForm] = useState<UsaForm>(initial);
  const patch = (p: Partial<UsaForm>) => setForm((f) => ({ ...f, ...p }));

  const { aereo, maritimo } = useMemo(
    () => ({ aereo: quoteUsa({ ...form, tipo: 'aereo' }), maritimo: quoteUsa({ ...form, tipo: 'maritimo' }) }),
    [form],
  );
  const selected: UsaQuote | null = form.tipo === 'aereo' ? aereo : maritimo;
  const cheaper: ShippingMethod | null = aereo && maritimo ? (maritimo.total < aereo.total ? 'maritimo' : 'aereo') : null;
  const emptyText = QUOTE_MESSAGES.missingUsa;

  const badge = (tipo: ShippingMethod) =>
    form.tipo === tipo ? <SelectedBadge /> : cheaper === tipo ? <CheaperBadge /> : null;

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper component="form" withBorder radius="lg" p="lg" aria-label="Datos del paquete" onSubmit={(e) => e.preventDefault()}>
          <Stack gap="md">
            <NumberInput
              label="Peso real (lb)"
              placeholder="0"
              value={form.peso}
              onChange={(peso) => patch({ peso })}
              {...numberProps}
            />
            <DimensionFields value={form} onChange={patch} />
            <ExtraFields value={form} onChange={patch} />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="tipo-envio-label">
                Tipo de envío
              </Text>
              <SegmentedControl
                fullWidth
                aria-labelledby="tipo-envio-label"
                value={form.tipo}
                onChange={(tipo) => patch({ tipo: tipo as ShippingMethod })}
                data={[
                  { value: 'aereo', label: 'Aéreo' },
                  { value: 'maritimo', label: 'Marítimo' },
                ]}
              />
              <Text size="xs" c="dimmed">
                {form.tipo === 'aereo'
                  ? `Aéreo: ${DELIVERY_TIME.usaAereo} aproximadamente.`
                  : `Marítimo: ${DELIVERY_TIME.usaMaritimo} aproximadamente, impuestos incluidos.`}
              </Text>
            </Stack>
          </Stack>
        </Paper>
      </Grid.Col>

      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <QuotePanel
              title="Envío aéreo"
              quote={aereo}
              emptyText={emptyText}
              billable={aereo ? lb(aereo.pesoFacturable) : undefined}
              badge={badge('aereo')}
              selected={form.tipo === 'aereo'}
            />
            <QuotePanel
              title="Envío marítimo"
              quote={maritimo}
              emptyText={emptyText}
              billable={maritimo ? ft3(maritimo.pies3Facturables) : undefined}
              badge={badge('maritimo')}
              selected={form.tipo === 'maritimo'}
            />
          </SimpleGrid>
          <QuoteContactButton message={selected ? usaQuoteMessage(selected, form) : null} missingText={QUOTE_MESSAGES.missingUsa} />
          <Text size="xs" c="dimmed" ta="center">
            Cotización referencial en USD. El reempaque se cotiza aparte y no está incluido en el total.
          </Text>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
