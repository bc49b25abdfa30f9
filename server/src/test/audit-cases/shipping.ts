// The audit table's cases for the shipping: shipments, departures, agency counters, recipients and
// agencies (docs/product/staff-and-audit.md#audit-log): for each staff mutation, how to call it and
// which entry it must leave (audit/audit-every-mutation.test.ts).
import { expect } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PICKUP_MESSAGES } from '@casillero/shared';
import { rowsOf } from '../../db/client';
import { shipmentPickups } from '../../db/schema';
import { homeDeliveryTo } from '../factories';
import { businessToday } from '../../lib/business-clock';
import {
  type Case,
  db,
  unique,
  ana,
  setup,
  pkg,
  shipment,
  agencyForm,
  departure,
  departureWithShipment,
  agencyShipment,
  bindCounter,
  deliveryPhotoOf,
} from '../audit';

export const SHIPPING_CASES: Record<string, Case> = {
  'shipments.create': async () => {
    const p = await pkg();
    return {
      input: {
        userId: ana.user.id,
        ...(await homeDeliveryTo(db(), ana.user.id, { address: 'Calle Real de Sabana Grande' })),
        estimatedDelivery: '',
        shippingCostUsdCents: 1200,
        packageIds: [p.id],
      },
      expected: (r) => ({
        entity: 'shipments',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: { status: 'preparing', delivery_city: 'Caracas' },
      }),
    };
  },
  'shipments.updateStatus': async () => {
    const s = await shipment();
    return {
      input: { id: s.id, status: 'in_transit' },
      expected: () => ({
        entity: 'shipments',
        entityId: s.id,
        operation: 'update',
        before: { status: 'preparing' },
        after: { status: 'in_transit' },
      }),
    };
  },
  'shipments.update': async () => {
    const s = await shipment();
    return {
      input: {
        id: s.id,
        ...(await homeDeliveryTo(db(), ana.user.id, { address: 'Av. Libertador, Chacao', state: 'Miranda' })),
        estimatedDelivery: '',
        shippingCostUsdCents: 3550,
      },
      expected: () => ({
        entity: 'shipments',
        entityId: s.id,
        operation: 'update',
        before: { delivery_state: 'Distrito Capital' },
        after: { delivery_state: 'Miranda', delivery_address: 'Av. Libertador, Chacao' },
      }),
    };
  },
  'shipments.remove': async () => {
    const s = await shipment();
    return {
      input: { id: s.id },
      expected: () => ({
        entity: 'shipments',
        entityId: s.id,
        operation: 'delete',
        before: { id: s.id, status: 'preparing' },
        after: null,
      }),
    };
  },
  'shipments.postNews': async () => {
    const s = await shipment();
    return {
      input: { shipmentId: s.id, kind: 'arrived_venezuela', message: 'Tu envío llegó a Venezuela.' },
      expected: (r) => ({
        entity: 'shipment_news',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: { shipment_id: s.id, kind: 'arrived_venezuela', recipient_count: 1 },
      }),
    };
  },
  'departures.create': async () => ({
    input: {
      mode: 'maritimo',
      origin: 'china',
      masterRef: 'COSU6123456780',
      containerNumber: 'MSCU1234565',
      carrier: 'COSCO',
      voyage: 'COSCO HOPE 052W',
      arrivalPort: 'la_guaira',
      cutoffOn: '2030-03-01',
      plannedDeparture: '2030-03-05',
      plannedArrival: '',
    },
    expected: (r) => ({
      entity: 'departures',
      entityId: r.id,
      operation: 'insert',
      before: null,
      after: { code: r.code, mode: 'maritimo', origin: 'china', container_number: 'MSCU1234565' },
    }),
  }),
  'departures.update': async () => {
    const d = await departure();
    return {
      input: {
        id: d.id,
        masterRef: '406-55555555',
        carrier: 'Avior',
        voyage: '9V 700',
        arrivalPort: 'maiquetia',
        cutoffOn: '2030-01-01',
        plannedDeparture: '2030-01-02',
        plannedArrival: '',
      },
      expected: () => ({
        entity: 'departures',
        entityId: d.id,
        operation: 'update',
        after: { carrier: 'Avior', master_ref: '406-55555555' },
      }),
    };
  },
  'departures.scan': async () => {
    const d = await departure();
    const s = await shipment();
    return {
      input: { departureId: d.id, code: s.shipmentCode },
      expected: () => ({
        entity: 'shipments',
        entityId: s.id,
        operation: 'update',
        before: { departure_id: null },
        after: { departure_id: d.id },
      }),
    };
  },
  'departures.addShipment': async () => {
    const d = await departure();
    const s = await shipment();
    return {
      input: { departureId: d.id, shipmentId: s.id },
      expected: () => ({
        entity: 'shipments',
        entityId: s.id,
        operation: 'update',
        before: { departure_id: null },
        after: { departure_id: d.id },
      }),
    };
  },
  'departures.removeShipment': async () => {
    const { d, s } = await departureWithShipment();
    return {
      input: { departureId: d.id, shipmentId: s.id },
      expected: () => ({
        entity: 'shipments',
        entityId: s.id,
        operation: 'update',
        before: { departure_id: d.id },
        after: { departure_id: null },
      }),
    };
  },
  'departures.close': async () => {
    const { d } = await departureWithShipment();
    return {
      input: { id: d.id },
      expected: () => ({
        entity: 'departures',
        entityId: d.id,
        operation: 'update',
        before: { status: 'open' },
        after: { status: 'closed' },
      }),
    };
  },
  'departures.recordMilestone': async () => {
    const { d } = await departureWithShipment();
    const day = businessToday();
    const [m] = rowsOf<{ id: string }>(
      await db().execute(sql`select id from departure_milestones where departure_id = ${d.id} and kind = 'departed'`),
    );
    return {
      input: { departureId: d.id, kind: 'departed', actualOn: day },
      expected: () => ({
        entity: 'departure_milestones',
        entityId: m!.id,
        operation: 'update',
        before: { actual_on: null },
        after: { actual_on: day },
      }),
    };
  },
  'departures.postNews': async () => {
    const { d } = await departureWithShipment();
    return {
      input: { departureId: d.id, message: 'El contenedor llegó al puerto de La Guaira.' },
      expected: (r) => ({
        entity: 'departure_news',
        entityId: r.id,
        operation: 'insert',
        before: null,
        after: { departure_id: d.id, kind: 'news', recipient_count: 1 },
      }),
    };
  },
  'departures.checkDelays': async () => {
    const { d } = await departureWithShipment();
    const [m] = rowsOf<{ id: string }>(
      await db().execute(
        sql`select id from departure_milestones where departure_id = ${d.id} and kind = 'reception_closed'`,
      ),
    );
    return {
      input: undefined,
      expected: () => ({
        entity: 'departure_milestones',
        entityId: m!.id,
        operation: 'update',
        before: { delayed_to: null },
      }),
    };
  },
  'departures.saveTemplate': async () => {
    const milestones = (await setup.departures.templates()).maritimo.map((m) =>
      m.kind === 'customs' ? { ...m, typicalDays: 9 } : m,
    );
    return {
      input: { mode: 'maritimo', milestones },
      expected: () => ({
        entity: 'milestone_templates',
        entityId: 'customs',
        operation: 'insert',
        before: null,
        after: { mode: 'maritimo', kind: 'customs', typical_days: 9 },
      }),
    };
  },
  'agenciesAdmin.create': async () => ({
    input: { ...agencyForm(), code: 'mrw-aud-1' },
    expected: (r) => ({
      entity: 'agencies',
      entityId: r.id,
      operation: 'insert',
      before: null,
      after: { code: 'MRW-AUD-1', carrier: 'MRW', city: 'Valencia', active: true },
    }),
  }),
  'agenciesAdmin.update': async () => {
    const a = await setup.agenciesAdmin.create({ ...agencyForm(), code: unique('AUDA') });
    return {
      input: { ...agencyForm(), id: a.id, code: a.code, hours: 'Lun a Sáb 8:00 a 18:00' },
      expected: () => ({
        entity: 'agencies',
        entityId: a.id,
        operation: 'update',
        before: { hours: 'Lun a Vie 8:00 a 17:00' },
        after: { hours: 'Lun a Sáb 8:00 a 18:00' },
      }),
    };
  },
  'agenciesAdmin.setActive': async () => {
    const a = await setup.agenciesAdmin.create({ ...agencyForm(), code: unique('AUDB') });
    return {
      input: { id: a.id, active: false },
      expected: () => ({
        entity: 'agencies',
        entityId: a.id,
        operation: 'update',
        before: { active: true },
        after: { active: false },
      }),
    };
  },
  'recipients.createForCustomer': async () => ({
    input: {
      userId: ana.user.id,
      fullName: 'Carmen Auditoría',
      idDocument: 'V-23456789',
      phone: '0414-2345678',
      state: 'Carabobo',
      city: 'Valencia',
      address: 'Av. Bolívar Norte',
    },
    expected: (r) => ({
      entity: 'recipients',
      entityId: r.id,
      operation: 'insert',
      before: null,
      after: { user_id: ana.user.id, full_name: 'Carmen Auditoría', id_document: 'V-23456789' },
    }),
  }),
  'pickups.markReady': async ({ staff }) => {
    const s = await agencyShipment();
    await bindCounter(staff, s.agencyId);
    return {
      input: { code: s.code },
      expected: () => ({
        entity: 'shipments',
        entityId: s.id,
        operation: 'update',
        before: { status: 'in_transit' },
        after: { status: 'ready_for_pickup' },
      }),
    };
  },
  'pickups.deliver': async ({ staff }) => {
    const s = await agencyShipment();
    await setup.pickups.markReady({ code: s.code });
    const userId = await bindCounter(staff, s.agencyId);
    return {
      input: {
        method: 'id_document',
        shipmentId: s.id,
        idDocument: 'V-12345678',
        receivedBy: 'Rosa Auditoría',
        photo: await deliveryPhotoOf(userId),
      },
      expected: () => ({
        entity: 'delivery_proofs',
        entityId: s.id,
        operation: 'insert',
        before: null,
        after: { method: 'id_document', received_by: 'Rosa Auditoría', id_document: 'V-12345678', recorded_by: userId },
      }),
    };
  },
  'pickups.unlock': async () => {
    const s = await agencyShipment();
    await setup.pickups.markReady({ code: s.code });
    await db()
      .update(shipmentPickups)
      .set({ wrongCodes: 5, pickupLockedAt: new Date() })
      .where(eq(shipmentPickups.shipmentId, s.id));
    return {
      input: { shipmentId: s.id },
      expected: (r) => {
        expect(r).toEqual({ message: PICKUP_MESSAGES.unlocked });
        return {
          entity: 'shipment_pickups',
          entityId: s.id,
          operation: 'update',
          before: { wrong_codes: 5 },
          after: { wrong_codes: 0, pickup_locked_at: null },
        };
      },
    };
  },
  'pickups.recordHomeDelivery': async ({ staff }) => {
    const s = await agencyShipment('in_transit', 'home');
    const me = await staff.auth.me();
    return {
      input: {
        shipmentId: s.id,
        receivedBy: 'Ana Auditoría',
        idDocument: 'V-7654321',
        photo: await deliveryPhotoOf(me.user!.id),
      },
      expected: () => ({
        entity: 'delivery_proofs',
        entityId: s.id,
        operation: 'insert',
        before: null,
        after: { method: 'home', received_by: 'Ana Auditoría', id_document: 'V-7654321' },
      }),
    };
  },
  'pickups.updateSettings': async () => ({
    input: { reminderDays: 4 },
    expected: () => ({
      entity: 'app_settings',
      entityId: 'pickup',
      operation: 'insert',
      before: null,
      after: { key: 'pickup', value: { reminderDays: 4 } },
    }),
  }),
};
