import { describe, expect, it } from 'vitest';
import { COUNT_NOUN_SINGULAR, formatCountOf, nounFor } from './counts';
import { roleLabel, STAFF_ROLES } from './permissions';
import { auditValueText } from './audit/values';

describe('a count and its noun', () => {
  it('says one in the singular and every other number in the plural, grouped as es-VE does', () => {
    expect(formatCountOf(1, 'clientes')).toBe('1 cliente');
    expect(formatCountOf(0, 'clientes')).toBe('0 clientes');
    expect(formatCountOf(2, 'envíos')).toBe('2 envíos');
    expect(formatCountOf(1250, 'paquetes')).toBe('1.250 paquetes');
    expect(formatCountOf(1, 'notificaciones')).toBe('1 notificación');
    expect(nounFor(1, 'solicitudes')).toBe('solicitud');
  });

  it('knows a singular for every plural it takes, never the plural itself but for invariable ones', () => {
    for (const [plural, singular] of Object.entries(COUNT_NOUN_SINGULAR))
      if (plural !== 'por cotizar') expect(singular).not.toBe(plural);
  });
});

describe('a role in words', () => {
  it('names the customer and every staff role in Spanish, in the audit log too', () => {
    expect(roleLabel('user')).toBe('Cliente');
    for (const role of STAFF_ROLES) expect(roleLabel(role)).not.toBe(role);
    expect(auditValueText('users', 'role', 'user')).toBe('Cliente');
  });
});
