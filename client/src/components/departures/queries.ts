// The query the departures' promise reads, apart from its component so that a route's loader can
// fetch it without bringing the component into the app's first download.
import type { DepartureMode, DepartureOrigin } from '@casillero/shared';
import type { Trpc } from '../../lib/trpc';

/** What the promise reads (a page's loader may fetch it with the page's data). */
export const departurePromiseQuery = (t: Trpc, mode?: DepartureMode, origin?: DepartureOrigin) =>
  t.departures.next.queryOptions({ mode, origin });
