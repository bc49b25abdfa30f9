// What each staff role may do, in words (docs/product/staff-and-audit.md#roles): generated from
// the map in permissions.ts, never written apart from it. A module of its own so that the pages
// that only check a role (the home page's first script among them) leave these words out.
import { AREAS, ROLE_PERMISSIONS, STAFF_ROLES, type Area, type Permission, type StaffRole } from './permissions';

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
  'conversations.manage': 'las conversaciones de WhatsApp con los clientes (responder, asignar y cerrar)',
  'prices.manage': 'las tarifas (versiones con fecha de vigencia)',
  'rules.manage': 'las reglas de lo que puede viajar (versiones con fecha de vigencia)',
  'customs.manage': 'las reglas aduaneras del régimen courier (versiones con fecha de vigencia)',
  'customs.settle':
    'la liquidación de los impuestos de aduana de un despacho con el archivo del agente (cargos y abonos al cliente)',
  compras: 'la compra asistida (cotizar, comprar en la tienda y registrar los trackings)',
  'allies.manage': 'los aliados (alta, ajuste de precio y desactivación)',
  'allies.portal': 'el portal de aliado (sus clientes, sus paquetes y envíos, y su estado de cuenta)',
  'carriers.settings': 'el límite diario de consultas del seguimiento con los transportistas',
  'searches.manage': 'la búsqueda de paquetes entregados por el transportista y no recibidos',
  'searches.settings': 'los plazos de las búsquedas de paquetes',
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
