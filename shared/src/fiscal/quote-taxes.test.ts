// Which tax is which (docs/decisions/005-money-and-numbers.md, amended; docs/product/fiscal-invoices.md#taxes):
// the import taxes and what a compra buys on the customer's behalf are never in IVA's base, whatever
// the settings say; the business's own services bear IVA as set. And the quote's taxes are the
// invoice's: quoteTaxes under the public terms gives issueInvoice's total (computeTaxes) to the cent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compraInvoiceLines } from '../compras/invoice-lines';
import { quoteCompra } from '../compras/rules';
import { PRICE_LIST_V1 } from '../price-list/price-list';
import { CUSTOMS_RULES_V1 } from '../customs/rules';
import { quoteCustomsEstimate } from '../customs/quote';
import { quoteBoxCents } from '../quote/parcels';
import { quoteUsa, withCustomsEstimate } from '../quote/quote';
import { withInvoiceTaxes } from '../quote/with-taxes';
import { FISCAL_MESSAGES } from './messages';
import { FISCAL_QUOTE_OFF, fiscalQuoteTerms, quoteTaxes } from './quote-taxes';
import { DEFAULT_FISCAL_SETTINGS, type FiscalSettings } from './settings';
import {
  CHARGE_KINDS,
  computeTaxes,
  ON_BEHALF_KINDS,
  type ChargeKind,
  type LineKind,
  type TaxTreatment,
} from './taxes';

const everythingAt = (t: TaxTreatment) =>
  Object.fromEntries(CHARGE_KINDS.map((k) => [k, t])) as Record<ChargeKind, TaxTreatment>;
const on = (taxes = everythingAt({ treatment: 'iva', rateBasisPoints: 1600 })): FiscalSettings => ({
  ...DEFAULT_FISCAL_SETTINGS,
  enabled: true,
  taxes,
});

describe('which tax is which', () => {
  it('the air freight bears IVA once; its 15 % import taxes are a line of their own, not subject', () => {
    // 10 lb by air at $6,50: $65,00 freight, $9,75 import taxes (the price list's 15 %).
    const taxes = computeTaxes(
      [
        { description: 'Flete aéreo', usdCents: 6500, kind: 'shipping' },
        { description: 'Impuestos de importación', usdCents: 975, kind: 'import_taxes' },
      ],
      (k) => on().taxes[k],
    );
    expect(taxes.ivaBuckets).toEqual([{ rateBasisPoints: 1600, baseUsdCents: 6500, ivaUsdCents: 1040 }]);
    expect(taxes.exemptUsdCents).toBe(975);
    expect(taxes.totalUsdCents).toBe(6500 + 975 + 1040);
    expect(taxes.lines[1]).toMatchObject({ treatment: 'no_sujeto', legalGround: FISCAL_MESSAGES.importTaxesGround });
    expect(taxes.legalGrounds).toEqual([FISCAL_MESSAGES.importTaxesGround]);
  });

  it('no setting makes what is paid on the customer’s behalf bear IVA', () => {
    for (const kind of ON_BEHALF_KINDS) {
      const taxes = computeTaxes([{ description: kind, usdCents: 10_000, kind }], () => ({
        treatment: 'iva',
        rateBasisPoints: 10_000,
      }));
      expect(taxes.baseUsdCents).toBe(0);
      expect(taxes.ivaUsdCents).toBe(0);
      expect(taxes.totalUsdCents).toBe(10_000);
    }
  });

  it('a compra: the goods, the sales tax and the store’s shipping are outside IVA’s base, our fee is in it', () => {
    const quote = quoteCompra(
      {
        items: [
          { priceUsdCents: 2500, quantity: 2 },
          { priceUsdCents: 4000, quantity: 1 },
        ],
        salesTaxUsdCents: 500,
        shippingUsdCents: 700,
      },
      { feeBasisPoints: 800, feeMinimumUsdCents: 500 },
    );
    const lines = compraInvoiceLines({
      items: [
        { name: 'Camisa', quantity: 2, priceUsdCents: 2500 },
        { name: 'Audífonos', quantity: 1, priceUsdCents: 4000 },
      ],
      salesTaxUsdCents: 500,
      shippingUsdCents: 700,
      feeUsdCents: quote.feeUsdCents,
    });
    expect(lines.map((l) => l.kind)).toEqual([
      'purchase_on_behalf',
      'purchase_on_behalf',
      'purchase_on_behalf',
      'purchase_on_behalf',
      'purchase_fee',
    ]);
    const taxes = quoteTaxes(lines, fiscalQuoteTerms(on()));
    // Store $102,00; fee 8 % = $8,16; IVA 16 % of the fee only = $1,31.
    expect(quote.feeUsdCents).toBe(816);
    expect(taxes.ivaBuckets).toEqual([{ rateBasisPoints: 1600, baseUsdCents: 816, ivaUsdCents: 131 }]);
    expect(taxes.totalUsdCents).toBe(quote.totalUsdCents + 131);
  });

  it('an exempt kind adds no IVA, and fiscal invoicing off adds nothing at all', () => {
    const lines = [
      { usdCents: 6500, kind: 'shipping' as const },
      { usdCents: 975, kind: 'import_taxes' as const },
      { usdCents: 500, kind: 'insurance' as const },
    ];
    const exentoInsurance = on({
      ...everythingAt({ treatment: 'iva', rateBasisPoints: 1600 }),
      insurance: { treatment: 'exento', legalGround: 'Art. 16' },
    });
    expect(quoteTaxes(lines, fiscalQuoteTerms(exentoInsurance))).toEqual({
      subtotalUsdCents: 7975,
      importTaxesUsdCents: 975,
      ivaBuckets: [{ rateBasisPoints: 1600, baseUsdCents: 6500, ivaUsdCents: 1040 }],
      ivaUsdCents: 1040,
      totalUsdCents: 9015,
    });
    expect(quoteTaxes(lines, FISCAL_QUOTE_OFF)).toMatchObject({ ivaBuckets: [], ivaUsdCents: 0, totalUsdCents: 7975 });
    expect(quoteTaxes(lines, fiscalQuoteTerms(DEFAULT_FISCAL_SETTINGS)).totalUsdCents).toBe(7975);
  });

  it('the public terms carry only whether it is on and each kind’s IVA rate', () => {
    const settings: FiscalSettings = {
      ...on(),
      legalName: 'Casillero Virtual C.A.',
      rif: 'J-00002961-0',
      taxes: { ...on().taxes, course: { treatment: 'exonerado', legalGround: 'Decreto' } },
    };
    const terms = fiscalQuoteTerms(settings);
    expect(Object.keys(terms).sort()).toEqual(['enabled', 'ivaBasisPoints']);
    expect(terms.ivaBasisPoints.course).toBeNull();
    expect(terms.ivaBasisPoints.shipping).toBe(1600);
  });
});

const kinds: LineKind[] = [...CHARGE_KINDS, ...ON_BEHALF_KINDS];
const treatment = fc.oneof(
  fc.integer({ min: 0, max: 10_000 }).map((rateBasisPoints): TaxTreatment => ({ treatment: 'iva', rateBasisPoints })),
  fc.constant<TaxTreatment>({ treatment: 'exento', legalGround: 'Art. 19' }),
);

describe('the quote’s taxes are the invoice’s', () => {
  it('quoteTaxes under the public terms totals exactly what computeTaxes charges, for any lines and settings', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ usdCents: fc.integer({ min: 1, max: 1_000_000 }), kind: fc.constantFrom(...kinds) }), {
          minLength: 1,
          maxLength: 12,
        }),
        fc.tuple(...CHARGE_KINDS.map(() => treatment)),
        (lines, treatments) => {
          const settings = on(Object.fromEntries(CHARGE_KINDS.map((k, i) => [k, treatments[i]])) as never);
          const invoice = computeTaxes(
            lines.map((l) => ({ ...l, description: '' })),
            (k) => settings.taxes[k],
          );
          const quote = quoteTaxes(lines, fiscalQuoteTerms(settings));
          expect(quote.totalUsdCents).toBe(invoice.totalUsdCents);
          expect(quote.ivaUsdCents).toBe(invoice.ivaUsdCents);
        },
      ),
    );
  });

  it('the calculator shows the IVA per rate and the invoice’s total; off, it is unchanged', () => {
    const input = { peso: 10, largo: 30, ancho: 20, alto: 15, valor: '', seguro: true, tipo: 'aereo' as const };
    const freight = quoteUsa(input, PRICE_LIST_V1)!;
    const now = { number: 1, rules: CUSTOMS_RULES_V1, rate: null };
    const customs = quoteCustomsEstimate(now, freight, 'air', 'other').usdCents.total;
    const plain = withCustomsEstimate(freight, customs);
    const taxed = withInvoiceTaxes(plain, fiscalQuoteTerms(on()));
    // $65,00 freight + $5,00 insurance at 16 %: $11,20 IVA; the customs estimate none.
    expect(taxed.lineas.map((l) => [l.key, l.label, l.amountUsdCents])).toEqual([
      ['flete', 'Flete aéreo', 65_00],
      ['seguro', 'Seguro', 5_00],
      ['impuestos', 'Impuestos estimados de aduana', customs],
      ['iva-1600', 'IVA (16 %)', 11_20],
    ]);
    expect(customs).toBeGreaterThan(0);
    expect(taxed.totalUsdCents).toBe(65_00 + 5_00 + customs + 11_20);
    expect(withInvoiceTaxes(plain, FISCAL_QUOTE_OFF)).toBe(plain);
  });
});

describe('the USA calculator reads kilograms or pounds, converting once', () => {
  it('2,5 kg is 5,51 lb, priced as the warehouse’s parcel of 2,5 kg', () => {
    const box = { largo: 30, ancho: 20, alto: 15, valor: 80, seguro: false, tipo: 'aereo' as const };
    const kg = quoteUsa({ ...box, peso: '2,5', unidad: 'kg' }, PRICE_LIST_V1)!;
    const lb = quoteUsa({ ...box, peso: 2.5 * 2.20462 }, PRICE_LIST_V1)!;
    expect(kg.pesoReal).toBe(5.51);
    expect(kg.pesoTexto).toBe('2,5 kg (5,51 lb)');
    expect(kg.totalUsdCents).toBe(lb.totalUsdCents);
    const parcel = quoteBoxCents(
      'miami',
      'aereo',
      { weightKg: 2.5, dimensionsCm: '30x20x15', valueUsdCents: 8000 },
      PRICE_LIST_V1,
    );
    expect(parcel).toBe(kg.totalUsdCents);
  });
});
