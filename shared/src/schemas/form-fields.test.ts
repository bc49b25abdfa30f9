import { describe, expect, it } from 'vitest';
import { SHIPMENT_MESSAGES } from '../packages/messages';
import { isoDay } from './form-fields';
import { shipmentCreateInput } from './shipments';
import { auditFilters } from './staff';

describe('isoDay', () => {
  const day = isoDay('Fecha inválida');

  it('accepts the calendar days PostgreSQL stores, leap days included', () => {
    for (const d of ['2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31', '2026-06-13'])
      expect(day.safeParse(d).success, d).toBe(true);
  });

  it('refuses days the calendar or PostgreSQL lacks (found by the fuzzing suite: 30 February and year 0000 reached SQL)', () => {
    for (const d of [
      '2024-02-30',
      '2023-02-29',
      '1900-02-29',
      '2024-13-01',
      '2024-00-10',
      '0000-01-01',
      '0000-00-00',
      '10000-01-01',
      '2024-1-1',
      '',
    ]) {
      const result = day.safeParse(d);
      expect(result.success, d).toBe(false);
      expect(result.error?.issues[0]?.message, d).toBe('Fecha inválida');
    }
  });

  it('is what the audit filters and the shipment forms check', () => {
    // The audit log's URL filters fall back to "no limit" instead of failing the page.
    expect(auditFilters.parse({ from: '0000-00-00', to: '2024-02-30' })).toEqual({});
    const shipment = {
      userId: '0b9f2c8e-5d4a-4c3b-9a1e-7f6d5c4b3a21',
      recipientId: '2b9f2c8e-5d4a-4c3b-9a1e-7f6d5c4b3a21',
      deliveryMethod: 'home',
      agencyId: null,
      packageIds: ['1b9f2c8e-5d4a-4c3b-9a1e-7f6d5c4b3a21'],
    };
    const refused = shipmentCreateInput.safeParse({ ...shipment, estimatedDelivery: '2024-02-30' });
    expect(refused.error?.issues.map((i) => i.message)).toEqual([SHIPMENT_MESSAGES.dateInvalid]);
    expect(shipmentCreateInput.parse({ ...shipment, estimatedDelivery: '2024-02-29' }).estimatedDelivery).toBe(
      '2024-02-29',
    );
    expect(shipmentCreateInput.parse({ ...shipment, estimatedDelivery: '' }).estimatedDelivery).toBeNull();
  });
});
