// The shape every admin list shares (docs/decisions/008): page, page size, sort direction and
// a search box in the URL, bounded offsets and bounded counts.
import { z } from '../zod-es';
import { LIST_PAGE_SIZES, SORT_DIRECTIONS } from '../list-params';

export const LIST_DEFAULT_PAGE_SIZE = 25;
/** Counts stop here: "más de 100.000" instead of counting a million rows per request. */
export const LIST_COUNT_CAP = 100_000;
/** Offset pagination reaches the first 10,000 results; past that the filters must narrow. */
export const LIST_MAX_OFFSET = 10_000;
/** Searches shorter than this are ignored: trigram indexes need three characters. */
export const LIST_SEARCH_MIN_LENGTH = 3;


/**
 * URL search params are typed by whoever edits the address bar: a wrong value falls back to
 * the default instead of failing the page.
 */
export const optionalSearchText = z
  .string()
  .trim()
  .max(100)
  .optional()
  .catch(undefined)
  .transform((s) => s || undefined);

export const listPageParams = {
  page: z.number().int().min(1).optional().catch(undefined),
  pageSize: z
    .number()
    .int()
    .refine((n) => (LIST_PAGE_SIZES as readonly number[]).includes(n))
    .optional()
    .catch(undefined),
  dir: z.enum(SORT_DIRECTIONS).optional().catch(undefined),
};

/** The paging params of a list with a choice of sorts; an unknown sort falls back to the list's default. */
export const sortedListParams = <const S extends readonly [string, ...string[]]>(sorts: S) => ({
  sort: z.enum(sorts).optional().catch(undefined),
  ...listPageParams,
});

/** The last page reachable with offset pagination for a page size. */
export const maxListPage = (pageSize: number) => Math.max(1, Math.floor(LIST_MAX_OFFSET / pageSize));

/** "más de 100.000" or the exact figure, es-ES. */
export function formatListCount(count: number, isCapped: boolean): string {
  const n = count.toLocaleString('es-ES');
  return isCapped ? `más de ${n}` : n;
}

/** The note under a pager when offset pagination cannot reach every result. */
export const LIST_DEEP_PAGES_NOTE = `Se puede paginar hasta los primeros ${LIST_MAX_OFFSET.toLocaleString('es-ES')} resultados; usa los filtros para llegar al resto.`;
