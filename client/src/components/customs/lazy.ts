// The customs estimate's screens as every page uses them: loaded on demand from one module
// (CustomsParts.tsx) by one loader, so its code stays out of the routes' own chunks and is
// downloaded once whichever page needs it first. Render them inside a Suspense.
import { lazyModule } from '../../lib/lazy-parts';

const customsParts = lazyModule(() => import('./CustomsParts'));

export const QuoteCategoryField = customsParts.component('QuoteCategoryField');
export const QuoteCustomsEstimate = customsParts.component('QuoteCustomsEstimate');
export const QuoteCustomsTotals = customsParts.component('QuoteCustomsTotals');
export const PrealertCustoms = customsParts.component('PrealertCustoms');
export const LivePrealertCustoms = customsParts.component('LivePrealertCustoms');
export const ConsolidationEstimate = customsParts.component('ConsolidationEstimate');
export const InvoiceCustoms = customsParts.component('InvoiceCustoms');
