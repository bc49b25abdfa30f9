import { describe, expect, it } from 'vitest';
import { z } from './zod-es';

const message = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('zod messages in Spanish', () => {
  it('uses zod’s Spanish locale', () => {
    expect(message(z.string(), 5)).toBe('Entrada inválida: se esperaba texto, recibido número');
    expect(message(z.string().max(3), 'abcd')).toBe('Demasiado grande: se esperaba que texto tuviera <=3 caracteres');
  });

  it('names integers in Spanish, never "int" (found by the fuzzing suite)', () => {
    expect(message(z.number().int(), 1.5)).toBe('Entrada inválida: se esperaba un número entero');
    expect(message(z.int(), 2 ** 53)).toBe('Demasiado grande: se esperaba que número fuera <=9007199254740991');
    expect(message(z.int().min(1), 0)).toBe('Demasiado pequeño: se esperaba que número fuera >=1');
  });

  it('says a finite number was expected when ±Infinity arrives (a JSON number such as 1e999)', () => {
    expect(message(z.number(), JSON.parse('1e999'))).toBe('Entrada inválida: se esperaba un número finito');
    expect(message(z.number(), -Infinity)).toBe('Entrada inválida: se esperaba un número finito');
    expect(message(z.number(), 'uno')).toBe('Entrada inválida: se esperaba número, recibido texto');
  });

  it('keeps a schema’s own message', () => {
    expect(message(z.number().int('Cantidad entera, por favor'), 1.5)).toBe('Cantidad entera, por favor');
  });
});
