// Searching as people type (docs/decisions/026-search-as-people-type.md): the conditions that
// compare the same expressions as the trigram indexes of migration 0018, so they stay indexed.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { searchDigits } from '@casillero/shared';
import { containsPattern } from './list';

/** A name (or any text) without accents or case: `search_fold(column) like search_fold(pattern)`. */
export const foldedLike = (column: SQLWrapper, pattern: SQLWrapper | string): SQL =>
  sql`search_fold(${column}) like search_fold(${pattern})`;

/** A phone by its digits; `pattern` is `%digits%` from `digitsPattern`. */
export const phoneDigitsLike = (column: SQLWrapper, pattern: SQLWrapper | string): SQL =>
  sql`search_phone_digits(${column}) like ${pattern}`;

/** A cédula by its digits; `pattern` is `%digits%` from `digitsPattern`. */
export const cedulaDigitsLike = (column: SQLWrapper, pattern: SQLWrapper | string): SQL =>
  sql`search_cedula_digits(${column}) like ${pattern}`;

/** `{ digits: '%4241234567%' }` when the search text is a phone or a cédula, for a list's `bind`. */
export function digitsBind(term: string): { digits: string } | null {
  const digits = searchDigits(term);
  return digits ? { digits: containsPattern(digits) } : null;
}
