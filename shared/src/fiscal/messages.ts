// Spanish texts of fiscal documents (docs/product/fiscal-invoices.md).
import { CUSTOMS_CHARGE_LABELS } from '../customs/charge';

export const FISCAL_ID_MESSAGES = {
  required: 'Escribe la cédula o el RIF.',
  format:
    'Escribe la cédula (V o E y hasta 8 dígitos, p. ej. V-12345678) o el RIF (V, E, J, P o G, 8 dígitos y el dígito verificador, p. ej. J-00002961-0).',
  rifCheckDigit: 'El dígito verificador del RIF no corresponde: revisa el número.',
  rifNeedsCheck: 'Un RIF J, P o G lleva 8 dígitos y el dígito verificador (p. ej. J-00002961-0).',
  rifOnly: 'Escribe el RIF completo, con su dígito verificador (p. ej. J-00002961-0).',
} as const;

export const FISCAL_MESSAGES = {
  settingsSaved: 'Datos fiscales guardados.',
  legalNameRequired: 'Escribe la razón social.',
  addressRequired: 'Escribe el domicilio fiscal.',
  addressMax: 'El domicilio fiscal admite hasta 300 caracteres.',
  nameRequired: 'Escribe el nombre o la razón social.',
  rateRange: 'La alícuota debe estar entre 0 % y 100 %.',
  rateDecimals: 'La alícuota admite hasta 2 decimales.',
  legalGroundRequired: 'Indica la base legal de la exención o exoneración.',
  enableNeedsData: 'Para emitir facturas faltan la razón social, el RIF y el domicilio fiscal del negocio.',
  customerDataSaved: 'Datos fiscales guardados. Tus notas de cobro pendientes se emitieron como facturas.',
  customerDataSavedNone: 'Datos fiscales guardados.',
  documentNotFound: 'Documento fiscal no encontrado.',
  notANotaDeCobro: 'Solo una nota de cobro vigente se puede emitir como factura.',
  /** A fiscal document whose number is already taken: nothing was issued (docs/decisions/029). */
  numberingFailed:
    'No se pudo asignar el número del documento fiscal, así que no se emitió nada. Inténtalo de nuevo; si vuelve a pasar, avisa al administrador.',
  customerDataMissing: 'El cliente no tiene cédula o RIF válido y dirección: la factura no se puede emitir.',
  actionTitle: 'Tus datos fiscales',
  actionText: (count: number) =>
    `Tienes ${count === 1 ? 'una nota de cobro' : `${count} notas de cobro`} que no ${count === 1 ? 'es' : 'son'} factura: escribe tu cédula o RIF y tu dirección fiscal para recibir la factura.`,
  notaDeCobroNotice:
    'Documento sin valor fiscal: no es una factura. Se emitirá la factura cuando el cliente registre sus datos fiscales.',
  pendingControl: 'Pendiente de número de control',
  noteAmountRequired: 'Escribe el monto de la nota, mayor a 0 (hasta $100.000,00).',
  noteReasonRequired: 'Escribe el motivo de la nota (de 3 a 300 caracteres).',
  noteNotAFactura: 'Solo una factura emitida admite notas de crédito o débito.',
  noteInvoiceVoid: 'La factura está anulada: no admite más notas.',
  noteExceedsFactura: (note: string, remaining: string, number: string) =>
    `La nota de crédito (${note}) supera lo que queda de la factura ${number} (${remaining}).`,
  noteIssued: (kind: string, number: string, factura: string) =>
    `${kind} ${number} emitida sobre la factura ${factura}.`,
  facturaIssued: (number: string) => `Factura ${number} emitida.`,
  voidReason: (reason: string) => `Anulación: ${reason}`,
  claimReason: (code: string) => `Reclamo ${code} aprobado`,
  monthInvalid: 'Elige un mes (AAAA-MM).',
  igtfNotice: (rate: string) => `Si pagas en divisas (dólares, Zelle o Binance) se agrega el IGTF (${rate} %).`,
  /** The legal grounds of what is paid on the customer's behalf (docs/product/fiscal-invoices.md#taxes). */
  importTaxesGround:
    'No sujeto al IVA: impuestos de importación (tributos aduaneros) pagados en la aduana por cuenta del cliente; no son venta ni servicio del negocio.',
  purchaseOnBehalfGround:
    'No sujeto al IVA: mercancía, impuesto de venta y envío de la tienda comprados y pagados en nombre y por cuenta del cliente; no son venta del negocio.',
  /** The total about to be invoiced is not the one the customer confirmed: nothing is issued. */
  priceChanged: (shown: string, now: string) =>
    `El precio cambió: confirmaste ${shown} y ahora el total es ${now}. Revisa el nuevo precio y confirma de nuevo.`,
} as const;

/** How a quote names its taxes, on every screen that shows one (docs/product/fiscal-invoices.md#taxes). */
export const QUOTE_TAX_LABELS = {
  /** The customs estimate charged on the customer's behalf (docs/product/customs.md#the-invoice). */
  importTaxes: CUSTOMS_CHARGE_LABELS.quoteLine,
  iva: (ratePercent: string) => `IVA (${ratePercent} %)`,
  total: 'Total',
} as const;

export const FISCAL_DOCUMENT_KIND_LABELS = {
  factura: 'Factura',
  nota_de_credito: 'Nota de crédito',
  nota_de_debito: 'Nota de débito',
  nota_de_cobro: 'Nota de cobro',
} as const;

export const FISCAL_DOCUMENT_STATUS_LABELS = {
  pendiente_numero_control: 'Pendiente de número de control',
  emitida: 'Emitida',
  reemplazada: 'Reemplazada por factura',
} as const;
