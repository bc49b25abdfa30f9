// The public API's list cursor (docs/product/public-api.md#pages): where the last page ended, as
// the position of its last row in the list's order, newest first. Opaque to the caller: base64url
// of `<sort key in microseconds since 1970>.<row id>`. Microseconds, not a Date: a JavaScript
// Date drops the database's microseconds, and rows a millisecond apart would be skipped.

/** The last row's position: its sort key to the microsecond (integer text) and its id. */
export type ListCursor = { micros: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INTEGER = /^-?\d{1,16}$/;
/** A cursor is at most this long: a 16-digit key, a dot and a UUID, in base64url. */
const CURSOR_MAX_LENGTH = 72;

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function encodeListCursor({ micros, id }: ListCursor): string {
  return toBase64Url(`${micros}.${id}`);
}

/** The position a cursor names, or null when it is not one this API wrote. */
export function decodeListCursor(cursor: string): ListCursor | null {
  if (cursor.length === 0 || cursor.length > CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const [micros, id, ...rest] = text.split('.');
  if (rest.length > 0 || micros === undefined || id === undefined) return null;
  // Whole microseconds a float8 holds exactly (the database turns them back into a timestamp).
  if (!INTEGER.test(micros) || !Number.isSafeInteger(Number(micros)) || !UUID.test(id)) return null;
  return { micros, id };
}
