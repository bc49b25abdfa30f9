// The server half of the admin list pattern (docs/decisions/008): bounded offset paging,
// bounded counts, safe ILIKE patterns, and prepared statements cached per query shape.
import {
  LIST_COUNT_CAP,
  LIST_DEFAULT_PAGE_SIZE,
  LIST_SEARCH_MIN_LENGTH,
  maxListPage,
  type SortDirection,
} from '@casillero/shared';
import type { DbOrTx } from '../db/client';

export type PageWindow = { page: number; pageSize: number; limit: number; offset: number };

/** The rows a page asks for; pages past the offset bound are clamped to the last reachable one. */
export function pageWindow(input: { page?: number; pageSize?: number }): PageWindow {
  const pageSize = input.pageSize ?? LIST_DEFAULT_PAGE_SIZE;
  const page = Math.min(Math.max(1, input.page ?? 1), maxListPage(pageSize));
  return { page, pageSize, limit: pageSize, offset: (page - 1) * pageSize };
}

/** The page's answer: its rows, where it is, and whether another page follows (no count needed). */
export type ListPage<Row> = { rows: Row[]; page: number; pageSize: number; hasMore: boolean; maxPage: number };

/** Fetch one row more than the page to learn whether another page exists. */
export function toListPage<Row>(rows: Row[], window: PageWindow): ListPage<Row> {
  return {
    rows: rows.slice(0, window.pageSize),
    page: window.page,
    pageSize: window.pageSize,
    hasMore: rows.length > window.pageSize,
    maxPage: maxListPage(window.pageSize),
  };
}

export type BoundedCount = { count: number; isCapped: boolean };

/** A count taken with `limit cap + 1`: more than the cap shows as "más de <cap>". */
export function capCount(n: number, cap = LIST_COUNT_CAP): BoundedCount {
  return n > cap ? { count: cap, isCapped: true } : { count: n, isCapped: false };
}

/** The search text, or null when it is too short to search with an index. */
export function searchTerm(q: string | undefined): string | null {
  const term = q?.trim() ?? '';
  return term.length >= LIST_SEARCH_MIN_LENGTH ? term : null;
}

/** `%term%` for ILIKE, with the user's own % _ and \ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const orderDir = (dir: SortDirection | undefined, fallback: SortDirection = 'desc') => dir ?? fallback;

/**
 * A prepared statement per query shape (which filters are present, which sort), built once
 * per database handle. Values travel as placeholders, so the SQL text and the plan are reused
 * and the query builder runs once per shape instead of once per request.
 */
export function preparedCache<P>() {
  const byDb = new WeakMap<object, Map<string, P>>();
  return (db: DbOrTx, key: string, build: (name: string) => P): P => {
    let shapes = byDb.get(db);
    if (!shapes) {
      shapes = new Map();
      byDb.set(db, shapes);
    }
    let prepared = shapes.get(key);
    if (!prepared) {
      prepared = build(key.replace(/[^\w]+/g, '_'));
      shapes.set(key, prepared);
    }
    return prepared;
  };
}
