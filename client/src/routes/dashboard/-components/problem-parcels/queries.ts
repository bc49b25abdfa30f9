// The queries Acción requerida reads, apart from its component so that a route's loader can fetch
// them without bringing the component into the app's first download.
import type { Trpc } from '../../../../lib/trpc';

/** What Acción requerida reads (Almacén's loader fetches them with its list). */
export const actionRequiredQueries = (t: Trpc) =>
  [
    t.problemParcels.mine.queryOptions(),
    t.packages.missingDeclaredValue.queryOptions(),
    // Parcels the travel rules let travel by no mode (docs/product/travel-rules.md).
    t.packages.travelBlocked.queryOptions(),
    // Notas de cobro waiting for the customer's fiscal data (docs/product/fiscal-invoices.md#fiscal-data).
    t.fiscal.mine.queryOptions(),
  ] as const;
