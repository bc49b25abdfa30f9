import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES, PUBLIC_PAGE_DESCRIPTIONS, PUBLIC_PAGE_TITLES, ogCardFile, pageTitle } from './public-pages';

describe('public pages', () => {
  it('each prerendered page has its title, description and card, and no title is left without its page', () => {
    const paths = PRERENDERED_PAGES.map((page) => page.path);
    expect(Object.keys(PUBLIC_PAGE_TITLES).sort()).toEqual([...paths].sort());
    expect(Object.keys(PUBLIC_PAGE_DESCRIPTIONS).sort()).toEqual([...paths].sort());
    const cards = PRERENDERED_PAGES.map(ogCardFile);
    expect(new Set(cards).size).toBe(cards.length);
    expect(ogCardFile({ file: 'servicios.html' })).toBe('og/servicios.png');
  });

  it('the browser tab names the page, then the brand; the home page the brand first', () => {
    expect(pageTitle('/servicios')).toBe('Servicios · Casillero Virtual');
    expect(pageTitle('/')).toBe('Casillero Virtual · Casilleros en Miami y China con envío a Venezuela');
  });
});
