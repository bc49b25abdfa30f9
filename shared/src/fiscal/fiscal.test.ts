// The cédula and RIF check (a table) and the tax arithmetic in integer cents (a table), with the
// rounding docs/decisions/005-money-and-numbers.md states.
import { describe, expect, it } from 'vitest';
import { FISCAL_ID_MESSAGES, FISCAL_MESSAGES } from './messages';
import { customerFiscalDataInput, fiscalSettingsInput, DEFAULT_FISCAL_SETTINGS } from './settings';
import { fiscalIdSchema, parseFiscalId } from './fiscal-id';
import { percentOf } from '../billing/money';
import { computeTaxes, igtfIncludedIn, igtfOn, taxTotalsInVes, type TaxTreatment } from './taxes';

describe('cédula and RIF', () => {
  it.each([
    // typed, printed (or the Spanish refusal)
    ['G-20000303-0', 'G-20000303-0'], // SENIAT's own RIF
    ['J-00002961-0', 'J-00002961-0'],
    ['j000029610', 'J-00002961-0'],
    ['J 00002961 0', 'J-00002961-0'],
    ['V-12345678-9', { error: FISCAL_ID_MESSAGES.rifCheckDigit }],
    ['J-50123456-6', 'J-50123456-6'],
    ['J-50123456-7', { error: FISCAL_ID_MESSAGES.rifCheckDigit }],
    ['J-00002961-1', { error: FISCAL_ID_MESSAGES.rifCheckDigit }],
    ['V-12345678', 'V-12345678'],
    ['v 12.345.678', 'V-12345678'],
    ['E-81234567', 'E-81234567'],
    ['V-00123456', 'V-123456'],
    ['J-12345678', { error: FISCAL_ID_MESSAGES.rifNeedsCheck }],
    ['X-12345678', { error: FISCAL_ID_MESSAGES.format }],
    ['12345678', { error: FISCAL_ID_MESSAGES.format }],
    ['V-123456789012', { error: FISCAL_ID_MESSAGES.format }],
    ['V-0', { error: FISCAL_ID_MESSAGES.format }],
  ])('%s → %j', (typed, expected) => {
    const parsed = fiscalIdSchema.safeParse(typed);
    if (typeof expected === 'string') expect(parsed).toMatchObject({ success: true, data: expected });
    else expect(parsed.error?.issues[0]?.message).toBe(expected.error);
  });

  it('every digit but the right one is refused for a RIF', () => {
    const right = parseFiscalId('J-00002961-0');
    expect(right.ok).toBe(true);
    for (let d = 1; d <= 9; d++) expect(parseFiscalId(`J-00002961-${d}`).ok).toBe(false);
  });

  it('the customer form says in Spanish what is missing', () => {
    const r = customerFiscalDataInput.safeParse({ name: 'A', idNumber: 'J-1', address: '' });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      FISCAL_MESSAGES.nameRequired,
      FISCAL_ID_MESSAGES.rifNeedsCheck,
      FISCAL_MESSAGES.addressRequired,
    ]);
  });
});

const iva16: TaxTreatment = { treatment: 'iva', rateBasisPoints: 1600 };
const iva8: TaxTreatment = { treatment: 'iva', rateBasisPoints: 800 };
const exento: TaxTreatment = { treatment: 'exento', legalGround: 'Art. 19, Ley del IVA' };

describe('taxes in integer cents', () => {
  it.each([
    // lines [cents, treatment], base, exempt, iva, total
    { lines: [[1000, iva16]], base: 1000, exempt: 0, iva: 160, total: 1160 },
    { lines: [[499, iva16]], base: 499, exempt: 0, iva: 80, total: 579 }, // 79,84 → 80
    { lines: [[3, iva16]], base: 3, exempt: 0, iva: 0, total: 3 }, // 0,48 → 0
    { lines: [[5, iva16]], base: 5, exempt: 0, iva: 1, total: 6 }, // 0,8 → 1
    // Per rate on the base, rounded once: 3 × $0,03 → base 9 cents, IVA 1,44 → 1 (not 0+0+0).
    {
      lines: [
        [3, iva16],
        [3, iva16],
        [3, iva16],
      ],
      base: 9,
      exempt: 0,
      iva: 1,
      total: 10,
    },
    {
      lines: [
        [2150, iva16],
        [600, exento],
      ],
      base: 2150,
      exempt: 600,
      iva: 344,
      total: 3094,
    },
    {
      lines: [
        [1000, iva16],
        [1000, iva8],
      ],
      base: 2000,
      exempt: 0,
      iva: 240,
      total: 2240,
    },
    { lines: [[1250, exento]], base: 0, exempt: 1250, iva: 0, total: 1250 },
    { lines: [[3125, { treatment: 'iva', rateBasisPoints: 0 }]], base: 3125, exempt: 0, iva: 0, total: 3125 },
    { lines: [[3125, { treatment: 'iva', rateBasisPoints: 1650 }]], base: 3125, exempt: 0, iva: 516, total: 3641 }, // 515,625
  ] as {
    lines: [number, TaxTreatment][];
    base: number;
    exempt: number;
    iva: number;
    total: number;
  }[])('base $base, exento $exempt, IVA $iva, total $total', ({ lines, base, exempt, iva, total }) => {
    const treatments = lines.map(([, t]) => t);
    const t = computeTaxes(
      lines.map(([usdCents], i) => ({ description: `línea ${i}`, usdCents, kind: 'other' })),
      () => treatments.shift()!,
    );
    expect([t.baseUsdCents, t.exemptUsdCents, t.ivaUsdCents, t.totalUsdCents]).toEqual([base, exempt, iva, total]);
  });

  it('prints each exempt line’s legal ground once', () => {
    const t = computeTaxes(
      [
        { description: 'a', usdCents: 100, kind: 'shipping' },
        { description: 'b', usdCents: 100, kind: 'insurance' },
      ],
      () => exento,
    );
    expect(t.legalGrounds).toEqual(['Art. 19, Ley del IVA']);
    expect(t.lines.map((l) => l.legalGround)).toEqual(['Art. 19, Ley del IVA', 'Art. 19, Ley del IVA']);
  });

  it('converts each total to Bs. once at the frozen rate; the Bs. total is their sum', () => {
    const t = computeTaxes(
      [
        { description: 'x', usdCents: 2150 },
        { description: 'y', usdCents: 600, kind: 'storage' },
      ],
      (k) => (k === 'storage' ? exento : iva16),
    );
    expect(taxTotalsInVes(t, '36.5')).toEqual({
      baseVesCentimos: 78475, // 21,50 × 36,5
      exemptVesCentimos: 21900,
      ivaVesCentimos: 12556, // 3,44 × 36,5 = 125,56
      totalVesCentimos: 78475 + 21900 + 12556,
    });
  });

  it.each([
    [10000, 300, 300],
    [499, 300, 15], // 14,97 → 15
    [1, 300, 0],
    [17, 300, 1], // 0,51 → 1
  ])('IGTF on %i cents at %i bp is %i', (cents, bp, igtf) => {
    expect(igtfOn(cents, bp)).toBe(igtf);
  });

  it('a payment of debt + IGTF gives back exactly that IGTF, for every debt up to $500', () => {
    for (let debt = 1; debt <= 50_000; debt++) {
      const tax = igtfOn(debt, 300);
      expect(igtfIncludedIn(debt + tax, 300)).toBe(tax);
    }
  });

  it('percentOf rounds half away from zero', () => {
    expect(percentOf(50, 100)).toBe(1); // 0,5 → 1
    expect(percentOf(49, 100)).toBe(0);
    expect(percentOf(-50, 100)).toBe(-1);
  });

  it('refuses a rate outside 0–100 % in Spanish', () => {
    const input = {
      enabled: false,
      legalName: '',
      rif: '',
      address: '',
      controlProvider: 'fake',
      igtfApplies: true,
      igtfRatePercent: 3,
      taxes: Object.fromEntries(
        Object.keys(DEFAULT_FISCAL_SETTINGS.taxes).map((k) => [k, { treatment: 'iva', ratePercent: 16 }]),
      ),
    };
    expect(fiscalSettingsInput.safeParse(input).success).toBe(true);
    for (const bad of [-1, 100.5, 250]) {
      const r = fiscalSettingsInput.safeParse({ ...input, igtfRatePercent: bad });
      expect(r.error?.issues[0]?.message).toBe(FISCAL_MESSAGES.rateRange);
      const r2 = fiscalSettingsInput.safeParse({
        ...input,
        taxes: { ...input.taxes, shipping: { treatment: 'iva', ratePercent: bad } },
      });
      expect(r2.error?.issues[0]?.message).toBe(FISCAL_MESSAGES.rateRange);
    }
    const enabledEmpty = fiscalSettingsInput.safeParse({ ...input, enabled: true });
    expect(enabledEmpty.error?.issues[0]?.message).toBe(FISCAL_MESSAGES.enableNeedsData);
  });
});
