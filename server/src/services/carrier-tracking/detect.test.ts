// The carrier a pre-alert's number points to, over numbers shaped as carriers print them.
import { describe, expect, it } from 'vitest';
import type { FirstMileCarrier } from '@casillero/shared';
import { detectFirstMileCarrier } from './detect';

const CASES: [string, FirstMileCarrier | null][] = [
  ['1Z5R89390357567127', 'UPS'],
  ['1z 5r89 3903 5756 7127', 'UPS'],
  ['9505 5110 6960 5048 6006 24', 'USPS'],
  // A USPS shape whose check digit fails still reads as USPS (the warehouse's rule).
  ['9400111899223197428490', 'USPS'],
  ['RB123456785US', 'USPS'],
  ['986578788855', 'FedEx'],
  ['9611020987654312345672', 'FedEx'],
  ['1001921334250001000300779017972697', 'FedEx'],
  ['3318810025', 'DHL'],
  ['JJD0099999999', 'DHL'],
  ['GM2951173225174494', 'DHL'],
  ['TBA305812745000', 'Amazon'],
  ['tba 3058 1274 5000', 'Amazon'],
  ['C11031500001879', 'OnTrac'],
  ['D10011354453707', 'OnTrac'],
  ['1LSCXYZ00123456', 'LaserShip'],
  ['LX12345678', 'LaserShip'],
  ['RB123456785CN', 'China Post'],
  ['LZ123456785CN', 'China Post'],
  ['LP00123456789012', 'Cainiao'],
  ['YT2012345678901234', 'YunExpress'],
  ['4PX3001234567890CN', '4PX'],
  // No carrier's shape: kept as typed, followed by nobody.
  ['ABC12345', null],
  ['PEDIDO-778812', null],
  ['1234', null],
  ['', null],
  ['RB123456785GB', null],
];

describe('detectFirstMileCarrier', () => {
  it.each(CASES)('%s → %s', (number, carrier) => {
    expect(detectFirstMileCarrier(number)).toBe(carrier);
  });
});
