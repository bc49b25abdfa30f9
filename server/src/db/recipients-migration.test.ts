// Migration 0021 (docs/product/last-mile.md#delivery): shipments made before recipients existed
// get one recipient each, of their own customer, from their free-text destination and the
// customer's profile. Applied here on a database migrated up to 0019 that holds such shipments.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { type Row, useDatabaseMigratedUpTo } from '../test/migrations';

const migrated = useDatabaseMigratedUpTo('0019_last_mile');
const { query } = migrated;

async function customer(email: string, profile: Row | null): Promise<string> {
  const [user] = await query(
    sql`insert into users (email, password_hash, role) values (${email}, 'x', 'user') returning id`,
  );
  if (profile) {
    await query(sql`insert into user_profiles (user_id, full_name, cedula, phone, venezuela_address, venezuela_city, venezuela_state)
      values (${user.id}, ${profile.fullName}, ${profile.cedula}, ${profile.phone}, ${profile.address}, ${profile.city}, ${profile.state})`);
  }
  return user.id as string;
}

let serial = 0;
async function shipment(userId: string, address: string, city: string, state: string): Promise<string> {
  const [row] =
    await query(sql`insert into shipments (user_id, shipment_code, delivery_address, delivery_city, delivery_state)
    values (${userId}, ${`SHMIG${++serial}`}, ${address}, ${city}, ${state}) returning id`);
  return row.id as string;
}

describe('migration 0021: recipients from the old destinations', () => {
  it('gives each shipment a recipient of its own customer at its address, one per distinct destination', async () => {
    const maria = await customer('maria@ejemplo.com', {
      fullName: 'María González',
      cedula: 'v-15.234.567',
      phone: '0412-555.0001',
      address: 'Av. Libertador, Res. El Parque, apto 5A',
      city: 'Caracas',
      state: 'Distrito Capital',
    });
    const jose = await customer('jose@ejemplo.com', {
      fullName: 'José Pérez',
      cedula: 'J-12345678-9',
      phone: '+1 305 555 1234',
      address: null,
      city: null,
      state: null,
    });
    const sinPerfil = await customer('sinperfil@ejemplo.com', null);

    const m1 = await shipment(maria, 'Av. Libertador, Res. El Parque, apto 5A', 'Caracas', 'Distrito Capital');
    const m2 = await shipment(maria, 'Av. Libertador, Res. El Parque, apto 5A', 'Caracas', 'Distrito Capital');
    const m3 = await shipment(maria, 'Urb. La Granja, calle 3, casa 12', 'Valencia', 'Carabobo');
    // The same address as María's second one, but José's: a recipient of his own.
    const j1 = await shipment(jose, 'Urb. La Granja, calle 3, casa 12', 'Valencia', 'Carabobo');
    const s1 = await shipment(sinPerfil, 'Calle 72 con avenida 3E', 'Maracaibo', 'Zulia');

    await migrated.database().migrate();

    const rows = await query(sql`select s.id as shipment_id, s.user_id as shipment_user, r.*
      from shipments s join recipients r on r.id = s.recipient_id order by s.shipment_code`);
    const byShipment = new Map(rows.map((r) => [r.shipment_id as string, r]));
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row.user_id).toBe(row.shipment_user);

    expect(byShipment.get(m1)).toMatchObject({
      full_name: 'María González',
      id_document: 'V-15234567',
      phone: '+584125550001',
      address: 'Av. Libertador, Res. El Parque, apto 5A',
      city: 'Caracas',
      state: 'Distrito Capital',
      is_account_holder: true,
      archived_at: null,
    });
    // Identical destinations of one customer share one recipient.
    expect(byShipment.get(m2)!.id).toBe(byShipment.get(m1)!.id);
    expect(byShipment.get(m3)).toMatchObject({
      full_name: 'María González',
      address: 'Urb. La Granja, calle 3, casa 12',
      city: 'Valencia',
      state: 'Carabobo',
      is_account_holder: false,
    });
    expect(byShipment.get(m3)!.id).not.toBe(byShipment.get(m1)!.id);
    // A document or phone that is not a plain cédula or a Venezuelan phone is left to complete.
    expect(byShipment.get(j1)).toMatchObject({
      full_name: 'José Pérez',
      id_document: null,
      phone: null,
      address: 'Urb. La Granja, calle 3, casa 12',
      is_account_holder: false,
    });
    expect(byShipment.get(j1)!.id).not.toBe(byShipment.get(m3)!.id);
    expect(byShipment.get(s1)).toMatchObject({
      full_name: 'sinperfil@ejemplo.com',
      address: 'Calle 72 con avenida 3E',
      city: 'Maracaibo',
      state: 'Zulia',
    });

    const [{ count }] = await query(sql`select count(*)::int as count from recipients`);
    expect(count).toBe(4);
    const [{ missing }] = await query(sql`select count(*)::int as missing from shipments where recipient_id is null`);
    expect(missing).toBe(0);
  }, 120_000);
});
