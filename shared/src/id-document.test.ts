import { describe, expect, it } from 'vitest';
import { normalizeIdDocument, rifCheckDigit, sameIdPerson } from './id-document';

describe('identity documents', () => {
  it.each([
    ['V-12.345.678', 'V-12345678'],
    ['v12345678', 'V-12345678'],
    ['12345678', 'V-12345678'],
    ['E-8.123.456', 'E-8123456'],
    ['G-20009997-6', 'G-20009997-6'],
    ['g200099976', 'G-20009997-6'],
    ['P-AB123456', 'P-AB123456'],
  ])('reads %s as %s', (input, expected) => {
    expect(normalizeIdDocument(input)).toBe(expected);
  });

  it.each([
    ['G-20009997-5', 'a RIF with the wrong check digit'],
    ['X-12345678', 'an unknown letter'],
    ['V-123', 'too few digits'],
    ['J-12345678', 'a company without its check digit'],
    ['V-1234567890', 'too many digits'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizeIdDocument(input)).toBeNull();
  });

  it('computes the SENIAT check digit', () => {
    expect(rifCheckDigit('G', '20009997')).toBe(6);
  });

  it('takes a cédula and the RIF of the same person as one person', () => {
    const digit = rifCheckDigit('V', '12345678');
    expect(sameIdPerson('V-12.345.678', `V12345678${digit}`)).toBe(true);
    expect(sameIdPerson('V-12345678', 'E-12345678')).toBe(false);
    expect(sameIdPerson('nada', 'nada')).toBe(false);
  });
});
