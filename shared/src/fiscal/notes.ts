// Notes of credit and debit (docs/product/fiscal-invoices.md#notes-of-credit-and-debit): the staff
// input, how a note's total is split into the factura's tax lines (in integer cents), and the
// note's PDF path. The sales book's columns and files are in sales-book.ts.
import { z } from '../zod-es';
import { dollarsToCents, isWholeCents } from '../billing/money';
import { AMOUNT_MESSAGES } from '../messages';
import { FISCAL_MESSAGES } from './messages';
import type { IvaBucket, TaxedLine } from './taxes';

export const FISCAL_NOTE_KINDS = ['nota_de_credito', 'nota_de_debito'] as const;
export type FiscalNoteKind = (typeof FISCAL_NOTE_KINDS)[number];

/** Staff correct a factura's price: a note of credit (less) or debit (more), total with taxes. */
export const fiscalNoteInput = z.object({
  facturaId: z.uuid(FISCAL_MESSAGES.documentNotFound),
  kind: z.enum(FISCAL_NOTE_KINDS),
  amountUsd: z
    .number({ error: FISCAL_MESSAGES.noteAmountRequired })
    .refine((n) => dollarsToCents(n) > 0, FISCAL_MESSAGES.noteAmountRequired)
    .refine((n) => n <= 100_000, FISCAL_MESSAGES.noteAmountRequired)
    .refine(isWholeCents, AMOUNT_MESSAGES.twoDecimals),
  reason: z
    .string({ error: FISCAL_MESSAGES.noteReasonRequired })
    .trim()
    .min(3, FISCAL_MESSAGES.noteReasonRequired)
    .max(300, FISCAL_MESSAGES.noteReasonRequired),
});
export type FiscalNoteInput = z.input<typeof fiscalNoteInput>;

/** What a factura adds up to, as the note splits it. */
export type NoteSource = {
  lines: TaxedLine[];
  ivaBuckets: IvaBucket[];
  legalGrounds: string[];
  exemptUsdCents: number;
  totalUsdCents: number;
};

export type NoteSplit = {
  lines: TaxedLine[];
  ivaBuckets: IvaBucket[];
  legalGrounds: string[];
  baseUsdCents: number;
  exemptUsdCents: number;
  ivaUsdCents: number;
  totalUsdCents: number;
};

/**
 * A note's total split like its factura. The whole factura: its own lines and buckets. A part:
 * the total is shared among the factura's IVA rates and its exento in proportion to what each
 * adds to the factura (largest remainder, so the shares add up to the total exactly); in each
 * rate, the base is the share ÷ (1 + rate) rounded half away from zero, and the IVA the rest.
 * The note's total is always exactly the amount asked.
 */
export function splitNoteTotal(source: NoteSource, totalUsdCents: number, description: string): NoteSplit {
  if (totalUsdCents === source.totalUsdCents) {
    const base = source.ivaBuckets.reduce((s, b) => s + b.baseUsdCents, 0);
    const iva = source.ivaBuckets.reduce((s, b) => s + b.ivaUsdCents, 0);
    return {
      lines: source.lines,
      ivaBuckets: source.ivaBuckets,
      legalGrounds: source.legalGrounds,
      baseUsdCents: base,
      exemptUsdCents: source.exemptUsdCents,
      ivaUsdCents: iva,
      totalUsdCents: base + source.exemptUsdCents + iva,
    };
  }
  const parts = [
    ...source.ivaBuckets.map((b) => ({
      rate: b.rateBasisPoints as number | null,
      weight: b.baseUsdCents + b.ivaUsdCents,
    })),
    ...(source.exemptUsdCents > 0 ? [{ rate: null, weight: source.exemptUsdCents }] : []),
  ];
  const weightTotal = parts.reduce((s, p) => s + p.weight, 0);
  const shares = allocate(
    totalUsdCents,
    parts.map((p) => (weightTotal > 0 ? p.weight : 1)),
  );
  const ivaBuckets: IvaBucket[] = [];
  const lines: TaxedLine[] = [];
  let exempt = 0;
  const ground = source.legalGrounds.join('; ') || null;
  const exemptTreatment = source.lines.find((l) => l.treatment !== 'iva')?.treatment ?? 'exento';
  parts.forEach((p, i) => {
    const share = shares[i];
    if (share === 0) return;
    if (p.rate === null) {
      exempt += share;
      lines.push({
        description,
        kind: 'other',
        usdCents: share,
        treatment: exemptTreatment,
        rateBasisPoints: null,
        legalGround: ground,
      });
    } else {
      const base = divideHalfAway(BigInt(share) * 10_000n, 10_000n + BigInt(p.rate));
      ivaBuckets.push({ rateBasisPoints: p.rate, baseUsdCents: base, ivaUsdCents: share - base });
      lines.push({
        description,
        kind: 'other',
        usdCents: base,
        treatment: 'iva',
        rateBasisPoints: p.rate,
        legalGround: null,
      });
    }
  });
  const base = ivaBuckets.reduce((s, b) => s + b.baseUsdCents, 0);
  const iva = ivaBuckets.reduce((s, b) => s + b.ivaUsdCents, 0);
  return {
    lines,
    ivaBuckets,
    legalGrounds: exempt > 0 ? source.legalGrounds : [],
    baseUsdCents: base,
    exemptUsdCents: exempt,
    ivaUsdCents: iva,
    totalUsdCents: base + exempt + iva,
  };
}

function divideHalfAway(n: bigint, d: bigint): number {
  return Number((n * 2n + d) / (2n * d));
}

/** `total` shared by weights, largest remainder first; the shares add up to `total`. */
function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || weights.length === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (BigInt(total) * BigInt(w)) / BigInt(sum));
  const rest = weights.map((w, i) => ({ i, r: (BigInt(total) * BigInt(w)) % BigInt(sum) }));
  let left = total - exact.reduce((s, e) => s + Number(e), 0);
  const shares = exact.map(Number);
  rest.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of rest) {
    if (left <= 0) break;
    shares[i]++;
    left--;
  }
  return shares;
}

/** A fiscal document's own PDF (a note of credit or debit). */
export const fiscalDocumentPdfPath = (id: string) => `/api/fiscal-documents/${id}/pdf`;
