// The role descriptions on screen say what the permission map says
// (docs/product/staff-and-audit.md#roles): each area a role changes is under 'Cambia', each it
// only reads under 'Solo consulta', each of the rest under 'Sin acceso a', and nothing else.
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, can, type Permission } from './permissions';
import { AREA_LABELS, EXTRA_PERMISSION_LABELS, STAFF_ROLE_DESCRIPTIONS } from './permission-descriptions';

/** The description's part that starts with `heading`, as the list of names it gives. */
function part(description: string, heading: string): string[] {
  const match = new RegExp(`${heading}: ([^.]*)\\.`).exec(description);
  if (!match) return [];
  // Area labels hold commas of their own: split on the labels, not on the commas.
  const labels = [...Object.values(AREA_LABELS), ...Object.values(EXTRA_PERMISSION_LABELS)].sort(
    (a, b) => b.length - a.length,
  );
  const found: string[] = [];
  let rest = match[1] ?? '';
  while (rest.length) {
    const label = labels.find((l) => rest.startsWith(l));
    if (!label) throw new Error(`Texto que no sale del mapa: «${rest}» en «${description}»`);
    found.push(label);
    rest = rest.slice(label.length).replace(/^(, | y )/, '');
  }
  return found.sort();
}

describe('role descriptions generated from the permission map', () => {
  for (const role of STAFF_ROLES) {
    it(`${role}: the text lists exactly what the map grants`, () => {
      const text = STAFF_ROLE_DESCRIPTIONS[role];
      const areas = Object.keys(AREA_LABELS) as (keyof typeof AREA_LABELS)[];
      const extras = Object.keys(EXTRA_PERMISSION_LABELS) as (keyof typeof EXTRA_PERMISSION_LABELS)[];
      const writes = areas.filter((a) => can(role, `${a}.write`)).map((a) => AREA_LABELS[a]);
      const readsOnly = areas
        .filter((a) => can(role, `${a}.read`) && !can(role, `${a}.write`))
        .map((a) => AREA_LABELS[a]);
      const granted = extras.filter((e) => can(role, e)).map((e) => EXTRA_PERMISSION_LABELS[e]);
      const without = [
        ...areas.filter((a) => !can(role, `${a}.read`)).map((a) => AREA_LABELS[a]),
        ...extras.filter((e) => !can(role, e)).map((e) => EXTRA_PERMISSION_LABELS[e]),
      ];
      expect(part(text, 'Cambia')).toEqual(writes.sort());
      expect(part(text, 'Solo consulta')).toEqual(readsOnly.sort());
      expect(part(text, 'También')).toEqual(granted.sort());
      expect(part(text, 'Sin acceso a')).toEqual(without.sort());
    });
  }

  it('every permission has words, and no role holds a write without its read', () => {
    for (const p of PERMISSIONS) {
      const [area, kind] = p.split('.') as [string, string];
      expect(area in AREA_LABELS || p in EXTRA_PERMISSION_LABELS, p).toBe(true);
      if (kind === 'write')
        for (const role of STAFF_ROLES)
          expect(can(role, p) && !can(role, `${area}.read` as Permission), `${role} ${p}`).toBe(false);
    }
    for (const role of STAFF_ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(p);
  });

  it('customer service reads customers and the audit log and changes neither customers nor money', () => {
    expect(can('atencion', 'clients.read')).toBe(true);
    expect(can('atencion', 'clients.write')).toBe(false);
    expect(can('atencion', 'payments.write')).toBe(false);
    expect(can('atencion', 'audit.read')).toBe(true);
    expect(STAFF_ROLE_DESCRIPTIONS.atencion).toBe(
      'Cambia: pre-alertas y notificaciones a clientes. ' +
        'Solo consulta: trackings, clientes (datos y casilleros), paquetes, reempaques, envíos, despachos (vuelos y contenedores) y pagos (facturas, tasas y conciliación). ' +
        'También: el registro de auditoría, los reclamos de los clientes (asignar, pedir información y decidir), las conversaciones de WhatsApp con los clientes (responder, asignar y cerrar) y la compra asistida (cotizar, comprar en la tienda y registrar los trackings). ' +
        'Sin acceso a: reportes e ingresos, el personal, los métodos de pago y los datos fiscales, la plantilla de hitos de los despachos, ' +
        'las agencias (alta, datos y horarios), el mostrador de agencia (recibir y entregar envíos con prueba de entrega), desbloquear retiros y el recordatorio de retiro, los plazos y límites de los reclamos, las tarifas (versiones con fecha de vigencia), las reglas de lo que puede viajar (versiones con fecha de vigencia), las reglas aduaneras del régimen courier (versiones con fecha de vigencia), la liquidación de los impuestos de aduana de un despacho con el archivo del agente (cargos y abonos al cliente), los aliados (alta, ajuste de precio y desactivación), el portal de aliado (sus clientes, sus paquetes y envíos, y su estado de cuenta), el límite diario de consultas del seguimiento con los transportistas, ' +
        'la búsqueda de paquetes entregados por el transportista y no recibidos y los plazos de las búsquedas de paquetes.',
    );
  });

  it('the customs settlement (docs/product/customs.md): the administrator and the warehouse, who run the departures; the threshold is the administrator’s', () => {
    expect(STAFF_ROLES.filter((r) => can(r, 'customs.settle'))).toEqual(['admin', 'almacen']);
    expect(STAFF_ROLES.filter((r) => can(r, 'customs.manage'))).toEqual(['admin']);
  });

  it("the WhatsApp inbox (docs/product/whatsapp-desk.md#the-inbox) is customer service's and the administrator's only", () => {
    expect(STAFF_ROLES.filter((r) => can(r, 'conversations.manage'))).toEqual(['admin', 'atencion']);
  });

  it('an agency counter (docs/product/last-mile.md) reaches its counter and nothing else', () => {
    expect(ROLE_PERMISSIONS.agencia).toEqual(['pickups.counter']);
    expect(can('agencia', 'shipments.read')).toBe(false);
    expect(can('agencia', 'pickups.manage')).toBe(false);
    expect(STAFF_ROLE_DESCRIPTIONS.agencia.startsWith('También: el mostrador de agencia')).toBe(true);
  });

  it('an ally (docs/product/allies.md) reaches its own portal and nothing else; the administrator keeps the allies but not their portal', () => {
    expect(ROLE_PERMISSIONS.aliado).toEqual(['allies.portal']);
    expect(can('aliado', 'clients.read')).toBe(false);
    expect(can('admin', 'allies.manage')).toBe(true);
    expect(can('admin', 'allies.portal')).toBe(false);
    expect(STAFF_ROLES.filter((r) => can(r, 'allies.manage'))).toEqual(['admin']);
  });
});
