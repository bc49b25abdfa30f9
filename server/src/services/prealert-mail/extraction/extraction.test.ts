// Every store's fixtures (fixtures/<store>/*.eml, English and Spanish, order and shipping mails)
// read into exactly the fields their .expected.json names; the generic rules for unknown stores;
// HTML read as text without following a link.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extractFromMail } from '.';
import { loadMailFixtures } from './fixture-scores';
import { amountsIn, numberToCents } from './money';
import { STORES } from './stores';
import { htmlToText } from './text';

const fixtures = loadMailFixtures();

describe('store e-mails', () => {
  it('has fixtures for every store, in English and in Spanish', () => {
    for (const store of STORES) {
      const mine = fixtures.filter((f) => f.group === store.id);
      expect(mine.length, store.id).toBeGreaterThanOrEqual(2);
      expect(
        mine.some((f) => /-en(-|$)/.test(f.name)),
        `${store.id} en inglés`,
      ).toBe(true);
      expect(
        mine.some((f) => /-es(-|$)/.test(f.name)),
        `${store.id} en español`,
      ).toBe(true);
    }
  });

  it.each(fixtures.map((f) => [f.name, f] as const))('%s', async (_, { mail, expected }) => {
    const got = await extractFromMail(mail);
    expect({
      store: got.store,
      orderNumber: got.orderNumber,
      totalUsdCents: got.totalUsdCents,
      items: got.items,
      trackings: got.trackings,
      kind: got.kind,
    }).toEqual(expected);
    expect(got.source).toBe('email');
    expect(got.invoiceAttachment).toBeNull();
  });

  it("names an unknown store by its sender's name and a known one by its own", async () => {
    const unknown = fixtures.find((f) => f.name === 'generic/order-es')!;
    expect((await extractFromMail(unknown.mail)).storeName).toBe('Tienda Ejemplo');
    const amazon = fixtures.find((f) => f.name === 'amazon/forwarded-es')!;
    expect((await extractFromMail(amazon.mail)).storeName).toBe('Amazon');
  });

  it("does not take a mention of a store in another business's mail for that store", async () => {
    const got = await extractFromMail({
      from: 'Fundas Express <ventas@fundasexpress.net>',
      subject: 'Tu compra #FX-30021',
      text: 'Funda para Apple iPhone 15  Cantidad: 1  US$ 9,90\nTotal: US$ 9,90',
      html: null,
      attachments: [],
    });
    expect(got).toMatchObject({
      store: null,
      storeName: 'Fundas Express',
      orderNumber: 'FX-30021',
      totalUsdCents: 990,
    });
  });

  it('reads an absurd body (a megabyte of digits, prices and quantities) in well under a second', async () => {
    const line = `${'9'.repeat(5000)} x2 $1.00 ${'1'.repeat(3000)} US$ Qty: 1 `;
    const started = performance.now();
    await extractFromMail({ from: null, subject: 'Order #', text: line.repeat(120), html: null, attachments: [] });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('says nothing rather than guess when the mail has no order', async () => {
    const got = await extractFromMail({
      from: 'amigo@example.com',
      subject: 'Hola',
      text: 'Nos vemos el martes.',
      html: null,
      attachments: [],
    });
    expect(got).toMatchObject({ orderNumber: null, items: [], totalUsdCents: null, trackings: [], kind: 'unknown' });
  });
});

describe('HTML', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is read as text: no script, style or attribute, no link followed', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const html = fixtures.find((f) => f.mail.html)!;
    const text = htmlToText(html.mail.html!);
    expect(text).not.toMatch(/no se ejecuta|color:|https?:|<|&aacute;/);
    expect(text).toContain('Número de rastreo: TBA312345678901');
    await extractFromMail(html.mail);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('keeps a table row on one line, its cells apart', () => {
    expect(htmlToText('<table><tr><td>Cable</td><td>Qty: 2</td><td>$3.00</td></tr></table>')).toBe(
      'Cable  Qty: 2  $3.00',
    );
  });
});

describe('amounts', () => {
  it.each([
    ['$1,234.56', 123456],
    ['US$ 41,72', 4172],
    ['US$1.234,56', 123456],
    ['USD 12.99', 1299],
    ['12,99 US$', 1299],
    ['$ 49', 4900],
    ['US $4.12 x 3', 412],
  ])('«%s» → %i cents', (raw, cents) => {
    expect(amountsIn(raw)).toEqual([cents]);
  });

  it('reads only dollars, and a quantity is not an amount', () => {
    expect(amountsIn('Bs. 1.234,56 · 20 € · x2 US$8,98')).toEqual([898]);
    expect(numberToCents('12a')).toBeNull();
  });
});
