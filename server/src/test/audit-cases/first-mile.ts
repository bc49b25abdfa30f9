// The audit cases of the first mile's staff steps (docs/product/first-mile.md): the day's budget,
// the searches' settings, and a search's note and its closing with a WR.
import { trackingKey } from '@casillero/shared';
import { carrierShipments, parcelSearches } from '../../db/schema';
import { type Case, ana, customerCaller, db, setup, unique } from '../audit';

/** An open search of one of Ana's pre-alerts, the carrier having delivered it. */
async function openSearch() {
  const number = unique('AUDFM');
  const prealert = await customerCaller().prealerts.create({
    trackingNumber: number,
    description: 'Audífonos',
    quantityItems: 1,
  });
  const delivered = { state: 'delivered' as const, deliveredAt: new Date(), deliveredLocation: 'DORAL, FL, US' };
  const [shipment] = await db()
    .insert(carrierShipments)
    .values({ trackingKey: trackingKey(number), trackingNumber: number, ...delivered })
    .onConflictDoUpdate({ target: carrierShipments.trackingKey, set: delivered })
    .returning({ id: carrierShipments.id });
  const [search] = await db()
    .insert(parcelSearches)
    .values({ carrierShipmentId: shipment.id, prealertId: prealert.id, userId: ana.user.id })
    .returning({ id: parcelSearches.id });
  return search;
}

export const FIRST_MILE_CASES: Record<string, Case> = {
  'firstMile.updateSettings': async () => {
    const settings = { dailyRequestBudget: 1234 };
    return {
      input: settings,
      expected: () => ({
        entity: 'app_settings',
        entityId: 'first_mile',
        operation: 'insert',
        before: null,
        after: { key: 'first_mile', value: settings },
      }),
    };
  },
  'parcelSearches.updateSettings': async () => {
    const settings = { openAfterBusinessHours: 36, notFoundAfterDays: 7 };
    return {
      input: settings,
      expected: () => ({
        entity: 'app_settings',
        entityId: 'parcel_searches',
        operation: 'insert',
        before: null,
        after: { key: 'parcel_searches', value: settings },
      }),
    };
  },
  'parcelSearches.addNote': async () => {
    const search = await openSearch();
    return {
      input: { id: search.id, note: 'Revisado el estante B' },
      expected: () => ({
        entity: 'parcel_searches',
        entityId: search.id,
        operation: 'update',
        before: { notes: null },
        after: {},
      }),
    };
  },
  'parcelSearches.markFound': async () => {
    const search = await openSearch();
    const { id } = await setup.packages.create({
      userId: ana.user.id,
      mailboxId: ana.mailboxId,
      trackingNumber: unique('AUDFMP'),
      packageDescription: 'Audífonos',
      status: 'pending',
    });
    const wr = unique('WR-FM-');
    await setup.packages.receive({ id, warehouseReceipt: wr, weightKg: 1.5 });
    return {
      input: { id: search.id, warehouseReceipt: wr },
      expected: () => ({
        entity: 'parcel_searches',
        entityId: search.id,
        operation: 'update',
        before: { status: 'open', warehouseReceipt: null },
        after: { status: 'found', warehouseReceipt: wr },
      }),
    };
  },
};
