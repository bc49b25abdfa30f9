// The shape every admin list shares (docs/decisions/008): page, page size, sort direction and
// a search box in the URL, bounded offsets and bounded counts.
import { z } from '../zod-es';
import { LIST_PAGE_SIZES, SORT_DIRECTIONS } from '../list-params';

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
