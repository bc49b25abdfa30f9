import { LIST_PAGE_SIZES, SORT_DIRECTIONS } from '@casillero/shared';
// Search-param validators for routes. They run in the entry chunk (the router needs them before
// a route's code loads), so they are plain functions: zod here would put it in the initial
// JavaScript of every page.

/** A string search param up to `max` characters, or undefined. */
export function searchString(value: unknown, max: number): string | undefined {
  if (typeof value === 'number') value = String(value);
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

/** One of `options`, or the fallback for anything else. */
export function searchEnum<T extends string>(value: unknown, options: readonly T[], fallback: T): T {
  return typeof value === 'string' && (options as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** A whole number search param (e.g. page) from min up, or undefined. */
export function searchInt(value: unknown, min = 1): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= min ? n : undefined;
}

/** One of `options`, or undefined for anything else. */
export function searchOptionalEnum<T extends string>(value: unknown, options: readonly T[]): T | undefined {
  return typeof value === 'string' && (options as readonly string[]).includes(value) ? (value as T) : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A UUID search param, or undefined. */
export function searchUuid(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value : undefined;
}

/**
 * The params every server-side list keeps in its URL (decision 012): search text, sort key
 * and direction, page, page size and the id whose details are open (`ver`), then the list's
 * own enum filters (`{ status: SHIPMENT_STATUSES }`), each one of its values or undefined.
 * Bad values fall back to the defaults instead of failing the page.
 */
export function listSearch<S extends string, E extends Record<string, readonly string[]> = Record<never, never>>(
  search: Record<string, unknown>,
  sorts: readonly S[],
  enums?: E,
) {
  const pageSize = searchInt(search.pageSize);
  const filters = Object.fromEntries(
    Object.entries(enums ?? {}).map(([key, values]) => [key, searchOptionalEnum(search[key], values)]),
  );
  return {
    q: searchString(search.q, 100)?.trim() || undefined,
    sort: searchOptionalEnum(search.sort, sorts),
    dir: searchOptionalEnum(search.dir, SORT_DIRECTIONS),
    page: searchInt(search.page),
    pageSize:
      pageSize !== undefined && (LIST_PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : undefined,
    ver: searchUuid(search.ver),
    ...(filters as { [K in keyof E]?: E[K][number] }),
  };
}
