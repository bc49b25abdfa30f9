// The customs rules' inputs (docs/product/customs.md): a new version and its refusals, in Spanish.
// Rates are basis points (integers; the form types a percentage with two decimals), money integer
// USD cents. A negative or absurd figure, a category missing or twice: refused here, before
// anything is written.
import { z } from '../zod-es';
import { CUSTOMS_MESSAGES as M } from '../customs/messages';
import { CUSTOMS_CATEGORIES, CUSTOMS_CATEGORY_LABELS, type CustomsRules } from '../customs/rules';
import { isoDay } from './form-fields';
import {
  CUSTOMS_SETTLEMENT_MESSAGES,
  MAX_SETTLEMENT_THRESHOLD_USD_CENTS,
  SETTLEMENT_MAX_CHARS,
} from '../customs/settlement';

/** A rate in basis points: an integer from 0 to 10 000 (0 to 100 %). */
const basisPoints = (label: string) =>
  z
    .number({ error: M.rateRange(label) })
    .int(M.rateRange(label))
    .min(0, M.rateRange(label))
    .max(10_000, M.rateRange(label));

const cents = (label: string, maxCents: number, message: (l: string) => string) =>
  z
    .number({ error: message(label) })
    .int(message(label))
    .min(0, message(label))
    .max(maxCents, message(label));

const categoryRate = z
  .object({
    category: z.enum(CUSTOMS_CATEGORIES, { error: M.unknownCategory }),
    dutyBasisPoints: z.number().optional(),
    tariffChapter: z
      .string()
      .trim()
      .nullish()
      .transform((c) => (c ? c : null))
      .refine((c) => c === null || (/^\d{2}$/.test(c) && Number(c) >= 1 && Number(c) <= 97), M.chapterFormat),
  })
  .superRefine((c, ctx) => {
    const label = CUSTOMS_CATEGORY_LABELS[c.category];
    if (c.dutyBasisPoints === undefined) ctx.addIssue({ code: 'custom', message: M.missingCategory(label) });
    else if (!basisPoints(label).safeParse(c.dutyBasisPoints).success)
      ctx.addIssue({ code: 'custom', message: M.rateRange(`Arancel de «${label}»`) });
  })
  .transform((c) => ({ ...c, dutyBasisPoints: c.dutyBasisPoints ?? 0 }));

const mode = (label: string) =>
  z
    .object({
      valueIncludesFreight: z.boolean(),
      valueIncludesInsurance: z.boolean(),
      fixedPerGuiaUsdCents: cents(`${label}: ${M.fixedPerGuia.toLowerCase()}`, 100_000, M.fixedRange),
      fixedPerBoxUsdCents: cents(`${label}: ${M.fixedPerBox.toLowerCase()}`, 100_000, M.fixedRange),
      exemptUpToUsdCents: cents(`${label}: exenta hasta`, 10_000_000, M.thresholdRange),
      courierUpToUsdCents: cents(`${label}: régimen courier hasta`, 10_000_000, M.thresholdRange),
    })
    .refine((m) => m.exemptUpToUsdCents < m.courierUpToUsdCents, {
      message: M.thresholdOrder(label === 'Vía aérea' ? 'air' : 'sea'),
    });

export const customsRulesSchema = z
  .object({
    categories: z.array(categoryRate).max(CUSTOMS_CATEGORIES.length * 2),
    ivaBasisPoints: basisPoints('IVA'),
    serviceFeeBasisPoints: basisPoints('Tasa de servicio de aduana'),
    modes: z.object({ air: mode('Vía aérea'), sea: mode('Vía marítima') }),
  })
  .superRefine((r, ctx) => {
    const seen = new Set<string>();
    for (const c of r.categories) {
      if (seen.has(c.category))
        ctx.addIssue({ code: 'custom', message: M.duplicateCategory(CUSTOMS_CATEGORY_LABELS[c.category]) });
      seen.add(c.category);
    }
    for (const category of CUSTOMS_CATEGORIES)
      if (!seen.has(category))
        ctx.addIssue({ code: 'custom', message: M.missingCategory(CUSTOMS_CATEGORY_LABELS[category]) });
  })
  // Stored in the categories' own order, whatever order they came in.
  .transform((r) => ({
    ...r,
    categories: CUSTOMS_CATEGORIES.flatMap((c) => r.categories.filter((x) => x.category === c).slice(0, 1)),
  })) satisfies z.ZodType<CustomsRules, unknown>;

export const customsVersionInput = z.object({
  /** The Caracas day it starts (00:00), or null: from now on. */
  startDay: isoDay(M.dayRequired).nullable(),
  note: z.string({ error: M.noteRequired }).trim().min(10, M.noteRequired).max(1000, M.noteTooLong),
  rules: customsRulesSchema,
});
export type CustomsVersionInput = z.input<typeof customsVersionInput>;

export const customsCancelInput = z.object({ id: z.uuid({ error: M.notFound }) });

/** The broker's file for one departure (docs/product/customs.md#settled-against-what-customs-charged). */
export const customsSettlementInput = z.object({
  departureId: z.uuid({ error: CUSTOMS_SETTLEMENT_MESSAGES.departureNotFound }),
  fileName: z.string().trim().min(1).max(200),
  csv: z
    .string({ error: CUSTOMS_SETTLEMENT_MESSAGES.fileRequired })
    .min(1, CUSTOMS_SETTLEMENT_MESSAGES.fileRequired)
    .max(SETTLEMENT_MAX_CHARS, CUSTOMS_SETTLEMENT_MESSAGES.fileTooLarge),
});
export type CustomsSettlementInput = z.input<typeof customsSettlementInput>;

/** The administrator's threshold, in USD cents. */
export const customsThresholdInput = z.object({
  thresholdUsdCents: z
    .number({ error: CUSTOMS_SETTLEMENT_MESSAGES.thresholdRange })
    .int(CUSTOMS_SETTLEMENT_MESSAGES.thresholdRange)
    .min(0, CUSTOMS_SETTLEMENT_MESSAGES.thresholdRange)
    .max(MAX_SETTLEMENT_THRESHOLD_USD_CENTS, CUSTOMS_SETTLEMENT_MESSAGES.thresholdRange),
});

export const customsSettlementsInput = z.object({
  departureId: z.uuid({ error: CUSTOMS_SETTLEMENT_MESSAGES.departureNotFound }),
});
