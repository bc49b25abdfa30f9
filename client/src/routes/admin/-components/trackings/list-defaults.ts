// The trackings list's order and filters, read by the list and by the route's loader (which
// starts the first page's request before the list's code has arrived).
import type { TrackingListSearch, TrackingSort } from '@casillero/shared';
import type { ListDefaults } from '../../../../components/data-table/list-input';

/** The trackings screen's URL: the list's state, its tab, and the tracking whose details are open. */
export type TrackingsSearch = TrackingListSearch & { ver?: string };

export const TRACKINGS_LIST: ListDefaults<TrackingsSearch, 'q' | 'status' | 'priority' | 'carrier'> = {
  sort: 'createdAt' satisfies TrackingSort,
  dir: 'desc',
  filterKeys: ['q', 'status', 'priority', 'carrier'],
};
