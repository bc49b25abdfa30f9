// The problem parcels' names that route code reads up front (docs/product/problem-parcels.md): the
// flags' reasons and Gestión de Paquetes' 'Con problema' filter. Kept apart from
// problem-parcels.ts, whose zod schemas would add to the first page's JavaScript.

/** Why staff held the parcel. */
export const PROBLEM_REASONS = ['prohibited', 'damaged', 'no_invoice', 'refused'] as const;
export type ProblemReason = (typeof PROBLEM_REASONS)[number];

/**
 * Gestión de Paquetes' filter of parcels with an open problem, all customers at once: any open
 * one, or those waiting for the customer or for the warehouse (docs/product/problem-parcels.md#staff-see-every-open-problem).
 */
export const PROBLEM_LIST_FILTERS = ['open', 'awaiting_customer', 'awaiting_staff'] as const;
export type ProblemListFilter = (typeof PROBLEM_LIST_FILTERS)[number];
export const PROBLEM_LIST_FILTER_LABELS: Record<ProblemListFilter, string> = {
  open: 'Con problema',
  awaiting_customer: 'Con problema: esperando al cliente',
  awaiting_staff: 'Con problema: por completar en almacén',
};
