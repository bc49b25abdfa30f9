import { describe, expect, it } from 'vitest';
import { RECIPIENT_MESSAGES as M } from '../recipients/messages';
import { recipientCreateInput } from './recipients';

const good = {
  fullName: 'Carmen Rodríguez',
  idDocument: 'V-12.345.678',
  phone: '0414-1234567',
  state: 'Carabobo',
  municipality: 'Valencia',
  city: 'Valencia',
  address: 'Av. Bolívar Norte, Torre Stratos, piso 3, apto 3-B',
  reference: 'Frente al Sambil',
  isAuthorized: true,
};

const firstMessage = (input: unknown) => {
  const result = recipientCreateInput.safeParse(input);
  return result.success ? null : result.error.issues[0].message;
};

describe('recipient schema', () => {
  it.each([
    ['V-12.345.678', 'V-12345678'],
    ['v12345678', 'V-12345678'],
    ['12345678', 'V-12345678'],
    ['E-8.123.456', 'E-8123456'],
    ['G-20009997-6', 'G-20009997-6'],
    ['j-30000000-1', 'J-30000000-1'],
    ['P-AB123456', 'P-AB123456'],
  ])('keeps the document %s as %s', (idDocument, kept) => {
    expect(recipientCreateInput.parse({ ...good, idDocument }).idDocument).toBe(kept);
  });

  it.each([
    ['G-20009997-5'],
    ['J-12345678'],
    ['X-12345678'],
    ['V-123'],
    ['V-1234567890'],
    [''],
  ])('refuses the document %s with a Spanish message', (idDocument) => {
    expect(firstMessage({ ...good, idDocument })).toBe(M.idDocumentInvalid);
  });

  it.each([
    ['0414-1234567', '+584141234567'],
    ['414 1234567', '+584141234567'],
    ['+58 414 1234567', '+584141234567'],
    ['0212-5551234', '+582125551234'],
    ['(0424) 765.43.21', '+584247654321'],
  ])('keeps the phone %s as %s', (phone, kept) => {
    expect(recipientCreateInput.parse({ ...good, phone }).phone).toBe(kept);
  });

  it.each([
    ['+1 305 555 1234', 'a US number'],
    ['+58 314 1234567', 'neither mobile nor landline'],
    ['0414-123456', 'a digit short'],
    ['0414-12345678', 'a digit too many'],
    ['teléfono', 'letters'],
    ['', 'nothing'],
  ])('refuses the phone %s (%s)', (phone) => {
    expect(firstMessage({ ...good, phone })).toBe(M.phoneInvalid);
  });

  it('asks for a state of the list, a city and an address', () => {
    expect(firstMessage({ ...good, state: 'Florida' })).toBe(M.stateRequired);
    expect(firstMessage({ ...good, city: '  ' })).toBe(M.cityRequired);
    expect(firstMessage({ ...good, address: '' })).toBe(M.addressRequired);
    expect(firstMessage({ ...good, fullName: ' ' })).toBe(M.fullNameRequired);
  });

  it('keeps the optional texts empty and the recipient not authorised unless said', () => {
    const parsed = recipientCreateInput.parse({
      ...good,
      municipality: undefined,
      reference: null,
      isAuthorized: undefined,
    });
    expect(parsed).toMatchObject({ municipality: '', reference: '', isAuthorized: false });
  });
});
