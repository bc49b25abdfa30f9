// Timestamps that only travel to the browser: PostgreSQL's text made into the ISO 8601 string a
// Date becomes in JSON, without building the Date (docs/decisions/011). Both drivers hand
// Drizzle timestamptz values as PostgreSQL's text (DateStyle ISO).
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * 'YYYY-MM-DD HH:MM:SS[.ffffff]+00' → 'YYYY-MM-DDTHH:MM:SS.mmmZ', with the fraction cut to
 * milliseconds as `new Date()` does. Any other shape (another session time zone, a far year)
 * goes through Date, so the answer is always what `new Date(text).toISOString()` gives.
 */
export function timestamptzTextToIso(text: string): string {
  if (text.length >= 22 && text.length <= 29 && text[4] === '-' && text[10] === ' ' && text.endsWith('+00')) {
    const fraction = text[19] === '.' ? text.slice(20, -3) : '';
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${`${fraction}000`.slice(0, 3)}Z`;
  }
  return new Date(text).toISOString();
}

/** A timestamptz column selected as its ISO string (null stays null). */
export function isoTimestamp(column: SQLWrapper & { _: { notNull: true } }): SQL<string>;
export function isoTimestamp(column: SQLWrapper): SQL<string | null>;
export function isoTimestamp(column: SQLWrapper): SQL<string | null> {
  return sql<string | null>`${column}`.mapWith(timestamptzTextToIso);
}
