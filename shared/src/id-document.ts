// Venezuelan identity documents (docs/product/last-mile.md#identity-documents): a cédula
// (V or E and up to 8 digits), a RIF (V, E, J, P or G, 8 digits and a check digit) or a
// passport (P and letters and digits). People write them with or without dashes and dots.

export const ID_DOCUMENT_PREFIXES = ['V', 'E', 'J', 'P', 'G'] as const;
export type IdDocumentPrefix = (typeof ID_DOCUMENT_PREFIXES)[number];

const RIF_LETTER_VALUE: Record<IdDocumentPrefix, number> = { V: 1, E: 2, J: 3, P: 4, G: 5 };
const RIF_WEIGHTS = [4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The SENIAT check digit of a RIF's letter and 8 digits. */
export function rifCheckDigit(prefix: IdDocumentPrefix, eightDigits: string): number {
  const values = [RIF_LETTER_VALUE[prefix], ...eightDigits.split('').map(Number)];
  const sum = values.reduce((total, value, i) => total + value * RIF_WEIGHTS[i], 0);
  const check = 11 - (sum % 11);
  return check >= 10 ? 0 : check;
}

/**
 * The document in one written form ('V-12345678', 'J-12345678-9', 'P-AB123456'), or null when
 * it cannot be one: a cédula without its V/E is read as V; a RIF must have its right check digit.
 */
export function normalizeIdDocument(input: string): string | null {
  const raw = input
    .trim()
    .toUpperCase()
    .replace(/[\s.\-_/]/g, '');
  if (/^\d{5,8}$/.test(raw)) return `V-${Number(raw)}`;
  const match = /^([VEJPG])(\w+)$/.exec(raw);
  if (!match) return null;
  const prefix = match[1] as IdDocumentPrefix;
  const rest = match[2];
  if (/^\d{9}$/.test(rest)) {
    const digits = rest.slice(0, 8);
    return rifCheckDigit(prefix, digits) === Number(rest[8]) ? `${prefix}-${digits}-${rest[8]}` : null;
  }
  if ((prefix === 'V' || prefix === 'E') && /^\d{5,8}$/.test(rest)) return `${prefix}-${Number(rest)}`;
  if (prefix === 'P' && /^[A-Z0-9]{5,15}$/.test(rest)) return `P-${rest}`;
  return null;
}

/**
 * The person behind a document, to compare what a counter clerk types with a recipient's
 * document: 'V-12345678' and the RIF 'V-12345678-9' are the same person.
 */
export function sameIdPerson(a: string, b: string): boolean {
  const key = (doc: string) => {
    const normal = normalizeIdDocument(doc);
    if (!normal) return null;
    const [prefix, number] = normal.split('-');
    return `${prefix}-${number}`;
  };
  const ka = key(a);
  return ka !== null && ka === key(b);
}

/** A Venezuelan phone in E.164 (+58 and 10 digits: a mobile 4xx or a landline 2xx). */
export const isVenezuelanPhone = (e164: string) => /^\+58[24]\d{9}$/.test(e164);
