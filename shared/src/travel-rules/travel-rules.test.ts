import { describe, expect, it } from 'vitest';
import { travelRulesSchema } from '../schemas/travel-rules';
import { TRAVEL_RULES_V1, checkTravel, matchesCategory, normalizeWords, travelRulesInEffect } from './travel-rules';

const category = (id: string) => TRAVEL_RULES_V1.categories.find((c) => c.id === id)!;

describe('matchesCategory: accents and case ignored, whole words, except-words clear it', () => {
  it.each([
    // [description, category, matches]
    ['Teléfono Samsung A15', 'telefonos-maritimo', true],
    ['TELEFONO samsung', 'telefonos-maritimo', true],
    ['telefono', 'telefonos-maritimo', true],
    ['iPhone 15 Pro', 'telefonos-maritimo', true],
    ['Celular Xiaomi (usado)', 'telefonos-maritimo', true],
    // An accessory names the phone but is not one: the except-words clear it.
    ['Funda para teléfono', 'telefonos-maritimo', false],
    ['Cargador de celular', 'telefonos-maritimo', false],
    // Whole words only: 'telefonia' and 'telefonos' are different words from 'teléfono' unless listed.
    ['Libro de telefonía', 'telefonos-maritimo', false],
    ['Baterías de litio sueltas', 'baterias-litio', true],
    ['bateria de LITIO 18650', 'baterias-litio', true],
    ['Power-bank Anker 20000', 'baterias-litio', true],
    ['Laptop con batería', 'baterias-litio', false],
    ['Desodorante en aerosol', 'aerosoles', true],
    ['Spray nasal', 'aerosoles', true],
    ['Aerosoles x3', 'aerosoles', true],
    ['Encendedor Zippo', 'inflamables', true],
    ['Yesqueros BIC', 'inflamables', true],
    ['Municiones calibre 22', 'armas', true],
    ['Arma de fuego de colección', 'armas', true],
    // Not weapons: a glue gun, an ink cartridge, the verb 'armar'.
    ['Pistola de silicona', 'armas', false],
    ['Cartuchos de tinta HP', 'armas', false],
    ['Arma tu PC: kit', 'armas', false],
    ['Medicamentos para la tensión', 'medicamentos', true],
    ['Antibióticos', 'medicamentos', true],
    // 'pastillas' is left out of the seed: brake pads are 'pastillas de freno'.
    ['Kit de arrastre y pastillas de freno', 'medicamentos', false],
    ['Lote de 50 fundas de silicona para teléfonos', 'telefonos-maritimo', false],
    ['Libro de medicina interna', 'medicamentos', true],
    ['Dron DJI Mini 4', 'drones', true],
    ['Androide de juguete', 'drones', false],
  ])('%s → %s: %s', (description, id, expected) => {
    expect(matchesCategory(description, category(id))).toBe(expected);
  });

  it('normalizes accents, case and punctuation', () => {
    expect(normalizeWords('  Teléfono-MÓVIL, ñandú! ')).toBe('telefono movil nandu');
  });
});

describe('checkTravel', () => {
  it('by sea, a phone is blocked; by air it travels', () => {
    const sea = checkTravel(TRAVEL_RULES_V1, { description: 'Teléfono Samsung', mode: 'sea' });
    expect(sea.map((f) => [f.level, f.code])).toEqual([['block', 'category:telefonos-maritimo']]);
    expect(checkTravel(TRAVEL_RULES_V1, { description: 'Teléfono Samsung', mode: 'air' })).toEqual([]);
  });

  it('at pre-alert (no mode), a one-mode prohibition warns and names the other mode; both modes block', () => {
    const [phone] = checkTravel(TRAVEL_RULES_V1, { description: 'Teléfono Samsung' });
    expect(phone.level).toBe('warning');
    expect(phone.reason).toContain('Solo puede viajar por vía aérea.');
    const [weapon] = checkTravel(TRAVEL_RULES_V1, { description: 'Municiones' });
    expect(weapon.level).toBe('block');
  });

  it('limits per piece, the commercial quantity and a permit', () => {
    const heavy = checkTravel(TRAVEL_RULES_V1, { description: 'Caja de libros', weightKg: 60, mode: 'air' });
    expect(heavy.map((f) => [f.level, f.code])).toEqual([['block', 'weight']]);
    expect(heavy[0].reason).toBe('Por vía aérea cada pieza pesa como máximo 50 kg; esta pesa 60 kg.');
    expect(checkTravel(TRAVEL_RULES_V1, { description: 'Caja de libros', weightKg: 60 })[0].level).toBe('warning');
    expect(checkTravel(TRAVEL_RULES_V1, { description: 'Caja', weightKg: 50, mode: 'air' })).toEqual([]);
    const many = checkTravel(TRAVEL_RULES_V1, { description: 'Franelas', quantity: 6 });
    expect(many.map((f) => f.code)).toEqual(['commercial']);
    expect(checkTravel(TRAVEL_RULES_V1, { description: 'Franelas', quantity: 5 })).toEqual([]);
    const value = checkTravel(TRAVEL_RULES_V1, { description: 'Laptop', declaredValueUsdCents: 300_000, mode: 'air' });
    expect(value.map((f) => [f.level, f.code])).toEqual([['block', 'value']]);
    const drone = checkTravel(TRAVEL_RULES_V1, { description: 'Drone DJI' });
    expect(drone.map((f) => [f.level, f.title])).toEqual([
      ['warning', 'Drones y radiocomunicación (requiere permiso)'],
    ]);
  });
});

describe('travelRulesInEffect', () => {
  const versions = [
    { id: 'v1', effectiveAt: '2026-11-27T04:00:00.000Z', cancelledAt: null },
    { id: 'v2', effectiveAt: '2026-12-01T15:30:00.000Z', cancelledAt: null },
    { id: 'x', effectiveAt: '2026-12-05T04:00:00.000Z', cancelledAt: '2026-12-02T00:00:00.000Z' },
  ];
  it.each([
    ['2026-01-01T00:00:00Z', 'v1'],
    ['2026-12-01T15:29:59Z', 'v1'],
    ['2026-12-01T15:30:00Z', 'v2'],
    ['2026-12-06T00:00:00Z', 'v2'],
  ])('at %s → %s', (at, expected) => {
    expect(travelRulesInEffect(versions, new Date(at))?.id).toBe(expected);
  });
});

describe('travelRulesSchema', () => {
  it('accepts version 1', () => {
    expect(travelRulesSchema.parse(TRAVEL_RULES_V1)).toEqual(TRAVEL_RULES_V1);
  });

  const withCategory = (patch: object) => ({
    ...TRAVEL_RULES_V1,
    categories: [...TRAVEL_RULES_V1.categories, { ...category('aerosoles'), id: '', name: 'Nueva', ...patch }],
  });
  it.each([
    [{ ...TRAVEL_RULES_V1, categories: [] }, 'Las reglas necesitan al menos una categoría.'],
    [withCategory({ name: '  ' }), 'Cada categoría necesita un nombre.'],
    [withCategory({ words: [' ', ''] }), 'La categoría «Nueva» necesita al menos una palabra que la revele.'],
    [withCategory({ words: ['ab'] }), 'Las palabras de «Nueva» deben tener al menos 3 letras.'],
    [withCategory({ reason: '' }), 'Escribe el motivo de «Nueva» que leerá el cliente.'],
    [withCategory({ name: 'aerosoles' }), 'Hay dos categorías llamadas «aerosoles».'],
    [
      {
        ...TRAVEL_RULES_V1,
        limits: { ...TRAVEL_RULES_V1.limits, air: { maxPieceWeightKg: 50_000, maxDeclaredValueUsdCents: 1 } },
      },
      'El peso máximo por pieza debe estar entre 1 y 2.000 kg, con dos decimales como máximo.',
    ],
    [{ ...TRAVEL_RULES_V1, commercialQuantity: 1 }, 'La cantidad comercial debe ser un número entero de 2 a 1.000.'],
  ])('refuses bad rules in Spanish (%#)', (rules, message) => {
    const result = travelRulesSchema.safeParse(rules);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toContain(message);
  });

  it('names a new category after its name', () => {
    const parsed = travelRulesSchema.parse(withCategory({ name: 'Perfumes Grandes' }));
    expect(parsed.categories.at(-1)!.id).toBe('perfumes-grandes');
  });
});
