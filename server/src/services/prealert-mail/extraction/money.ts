// Amounts in US dollars as a store's mail, invoice or receipt writes them, read into integer
// cents (docs/decisions/005-money-and-numbers.md): "$1,234.56", "US$ 41,72", "USD 12.99",
// "12,99 US$". Only amounts marked as dollars are read; Bs., € or bare numbers are not.

const NUMBER = String.raw`\d{1,3}(?:[.,]\d{3})*(?:[.,]\d{2})?|\d+(?:[.,]\d{2})?`;
/** A dollar amount: the mark before (optionally spaced) or "US$"/"USD" after. */
export const AMOUNT = new RegExp(
  String.raw`(?:US\s?\$|USD|U\$S|\$)\s?(${NUMBER})(?![\d])|(?<![\d.,])(${NUMBER})\s?(?:US\$|USD)(?!\s?\d)`,
  'gi',
);

/** A number written either way ("1,234.56" or "1.234,56", "12,99") in cents, or null. */
export function numberToCents(raw: string): number | null {
  const s = raw.replace(/\s/g, '');
  const m = /^(.*?)(?:[.,](\d{2}))?$/.exec(s);
  if (!m) return null;
  const whole = m[1].replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole)) return null;
  const cents = Number(whole) * 100 + (m[2] ? Number(m[2]) : 0);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Every dollar amount in a piece of text, in order, in cents. */
export function amountsIn(text: string): number[] {
  const found: number[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const cents = numberToCents(m[1] ?? m[2]);
    if (cents !== null) found.push(cents);
  }
  return found;
}

/** The last dollar amount in a line (a total's or a price's figure is at its end), or null. */
export function lastAmount(text: string): number | null {
  const all = amountsIn(text);
  return all.length > 0 ? all[all.length - 1] : null;
}
