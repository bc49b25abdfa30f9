import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_RATE_DAY, NUMBER_MESSAGES, RATE_MESSAGES } from '@casillero/shared';
import type { Database } from '../../db/client';
import { testConfig } from '../../env';
import { businessToday } from '../../lib/business-clock';
import { callerFor, TEST_APP_URL, trpcError } from '../../test/caller';
import { createTestDatabase } from '../../test/db';
import { recordRate, signedInStaff } from '../../test/factories';

let database: Database;
const config = () => testConfig({ appUrl: TEST_APP_URL });
type Person = { visitor: Parameters<typeof callerFor>[1]; user: { id: string }; email: string };
let caja: Person;

beforeAll(async () => {
  database = await createTestDatabase();
  caja = await signedInStaff(database.db, 'caja');
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;
const as = (p: Person) => callerFor(db(), p.visitor, config());

const daysAgo = (n: number) => businessToday(new Date(Date.now() - n * 86_400_000));

describe('exchange rates', () => {
  it('the cashier records the day’s rate; the history says who entered it; a correction is a new entry', async () => {
    const day = daysAgo(3);
    const first = await as(caja).exchangeRates.record({ rateDate: day, vesPerUsd: '35,1234', source: 'BCV' });
    expect(first.rate.vesPerUsd).toBe('35.12340000');
    const fix = await as(caja).exchangeRates.record({ rateDate: day, vesPerUsd: '35.2', source: 'BCV' });
    expect(fix.message).toContain('corrección');
    const history = (await as(caja).exchangeRates.list({})).rows;
    const ofDay = history.filter((r) => r.rateDate === day);
    expect(ofDay.map((r) => [r.vesPerUsd, r.superseded, r.createdByEmail])).toEqual([
      ['35.20000000', false, caja.email],
      ['35.12340000', true, caja.email],
    ]);
  });

  it('refuses a rate that is not a positive decimal, and a future day, in Spanish; changes nothing', async () => {
    const before = (await as(caja).exchangeRates.list({})).rows.length;
    const refusals: [string, string][] = [
      ['abc', NUMBER_MESSAGES.unreadable('abc')],
      ['0', RATE_MESSAGES.rateInvalid],
      ['-3', RATE_MESSAGES.rateInvalid],
      ['36,123456789', NUMBER_MESSAGES.tooManyDecimals(8)],
      ['', RATE_MESSAGES.rateRequired],
      // A thousands dot or a decimal point: refused, never guessed.
      ['36.521', NUMBER_MESSAGES.ambiguous('36.521', '36521', '36,521')],
      ['3,6,5', NUMBER_MESSAGES.unreadable('3,6,5')],
    ];
    for (const [vesPerUsd, message] of refusals) {
      const err = await trpcError(as(caja).exchangeRates.record({ rateDate: daysAgo(1), vesPerUsd, source: 'BCV' }));
      expect(err.code).toBe('BAD_REQUEST');
      expect(err.message, vesPerUsd).toBe(message);
    }
    const tomorrow = businessToday(new Date(Date.now() + 2 * 86_400_000));
    expect(
      (await trpcError(as(caja).exchangeRates.record({ rateDate: tomorrow, vesPerUsd: '40', source: 'BCV' }))).message,
    ).toBe(RATE_MESSAGES.dateInFuture);
    // Below Bs. 1 per USD is a typing mistake; before the bolívar digital, no rate of ours existed.
    for (const vesPerUsd of ['0,5', '0.99999999']) {
      expect(
        (await trpcError(as(caja).exchangeRates.record({ rateDate: daysAgo(1), vesPerUsd, source: 'BCV' }))).message,
      ).toBe(RATE_MESSAGES.rateTooLow);
    }
    expect(
      (await trpcError(as(caja).exchangeRates.record({ rateDate: '2021-09-30', vesPerUsd: '4,2', source: 'BCV' })))
        .message,
    ).toBe(RATE_MESSAGES.dateTooOld);
    expect((await as(caja).exchangeRates.list({})).rows.length).toBe(before);
    await as(caja).exchangeRates.record({ rateDate: FIRST_RATE_DAY, vesPerUsd: '4,18', source: 'BCV' });
    expect((await as(caja).exchangeRates.list({})).rows.length).toBe(before + 1);
  });

  it('the history is read a page at a time, newest day first', async () => {
    const fresh = await createTestDatabase();
    try {
      for (let d = 60; d >= 1; d--) await recordRate(fresh.db, String(30 + d / 100), daysAgo(d));
      const staff = await signedInStaff(fresh.db, 'caja');
      const rates = callerFor(fresh.db, staff.visitor, config()).exchangeRates;
      const first = await rates.list({});
      expect({ n: first.rows.length, hasMore: first.hasMore, top: first.rows[0].rateDate }).toEqual({
        n: 50,
        hasMore: true,
        top: daysAgo(1),
      });
      const second = await rates.list({ page: 2 });
      expect({ n: second.rows.length, hasMore: second.hasMore, last: second.rows.at(-1)!.rateDate }).toEqual({
        n: 10,
        hasMore: false,
        last: daysAgo(60),
      });
    } finally {
      await fresh.close();
    }
  });

  it('only payment roles record rates: the warehouse is refused', async () => {
    const almacen = await signedInStaff(db(), 'almacen');
    expect(
      (await trpcError(as(almacen).exchangeRates.record({ rateDate: daysAgo(1), vesPerUsd: '40', source: 'BCV' })))
        .code,
    ).toBe('FORBIDDEN');
    expect((await trpcError(as(almacen).exchangeRates.today())).code).toBe('FORBIDDEN');
  });
});
