import { useMemo, useState } from 'react';
import { chinaQuoteMessage, QUOTE_MESSAGES, quoteChina, formatDecimal } from '@casillero/shared';
import { QuotePanel } from './QuotePanel';
import { QuoteLayout } from './QuoteLayout';
import { useInsuranceRule } from '../../lib/site';
import { DimensionFields, ExtraFields, type DimensionsValue, type ExtrasValue } from './QuoteFields';

type ChinaForm = DimensionsValue & ExtrasValue;
const initial: ChinaForm = { largo: '', ancho: '', alto: '', valor: '', descripcion: '', seguro: true };

const cbm = (n: number) => `${formatDecimal(n, { decimals: 4, fixed: true })} CBM`;

/** China → Venezuela by sea, recomputed on every change. */
export function ChinaQuoteCalculator() {
  const [form, setForm] = useState<ChinaForm>(initial);
  const patch = (p: Partial<ChinaForm>) => setForm((f) => ({ ...f, ...p }));
  const reglaSeguro = useInsuranceRule();
  const quote = useMemo(() => quoteChina({ ...form, reglaSeguro }), [form, reglaSeguro]);

  return (
    <QuoteLayout
      formLabel="Datos de la carga"
      fields={
        <>
          <DimensionFields value={form} onChange={patch} />
          <ExtraFields value={form} onChange={patch} rule={reglaSeguro} />
        </>
      }
      contactMessage={quote ? chinaQuoteMessage(quote, form) : null}
      missingText={QUOTE_MESSAGES.missingChina}
    >
      <QuotePanel
        title="Envío marítimo desde China"
        quote={quote}
        emptyText={QUOTE_MESSAGES.missingChina}
        billable={quote ? `${cbm(quote.cbmFacturable)} (volumen: ${cbm(quote.cbm)})` : undefined}
      />
    </QuoteLayout>
  );
}
