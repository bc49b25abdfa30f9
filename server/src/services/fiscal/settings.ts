// The business's fiscal settings (docs/product/fiscal-invoices.md#settings): one app_settings row,
// like the delivery fees; app_settings has no audit trigger, so the change is written by hand.
import { eq } from 'drizzle-orm';
import {
  CHARGE_KINDS,
  CONTROL_NUMBER_PROVIDERS,
  DEFAULT_FISCAL_SETTINGS,
  fiscalQuoteTerms,
  type FiscalQuoteTerms,
  type FiscalSettings,
  type TaxTreatment,
} from '@casillero/shared';
import type { DbOrTx } from '../../db/client';
import { appSettings } from '../../db/schema';
import { saveAuditedSetting } from '../../audit/app-settings';

export const FISCAL_SETTINGS_KEY = 'fiscal';

function readTreatment(value: unknown): TaxTreatment | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (
    v.treatment === 'iva' &&
    Number.isInteger(v.rateBasisPoints) &&
    (v.rateBasisPoints as number) >= 0 &&
    (v.rateBasisPoints as number) <= 10_000
  )
    return { treatment: 'iva', rateBasisPoints: v.rateBasisPoints as number };
  if ((v.treatment === 'exento' || v.treatment === 'exonerado') && typeof v.legalGround === 'string')
    return { treatment: v.treatment, legalGround: v.legalGround };
  return null;
}

/** The settings; anything never saved (or unreadable) is its default, and fiscal documents are off. */
export async function getFiscalSettings(db: DbOrTx): Promise<FiscalSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, FISCAL_SETTINGS_KEY));
  const settings: FiscalSettings = { ...DEFAULT_FISCAL_SETTINGS, taxes: { ...DEFAULT_FISCAL_SETTINGS.taxes } };
  if (!row) return settings;
  try {
    const p = JSON.parse(row.value) as Record<string, unknown>;
    if (typeof p.enabled === 'boolean') settings.enabled = p.enabled;
    for (const key of ['legalName', 'rif', 'address'] as const)
      if (typeof p[key] === 'string') settings[key] = p[key] as string;
    if (CONTROL_NUMBER_PROVIDERS.includes(p.controlProvider as never))
      settings.controlProvider = p.controlProvider as FiscalSettings['controlProvider'];
    if (typeof p.igtfApplies === 'boolean') settings.igtfApplies = p.igtfApplies;
    if (Number.isInteger(p.igtfBasisPoints)) settings.igtfBasisPoints = p.igtfBasisPoints as number;
    const taxes = (p.taxes ?? {}) as Record<string, unknown>;
    for (const kind of CHARGE_KINDS) {
      const t = readTreatment(taxes[kind]);
      if (t) settings.taxes[kind] = t;
    }
  } catch {
    // An unreadable row leaves the defaults (off).
  }
  return settings;
}

/** What a quote needs of the settings (whether invoices carry taxes, each kind's IVA rate): read in its transaction. */
export async function getFiscalQuoteTerms(db: DbOrTx): Promise<FiscalQuoteTerms> {
  return fiscalQuoteTerms(await getFiscalSettings(db));
}

/** The administrator's change, locked and audited (before and after). */
export async function setFiscalSettings(tx: DbOrTx, next: FiscalSettings): Promise<FiscalSettings> {
  await saveAuditedSetting(tx, FISCAL_SETTINGS_KEY, next, () => getFiscalSettings(tx));
  return next;
}
