// Billing in bolívares (docs/decisions/021-billing-in-bolivares.md): exchange rates, payment methods kept by the
// administrator, invoices with a gapless number per year and one append-only ledger per customer
// (the bank statement reconciliation is in reconciliation.ts beside it). Constants, Spanish texts
// and the zod schemas that the forms and the procedures share.
import { z } from '../zod-es';
import { isoDay, optionalText } from '../schemas/form-fields';
import { listPageParams } from '../schemas/list';
import { AMOUNT_MESSAGES } from '../messages';
import { CURRENCIES, RATE_DECIMALS, dollarsToCents, isWholeCents, parseRate, type Currency } from './money';
import { parseDecimal } from '../format';

export const CURRENCY_LABELS: Record<Currency, string> = { USD: 'Dólares (USD)', VES: 'Bolívares (Bs.)' };

// --- Exchange rates ---------------------------------------------------------------------------

export const RATE_SOURCES = ['BCV', 'Otra'] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

export const RATE_MESSAGES = {
  rateRequired: 'Ingresa la tasa en bolívares por dólar.',
  rateInvalid: 'La tasa debe ser un número mayor a 0, con hasta 8 decimales (por ejemplo 36,5214).',
  rateTooHigh: 'La tasa no puede pasar de Bs. 10.000.000 por dólar.',
  rateTooLow: 'La tasa no puede ser menor a Bs. 1 por dólar: revisa las cifras (por ejemplo 36,5214).',
  dateTooOld: 'La fecha no puede ser anterior al 1 de octubre de 2021, el primer día del bolívar digital.',
  dateRequired: 'Indica la fecha de la tasa.',
  dateInFuture: 'La tasa no puede ser de una fecha futura.',
  sourceRequired: 'Indica la fuente de la tasa.',
  sourceMax: 'La fuente no puede exceder 60 caracteres.',
  recordedTitle: 'Tasa registrada',
  recorded: (date: string) => `La tasa del ${date} quedó registrada. Las facturas que se emitan desde ahora la usarán.`,
  corrected: (date: string) =>
    `Se registró una corrección de la tasa del ${date}. Las facturas ya emitidas conservan la tasa con la que se emitieron.`,
  noRateToday: 'Aún no se ha registrado la tasa de hoy',
  noRateTodayDetail: (latest: string | null) =>
    latest
      ? `Las facturas que se emitan mientras tanto usan la última tasa registrada (${latest}) y lo indican.`
      : 'No hay ninguna tasa registrada: las facturas se emiten solo en dólares hasta que se registre una.',
  noRateEver: 'Sin tasa registrada',
} as const;

export const MAX_RATE = 10_000_000;
/**
 * The lowest rate the bolívar digital has had (it started on 1 October 2021 at about Bs. 4 per
 * USD): below Bs. 1 per USD a rate is a typing mistake. It also keeps conversions exact: at a
 * rate of 1 or more, dollars to bolívares and back returns the same cents (docs/decisions/005).
 */
export const MIN_RATE = 1;
/** The bolívar digital's first day: no rate of ours can be older. */
export const FIRST_RATE_DAY = '2021-10-01';

export const exchangeRateInput = z.object({
  rateDate: isoDay(RATE_MESSAGES.dateRequired).refine((day) => day >= FIRST_RATE_DAY, RATE_MESSAGES.dateTooOld),
  /** Bs. per USD as text, so that no decimal is lost on the way ("36,5214"). */
  vesPerUsd: z
    .string({ error: RATE_MESSAGES.rateRequired })
    .trim()
    .min(1, RATE_MESSAGES.rateRequired)
    // Read as every number field reads (docs/decisions/005), then kept as exact text with a point.
    .transform((s, ctx) => {
      const reading = parseDecimal(s, { decimals: RATE_DECIMALS, affixes: ['Bs.', 'Bs'] });
      if (reading.status === 'number') return reading.digits;
      ctx.addIssue({
        code: 'custom',
        message: reading.status === 'refused' ? reading.message : RATE_MESSAGES.rateRequired,
      });
      return z.NEVER;
    })
    .refine((s) => parseRate(s) !== null, RATE_MESSAGES.rateInvalid)
    .refine((s) => Number(s) <= MAX_RATE, RATE_MESSAGES.rateTooHigh)
    .refine((s) => Number(s) >= MIN_RATE, RATE_MESSAGES.rateTooLow),
  source: z
    .string({ error: RATE_MESSAGES.sourceRequired })
    .trim()
    .min(1, RATE_MESSAGES.sourceRequired)
    .max(60, RATE_MESSAGES.sourceMax),
});
export type ExchangeRateInput = z.input<typeof exchangeRateInput>;

/** A page of the rates' history (newest first). */
export const exchangeRateListInput = z.object({ page: listPageParams.page });

// --- Payment methods --------------------------------------------------------------------------

export const PAYMENT_METHOD_KINDS = ['pago_movil', 'transferencia', 'zelle', 'binance', 'efectivo'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

export const PAYMENT_METHOD_KIND_LABELS: Record<PaymentMethodKind, string> = {
  pago_movil: 'Pago Móvil',
  transferencia: 'Transferencia bancaria',
  zelle: 'Zelle',
  binance: 'Binance / USDT',
  efectivo: 'Efectivo en oficina',
};

/** The details each kind of method shows the customer, in order, with their labels. */
export const PAYMENT_METHOD_FIELDS = {
  pago_movil: { bank: 'Banco', phone: 'Teléfono', idNumber: 'Cédula o RIF' },
  transferencia: { bank: 'Banco', accountNumber: 'Número de cuenta', holder: 'Titular', idNumber: 'Cédula o RIF' },
  zelle: { email: 'Correo Zelle', holder: 'Titular' },
  binance: { address: 'Dirección o Binance Pay ID', network: 'Red' },
  efectivo: { office: 'Oficina', hours: 'Horario' },
} as const satisfies Record<PaymentMethodKind, Record<string, string>>;

export type PaymentMethodDetails = Partial<Record<string, string>>;

export const PAYMENT_METHOD_MESSAGES = {
  nameRequired: 'Indica el nombre del método de pago.',
  nameMax: 'El nombre no puede exceder 80 caracteres.',
  kindRequired: 'Selecciona el tipo de método.',
  currencyRequired: 'Selecciona la moneda del método.',
  detailRequired: (label: string) => `Completa el campo «${label}».`,
  detailMax: 'Cada dato puede tener como máximo 120 caracteres.',
  instructionsMax: 'Las instrucciones no pueden exceder 300 caracteres.',
  nameTaken: 'Ya existe un método de pago con ese nombre.',
  notFound: 'Método de pago no encontrado.',
  inactive: 'Ese método de pago ya no está disponible. Elige otro.',
  savedTitle: 'Método de pago guardado',
  saved: 'Los clientes verán los datos actualizados al pagar.',
  copied: 'Copiado',
} as const;

const detailText = z.string().trim().max(120, PAYMENT_METHOD_MESSAGES.detailMax);

export const paymentMethodInput = z
  .object({
    kind: z.enum(PAYMENT_METHOD_KINDS, { error: PAYMENT_METHOD_MESSAGES.kindRequired }),
    name: z
      .string({ error: PAYMENT_METHOD_MESSAGES.nameRequired })
      .trim()
      .min(1, PAYMENT_METHOD_MESSAGES.nameRequired)
      .max(80, PAYMENT_METHOD_MESSAGES.nameMax),
    currency: z.enum(CURRENCIES, { error: PAYMENT_METHOD_MESSAGES.currencyRequired }),
    details: z.record(z.string(), detailText),
    instructions: optionalText(300, PAYMENT_METHOD_MESSAGES.instructionsMax),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    // Every detail of the method's kind is needed; other keys are dropped by the server.
    for (const [key, label] of Object.entries(PAYMENT_METHOD_FIELDS[v.kind])) {
      if (!v.details[key]?.trim())
        ctx.addIssue({
          code: 'custom',
          path: ['details', key],
          message: PAYMENT_METHOD_MESSAGES.detailRequired(label),
        });
    }
  });
export type PaymentMethodInput = z.input<typeof paymentMethodInput>;
export const updatePaymentMethodInput = z.intersection(
  z.object({ id: z.uuid(PAYMENT_METHOD_MESSAGES.notFound) }),
  paymentMethodInput,
);

// --- Invoices and the ledger ------------------------------------------------------------------

export const INVOICE_STATUSES = ['pending', 'partial', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: 'Pendiente',
  partial: 'Pago parcial',
  paid: 'Pagada',
  void: 'Anulada',
};
export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  pending: 'yellow',
  partial: 'orange',
  paid: 'green',
  void: 'gray',
};

/** What an entry of a customer's ledger records; entries are never edited or deleted. */
export const LEDGER_KINDS = ['charge', 'payment', 'refund', 'adjustment', 'credit_applied'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  charge: 'Cargo',
  payment: 'Pago',
  refund: 'Reembolso',
  adjustment: 'Ajuste',
  credit_applied: 'Saldo a favor aplicado',
};

export const BILLING_MESSAGES = {
  invoiceNotFound: 'Factura no encontrada.',
  invoicePaid: 'Esta factura ya está pagada.',
  invoiceVoid: 'Esta factura está anulada.',
  balanceOwed: (amount: string) => `Saldo pendiente: ${amount}`,
  balanceCredit: (amount: string) => `Saldo a favor: ${amount}`,
  balanceZero: 'Estás al día: no tienes saldo pendiente.',
  /** The debt in Bs.: each open invoice at the rate it was issued with, the same figure for staff and customer. */
  owedInBolivares: (ves: string, withoutRate: string | null) =>
    `En bolívares: ${ves}, a la tasa con la que se emitió cada factura${withoutRate ? `, más ${withoutRate} de facturas emitidas sin tasa` : ''}.`,
  rateUsed: (rate: string, date: string) => `Tasa aplicada: ${rate} (BCV del ${date})`,
  rateNotToday: (date: string) => `Se usó la última tasa registrada, del ${date}: la del día aún no estaba publicada.`,
  noRate: 'Emitida sin tasa registrada: monto solo en dólares.',
  adjustmentReasonRequired: 'Explica el motivo del ajuste.',
  adjustmentReasonMax: 'El motivo no puede exceder 300 caracteres.',
  adjustmentAmountRequired: 'Ingresa el monto del ajuste en USD (distinto de 0).',
  adjustmentAmountMax: 'El monto del ajuste no puede exceder $100.000.',
  refundExceedsCredit: 'El reembolso no puede ser mayor que el saldo a favor del cliente.',
  adjustmentSavedTitle: 'Movimiento registrado',
  adjustmentSaved: 'El movimiento quedó en el estado de cuenta del cliente.',
  amountExceedsDue: 'El monto en bolívares no es un número válido.',
  correctionPending: (amount: string, threshold: string) =>
    `El movimiento de ${amount} llega a ${threshold} o más: queda pendiente hasta que otra persona del personal lo apruebe.`,
  correctionsPendingTitle: 'Movimientos por aprobar',
  correctionsPendingNote: (threshold: string) =>
    `Los ajustes y reembolsos de ${threshold} o más necesitan la aprobación de una segunda persona del personal.`,
  correctionApproved: 'Movimiento aprobado: ya está en el estado de cuenta del cliente.',
  correctionRejected: 'Movimiento rechazado: no se registró en el estado de cuenta.',
  correctionOwnRequest:
    'Otra persona del personal debe aprobarlo: no puedes aprobar ni rechazar un movimiento que tú pediste.',
  correctionAlreadyDecided: 'Este movimiento ya fue aprobado o rechazado.',
  correctionNotFound: 'Movimiento por aprobar no encontrado.',
} as const;

/** A second person approves (or rejects) a correction that reached the threshold. */
export const correctionDecisionInput = z.object({
  id: z.uuid(BILLING_MESSAGES.correctionNotFound),
  approve: z.boolean(),
});

/** A correction is a new entry: a signed USD amount (positive: the customer owes more). */
export const ledgerEntryInput = z.object({
  userId: z.uuid('Cliente no encontrado.'),
  kind: z.enum(['adjustment', 'refund']),
  amountUsd: z
    .number({ error: BILLING_MESSAGES.adjustmentAmountRequired })
    // Zero cents is no movement (a tiny float like 1e-9 rounds to it).
    .refine((n) => dollarsToCents(n) !== 0, BILLING_MESSAGES.adjustmentAmountRequired)
    .refine((n) => Math.abs(n) <= 100_000, BILLING_MESSAGES.adjustmentAmountMax)
    .refine(isWholeCents, AMOUNT_MESSAGES.twoDecimals),
  reason: z
    .string({ error: BILLING_MESSAGES.adjustmentReasonRequired })
    .trim()
    .min(3, BILLING_MESSAGES.adjustmentReasonRequired)
    .max(300, BILLING_MESSAGES.adjustmentReasonMax),
});

export const invoiceIdInput = z.object({ id: z.uuid(BILLING_MESSAGES.invoiceNotFound) });
export const customerIdInput = z.object({ userId: z.uuid('Cliente no encontrado.') });

/** The methods the demo starts with (the administrator edits them in Tasas y métodos de pago). */
export const DEMO_PAYMENT_METHODS: readonly {
  kind: PaymentMethodKind;
  name: string;
  currency: Currency;
  details: Record<string, string>;
  instructions?: string;
}[] = [
  {
    kind: 'pago_movil',
    name: 'Pago Móvil',
    currency: 'VES',
    details: { bank: 'Banco de Venezuela (0102)', phone: '0414-5550123', idNumber: 'J-50123456-7' },
    instructions: 'Usa como concepto tu código de casillero.',
  },
  {
    kind: 'transferencia',
    name: 'Transferencia Banesco',
    currency: 'VES',
    details: {
      bank: 'Banesco (0134)',
      accountNumber: '0134-0000-11-0000123456',
      holder: 'Casillero Virtual C.A.',
      idNumber: 'J-50123456-7',
    },
  },
  {
    kind: 'zelle',
    name: 'Zelle',
    currency: 'USD',
    details: { email: 'pagos@casillero.test', holder: 'Casillero Virtual LLC' },
  },
  {
    kind: 'binance',
    name: 'Binance USDT',
    currency: 'USD',
    details: { address: 'TQx9demo5Casillero7Virtual3Usdt1Trc20', network: 'TRC20' },
  },
  {
    kind: 'efectivo',
    name: 'Efectivo en oficina',
    currency: 'USD',
    details: { office: 'Av. Francisco de Miranda, Caracas', hours: 'Lunes a viernes, 9:00 a 17:00' },
  },
];

/** Where an invoice's PDF is downloaded (the customer's own, or any for staff who read payments). */
export const invoicePdfPath = (invoiceId: string) => `/api/invoices/${invoiceId}/pdf`;

/** The business as its invoices name it (the RIF is the one the bank methods show). */
export const BUSINESS_FISCAL = {
  name: 'Casillero Virtual C.A.',
  rif: 'J-50123456-7',
  address: 'Av. Francisco de Miranda, Caracas, Venezuela',
} as const;

// --- Invoices issued by staff (a repack, a course, any other charge) ---------------------------

export const MAX_INVOICE_LINES = 20;

export const INVOICE_ISSUE_MESSAGES = {
  conceptRequired: 'Selecciona el concepto de la factura.',
  descriptionRequired: 'Describe la factura.',
  descriptionMax: 'La descripción no puede exceder 200 caracteres.',
  lineDescriptionRequired: 'Describe cada línea.',
  lineAmountRequired: 'Cada línea necesita un monto en USD de al menos $0,01.',
  lineAmountMax: 'Una línea no puede exceder $100.000.',
  linesRequired: 'La factura necesita al menos una línea.',
  linesMax: `Una factura admite hasta ${MAX_INVOICE_LINES} líneas.`,
  issuedTitle: 'Factura emitida',
  issued: (number: string) => `Se emitió la factura ${number}; el cliente ya la ve en Facturas.`,
  customerTitle: 'Nueva factura',
  customerMessage: (number: string, usd: string, ves: string | null) =>
    `Se emitió la factura ${number} por ${usd}${ves ? ` (${ves})` : ''}. Puedes pagarla desde Facturas.`,
} as const;

export const invoiceIssueInput = z.object({
  userId: z.uuid('Cliente no encontrado.'),
  concept: z.enum(['shipping_payment', 'course_purchase'], { error: INVOICE_ISSUE_MESSAGES.conceptRequired }),
  description: z
    .string({ error: INVOICE_ISSUE_MESSAGES.descriptionRequired })
    .trim()
    .min(1, INVOICE_ISSUE_MESSAGES.descriptionRequired)
    .max(200, INVOICE_ISSUE_MESSAGES.descriptionMax),
  lines: z
    .array(
      z.object({
        description: z
          .string({ error: INVOICE_ISSUE_MESSAGES.lineDescriptionRequired })
          .trim()
          .min(1, INVOICE_ISSUE_MESSAGES.lineDescriptionRequired)
          .max(200, INVOICE_ISSUE_MESSAGES.descriptionMax),
        amountUsd: z
          .number({ error: INVOICE_ISSUE_MESSAGES.lineAmountRequired })
          .min(0.01, INVOICE_ISSUE_MESSAGES.lineAmountRequired)
          .max(100_000, INVOICE_ISSUE_MESSAGES.lineAmountMax)
          .refine(isWholeCents, AMOUNT_MESSAGES.twoDecimals),
      }),
    )
    .min(1, INVOICE_ISSUE_MESSAGES.linesRequired)
    .max(MAX_INVOICE_LINES, INVOICE_ISSUE_MESSAGES.linesMax),
});
export type InvoiceIssueInput = z.input<typeof invoiceIssueInput>;
