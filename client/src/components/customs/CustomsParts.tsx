// The customs estimate's screens (docs/product/customs.md#where-the-estimate-is-shown), one module
// the calculators and the customer's pages load on demand (lazy.ts, through lazyModule of client/src/lib/lazy-parts.tsx):
// its code and the shared customs functions stay out of the routes' own chunks, so the list of
// chunks the entry keeps for each route, and with it the home page's first JavaScript, does not grow.
export { QuoteCategoryField, QuoteCustomsEstimate, QuoteCustomsTotals } from './QuoteCustomsEstimate';
export { PrealertCustoms } from './PrealertCustoms';
export { LivePrealertCustoms } from './LivePrealertCustoms';
export { ConsolidationEstimate } from './ConsolidationEstimate';
export { InvoiceCustoms } from './InvoiceCustoms';
