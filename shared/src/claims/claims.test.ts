// What one more claim may pay (docs/product/claims.md#the-cap-across-claims): the subject's limit
// less what was paid on it, bounded by what is left of the shipment a parcel travels in, never below 0.
import { describe, expect, it } from 'vitest';
import { claimPayoutLeft, isCappedClaimKind } from './claims';

describe('claimPayoutLeft', () => {
  it.each([
    ['nothing paid yet', { limitUsdCents: 21_25, paidUsdCents: 0 }, null, 21_25],
    ['part paid', { limitUsdCents: 21_25, paidUsdCents: 10_00 }, null, 11_25],
    ['all paid', { limitUsdCents: 21_25, paidUsdCents: 21_25 }, null, 0],
    ['paid above a limit lowered since (a setting changed)', { limitUsdCents: 20_00, paidUsdCents: 21_25 }, null, 0],
    [
      'the shipment has less left than the parcel',
      { limitUsdCents: 150_00, paidUsdCents: 0 },
      { limitUsdCents: 200_00, paidUsdCents: 150_00 },
      50_00,
    ],
    [
      'the parcel has less left than the shipment',
      { limitUsdCents: 50_00, paidUsdCents: 30_00 },
      { limitUsdCents: 200_00, paidUsdCents: 30_00 },
      20_00,
    ],
    [
      'the shipment is spent',
      { limitUsdCents: 50_00, paidUsdCents: 0 },
      { limitUsdCents: 200_00, paidUsdCents: 200_00 },
      0,
    ],
  ] as const)('%s', (_case, subject, shipment, left) => {
    expect(claimPayoutLeft(subject, shipment)).toBe(left);
  });
});

describe('the kinds within the cap', () => {
  it('compensate the goods; a weight dispute corrects the freight and is not counted', () => {
    expect(isCappedClaimKind('lost')).toBe(true);
    expect(isCappedClaimKind('damaged')).toBe(true);
    expect(isCappedClaimKind('missing_items')).toBe(true);
    expect(isCappedClaimKind('not_in_mailbox')).toBe(true);
    expect(isCappedClaimKind('weight_dispute')).toBe(false);
  });
});
