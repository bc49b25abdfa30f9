// The trackings list's order and filters, read by the list and by the route's loader (which
// starts the first page's request before the list's code has arrived).
import type { TrackingSort } from '@casillero/shared';
import type { ListDefaults } from '../../../../components/data-table/list-input';
import type { TrackingsSearch } from './TrackingsList';

export const TRACKINGS_LIST: ListDefaults<TrackingsSearch, 'q' | 'status' | 'priority' | 'carrier'> = {
  sort: 'createdAt' satisfies TrackingSort,
  dir: 'desc',
  filterKeys: ['q', 'status', 'priority', 'carrier'],
};
