import { Suspense, useMemo, useState } from 'react';
import {
  chinaQuoteMessage,
  formatDecimal,
  insuranceRuleOfPrices,
  QUOTE_MESSAGES,
  quoteChina,
  withCustomsEstimate,
  withInvoiceTaxes,
  type CustomsCategory,
} from '@casillero/shared';
import { QuotePanel } from './QuotePanel';
import { QuoteLayout } from './QuoteLayout';
import { usePriceList } from '../../lib/prices';
import { useHydrated } from '../../lib/hydrated';
import { PriceListSince } from './PriceListSince';
import { DimensionFields, ExtraFields, type DimensionsValue, type ExtrasValue } from './QuoteFields';
import {
  QuoteCategoryField as CategoryField,
  QuoteCustomsEstimate as CustomsEstimate,
  QuoteCustomsTotals as CustomsTotals,
} from '../customs/lazy';

type ChinaForm = DimensionsValue & ExtrasValue & { categoria: CustomsCategory | null };
const initial: ChinaForm = {
  largo: '',
  ancho: '',
  alto: '',
  valor: '',
  descripcion: '',
  seguro: true,
  categoria: null,
};

const cbm = (n: number) => `${formatDecimal(n, { decimals: 4, fixed: true })} CBM`;

/** China → Venezuela by sea, recomputed on every change. */
export function ChinaQuoteCalculator() {
  const [form, setForm] = useState<ChinaForm>(initial);
  // The estimate's code loads on demand, which a page's HTML cannot wait for: it is drawn once the
  // app has the page, so the prerendered HTML and the first render in the browser agree.
  const hydrated = useHydrated();
  const patch = (p: Partial<ChinaForm>) => setForm((f) => ({ ...f, ...p }));
  const priceList = usePriceList();
  // The customs estimate of the guía, once its lazily loaded code computed it.
  const [customs, setCustoms] = useState<Record<string, number>>({});
  // No price until the server's price list is here: never one it would not charge; with the
  // customs estimate its invoice charges (docs/product/customs.md#the-invoice) and the IVA its
  // invoice will carry when invoices are fiscal.
  const freight = useMemo(() => (priceList ? quoteChina(form, priceList.prices) : null), [form, priceList]);
  const forCustoms = useMemo(() => [{ key: 'china', quote: freight, mode: 'sea' as const }], [freight]);
  const quote = useMemo(
    () => freight && withInvoiceTaxes(withCustomsEstimate(freight, customs.china ?? null), priceList?.fiscal),
    [freight, customs, priceList],
  );

  return (
    <QuoteLayout
      formLabel="Datos de la carga"
      fields={
        <>
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
        </>
      }
      contactMessage={quote ? chinaQuoteMessage(quote, form) : null}
      missingText={QUOTE_MESSAGES.missingChina}
    >
      <PriceListSince priceList={priceList} />
      <QuotePanel
        title="Envío marítimo desde China"
        quote={quote}
        emptyText={QUOTE_MESSAGES.missingChina}
        billable={quote ? `${cbm(quote.cbmFacturable)} (volumen: ${cbm(quote.cbm)})` : undefined}
      />
      {hydrated && (
        <Suspense fallback={null}>
          <CustomsTotals
            quotes={forCustoms}
            chosen={form.categoria}
            description={form.descripcion}
            onChange={setCustoms}
          />
          <CustomsEstimate quote={quote} mode="sea" chosen={form.categoria} description={form.descripcion} />
        </Suspense>
      )}
    </QuoteLayout>
  );
}
