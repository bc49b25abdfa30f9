// The admin dashboard's 'Despachos retrasados' (reports.delayedDepartures, docs/product/departures.md#delays):
// a departure with a milestone whose planned day passed and was not recorded is listed with that
// milestone; one on time, or whose passed milestones were recorded, is not; after the delay check
// moved the estimate it is still listed until the milestone is recorded; customers cannot read it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, type DepartureCreateInput } from '@casillero/shared';
import type { Database } from '../../db/client';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { signedInAdmin, signedInCustomer, signedInStaff } from '../../test/factories';
import { testConfig } from '../../env';
import { businessToday } from '../../lib/business-clock';
import { DASHBOARD_DELAYED_LIMIT } from '../../queries/dashboard';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const today = businessToday();
let flight = 0;
const air = (over: Partial<DepartureCreateInput> = {}): DepartureCreateInput => ({
  mode: 'aereo',
  origin: 'miami',
  masterRef: null,
  carrier: 'Laser Airlines',
  voyage: `QL ${1900 + ++flight}`,
  arrivalPort: 'maiquetia',
  cutoffOn: addDays(today, 3),
  plannedDeparture: addDays(today, 4),
  plannedArrival: null,
  ...over,
});

describe('admin dashboard: delayed departures', () => {
  it('lists each departure with a passed, unrecorded milestone, with that milestone, until it is recorded', async () => {
    const admin = await signedInAdmin(db());
    const staff = callerFor(db(), admin.visitor, config);
    expect(await staff.reports.delayedDepartures()).toEqual({ total: 0, rows: [] });

    const onTime = await staff.departures.create(air());
    // Cutoff four days ago and departure two days ago, neither recorded: late since the cutoff.
    const late = await staff.departures.create(
      air({ cutoffOn: addDays(today, -4), plannedDeparture: addDays(today, -2) }),
    );
    // The same dates, but staff recorded both: its next milestone is still ahead.
    const recorded = await staff.departures.create(
      air({ cutoffOn: addDays(today, -4), plannedDeparture: addDays(today, -2) }),
    );
    await staff.departures.recordMilestone({
      departureId: recorded.id,
      kind: 'reception_closed',
      actualOn: addDays(today, -4),
    });
    await staff.departures.recordMilestone({ departureId: recorded.id, kind: 'departed', actualOn: today });

    const before = await staff.reports.delayedDepartures();
    expect(before.total).toBe(1);
    expect(before.rows).toEqual([
      {
        id: late.id,
        code: late.code,
        mode: 'aereo',
        origin: 'miami',
        milestoneLabel: 'Cierre de recepción',
        plannedOn: addDays(today, -4),
        delayedTo: null,
      },
    ]);
    expect(before.rows.map((r) => r.id)).not.toContain(onTime.id);

    // The delay check moves the estimate (air: today plus two days): still late until recorded.
    await staff.departures.checkDelays();
    const moved = await staff.reports.delayedDepartures();
    expect(moved.rows).toEqual([
      expect.objectContaining({
        id: late.id,
        milestoneLabel: 'Cierre de recepción',
        plannedOn: addDays(today, 2),
        delayedTo: addDays(today, 2),
      }),
    ]);

    // Recording it today moves the Salida to today ('nothing is planned before the milestone it
    // follows'): no milestone is overdue any more, and the list agrees.
    await staff.departures.recordMilestone({ departureId: late.id, kind: 'reception_closed', actualOn: today });
    expect(await staff.reports.delayedDepartures()).toEqual({ total: 0, rows: [] });
    expect((await staff.departures.detail({ id: late.id })).delayedSince).toBeNull();
  });

  it(`counts them all but lists the ${DASHBOARD_DELAYED_LIMIT} longest late`, async () => {
    const staff = callerFor(db(), (await signedInAdmin(db())).visitor, config);
    const made = [];
    for (let i = 0; i < DASHBOARD_DELAYED_LIMIT + 2; i++)
      made.push(
        await staff.departures.create(air({ cutoffOn: addDays(today, -20 + i), plannedDeparture: addDays(today, -1) })),
      );
    const r = await staff.reports.delayedDepartures();
    expect(r.total).toBe(DASHBOARD_DELAYED_LIMIT + 2);
    expect(r.rows.map((x) => x.id)).toEqual(made.slice(0, DASHBOARD_DELAYED_LIMIT).map((d) => d.id));
  });

  it('is for staff who read departures (caja yes), not for customers', async () => {
    const caja = await signedInStaff(db(), 'caja');
    expect((await callerFor(db(), caja.visitor, config).reports.delayedDepartures()).total).toBeGreaterThan(0);
    const customer = await signedInCustomer(db());
    expect((await trpcError(customer.caller.reports.delayedDepartures())).code).toBe('FORBIDDEN');
  });
});
