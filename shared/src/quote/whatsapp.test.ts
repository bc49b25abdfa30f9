import { describe, expect, it } from 'vitest';
import { formatUsdCents } from '../billing/money';
import { PRICE_LIST_V1 } from '../price-list/price-list';
import { quoteCustomsEstimate } from '../customs/quote';
import { CUSTOMS_RULES_V1 } from '../customs/rules';
import { quoteChina, quoteUsa, withCustomsEstimate } from './quote';
import { chinaQuoteMessage, usaQuoteMessage, whatsappUrl } from './whatsapp';

describe('whatsappUrl', () => {
  it('keeps only the digits of the number and encodes the text', () => {
    expect(whatsappUrl('+58 (412) 000-0000')).toBe('https://wa.me/584120000000');
    expect(whatsappUrl('584120000000', 'Hola & adiós\nTotal: 5 $')).toBe(
      'https://wa.me/584120000000?text=Hola%20%26%20adi%C3%B3s%0ATotal%3A%205%20%24',
    );
  });
});

describe('quote messages', () => {
  it('USA: type, weight, dimensions, description, subtotal, insurance, taxes, repack to be quoted, total, time', () => {
    const form = {
      peso: 10,
      largo: 30,
      ancho: 20,
      alto: 15,
      valor: '',
      seguro: true,
      tipo: 'aereo' as const,
      descripcion: ' Zapatos ',
    };
    const freight = quoteUsa(form, PRICE_LIST_V1)!;
    const customs = quoteCustomsEstimate(
      { number: 1, rules: CUSTOMS_RULES_V1, rate: null },
      freight,
      'air',
      'clothing',
    );
    const q = withCustomsEstimate(freight, customs.usdCents.total);
    expect(usaQuoteMessage(q, form).split('\n')).toEqual([
      '¡Hola! Quiero cotizar un envío desde Miami.',
      'Tipo de envío: Aéreo (Miami → Venezuela)',
      'Peso: 10,00 lb (facturable: 10,00 lb)',
      'Dimensiones: 30 × 20 × 15 cm',
      'Descripción: Zapatos',
      `Subtotal: ${formatUsdCents(65_00)}`,
      `Seguro: ${formatUsdCents(5_00)}`,
      `Impuestos estimados de aduana: ${formatUsdCents(customs.usdCents.total)}`,
      'Reempaque: Por cotizar',
      `Total: ${formatUsdCents(70_00 + customs.usdCents.total)}`,
      'Tiempo de entrega: 7 días hábiles',
    ]);
  });

  it('China: the same with the CBM and no description', () => {
    const form = { largo: 50, ancho: 40, alto: 30, valor: '', seguro: false, descripcion: '' };
    const lines = chinaQuoteMessage(quoteChina(form, PRICE_LIST_V1)!, form).split('\n');
    expect(lines).toContain('Tipo de envío: Marítimo (China → Venezuela)');
    expect(lines).toContain('Volumen: 0,0600 CBM (facturable: 0,0600 CBM)');
    expect(lines).toContain('Descripción: Sin descripción');
    expect(lines).toContain('Reempaque: Por cotizar');
    // The estimate not computed yet: said, not invented.
    expect(lines).toContain('Impuestos de aduana: por estimar');
    expect(lines).toContain(`Total: ${formatUsdCents(59_40)}`);
    expect(lines).toContain('Tiempo de entrega: 90 días + 15 días');
  });
});
