import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../messages';
import { isStrongPassword, signUpFormSchema, signInInput, newPasswordSchema } from './auth';
import { maskEmail } from '../format';
import { z } from '../zod-es';

describe('password rule', () => {
  it.each([
    ['Clave#2026', true],
    ['Ñandú-2026', true],
    ['  Con Espacios 1!  ', true],
    ['Cort1!a', false],
    ['minusculas1!', false],
    ['MAYUSCULAS1!', false],
    ['SinDigitos!', false],
    ['SinSimbolo1', false],
    ['Espacio No Es Simbolo1', false],
  ])('%s → %s', (password, ok) => {
    expect(isStrongPassword(password)).toBe(ok);
  });

  it('counts characters, not UTF-16 units, up to 128', () => {
    const emoji = `Aa1!${'😀'.repeat(124)}`;
    expect(newPasswordSchema.safeParse(emoji).success).toBe(true);
    const over = newPasswordSchema.safeParse(`${emoji}😀`);
    expect(over.success).toBe(false);
    expect(over.error?.issues[0].message).toBe(AUTH_MESSAGES.passwordTooLong);
  });
});

describe('sign-up form', () => {
  it('says the passwords do not match on the confirmation field', () => {
    const r = signUpFormSchema.safeParse({
      nombre: 'Ana Pérez',
      email: 'ana@ejemplo.com',
      password: 'Clave#2026',
      confirmPassword: 'Clave#2027',
      type: 'usa',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: AUTH_MESSAGES.passwordsDontMatch }),
    ]);
  });

  it('lower-cases and trims the e-mail', () => {
    expect(signInInput.parse({ email: '  Ana@Ejemplo.COM ', password: 'x' }).email).toBe('ana@ejemplo.com');
  });

  it('speaks Spanish for zod’s own messages', () => {
    const r = z.object({ n: z.number() }).safeParse({ n: 'x' });
    expect(r.error?.issues[0].message).toMatch(/inválid|Se esperaba/i);
  });
});

describe('maskEmail', () => {
  it('keeps the first 3 characters', () => {
    expect(maskEmail('maria@casillero.test')).toBe('mar***');
  });
});
