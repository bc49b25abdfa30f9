// The business's fiscal settings (docs/product/fiscal-invoices.md#settings) and the customer's
// fiscal data: shared zod schemas, read by the admin page and checked again by the server.
import { z } from '../zod-es';
import { fiscalIdSchema, rifSchema } from './fiscal-id';
import { FISCAL_ID_MESSAGES, FISCAL_MESSAGES } from './messages';
import {
  CHARGE_KINDS,
  DEFAULT_IGTF_BASIS_POINTS,
  DEFAULT_TAX_TREATMENT,
  type ChargeKind,
  type TaxTreatment,
  taxRatePercentSchema,
  taxTreatmentInput,
} from './taxes';

/** Who gives the números de control: the fake (development, tests) or an authorised digital printer. */
export const CONTROL_NUMBER_PROVIDERS = ['fake', 'imprenta_digital'] as const;
export type ControlNumberProviderName = (typeof CONTROL_NUMBER_PROVIDERS)[number];
export const CONTROL_NUMBER_PROVIDER_LABELS: Record<ControlNumberProviderName, string> = {
  fake: 'De prueba (sin valor fiscal)',
  imprenta_digital: 'Imprenta digital autorizada',
};

/** The settings as stored and answered (rates in basis points). */
export type FiscalSettings = {
  /** Off: invoices are issued as before, with no fiscal document. */
  enabled: boolean;
  legalName: string;
  rif: string;
  address: string;
  controlProvider: ControlNumberProviderName;
  igtfApplies: boolean;
  igtfBasisPoints: number;
  taxes: Record<ChargeKind, TaxTreatment>;
};

export const DEFAULT_FISCAL_SETTINGS: FiscalSettings = {
  enabled: false,
  legalName: '',
  rif: '',
  address: '',
  controlProvider: 'fake',
  igtfApplies: false,
  igtfBasisPoints: DEFAULT_IGTF_BASIS_POINTS,
  taxes: Object.fromEntries(CHARGE_KINDS.map((k) => [k, DEFAULT_TAX_TREATMENT])) as Record<ChargeKind, TaxTreatment>,
};

const legalName = z.string().trim().max(200, FISCAL_MESSAGES.legalNameRequired);
const address = z.string().trim().max(300, FISCAL_MESSAGES.addressMax);

/** What the administrator saves (percentages as typed; turned into basis points). */
export const fiscalSettingsInput = z
  .object({
    enabled: z.boolean(),
    legalName,
    rif: z
      .string()
      .trim()
      .transform((value, ctx) => {
        if (value === '') return '';
        const parsed = rifSchema.safeParse(value);
        if (parsed.success) return parsed.data;
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? FISCAL_ID_MESSAGES.rifOnly });
        return z.NEVER;
      }),
    address,
    controlProvider: z.enum(CONTROL_NUMBER_PROVIDERS),
    igtfApplies: z.boolean(),
    igtfRatePercent: taxRatePercentSchema,
    taxes: z.object(
      Object.fromEntries(CHARGE_KINDS.map((k) => [k, taxTreatmentInput])) as Record<
        ChargeKind,
        typeof taxTreatmentInput
      >,
    ),
  })
  .superRefine((v, ctx) => {
    if (!v.enabled) return;
    if (!v.legalName) ctx.addIssue({ code: 'custom', path: ['legalName'], message: FISCAL_MESSAGES.enableNeedsData });
    if (!v.rif) ctx.addIssue({ code: 'custom', path: ['rif'], message: FISCAL_MESSAGES.enableNeedsData });
    if (!v.address) ctx.addIssue({ code: 'custom', path: ['address'], message: FISCAL_MESSAGES.enableNeedsData });
  })
  .transform(
    (v): FiscalSettings => ({
      enabled: v.enabled,
      legalName: v.legalName,
      rif: v.rif,
      address: v.address,
      controlProvider: v.controlProvider,
      igtfApplies: v.igtfApplies,
      igtfBasisPoints: v.igtfRatePercent,
      taxes: Object.fromEntries(
        CHARGE_KINDS.map((k) => {
          const t = v.taxes[k];
          return [
            k,
            t.treatment === 'iva'
              ? { treatment: 'iva', rateBasisPoints: t.ratePercent }
              : { treatment: t.treatment, legalGround: t.legalGround },
          ];
        }),
      ) as Record<ChargeKind, TaxTreatment>,
    }),
  );
export type FiscalSettingsInput = z.input<typeof fiscalSettingsInput>;

/** The customer's fiscal data: the name on the factura, the cédula or RIF and the fiscal address. */
export const customerFiscalDataInput = z.object({
  name: z.string({ error: FISCAL_MESSAGES.nameRequired }).trim().min(2, FISCAL_MESSAGES.nameRequired).max(255),
  idNumber: fiscalIdSchema,
  address: z
    .string({ error: FISCAL_MESSAGES.addressRequired })
    .trim()
    .min(5, FISCAL_MESSAGES.addressRequired)
    .max(255, FISCAL_MESSAGES.addressMax),
});
export type CustomerFiscalDataInput = z.input<typeof customerFiscalDataInput>;

/** The fiscal document kinds, statuses and their labels. */
export const FISCAL_DOCUMENT_KINDS = ['factura', 'nota_de_credito', 'nota_de_debito', 'nota_de_cobro'] as const;
export type FiscalDocumentKind = (typeof FISCAL_DOCUMENT_KINDS)[number];
export const FISCAL_DOCUMENT_STATUSES = ['pendiente_numero_control', 'emitida', 'reemplazada'] as const;
export type FiscalDocumentStatus = (typeof FISCAL_DOCUMENT_STATUSES)[number];

/** The number's prefix of each kind's own gapless series. */
export const FISCAL_NUMBER_PREFIX: Record<FiscalDocumentKind, string> = {
  factura: 'FAC',
  nota_de_credito: 'NC',
  nota_de_debito: 'ND',
  nota_de_cobro: 'COB',
};
export const fiscalDocumentNumber = (kind: FiscalDocumentKind, sequence: number) =>
  `${FISCAL_NUMBER_PREFIX[kind]}-${String(sequence).padStart(8, '0')}`;

export const fiscalDocumentIdInput = z.object({ id: z.uuid(FISCAL_MESSAGES.documentNotFound) });
