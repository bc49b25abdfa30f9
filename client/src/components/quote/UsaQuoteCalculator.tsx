import { Suspense, useMemo, useState } from 'react';
import { Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  DELIVERY_TIME,
  QUOTE_MESSAGES,
  WEIGHT_UNITS,
  insuranceRuleOfPrices,
  quoteUsa,
  usaQuoteMessage,
  withCustomsEstimate,
  withInvoiceTaxes,
  type ShippingMethod,
  type UsaQuote,
  type WeightUnit,
  type CustomsCategory,
  formatDecimal,
  formatLb,
} from '@casillero/shared';
import { CheaperBadge, QuotePanel, SelectedBadge } from './QuotePanel';
import { QuoteLayout } from './QuoteLayout';
import { DecimalInput } from '../forms/DecimalInput';
import { usePriceList } from '../../lib/prices';
import { useHydrated } from '../../lib/hydrated';
import { PriceListSince } from './PriceListSince';
import { DimensionFields, ExtraFields, type DimensionsValue, type ExtrasValue } from './QuoteFields';
import {
  QuoteCategoryField as CategoryField,
  QuoteCustomsEstimate as CustomsEstimate,
  QuoteCustomsTotals as CustomsTotals,
} from '../customs/lazy';

type UsaForm = DimensionsValue &
  ExtrasValue & { peso: number | string; unidad: WeightUnit; tipo: ShippingMethod; categoria: CustomsCategory | null };

const initial: UsaForm = {
  peso: '',
  // Kilograms first, as the warehouse and every other screen weigh (docs/product/quote-calculators.md#inputs).
  unidad: 'kg',
  largo: '',
  ancho: '',
  alto: '',
  valor: '',
  descripcion: '',
  seguro: true,
  tipo: 'aereo',
  // Null: the category the description reveals, until the customer picks one.
  categoria: null,
};

const lb = (n: number) => formatLb(n);
const ft3 = (n: number) => `${formatDecimal(n, { decimals: 2, fixed: true })} ft³`;

/** The two ways from Miami: the toggle's label, the panel's title and its billable quantity. */
const METHODS: { tipo: ShippingMethod; label: string; title: string; billable: (q: UsaQuote) => string }[] = [
  { tipo: 'aereo', label: 'Aéreo', title: 'Envío aéreo', billable: (q) => lb(q.pesoFacturable) },
  { tipo: 'maritimo', label: 'Marítimo', title: 'Envío marítimo', billable: (q) => ft3(q.pies3Facturables) },
];

/**
 * Miami → Venezuela: one form, the air and sea quotes side by side (recomputed on every
 * change), and the WhatsApp button with the chosen one.
 */
export function UsaQuoteCalculator() {
  const [form, setForm] = useState<UsaForm>(initial);
  // The estimate's code loads on demand, which a page's HTML cannot wait for: it is drawn once the
  // app has the page, so the prerendered HTML and the first render in the browser agree.
  const hydrated = useHydrated();
  const priceList = usePriceList();
  const patch = (p: Partial<UsaForm>) => setForm((f) => ({ ...f, ...p }));

  // The customs estimate of each mode's guía, once its lazily loaded code computed it.
  const [customs, setCustoms] = useState<Record<string, number>>({});

  // No price until the server's price list is here: never one it would not charge. Each quote adds
  // the customs estimate its invoice charges (docs/product/customs.md#the-invoice) and, with fiscal
  // invoicing on, the IVA its invoice will (docs/product/quote-calculators.md#taxes-on-the-invoice).
  const freight: Record<ShippingMethod, UsaQuote | null> = useMemo(() => {
    const quote = (tipo: ShippingMethod) => (priceList ? quoteUsa({ ...form, tipo }, priceList.prices) : null);
    return { aereo: quote('aereo'), maritimo: quote('maritimo') };
  }, [form, priceList]);
  const forCustoms = useMemo(
    () =>
      METHODS.map(({ tipo }) => ({
        key: tipo,
        quote: freight[tipo],
        mode: tipo === 'aereo' ? ('air' as const) : ('sea' as const),
      })),
    [freight],
  );
  const quotes: Record<ShippingMethod, UsaQuote | null> = useMemo(() => {
    const quote = (tipo: ShippingMethod) => {
      const q = freight[tipo];
      return q && withInvoiceTaxes(withCustomsEstimate(q, customs[tipo] ?? null), priceList?.fiscal);
    };
    return { aereo: quote('aereo'), maritimo: quote('maritimo') };
  }, [freight, customs, priceList]);
  const { aereo, maritimo } = quotes;
  const selected = quotes[form.tipo];
  const cheaper: ShippingMethod | null =
    aereo && maritimo ? (maritimo.totalUsdCents < aereo.totalUsdCents ? 'maritimo' : 'aereo') : null;

  const badge = (tipo: ShippingMethod) =>
    form.tipo === tipo ? <SelectedBadge /> : cheaper === tipo ? <CheaperBadge /> : null;

  return (
    <QuoteLayout
      formLabel="Datos del paquete"
      fields={
        <>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <DecimalInput
              kind={form.unidad === 'kg' ? 'weightKg' : 'weightLb'}
              label={`Peso real (${form.unidad})`}
              placeholder="0"
              value={form.peso}
              onChange={(peso) => patch({ peso })}
              style={{ flex: 1 }}
            />
            <SegmentedControl
              aria-label="Unidad de peso"
              value={form.unidad}
              onChange={(unidad) => patch({ unidad: unidad as WeightUnit })}
              data={WEIGHT_UNITS.map((u) => ({ value: u, label: u }))}
            />
          </Group>
          <DimensionFields value={form} onChange={patch} />
          <ExtraFields
            value={form}
            onChange={patch}
            rule={priceList ? insuranceRuleOfPrices(priceList.prices) : null}
          />
          {hydrated && (
            <Suspense fallback={null}>
              <CategoryField
                chosen={form.categoria}
                description={form.descripcion}
                onChange={(categoria) => patch({ categoria })}
              />
            </Suspense>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="tipo-envio-label">
              Tipo de envío
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="tipo-envio-label"
              value={form.tipo}
              onChange={(tipo) => patch({ tipo: tipo as ShippingMethod })}
              data={METHODS.map(({ tipo, label }) => ({ value: tipo, label }))}
            />
            <Text size="xs" c="dimmed">
              {form.tipo === 'aereo'
                ? `Aéreo: ${DELIVERY_TIME.usaAereo} aproximadamente.`
                : `Marítimo: ${DELIVERY_TIME.usaMaritimo} aproximadamente.`}
            </Text>
          </Stack>
        </>
      }
      contactMessage={selected ? usaQuoteMessage(selected, form) : null}
      missingText={QUOTE_MESSAGES.missingUsa}
    >
      <PriceListSince priceList={priceList} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {METHODS.map(({ tipo, title, billable }) => {
          const quote = quotes[tipo];
          return (
            <QuotePanel
              key={tipo}
              title={title}
              quote={quote}
              emptyText={QUOTE_MESSAGES.missingUsa}
              billable={quote ? billable(quote) : undefined}
              badge={badge(tipo)}
              selected={form.tipo === tipo}
            />
          );
        })}
      </SimpleGrid>
      {hydrated && (
        <Suspense fallback={null}>
          <CustomsTotals
            quotes={forCustoms}
            chosen={form.categoria}
            description={form.descripcion}
            onChange={setCustoms}
          />
          <CustomsEstimate
            quote={selected}
            mode={form.tipo === 'aereo' ? 'air' : 'sea'}
            chosen={form.categoria}
            description={form.descripcion}
          />
        </Suspense>
      )}
    </QuoteLayout>
  );
}
