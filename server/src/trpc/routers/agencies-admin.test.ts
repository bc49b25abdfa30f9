// The agencies catalogue and the delivery fees (docs/product/last-mile.md#agencies): the
// administrator creates, corrects, deactivates and finds agencies by state, city or text; a code
// is unique whatever its case; bad input is refused in Spanish with nothing written; the fees per
// zone are kept in cents and audited; other roles cannot touch either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AGENCY_MESSAGES as M,
  DELIVERY_FEE_DEFAULTS_USD_CENTS,
  PRICE_LIST_V1,
  type AgencyCreateInput,
} from '@casillero/shared';
import type { Database } from '../../db/client';
import { agencies } from '../../db/schema';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { signedInAdmin, signedInStaff } from '../../test/factories';
import { testConfig } from '../../env';

let database: Database;
const db = () => database.db;
const config = testConfig({ appUrl: TEST_APP_URL });
type Staff = Awaited<ReturnType<typeof signedInAdmin>>;
let admin: Staff;
let almacen: Staff;
const as = (s: Staff) => callerFor(db(), s.visitor, config);

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await signedInAdmin(db());
  almacen = await signedInStaff(db(), 'almacen');
});
afterAll(async () => {
  await database.close();
});

const form = (over: Partial<AgencyCreateInput> = {}): AgencyCreateInput => ({
  kind: 'partner',
  carrier: 'MRW',
  code: 'mrw-val-01',
  name: 'MRW Valencia Centro',
  state: 'Carabobo',
  city: 'Valencia',
  address: 'Av. Bolívar Norte, local 4',
  hours: 'Lun a Vie 8:00 a 17:00',
  phone: '0241-8234567',
  ...over,
});

describe('agencies catalogue', () => {
  it('creates with the code upper-cased, refuses the same code in another case, edits and deactivates', async () => {
    const created = await as(admin).agenciesAdmin.create(form());
    expect(created).toMatchObject({ code: 'MRW-VAL-01', message: M.created('MRW-VAL-01') });
    const dup = await trpcError(as(admin).agenciesAdmin.create(form({ code: 'Mrw-Val-01', name: 'Otra' })));
    expect(dup.code).toBe('CONFLICT');
    expect(dup.message).toBe(M.codeTaken('MRW-VAL-01'));
    expect(await db().select().from(agencies).where(eq(agencies.name, 'Otra'))).toHaveLength(0);

    const saved = await as(admin).agenciesAdmin.update({ ...form(), id: created.id, hours: 'Lun a Sáb 8:00 a 18:00' });
    expect(saved.message).toBe(M.saved('MRW-VAL-01'));
    const off = await as(admin).agenciesAdmin.setActive({ id: created.id, active: false });
    expect(off.message).toBe(M.deactivated('MRW-VAL-01'));
    const [row] = await db().select().from(agencies).where(eq(agencies.id, created.id));
    expect(row).toMatchObject({ hours: 'Lun a Sáb 8:00 a 18:00', active: false });
  });

  it('refuses bad input in Spanish', async () => {
    const noCity = await trpcError(as(admin).agenciesAdmin.create(form({ code: 'ZOOM-1', city: '  ' })));
    expect(noCity.message).toBe(M.cityRequired);
    const badCode = await trpcError(as(admin).agenciesAdmin.create(form({ code: 'ZOOM 1/2' })));
    expect(badCode.message).toBe(M.codeFormat);
    const badState = await trpcError(
      as(admin).agenciesAdmin.create(form({ code: 'ZOOM-2', state: 'Florida' as AgencyCreateInput['state'] })),
    );
    expect(badState.message).toBe(M.stateRequired);
    expect(await db().select().from(agencies).where(eq(agencies.carrier, 'MRW'))).toHaveLength(1);
  });

  it('finds agencies by state, city and text', async () => {
    await as(admin).agenciesAdmin.create(
      form({ carrier: 'Zoom', code: 'ZOOM-CCS-1', name: 'Zoom Chacao', state: 'Miranda', city: 'Chacao' }),
    );
    await as(admin).agenciesAdmin.create(
      form({ kind: 'own', carrier: 'Casillero', code: 'OF-VAL', name: 'Oficina Valencia', city: 'Valencia' }),
    );
    const codes = async (input: Parameters<ReturnType<typeof as>['agenciesAdmin']['list']>[0]) =>
      (await as(admin).agenciesAdmin.list(input)).rows.map((r) => r.code).sort();
    expect(await codes({ state: 'Carabobo' })).toEqual(['MRW-VAL-01', 'OF-VAL']);
    expect(await codes({ city: 'chacao' })).toEqual(['ZOOM-CCS-1']);
    expect(await codes({ q: 'oficina' })).toEqual(['OF-VAL']);
    expect(await codes({ kind: 'own' })).toEqual(['OF-VAL']);
    expect((await as(admin).agenciesAdmin.count({ state: 'Carabobo' })).count).toBe(2);
  });

  it('is the administrator’s only', async () => {
    const err = await trpcError(as(almacen).agenciesAdmin.create(form({ code: 'TEAL-1' })));
    expect(err.code).toBe('FORBIDDEN');
    const fees = await trpcError(as(almacen).agenciesAdmin.deliveryFees());
    expect(fees.code).toBe('FORBIDDEN');
  });
});

describe('delivery fees per zone', () => {
  it('are the price list’s in effect (docs/product/price-lists.md), shown beside the agencies', async () => {
    expect(await as(admin).agenciesAdmin.deliveryFees()).toEqual(DELIVERY_FEE_DEFAULTS_USD_CENTS);
    expect(DELIVERY_FEE_DEFAULTS_USD_CENTS).toEqual(PRICE_LIST_V1.deliveryFeesUsdCents);
  });
});
