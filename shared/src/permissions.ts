// Staff roles and what each may do (docs/product/product-decisions.md#d13-staff-have-roles, docs/decisions/013). Every staff procedure
// names the one permission it needs (`staffProcedure('packages.write')` on the server); this
// map says which roles hold it. The server enforces it; the screens only follow it.

/** The staff roles, beside the customer's 'user'. */
/**
 * 'agencia' is an agency's counter (docs/product/last-mile.md#agency-counters-and-proof-of-delivery):
 * it belongs to one agency and sees only the shipments bound to it.
 */
/**
 * 'aliado' is an ally's login (docs/product/allies.md): it belongs to one ally and reaches only
 * that ally's portal and customers.
 */
export const STAFF_ROLES = ['admin', 'almacen', 'caja', 'atencion', 'agencia', 'aliado'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Administrador',
  almacen: 'Almacén',
  caja: 'Caja',
  atencion: 'Atención al cliente',
  agencia: 'Agencia (mostrador)',
  aliado: 'Aliado',
};

/** Every role in words, the customer's included (the audit log names whoever acted). */
export const USER_ROLE_LABELS: Record<StaffRole | 'user', string> = { ...STAFF_ROLE_LABELS, user: 'Cliente' };

/** A recorded role in words; a role the map does not know yet shows as it was recorded. */
export const roleLabel = (role: string): string => (USER_ROLE_LABELS as Record<string, string>)[role] ?? role;

/** The areas whose records staff read and change; each has a `.read` and a `.write` permission. */
export const AREAS = [
  'trackings',
  'prealerts',
  'clients',
  'packages',
  'repacks',
  'shipments',
  'departures',
  'payments',
  'notifications',
] as const;
export type Area = (typeof AREAS)[number];

/** `billing.settings`: the payment methods customers pay with (the administrator's). */
export type Permission =
  | `${Area}.${'read' | 'write'}`
  | 'reports.read'
  | 'staff.manage'
  | 'audit.read'
  | 'billing.settings'
  /** The milestone template of each mode (docs/product/departures.md). */
  | 'departures.template'
  /** The agencies catalogue and the delivery fees per zone (docs/product/last-mile.md#agencies). */
  | 'agencies.manage'
  /** The agency counter: receiving and handing over its agency's shipments (docs/product/last-mile.md). */
  | 'pickups.counter'
  /** Unlocking a pickup locked by failed attempts (wrong codes or cédulas), and the pickup reminder's setting. */
  | 'pickups.manage'
  /** The claims desk: assigning, asking the customer for more, deciding (docs/product/claims.md). */
  | 'claims.manage'
  /** The claims' windows, the desk's answer time and the uninsured share (the administrator's). */
  | 'claims.settings'
  /** The WhatsApp desk's inbox: replying to customers, assigning and closing conversations (docs/product/whatsapp-desk.md#the-inbox). */
  | 'conversations.manage'
  /** The price list's versions and the honoured-price days (docs/product/price-lists.md). */
  | 'prices.manage'
  /** What may travel: the travel rules' versions (docs/product/travel-rules.md). */
  | 'rules.manage'
  /** Customs duties under the courier regime: the customs rules' versions (docs/product/customs.md). */
  | 'customs.manage'
  /** Settling each shipment's customs against the broker's file, per departure (docs/product/customs.md). */
  | 'customs.settle'
  /** Compra asistida: quoting, buying and entering the store's trackings (docs/product/compra-asistida.md). */
  | 'compras'
  /** The allies: creating them, their price adjustment, deactivating (docs/product/allies.md). */
  | 'allies.manage'
  /** An ally's portal: its own customers, their parcels and shipments, its statement. */
  | 'allies.portal'
  /** The first mile's day's budget of requests to the tracking provider (docs/product/first-mile.md). */
  | 'carriers.settings'
  /** The searches of parcels delivered by the carrier and not received (docs/product/first-mile.md). */
  | 'searches.manage'
  /** When a search opens and how long it lasts (the administrator's). */
  | 'searches.settings';

/** Reading and changing each of the areas. */
const readWrite = (...areas: Area[]): Permission[] => areas.flatMap((a) => [`${a}.read`, `${a}.write`] as const);

export const PERMISSIONS: readonly Permission[] = [
  ...readWrite(...AREAS),
  'reports.read',
  'staff.manage',
  'audit.read',
  'billing.settings',
  'departures.template',
  'agencies.manage',
  'pickups.counter',
  'pickups.manage',
  'claims.manage',
  'claims.settings',
  'conversations.manage',
  'prices.manage',
  'rules.manage',
  'customs.manage',
  'customs.settle',
  'compras',
  'allies.manage',
  'allies.portal',
  'carriers.settings',
  'searches.manage',
  'searches.settings',
];

const WAREHOUSE: Permission[] = [
  ...readWrite('trackings'),
  // Converting a pre-alert into a tracking is part of receiving the parcel.
  ...readWrite('prealerts'),
  'clients.read',
  ...readWrite('packages', 'repacks', 'shipments'),
  // Departures: grouping shipments into flights and containers, scanning, milestones.
  ...readWrite('departures'),
  // After release, entering what customs charged per guía of a departure (docs/product/customs.md).
  'customs.settle',
  // Looking for a parcel the carrier says it delivered is the warehouse's work.
  'searches.manage',
];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  // Everything but an ally's portal, which only an ally's own login has (it is scoped by the ally).
  admin: PERMISSIONS.filter((p) => p !== 'allies.portal'),
  almacen: WAREHOUSE,
  caja: [
    'payments.read',
    'payments.write',
    'reports.read',
    'trackings.read',
    'clients.read',
    'shipments.read',
    'departures.read',
  ],
  // Customer service answers customers: it reads what they see and who changed it (the audit
  // log), handles their pre-alerts and writes to them; it changes neither their data (cédula,
  // phone, address, mailboxes) nor money (docs/product/staff-and-audit.md#roles).
  atencion: [
    'trackings.read',
    'prealerts.read',
    'prealerts.write',
    'clients.read',
    'packages.read',
    'repacks.read',
    'shipments.read',
    'departures.read',
    'payments.read',
    'notifications.read',
    'notifications.write',
    'audit.read',
    'claims.manage',
    'conversations.manage',
    'compras',
  ],
  // An agency's counter: its own agency's shipments, nothing else (the scope is the agency).
  agencia: ['pickups.counter'],
  // An ally's login: its own portal, nothing else (the scope is the ally).
  aliado: ['allies.portal'],
};

export const isStaffRole = (role: string | null | undefined): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role ?? '');

/** Whether a user of that role may do it; customers (and nobody) may do none of it. */
export function can(role: string | null | undefined, permission: Permission): boolean {
  return isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

/** Which permissions open, and store for a customer, each kind of stored file. */
export const FILE_PERMISSIONS: Record<
  'receipt' | 'invoice' | 'package_photo' | 'delivery_photo' | 'claim_photo' | 'desk_attachment',
  { read: Permission; write: Permission }
> = {
  receipt: { read: 'payments.read', write: 'payments.write' },
  invoice: { read: 'prealerts.read', write: 'prealerts.write' },
  package_photo: { read: 'packages.read', write: 'packages.write' },
  // Taken at the counter or at a home delivery, through their own upload route only.
  delivery_photo: { read: 'shipments.read', write: 'pickups.counter' },
  // Taken by the customer for their claim, through the claims' own upload route only.
  claim_photo: { read: 'claims.manage', write: 'claims.manage' },
  // Sent to the customer by customer service from the WhatsApp inbox.
  desk_attachment: { read: 'conversations.manage', write: 'conversations.manage' },
};
