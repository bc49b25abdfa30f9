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

/** The areas whose records staff read and change; each has a `.read` and a `.write` permission. */
const AREAS = [
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
type Area = (typeof AREAS)[number];

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
  /** Unlocking a pickup locked by wrong codes, and the pickup reminder's setting. */
  | 'pickups.manage'
  /** The claims desk: assigning, asking the customer for more, deciding (docs/product/claims.md). */
  | 'claims.manage'
  /** The claims' windows, the desk's answer time and the uninsured share (the administrator's). */
  | 'claims.settings'
  /** The price list's versions and the honoured-price days (docs/product/price-lists.md). */
  | 'prices.manage'
  /** What may travel: the travel rules' versions (docs/product/travel-rules.md). */
  | 'rules.manage'
  /** Compra asistida: quoting, buying and entering the store's trackings (docs/product/compra-asistida.md). */
  | 'compras'
  /** The allies: creating them, their price adjustment, deactivating (docs/product/allies.md). */
  | 'allies.manage'
  /** An ally's portal: its own customers, their parcels and shipments, its statement. */
  | 'allies.portal';

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
  'prices.manage',
  'rules.manage',
  'compras',
  'allies.manage',
  'allies.portal',
];

const WAREHOUSE: Permission[] = [
  ...readWrite('trackings'),
  // Converting a pre-alert into a tracking is part of receiving the parcel.
  ...readWrite('prealerts'),
  'clients.read',
  ...readWrite('packages', 'repacks', 'shipments'),
  // Departures: grouping shipments into flights and containers, scanning, milestones.
  ...readWrite('departures'),
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
    'compras',
  ],
  // An agency's counter: its own agency's shipments, nothing else (the scope is the agency).
  agencia: ['pickups.counter'],
  // An ally's login: its own portal, nothing else (the scope is the ally).
  aliado: ['allies.portal'],
};

// --- What each role may do, in words: generated from the map, never written apart from it -----

/** How the role descriptions name each area (what its `.read` and `.write` cover). */
export const AREA_LABELS: Record<Area, string> = {
  trackings: 'trackings',
  prealerts: 'pre-alertas',
  clients: 'clientes (datos y casilleros)',
  packages: 'paquetes',
  repacks: 'reempaques',
  shipments: 'envíos',
  payments: 'pagos (facturas, tasas y conciliación)',
  notifications: 'notificaciones a clientes',
  departures: 'despachos (vuelos y contenedores)',
};

/** How the role descriptions name the permissions that are not an area's. */
export const EXTRA_PERMISSION_LABELS: Record<Exclude<Permission, `${Area}.read` | `${Area}.write`>, string> = {
  'reports.read': 'reportes e ingresos',
  'staff.manage': 'el personal',
  'audit.read': 'el registro de auditoría',
  'billing.settings': 'los métodos de pago y los datos fiscales',
  'departures.template': 'la plantilla de hitos de los despachos',
  'agencies.manage': 'las agencias (alta, datos y horarios)',
  'pickups.counter': 'el mostrador de agencia (recibir y entregar envíos con prueba de entrega)',
  'pickups.manage': 'desbloquear retiros y el recordatorio de retiro',
  'claims.manage': 'los reclamos de los clientes (asignar, pedir información y decidir)',
  'claims.settings': 'los plazos y límites de los reclamos',
  'prices.manage': 'las tarifas (versiones con fecha de vigencia)',
  'rules.manage': 'las reglas de lo que puede viajar (versiones con fecha de vigencia)',
  compras: 'la compra asistida (cotizar, comprar en la tienda y registrar los trackings)',
  'allies.manage': 'los aliados (alta, ajuste de precio y desactivación)',
  'allies.portal': 'el portal de aliado (sus clientes, sus paquetes y envíos, y su estado de cuenta)',
};

export const EXTRA_PERMISSIONS = Object.keys(EXTRA_PERMISSION_LABELS) as (keyof typeof EXTRA_PERMISSION_LABELS)[];

/** A role's powers read from the map: the areas it changes, the ones it only reads, the rest. */
export function rolePowers(role: StaffRole) {
  const has = (p: Permission) => ROLE_PERMISSIONS[role].includes(p);
  return {
    changes: AREAS.filter((a) => has(`${a}.write`)),
    readsOnly: AREAS.filter((a) => has(`${a}.read`) && !has(`${a}.write`)),
    extras: EXTRA_PERMISSIONS.filter(has),
    without: [
      ...AREAS.filter((a) => !has(`${a}.read`) && !has(`${a}.write`)).map((a) => AREA_LABELS[a]),
      ...EXTRA_PERMISSIONS.filter((p) => !has(p)).map((p) => EXTRA_PERMISSION_LABELS[p]),
    ],
  };
}

/** 'a', 'a y b', 'a, b y c'. */
const spanishList = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;

/**
 * The role in one paragraph, from the map: 'Cambia: … Solo consulta: … También: … Sin acceso a: …'
 * (a part with nothing in it is left out). Shown in Personal, the invitation and the admin home.
 */
export function roleDescription(role: StaffRole): string {
  const p = rolePowers(role);
  const parts = [
    p.changes.length ? `Cambia: ${spanishList(p.changes.map((a) => AREA_LABELS[a]))}.` : '',
    p.readsOnly.length ? `Solo consulta: ${spanishList(p.readsOnly.map((a) => AREA_LABELS[a]))}.` : '',
    p.extras.length ? `También: ${spanishList(p.extras.map((e) => EXTRA_PERMISSION_LABELS[e]))}.` : '',
    p.without.length ? `Sin acceso a: ${spanishList(p.without)}.` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

export const STAFF_ROLE_DESCRIPTIONS = Object.fromEntries(STAFF_ROLES.map((r) => [r, roleDescription(r)])) as Record<
  StaffRole,
  string
>;

export const isStaffRole = (role: string | null | undefined): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role ?? '');

/** Whether a user of that role may do it; customers (and nobody) may do none of it. */
export function can(role: string | null | undefined, permission: Permission): boolean {
  return isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

/** Which permissions open, and store for a customer, each kind of stored file. */
export const FILE_PERMISSIONS: Record<
  'receipt' | 'invoice' | 'package_photo' | 'delivery_photo' | 'claim_photo',
  { read: Permission; write: Permission }
> = {
  receipt: { read: 'payments.read', write: 'payments.write' },
  invoice: { read: 'prealerts.read', write: 'prealerts.write' },
  package_photo: { read: 'packages.read', write: 'packages.write' },
  // Taken at the counter or at a home delivery, through their own upload route only.
  delivery_photo: { read: 'shipments.read', write: 'pickups.counter' },
  // Taken by the customer for their claim, through the claims' own upload route only.
  claim_photo: { read: 'claims.manage', write: 'claims.manage' },
};
