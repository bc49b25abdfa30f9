// The values a list's URL may hold (page sizes, sort keys, tabs, filter types). Kept apart from
// the zod schemas that use them: the client's route files validate their search params with
// these before any page code loads, and importing them must not bring zod into the initial
// JavaScript.
import { groupThousands } from './format';

/** Page sizes offered by list footers. */
export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;
export const LIST_DEFAULT_PAGE_SIZE = 25;
/** Counts stop here: "más de 100.000" instead of counting a million rows per request. */
export const LIST_COUNT_CAP = 100_000;
/** Offset pagination reaches the first 10,000 results; past that the filters must narrow. */
export const LIST_MAX_OFFSET = 10_000;
/** Searches shorter than this are ignored: trigram indexes need three characters. */
export const LIST_SEARCH_MIN_LENGTH = 3;

/** The last page reachable with offset pagination for a page size. */
export const maxListPage = (pageSize: number) => Math.max(1, Math.floor(LIST_MAX_OFFSET / pageSize));

/** "más de 100.000" or the exact figure, es-VE. */
export function formatListCount(count: number, isCapped: boolean): string {
  const n = groupThousands(count);
  return isCapped ? `más de ${n}` : n;
}

/** The note under a pager when offset pagination cannot reach every result. */
export const LIST_DEEP_PAGES_NOTE = `Se puede paginar hasta los primeros ${groupThousands(LIST_MAX_OFFSET)} resultados; usa los filtros para llegar al resto.`;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const TRACKING_SORTS = ['createdAt', 'trackingNumber', 'status', 'priority', 'carrier'] as const;
export type TrackingSort = (typeof TRACKING_SORTS)[number];
export const TRACKING_TABS = ['lista', 'crear', 'analitica'] as const;

export const PACKAGE_SORTS = ['createdAt', 'status'] as const;
export type PackageSort = (typeof PACKAGE_SORTS)[number];

export const DEPARTURE_SORTS = ['plannedDeparture', 'createdAt'] as const;
export type DepartureSort = (typeof DEPARTURE_SORTS)[number];

export const AGENCY_SORTS = ['code', 'city'] as const;
export type AgencySort = (typeof AGENCY_SORTS)[number];

export const SHIPMENT_SORTS = ['createdAt', 'status'] as const;
export type ShipmentSort = (typeof SHIPMENT_SORTS)[number];

export const CLIENT_SORTS = ['createdAt', 'name'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

/** What an admin can send and filter by; payment_update is the system's and shows as a label. */
export const ADMIN_NOTIFICATION_TYPES = ['general', 'package', 'shipment', 'payment', 'system'] as const;
export type AdminNotificationType = (typeof ADMIN_NOTIFICATION_TYPES)[number];

/** The staff list (/admin/personal): its orders and its access filter. */
export const STAFF_SORTS = ['createdAt', 'lastSignInAt'] as const;
export const STAFF_STATUSES = ['active', 'inactive'] as const;

// Here rather than beside their schemas, so the lists that link to them load no zod.
/**
 * The admin's CSV download of the filtered list (docs/product/admin-trackings.md#csv-export): a GET with the list's filters,
 * sort and direction as search params; the whole set, streamed.
 */
export const TRACKINGS_CSV_PATH = '/api/exports/trackings.csv';
/** The audit log's CSV download (server/src/http/audit-export.ts). */
export const AUDIT_CSV_PATH = '/api/exports/audit.csv';
/** The report of a period as an Excel workbook, `?period=…` (server/src/http/exports.ts); its CSV comes by tRPC. */
export const REPORT_XLSX_PATH = '/api/exports/reporte.xlsx';
