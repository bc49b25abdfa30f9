// WhatsApp links of the contact buttons: https://wa.me/<phone>?text=<prefilled message>.
// The phone number comes from the server's configuration (site.config), never from code.
import { formatUsdCents } from '../billing/money';
import { CUSTOMS_CHARGE_LABELS } from '../customs/charge';
import { formatDecimal, formatLb } from '../format';
import { formatDimensions, type ChinaQuote, type QuoteLine, type QuoteNumber, type UsaQuote } from './quote';
import { REPACK_QUOTE_TEXT } from './constants';

/** The chat link; the number keeps only its digits (international format without '+'). */
export function whatsappUrl(phone: string, text?: string): string {
  const digits = phone.replace(/\D/g, '');
  const base = `https://wa.me/${digits}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/** The message of the contact page's and the footer's WhatsApp buttons. */
export const WHATSAPP_GENERAL_MESSAGE =
  '¡Hola! Me gustaría recibir información sobre sus servicios de casillero y envíos a Venezuela.';

/** The message of the courses page's WhatsApp buttons. */
export const whatsappCourseMessage = (course: string) =>
  `¡Hola! Me interesa el ${course}. ¿Me pueden dar más información?`;

const TIPO_USA = { aereo: 'Aéreo (Miami → Venezuela)', maritimo: 'Marítimo (Miami → Venezuela)' } as const;
const describe = (descripcion: string | undefined) => descripcion?.trim() || 'Sin descripción';

type Dimensions = { largo: QuoteNumber; ancho: QuoteNumber; alto: QuoteNumber };

/** The customs estimate's line once the calculator added it (withCustomsEstimate), as the panel shows it. */
const customsLine = (lineas: QuoteLine[]) => {
  const line = lineas.find((l) => l.key === 'impuestos');
  return line ? `${line.label}: ${formatUsdCents(line.amountUsdCents)}` : CUSTOMS_CHARGE_LABELS.quotePending;
};

/** The IVA lines a quote carries when invoices are fiscal ('IVA (16 %): $10,40'), as the panel shows them. */
const ivaLines = (lineas: QuoteLine[]) =>
  lineas.filter((l) => l.key.startsWith('iva-')).map((l) => `${l.label}: ${formatUsdCents(l.amountUsdCents)}`);

/**
 * The prefilled message of a USA quote (docs/product/quote-calculators.md#whatsapp-message): shipping type, weight, dimensions,
 * description, subtotal, insurance, taxes, repack 'to be quoted', total and delivery time.
 */
export function usaQuoteMessage(quote: UsaQuote, form: Dimensions & { descripcion?: string }): string {
  const lb = (n: number) => formatLb(n);
  return [
    '¡Hola! Quiero cotizar un envío desde Miami.',
    `Tipo de envío: ${TIPO_USA[quote.tipo]}`,
    `Peso: ${quote.pesoTexto} (facturable: ${lb(quote.pesoFacturable)})`,
    `Dimensiones: ${formatDimensions(form.largo, form.ancho, form.alto)}`,
    `Descripción: ${describe(form.descripcion)}`,
    `Subtotal: ${formatUsdCents(quote.subtotalUsdCents)}`,
    `Seguro: ${formatUsdCents(quote.seguroUsdCents)}`,
    customsLine(quote.lineas),
    ...ivaLines(quote.lineas),
    `Reempaque: ${REPACK_QUOTE_TEXT}`,
    `Total: ${formatUsdCents(quote.totalUsdCents)}`,
    `Tiempo de entrega: ${quote.tiempoEntrega}`,
  ].join('\n');
}

/** The prefilled message of a China quote: the same fields, with CBM instead of weight. */
export function chinaQuoteMessage(quote: ChinaQuote, form: Dimensions & { descripcion?: string }): string {
  const cbm = (n: number) => `${formatDecimal(n, { decimals: 4, fixed: true })} CBM`;
  return [
    '¡Hola! Quiero cotizar un envío desde China.',
    'Tipo de envío: Marítimo (China → Venezuela)',
    `Volumen: ${cbm(quote.cbm)} (facturable: ${cbm(quote.cbmFacturable)})`,
    `Dimensiones: ${formatDimensions(form.largo, form.ancho, form.alto)}`,
    `Descripción: ${describe(form.descripcion)}`,
    `Subtotal: ${formatUsdCents(quote.subtotalUsdCents)}`,
    `Seguro: ${formatUsdCents(quote.seguroUsdCents)}`,
    customsLine(quote.lineas),
    ...ivaLines(quote.lineas),
    `Reempaque: ${REPACK_QUOTE_TEXT}`,
    `Total: ${formatUsdCents(quote.totalUsdCents)}`,
    `Tiempo de entrega: ${quote.tiempoEntrega}`,
  ].join('\n');
}

export const QUOTE_MESSAGES = {
  missingUsa: 'Por favor completa peso y dimensiones para obtener la cotización.',
  missingChina: 'Por favor completa las dimensiones para obtener la cotización.',
  successTitle: '¡Excelente!',
  successMessage: 'Te estamos conectando con nuestro equipo por WhatsApp.',
} as const;
