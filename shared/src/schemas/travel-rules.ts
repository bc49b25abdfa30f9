// The travel rules' inputs (docs/product/travel-rules.md): a new version and its refusals, in
// Spanish. An empty rule, a word too short to mean anything, an absurd limit: refused here,
// before anything is written.
import { z } from '../zod-es';
import { TRAVEL_RULES_MESSAGES as M } from '../travel-rules/messages';
import {
  TRAVEL_CATEGORY_KINDS,
  TRAVEL_RULE_MODES,
  normalizeWords,
  type TravelRules,
} from '../travel-rules/travel-rules';
import { isoDay } from './form-fields';

const hasDecimals = (n: number, decimals: number) =>
  Math.abs(n * 10 ** decimals - Math.round(n * 10 ** decimals)) < 1e-6;

const words = z.array(z.string().trim().max(60)).max(40);

const category = z
  .object({
    id: z.string().trim().max(80).default(''),
    name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(80, M.nameTooLong),
    kind: z.enum(TRAVEL_CATEGORY_KINDS),
    modes: z.enum(TRAVEL_RULE_MODES),
    words,
    exceptWords: words.default([]),
    reason: z.string().trim().max(300, M.textTooLong),
    advice: z.string().trim().max(300, M.textTooLong),
  })
  .transform((c) => ({
    ...c,
    words: c.words.filter((w) => w.length > 0),
    exceptWords: c.exceptWords.filter((w) => w.length > 0),
    // A category keeps its id across versions; a new one is named after its name.
    id: c.id || normalizeWords(c.name).replace(/ /g, '-'),
  }))
  .superRefine((c, ctx) => {
    if (c.words.length === 0) ctx.addIssue({ code: 'custom', message: M.wordsRequired(c.name) });
    if ([...c.words, ...c.exceptWords].some((w) => normalizeWords(w).length < 3))
      ctx.addIssue({ code: 'custom', message: M.wordTooShort(c.name) });
    if (c.words.length > 40) ctx.addIssue({ code: 'custom', message: M.tooManyWords(c.name) });
    if (!c.reason) ctx.addIssue({ code: 'custom', message: M.reasonRequired(c.name) });
    if (!c.advice) ctx.addIssue({ code: 'custom', message: M.adviceRequired(c.name) });
  });

const weight = z
  .number({ error: M.weightRange })
  .refine((n) => Number.isFinite(n) && n >= 1 && n <= 2000 && hasDecimals(n, 2), M.weightRange);
const value = z.number({ error: M.valueRange }).int(M.valueRange).min(100, M.valueRange).max(10_000_000, M.valueRange);
const limits = z.object({ maxPieceWeightKg: weight, maxDeclaredValueUsdCents: value });

export const travelRulesSchema = z
  .object({
    categories: z.array(category).min(1, M.noCategories).max(60, M.tooManyCategories),
    limits: z.object({ air: limits, sea: limits }),
    commercialQuantity: z
      .number({ error: M.quantityRange })
      .int(M.quantityRange)
      .min(2, M.quantityRange)
      .max(1000, M.quantityRange),
  })
  .superRefine((r, ctx) => {
    const seen = new Set<string>();
    for (const c of r.categories) {
      const keys = [`name:${normalizeWords(c.name)}`, `id:${c.id}`];
      if (keys.some((k) => seen.has(k))) ctx.addIssue({ code: 'custom', message: M.duplicateName(c.name) });
      for (const k of keys) seen.add(k);
    }
  }) satisfies z.ZodType<TravelRules, unknown>;

export const travelRulesVersionInput = z.object({
  /** The Caracas day it starts (00:00), or null: from now on. */
  startDay: isoDay(M.dayRequired).nullable(),
  rules: travelRulesSchema,
});
export type TravelRulesVersionInput = z.input<typeof travelRulesVersionInput>;

export const travelRulesCancelInput = z.object({ id: z.uuid({ error: M.notFound }) });
