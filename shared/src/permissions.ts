// Staff roles and what each may do (docs/product/product-decisions.md#d13-staff-have-roles, docs/decisions/013). Every staff procedure
// names the one permission it needs (`staffProcedure('packages.write')` on the server); this
// map says which roles hold it. The server enforces it; the screens only follow it.

/** The staff roles, beside the customer's 'user'. */
export const STAFF_ROLES = ['admin', 'almacen', 'caja', 'atencion'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Administrador',
  almacen: 'Almacén',
  caja: 'Caja',
  atencion: 'Atención al cliente',
};

export const STAFF_ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  admin: 'Todo, incluido el personal, la auditoría y la configuración.',
  almacen: 'Recepción, pre-alertas, paquetes, reempaques, envíos y trackings; sin dinero ni cifras de ingresos.',
  caja: 'Pagos, tasas de cambio, conciliación bancaria, facturas y reportes de ingresos; consulta trackings y clientes.',
  atencion: 'Consulta todo lo que ve el cliente; pre-alertas y notificaciones a clientes; no cambia dinero.',
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
  | 'departures.template';

/** Reading and changing each of the areas. */
const readWrite = (...areas: Area[]): Permission[] => areas.flatMap((a) => [`${a}.read`, `${a}.write`] as const);

export const PERMISSIONS: readonly Permission[] = [
  ...readWrite(...AREAS),
  'reports.read',
  'staff.manage',
  'audit.read',
  'billing.settings',
  'departures.template',
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
  admin: PERMISSIONS,
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
  atencion: [
    'trackings.read',
    'prealerts.read',
    'prealerts.write',
    'clients.read',
    'clients.write',
    'packages.read',
    'repacks.read',
    'shipments.read',
    'departures.read',
    'payments.read',
    'notifications.read',
    'notifications.write',
  ],
};

export const isStaffRole = (role: string | null | undefined): role is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(role ?? '');

/** Whether a user of that role may do it; customers (and nobody) may do none of it. */
export function can(role: string | null | undefined, permission: Permission): boolean {
  return isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

/** Which permissions open, and store for a customer, each kind of stored file. */
export const FILE_PERMISSIONS: Record<
  'receipt' | 'invoice' | 'package_photo',
  { read: Permission; write: Permission }
> = {
  receipt: { read: 'payments.read', write: 'payments.write' },
  invoice: { read: 'prealerts.read', write: 'prealerts.write' },
  package_photo: { read: 'packages.read', write: 'packages.write' },
};
