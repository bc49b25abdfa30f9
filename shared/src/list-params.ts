// The values a list's URL may hold (page sizes, sort keys, tabs, filter types). Kept apart from
// the zod schemas that use them: the client's route files validate their search params with
// these before any page code loads, and importing them must not bring zod into the initial
// JavaScript.

/** Page sizes offered by list footers. */
export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const TRACKING_SORTS = ['createdAt', 'trackingNumber', 'status', 'priority', 'carrier'] as const;
export type TrackingSort = (typeof TRACKING_SORTS)[number];
export const TRACKING_TABS = ['lista', 'crear', 'analitica'] as const;

export const PACKAGE_SORTS = ['createdAt', 'status'] as const;
export type PackageSort = (typeof PACKAGE_SORTS)[number];

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
