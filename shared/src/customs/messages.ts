// The customs rules' texts (docs/product/customs.md): the admin page /admin/aduanas, its refusals
// and the estimate's verdicts. zod-free: the quote pages may import it.
import { formatUsdCents } from '../billing/money';
import { RULE_VERSION_MESSAGES } from '../rule-versions/messages';
import type { TravelMode } from '../travel-rules/travel-rules';

const BY_MODE: Record<TravelMode, string> = { air: 'por vía aérea', sea: 'por vía marítima' };

type VerdictFigures = { value: number; exemptUpTo: number; courierUpTo: number; mode: TravelMode };

export const CUSTOMS_MODE_LABELS: Record<TravelMode, string> = { air: 'Vía aérea', sea: 'Vía marítima' };

export const CUSTOMS_MESSAGES = {
  ...RULE_VERSION_MESSAGES,
  pageTitle: 'Aduanas',
  pageDescription:
    'Los aranceles del régimen courier: categorías de mercancía con su arancel, cómo se calcula el valor en aduana, los cargos y los umbrales por vía. Un cambio es una nueva versión con su fecha y su fuente; las versiones pasadas no se modifican.',
  current: 'Reglas aduaneras vigentes',
  newVersion: 'Nueva versión de las reglas aduaneras',
  newVersionHint:
    'Parte de las reglas vigentes. Entra en vigencia ahora mismo o a las 00:00 (hora de Caracas) del día elegido. Indica de dónde salen las cifras.',
  note: 'Fuente de las cifras',
  noteHint: 'La Gaceta, el aviso del SENIAT o el supuesto del negocio de donde salen estas cifras.',
  categories: 'Categorías de mercancía',
  category: 'Categoría',
  duty: 'Arancel (%)',
  chapter: 'Capítulo del arancel',
  noChapter: '—',
  charges: 'Cargos',
  iva: 'IVA (%)',
  serviceFee: 'Tasa de servicio de aduana (%)',
  modes: 'Por vía',
  valueIncludesFreight: 'El valor en aduana suma el flete',
  valueIncludesInsurance: 'El valor en aduana suma el seguro',
  fixedPerGuia: 'Cargo fijo por guía',
  fixedPerBox: 'Cargo fijo por caja',
  exemptUpTo: 'Exenta hasta (valor en aduana)',
  courierUpTo: 'Régimen courier hasta (valor en aduana)',
  yes: 'Sí',
  no: 'No',
  // Refusals.
  notFound: 'No encontramos esa versión de las reglas aduaneras.',
  noteRequired: 'Indica la fuente de las cifras (al menos 10 caracteres).',
  noteTooLong: 'La fuente admite como máximo 1.000 caracteres.',
  unknownCategory: 'Categoría de mercancía desconocida.',
  duplicateCategory: (label: string) => `La categoría «${label}» aparece dos veces.`,
  missingCategory: (label: string) => `Falta el arancel de la categoría «${label}».`,
  rateRange: (label: string) => `${label}: debe ser un porcentaje de 0 a 100, con dos decimales como máximo.`,
  chapterFormat: 'El capítulo del arancel son dos dígitos, del 01 al 97.',
  fixedRange: (label: string) => `${label}: debe estar entre $0 y $1.000.`,
  thresholdRange: (label: string) => `${label}: debe estar entre $0 y $100.000.`,
  thresholdOrder: (mode: TravelMode) =>
    `${CUSTOMS_MODE_LABELS[mode]}: el valor exento debe ser menor que el máximo del régimen courier.`,
  // The estimate's verdicts.
  verdict: {
    exento: (f: VerdictFigures) =>
      `Valor en aduana de ${formatUsdCents(f.value)}: no supera ${formatUsdCents(f.exemptUpTo)}, así que ${BY_MODE[f.mode]} la guía no paga arancel, IVA ni tasa de aduana.`,
    courier: (f: VerdictFigures) =>
      `Valor en aduana de ${formatUsdCents(f.value)}: supera ${formatUsdCents(f.exemptUpTo)} y no pasa de ${formatUsdCents(f.courierUpTo)}, así que ${BY_MODE[f.mode]} la guía paga arancel, IVA y tasa de aduana en el régimen courier.`,
    fuera_del_regimen: (f: VerdictFigures) =>
      `Valor en aduana de ${formatUsdCents(f.value)}: supera ${formatUsdCents(f.courierUpTo)}, el máximo del régimen courier ${BY_MODE[f.mode]}. Requiere una importación formal con agente de aduanas; este estimado es solo orientativo.`,
  },
} as const;

/** The estimate as customers read it (docs/product/customs.md#where-the-estimate-is-shown). */
export const CUSTOMS_ESTIMATE_MESSAGES = {
  title: 'Impuestos estimados',
  category: 'Categoría de la mercancía',
  categoryHint: 'Según la descripción; cámbiala si no corresponde. Define el arancel.',
  piece: 'Concepto',
  customsValue: 'Valor en aduana',
  duty: (bp: string) => `Arancel (${bp})`,
  dutyMixed: 'Arancel (según la categoría de cada artículo)',
  iva: (bp: string) => `IVA (${bp})`,
  fee: (bp: string) => `Tasa de servicio de aduana (${bp})`,
  fixed: 'Cargo fijo de aduana',
  total: 'Total estimado de aduana',
  usd: 'USD',
  ves: 'Bs.',
  verdictTitle: {
    exento: 'Exenta de arancel, IVA y tasa',
    courier: 'Régimen courier',
    fuera_del_regimen: 'Fuera del régimen courier',
  },
  /** What the verdict means for the customer, under the explanation with its figures. */
  verdictMeaning: {
    exento: 'Solo se estima el cargo fijo de la guía.',
    courier: 'Se estiman el arancel, el IVA y la tasa de aduana de la guía.',
    fuera_del_regimen:
      'Te contactaremos antes de enviarla: una importación formal tiene otros trámites y costos. Considera dividir el envío.',
  },
  rateOf: (rate: string, day: string) => `Montos en Bs. a ${rate} (tasa del ${day}).`,
  noRate: 'Sin tasa de cambio registrada: el estimado se muestra solo en USD.',
  basis: (version: number) =>
    `Estimado con las reglas aduaneras vigentes (versión ${version}). Referencial: la aduana liquida el monto final.`,
  inTotal:
    'Incluido en el total como «Impuestos estimados de aduana»: lo cobramos por tu cuenta y lo pagamos en la aduana venezolana; no lleva IVA. Si la aduana cobra otra cifra, la diferencia se carga o abona en tu cuenta.',
  loading: 'Cargando las reglas aduaneras…',
  // Consolidation (the ship request).
  consolidationTitle: 'Impuestos estimados: juntos o por separado',
  consolidated: 'En una sola guía (consolidado)',
  separate: (n: number) => `Por separado (${n} guías)`,
  difference: 'Diferencia',
  consolidationSaves: (amount: string) => `Consolidar ahorra ${amount} en impuestos estimados.`,
  consolidationCosts: (amount: string) =>
    `Consolidar suma ${amount} en impuestos estimados: juntos superan el valor exento de la guía.`,
  consolidationSame: 'Juntos o por separado, los impuestos estimados son los mismos.',
  perItem: (items: number, amount: string) => `Por artículo (${items} artículos): ${amount} aproximadamente.`,
  invoiceToggle: (total: string) => `Impuestos estimados de aduana: ${total}`,
  invoiceBasis:
    'La guía de este envío con las reglas vigentes al emitir la factura y su tasa. Los impuestos de aduana son dinero que cobramos por tu cuenta para pagarlos en la aduana, no un ingreso nuestro: la línea «impuestos estimados de aduana» de la factura es este estimado y no lleva IVA. Cuando la aduana libera el envío comparamos lo cobrado con lo que cobró la aduana: si la diferencia supera el umbral, te la cargamos o abonamos en tu cuenta y te avisamos con ambas cifras.',
  prealertBasis:
    'Este paquete en su propia guía, con el valor que declaraste y la categoría de la descripción; el flete, por el peso estimado.',
} as const;

/** Basis points as the page shows them: 1600 → '16 %', 1250 → '12,5 %'. */
export const formatBasisPoints = (bp: number) =>
  `${(bp / 100).toLocaleString('es-VE', { maximumFractionDigits: 2 })} %`;
