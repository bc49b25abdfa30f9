// Reading a description the way people write it (docs/product/travel-rules.md#matching-words): the
// one normaliser and whole-word matcher the travel rules and the customs categories both use, so
// 'Teléfono-MÓVIL' means the same to both. zod-free: the public pages may import it.

/** Lower case, accents off, anything not a letter or digit a space: 'Teléfono-móvil' → 'telefono movil'. */
export function normalizeWords(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A description normalized and padded, ready for `containsPhrase`. */
export const paddedWords = (text: string) => ` ${normalizeWords(text)} `;

/** Whether `phrase` appears as whole words in `padded` (a `paddedWords` text). */
export function containsPhrase(padded: string, phrase: string): boolean {
  const p = normalizeWords(phrase);
  return p.length > 0 && padded.includes(` ${p} `);
}

/**
 * Whether a description names something: one of `words` appears in it as whole words (accents and
 * case ignored) and none of `exceptWords` does ('funda' clears 'teléfono' in 'funda para teléfono').
 */
export function matchesWords(
  description: string,
  rule: { words: readonly string[]; exceptWords: readonly string[] },
): boolean {
  const padded = paddedWords(description);
  if (!rule.words.some((w) => containsPhrase(padded, w))) return false;
  return !rule.exceptWords.some((w) => containsPhrase(padded, w));
}
