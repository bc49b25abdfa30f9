// Searching as people type (docs/decisions/026-search-as-people-type.md): names without their
// accents or case, phones and cédulas by their digits however they are written. The database
// folds and reduces the stored texts the same way (search_fold, search_phone_digits and
// search_cedula_digits, migration 0017), on indexes.

/** The letters search_fold takes the accents from, and what it writes instead (same order). */
export const SEARCH_FOLD_FROM = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
export const SEARCH_FOLD_TO = 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc';

/** 'González' → 'gonzalez': the text as search_fold writes it in the database. */
export function foldSearchText(text: string): string {
  let out = '';
  for (const ch of text) {
    const at = SEARCH_FOLD_FROM.indexOf(ch);
    out += at >= 0 ? SEARCH_FOLD_TO[at] : ch;
  }
  return out.toLowerCase();
}

/** A phone or a cédula as typed: digits, spaces, dots, dashes, brackets, a leading + or V-/E-/J-. */
const LOOKS_LIKE_NUMBER = /^(\+|[VEJGP]\s*[-.]?\s*)?[\d\s().-]+$/i;

/**
 * The digits to look for when the search text is a phone or a cédula, or null when it is not
 * one (or has fewer than 3 digits, too few for a trigram index): '+58 424-123-4567',
 * '0424 1234567' and '4241234567' all give '4241234567'; 'V-12.345.678' gives '12345678'. The
 * country code 58 goes when the text starts with '+58' or is a whole Venezuelan number (12
 * digits), and leading zeros always go, as the stored numbers are reduced the same way.
 */
export function searchDigits(text: string): string | null {
  const t = text.trim();
  if (!LOOKS_LIKE_NUMBER.test(t)) return null;
  let digits = t.replace(/\D/g, '');
  if (/^\+\s*58/.test(t) || /^58\d{10}$/.test(digits)) digits = digits.slice(2);
  digits = digits.replace(/^0+/, '');
  return digits.length >= 3 ? digits : null;
}
