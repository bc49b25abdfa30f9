// The zone of a carrier's place as carriers write it (docs/product/first-mile-providers.md#times).
import { describe, expect, it } from 'vitest';
import { instantInZone, zoneOfPlace } from './location-zone';

describe('the zone of a carrier’s place', () => {
  it.each([
    ['MIAMI, 33166, FL', 'America/New_York'],
    ['MIAMI FL DISTRIBUTION CENTER', 'America/New_York'],
    ['Doral', 'America/New_York'],
    ['DALLAS TX 75201', 'America/Chicago'],
    ['ONTARIO, CA', 'America/Los_Angeles'],
    ['PHOENIX, AZ, US', 'America/Phoenix'],
    ['INDIANAPOLIS, IN 46241', 'America/New_York'],
    ['SHENZHEN - CHINA MAINLAND', 'Asia/Shanghai'],
    ['Yiwu, Zhejiang, CN', 'Asia/Shanghai'],
    ['HONG KONG - HONG KONG', 'Asia/Hong_Kong'],
    // A state code that is also a word counts only where it is written as a state.
    ['SORTED IN HUB', null],
    ['BONN', null],
    ['LOS ANGELES GATEWAY - USA', null],
    [null, null],
  ])('%s → %s', (place, zone) => {
    expect(zoneOfPlace(place)).toBe(zone);
  });

  it('reads a wall clock in its zone, with the summer and winter offsets, and as UTC without one', () => {
    expect(instantInZone(new Date('2024-01-10T08:00:00Z'), 'America/New_York')).toEqual(
      new Date('2024-01-10T13:00:00Z'),
    );
    expect(instantInZone(new Date('2024-07-10T08:00:00Z'), 'America/New_York')).toEqual(
      new Date('2024-07-10T12:00:00Z'),
    );
    expect(instantInZone(new Date('2024-07-10T08:00:00Z'), 'Asia/Shanghai')).toEqual(new Date('2024-07-10T00:00:00Z'));
    expect(instantInZone(new Date('2024-07-10T08:00:00Z'), null)).toEqual(new Date('2024-07-10T08:00:00Z'));
  });
});
