import { describe, expect, it } from 'vitest';
import { GENERIC_MESSAGES, AUTH_MESSAGES } from '../messages';
import { contactInput } from './contact';

const valid = {
  nombre: ' Ana ',
  email: ' ana@ejemplo.com ',
  telefono: '+58 (412) 555-0000',
  asunto: 'Envío',
  mensaje: ' Hola ',
};

describe('contactInput', () => {
  it('accepts a complete message, trimmed, and the optional fields empty', () => {
    expect(contactInput.parse(valid)).toEqual({ ...valid, nombre: 'Ana', email: 'ana@ejemplo.com', mensaje: 'Hola' });
    expect(contactInput.parse({ nombre: 'Ana', email: 'ana@ejemplo.com', mensaje: 'Hola' })).toMatchObject({
      telefono: '',
      asunto: '',
    });
  });

  it.each(['nombre', 'email', 'mensaje'] as const)('requires %s with the spec text', (field) => {
    for (const value of ['', '   ', undefined]) {
      const r = contactInput.safeParse({ ...valid, [field]: value });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(GENERIC_MESSAGES.requiredFields);
    }
  });

  it('refuses an invalid e-mail and a phone with letters', () => {
    expect(contactInput.safeParse({ ...valid, email: 'ana@' }).error?.issues[0].message).toBe(
      AUTH_MESSAGES.invalidEmail,
    );
    expect(contactInput.safeParse({ ...valid, telefono: 'llámame' }).success).toBe(false);
    expect(contactInput.safeParse({ ...valid, telefono: '1'.repeat(21) }).success).toBe(false);
  });
});
