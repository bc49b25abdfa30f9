// The travel rules' texts (docs/product/travel-rules.md): the admin page /admin/reglas, its
// refusals, the flags' headings and the notifications. zod-free: the public FAQ imports it.
import { formatKg } from '../format';
import { RULE_VERSION_MESSAGES } from '../rule-versions/messages';
import { formatUsdCents } from '../billing/money';
import type { TravelCategoryKind, TravelRuleModes, TravelRules } from './travel-rules';

export const TRAVEL_CATEGORY_KIND_LABELS: Record<TravelCategoryKind, string> = {
  prohibited: 'Prohibido',
  restricted: 'Restringido',
  permit: 'Requiere permiso',
};

export const TRAVEL_RULE_MODE_LABELS: Record<TravelRuleModes, string> = {
  air: 'Vía aérea',
  sea: 'Vía marítima',
  both: 'Aérea y marítima',
};

export const TRAVEL_RULES_MESSAGES = {
  ...RULE_VERSION_MESSAGES,
  pageTitle: 'Reglas de envío',
  pageDescription:
    'Lo que puede viajar: categorías prohibidas, restringidas o que requieren permiso, límites por pieza y cantidad comercial. Un cambio es una nueva versión con el momento en que entra en vigencia; las versiones pasadas no se modifican.',
  current: 'Reglas vigentes',
  keep: 'No, mantenerla',
  newVersion: 'Nueva versión de las reglas',
  newVersionHint:
    'Parte de las reglas vigentes. Entra en vigencia ahora mismo o a las 00:00 (hora de Caracas) del día elegido.',
  categories: 'Categorías',
  addCategory: 'Agregar categoría',
  removeCategory: 'Quitar categoría',
  categoryName: 'Nombre',
  categoryKind: 'Tipo',
  categoryModes: 'Vía',
  categoryWords: 'Palabras que la revelan (separadas por coma)',
  categoryExcept: 'Salvo si dice (separadas por coma)',
  categoryReason: 'Motivo que lee el cliente',
  categoryAdvice: 'Qué puede hacer el cliente',
  limits: 'Límites por pieza',
  airWeight: 'Aéreo: peso máximo por pieza (kg)',
  airValue: 'Aéreo: valor declarado máximo por pieza',
  seaWeight: 'Marítimo: peso máximo por pieza (kg)',
  seaValue: 'Marítimo: valor declarado máximo por pieza',
  commercialQuantity: 'Artículos iguales que hacen un envío comercial',
  words: 'Palabras',
  except: 'Salvo si dice',
  // Refusals.
  notFound: 'No encontramos esa versión de las reglas.',
  noCategories: 'Las reglas necesitan al menos una categoría.',
  nameRequired: 'Cada categoría necesita un nombre.',
  nameTooLong: 'El nombre de una categoría admite como máximo 80 caracteres.',
  duplicateName: (name: string) => `Hay dos categorías llamadas «${name}».`,
  wordsRequired: (name: string) => `La categoría «${name}» necesita al menos una palabra que la revele.`,
  wordTooShort: (name: string) => `Las palabras de «${name}» deben tener al menos 3 letras.`,
  tooManyWords: (name: string) => `La categoría «${name}» admite como máximo 40 palabras.`,
  reasonRequired: (name: string) => `Escribe el motivo de «${name}» que leerá el cliente.`,
  adviceRequired: (name: string) => `Escribe qué puede hacer el cliente con «${name}».`,
  textTooLong: 'El motivo y el consejo admiten como máximo 300 caracteres.',
  tooManyCategories: 'Las reglas admiten como máximo 60 categorías.',
  weightRange: 'El peso máximo por pieza debe estar entre 1 y 2.000 kg, con dos decimales como máximo.',
  valueRange: 'El valor declarado máximo por pieza debe estar entre $1 y $100.000.',
  quantityRange: 'La cantidad comercial debe ser un número entero de 2 a 1.000.',
  // The flags where people read them.
  flagsTitle: 'Reglas de envío',
  blocked: 'No puede viajar así',
  warning: 'Atención',
  whatToDo: 'Qué puedes hacer:',
  actionItem: (label: string) => `Paquete ${label}: no puede viajar así`,
  /** A ship request refused by a rule. */
  shipBlocked: (label: string, title: string, reason: string) =>
    `El paquete ${label} no puede viajar así (${title}): ${reason}`,
  // Notifications when a version takes effect.
  notifyRulesTitle: 'Cambiaron las reglas de envío',
  notifyRules: (changes: string[]) => `Desde hoy rigen nuevas reglas de envío que afectan a: ${changes.join('; ')}.`,
  notifyPricesTitle: 'Cambió la tarifa',
  notifyPrices: (day: string, changes: string[], parcels: string[]) =>
    `Desde el ${day} rige una nueva tarifa: ${changes.join('; ')}. Afecta a ${parcels.join(', ')}.`,
  // The public FAQ.
  faqQuestion: '¿Qué artículos no puedo enviar?',
  faqIntro: 'Estas reglas se revisan en tu prealerta y al pedir el envío:',
  faqLimits: (air: string, sea: string) => `Límites por pieza: ${air} por vía aérea; ${sea} por vía marítima.`,
  faqCommercial: (n: number) =>
    `${n} o más artículos iguales se consideran envío comercial: la aduana puede cobrar aranceles y pedir factura.`,
} as const;

/** What the public FAQ shows of the rules (site.travelRules): no ids, no words. */
export type PublicTravelRules = {
  categories: { name: string; kind: TravelCategoryKind; modes: TravelRuleModes; reason: string }[];
  limits: TravelRules['limits'];
  commercialQuantity: number;
};

const KIND_IN_WORDS: Record<TravelCategoryKind, string> = {
  prohibited: 'prohibido',
  restricted: 'restringido',
  permit: 'requiere permiso',
};
const MODES_IN_WORDS: Record<TravelRuleModes, string> = {
  air: 'por vía aérea',
  sea: 'por vía marítima',
  both: 'por cualquier vía',
};

/** The FAQ's answer to '¿Qué artículos no puedo enviar?', one line per rule, from the rules in effect. */
export function travelRulesFaqLines(rules: PublicTravelRules): string[] {
  const { air, sea } = rules.limits;
  const limit = (l: TravelRules['limits']['air']) =>
    `${formatKg(l.maxPieceWeightKg)} y ${formatUsdCents(l.maxDeclaredValueUsdCents)} de valor declarado`;
  return [
    ...rules.categories.map((c) => `${c.name} (${KIND_IN_WORDS[c.kind]} ${MODES_IN_WORDS[c.modes]}): ${c.reason}`),
    TRAVEL_RULES_MESSAGES.faqLimits(limit(air), limit(sea)),
    TRAVEL_RULES_MESSAGES.faqCommercial(rules.commercialQuantity),
  ];
}
