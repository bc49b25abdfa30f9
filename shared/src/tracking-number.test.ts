// The carrier-independent key and the carrier hint on a table of real-looking numbers
// (tracking-number-examples.ts; server/src/trpc/routers/reception.test.ts runs the SQL twin over it).
import { describe, expect, it } from 'vitest';
import {
  cleanTrackingNumber,
  detectCarrier,
  detectChineseCarrier,
  isWarehouseReceiptCode,
  trackingKey,
} from './tracking-number';
import { TRACKING_NUMBER_EXAMPLES } from './tracking-number-examples';

describe('trackingKey', () => {
  it.each(TRACKING_NUMBER_EXAMPLES)('$note: «$raw» → $key', ({ raw, key }) => {
    expect(trackingKey(raw)).toBe(key);
  });

  it('gives every variant of one parcel the same key', () => {
    const usps = [
      '9400111899223197428490',
      '9400 1118 9922 3197 4284 90',
      '420331669400111899223197428490',
      '4203316612349400111899223197428490',
    ];
    expect(new Set(usps.map(trackingKey))).toEqual(new Set(['9400111899223197428490']));
    const fedexGround = ['041441760228964', '9611020041441760228964'];
    expect(new Set(fedexGround.map(trackingKey)).size).toBe(1);
  });

  it('leaves numbers that only look like a prefixed one alone', () => {
    // 420 + ZIP but a number that is not 22 digits starting with 9: not a routing prefix.
    expect(trackingKey('42033166123')).toBe('42033166123');
    expect(trackingKey('420331668400111899223197428490')).toBe('420331668400111899223197428490');
    // 22 digits not starting with 96, 34 digits starting with neither 96 nor 100.
    expect(trackingKey('9711020987654312345672')).toBe('9711020987654312345672');
    expect(trackingKey('1101921334250001000300779017972697')).toBe('1101921334250001000300779017972697');
  });

  it('is idempotent', () => {
    for (const { raw } of TRACKING_NUMBER_EXAMPLES) expect(trackingKey(trackingKey(raw))).toBe(trackingKey(raw));
  });
});

describe('detectCarrier', () => {
  it.each(TRACKING_NUMBER_EXAMPLES)('$note: «$raw» → $carrier', ({ raw, carrier }) => {
    expect(detectCarrier(raw)).toBe(carrier);
  });
});

describe('isWarehouseReceiptCode', () => {
  it('recognises our WR labels, whatever the case and surrounding spaces', () => {
    expect(isWarehouseReceiptCode('WR-2026-1000123')).toBe(true);
    expect(isWarehouseReceiptCode(' wr-2026-1000123\n')).toBe(true);
    expect(isWarehouseReceiptCode('WR2026')).toBe(false);
    expect(isWarehouseReceiptCode('1Z879E930346834440')).toBe(false);
  });
});

describe('cleanTrackingNumber', () => {
  it('drops the spaces and upper-cases, keeping what the key also keeps', () => {
    expect(cleanTrackingNumber(' tba 3058 1274 5000\n')).toBe('TBA305812745000');
    expect(cleanTrackingNumber('1z-999-aa1')).toBe('1Z-999-AA1');
    for (const { raw, key } of TRACKING_NUMBER_EXAMPLES) expect(trackingKey(cleanTrackingNumber(raw))).toBe(key);
  });
});

describe('detectChineseCarrier', () => {
  it.each([
    ['YT2412345678901234', 'YunExpress'],
    ['4PX3001234567890CN', '4PX'],
    ['LP00612345678901', 'Cainiao'],
    ['ly 123 456 789 cn', 'China Post'],
    ['RB123456789CN', 'China Post'],
  ])('«%s» → %s', (raw, carrier) => {
    expect(detectChineseCarrier(raw)).toBe(carrier);
  });

  it("leaves the other carriers' numbers to detectCarrier, whose results do not change", () => {
    for (const { raw, carrier } of TRACKING_NUMBER_EXAMPLES) {
      expect(detectChineseCarrier(raw)).toBeNull();
      expect(detectCarrier(raw)).toBe(carrier);
    }
    for (const raw of ['YT2412345678901234', '4PX3001234567890CN', 'LP00612345678901', 'LY123456789CN'])
      expect(detectCarrier(raw)).toBeNull();
  });
});
