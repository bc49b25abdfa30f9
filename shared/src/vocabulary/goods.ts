// The words that name kinds of goods, shared by the travel rules' seed (shared/src/travel-rules)
// and the customs categories (shared/src/customs/categories.ts): one vocabulary, so a phone is a
// phone to both and an accessory that names a phone is not one to either.

/** A phone, as descriptions name it. */
export const PHONE_WORDS = ['teléfono', 'teléfonos', 'celular', 'celulares', 'smartphone', 'iphone'] as const;

/** Accessories that name a phone without being one ('funda para teléfono'). */
export const PHONE_ACCESSORY_WORDS = [
  'funda',
  'fundas',
  'forro',
  'protector',
  'cargador',
  'cable',
  'soporte',
  'audífonos',
] as const;

/** Loose lithium batteries and power banks. */
export const LITHIUM_BATTERY_WORDS = [
  'batería de litio',
  'baterías de litio',
  'pila de litio',
  'pilas de litio',
  'power bank',
  'powerbank',
  'batería externa',
  'baterías externas',
] as const;

/** Drones and radio equipment. */
export const DRONE_WORDS = [
  'dron',
  'drones',
  'drone',
  'walkie talkie',
  'radio transmisor',
  'antena satelital',
] as const;
